// The only C-facing surface for libchafa: PictureCells imports this module, nothing else does.
// chafa.h includes glib.h; the include paths for both come from `pkg-config --cflags chafa`.
#include <chafa.h>
