#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
/* Agdirected is a mutable C global; Swift 6 rejects direct references to it. */
static inline Agdesc_t cgv_directed(void) { return Agdirected; }
/* Number of clusters the layout found at the root (GD_n_cluster; valid after gvLayout). */
static inline int cgv_cluster_count(Agraph_t *g) { return GD_n_cluster(g); }
#endif
