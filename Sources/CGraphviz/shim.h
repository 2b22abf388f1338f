#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H
/* pkg-config's libgvc.pc gives -I<prefix>/include/graphviz, on Debian (/usr/include/graphviz) and
   on Homebrew (/opt/homebrew/opt/graphviz/include/graphviz, /usr/local/... on Intel) alike, so the
   headers are found by their own names there. <graphviz/gvc.h> is only the fallback for a compiler
   that sees <prefix>/include and not the .pc flags: Homebrew's prefix is not on clang's default
   search path, /usr/include is. */
#if __has_include(<gvc.h>)
#include <gvc.h>
#include <cgraph.h>
#elif __has_include(<graphviz/gvc.h>)
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#else
#error "Graphviz headers not found: install libgraphviz-dev (Debian) or graphviz (Homebrew), and pkg-config"
#endif
/* Agdirected is a mutable C global; Swift 6 rejects direct references to it. */
static inline Agdesc_t cgv_directed(void) { return Agdirected; }
/* Copies of cgraph's default disciplines (mutable C globals too), to start a discipline of one's
   own from: the fields a version lacks (Agdisc_t.mem, Agiddisc_t.alloc before Graphviz 9 and not
   after) keep their defaults. */
static inline Agdisc_t cgv_default_disc(void) { return AgDefaultDisc; }
static inline Agiddisc_t cgv_id_disc(void) { return AgIdDisc; }
static inline Agiodisc_t cgv_io_disc(void) { return AgIoDisc; }
#endif
