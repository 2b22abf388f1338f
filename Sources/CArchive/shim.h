#ifndef CARCHIVE_SHIM_H
#define CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
/* AE_IFREG and AE_IFDIR are cast macros, which Swift does not import. */
static inline int carchive_is_regular(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFREG; }
static inline int carchive_is_directory(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFDIR; }
#endif
