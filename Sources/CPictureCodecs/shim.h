// The picture codecs' C surface: TurboJPEG, libpng (through png_read.h), libwebp and giflib.
// Every call Cascade makes through these reports errors by return value; none longjmps into
// Swift.
#ifndef CASCADE_PICTURE_CODECS_SHIM_H
#define CASCADE_PICTURE_CODECS_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <gif_lib.h>

#include "png_read.h"

// Swift cannot use the function-like macros and the composite format constant below.

/// `PNG_IMAGE_VERSION`, for `png_image.version`.
static inline unsigned cascade_png_image_version(void) { return PNG_IMAGE_VERSION; }

/// `PNG_FORMAT_RGBA`: 8-bit sRGB red, green, blue and unassociated alpha.
static inline unsigned cascade_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

/// `PNG_IMAGE_FAILED`: whether the last simplified-API call failed.
static inline int cascade_png_image_failed(const png_image *image) {
  return PNG_IMAGE_FAILED(*image);
}

/// The NUL-terminated message libpng left in the image's fixed-size buffer.
static inline const char *cascade_png_image_message(const png_image *image) {
  return image->message;
}

// The versions of the codecs, for `--version`: libjpeg-turbo and giflib give the version their
// headers had at build time, as macros; libpng and libwebp the loaded library's, from functions
// (libpng's is declared through macros Swift does not see).
#include <jconfig.h>

/// The loaded libpng's version as major * 10000 + minor * 100 + release (10639 for 1.6.39).
static inline unsigned cascade_png_version_number(void) { return png_access_version_number(); }

/// `LIBJPEG_TURBO_VERSION_NUMBER`: major * 1000000 + minor * 1000 + patch.
static inline int cascade_libjpeg_turbo_version_number(void) {
  return LIBJPEG_TURBO_VERSION_NUMBER;
}

/// giflib's `GIFLIB_MAJOR`, `GIFLIB_MINOR` and `GIFLIB_RELEASE`, as major * 10000 + minor * 100
/// + release.
static inline int cascade_giflib_version_number(void) {
  return GIFLIB_MAJOR * 10000 + GIFLIB_MINOR * 100 + GIFLIB_RELEASE;
}

#endif
