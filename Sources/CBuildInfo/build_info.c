#include "build_info.h"

#ifndef NIBINSPECT_COMMIT
#define NIBINSPECT_COMMIT unknown
#endif
#define NIBINSPECT_STRING(x) #x
#define NIBINSPECT_EXPAND(x) NIBINSPECT_STRING(x)

const char *nibinspect_build_commit(void) { return NIBINSPECT_EXPAND(NIBINSPECT_COMMIT); }
