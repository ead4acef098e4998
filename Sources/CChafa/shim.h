// The only C-facing surface for libchafa: PictureCells imports this module, nothing else does.
// chafa.h includes glib.h; the include paths for both come from `pkg-config --cflags chafa`.
#include <chafa.h>

// chafa's version as its headers give it (macros, which Swift cannot read), for `--version`.
static inline int cascade_chafa_major_version(void) { return CHAFA_MAJOR_VERSION; }
static inline int cascade_chafa_minor_version(void) { return CHAFA_MINOR_VERSION; }
static inline int cascade_chafa_micro_version(void) { return CHAFA_MICRO_VERSION; }
