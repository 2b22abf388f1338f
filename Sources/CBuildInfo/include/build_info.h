#ifndef NIBINSPECT_BUILD_INFO_H
#define NIBINSPECT_BUILD_INFO_H
/* The commit this binary was built from (Package.swift defines NIBINSPECT_COMMIT when it is read:
   $NIBINSPECT_COMMIT, else .git; "unknown" outside git). A C target because a C define carries a
   value and Swift's do not. */
const char *nibinspect_build_commit(void);
#endif
