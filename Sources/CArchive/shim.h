#ifndef CARCHIVE_SHIM_H
#define CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
/* AE_IFREG and AE_IFDIR are cast macros, which Swift does not import. */
static inline int carchive_is_regular(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFREG; }
static inline int carchive_is_directory(struct archive_entry *e) { return archive_entry_filetype(e) == AE_IFDIR; }

#include <locale.h>
#if defined(__APPLE__)
#include <xlocale.h>
#endif
/* libarchive converts member names between UTF-8 and the character set of the locale. A process
   that never called setlocale is in the "C" locale (ASCII), where a name stored with the zip UTF-8
   flag ("Écran.xib") cannot be converted and the member comes out without a name. These make the
   calling thread's LC_CTYPE a UTF-8 one while an archive is read (uselocale: nothing else of the
   process changes), then restore it. */
typedef struct { locale_t previous; locale_t made; } carchive_locale_state;
static inline carchive_locale_state carchive_enter_utf8_ctype(void) {
    static const char *const names[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"};
    carchive_locale_state state = {(locale_t)0, (locale_t)0};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        locale_t made = newlocale(LC_CTYPE_MASK, names[i], (locale_t)0);
        if (made) {
            state.made = made;
            state.previous = uselocale(made);
            break;
        }
    }
    return state;
}
static inline void carchive_leave_utf8_ctype(carchive_locale_state state) {
    if (state.made) {
        uselocale(state.previous);
        freelocale(state.made);
    }
}
#endif
