#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
/* Agdirected is a mutable C global; Swift 6 rejects direct references to it. */
static inline Agdesc_t cgv_directed(void) { return Agdirected; }
#endif
