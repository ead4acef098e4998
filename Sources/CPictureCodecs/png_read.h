// A PNG decode through libpng's full read API, for what its simplified API keeps to itself: a
// memory allocator of our own and libpng's chunk limits. libpng reports errors by longjmp, so
// every call into it is made here, in C, behind a setjmp in the same function: the jump never
// crosses a Swift frame. Swift sees plain functions that return 0 on failure with a message.
#ifndef CASCADE_PNG_READ_H
#define CASCADE_PNG_READ_H

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// One decode's state: the bytes read from, and what libpng has allocated against its
/// allowance.
typedef struct cascade_png_reader {
  png_structp png;
  png_infop info;
  const unsigned char *data;
  size_t size;
  size_t offset;
  /// Most bytes libpng may hold at once in this decode.
  size_t allowance;
  /// Bytes libpng holds now, and the most it held.
  size_t allocated;
  size_t peak;
  /// The size of an allocation refused for the allowance, 0 if none was.
  size_t refused;
  /// Passes over the rows: 7 for an interlaced picture, else 1.
  int passes;
  char message[160];
} cascade_png_reader;

// Each allocation carries its size in a header, so that a free can give it back.
#define CASCADE_PNG_HEADER 16

static png_voidp cascade_png_malloc(png_structp png, png_alloc_size_t size) {
  cascade_png_reader *reader = (cascade_png_reader *)png_get_mem_ptr(png);
  if (size > reader->allowance || reader->allocated > reader->allowance - size) {
    reader->refused = size;
    return NULL;  // libpng then stops with "Out of memory", or skips an ancillary chunk.
  }
  unsigned char *block = (unsigned char *)malloc(size + CASCADE_PNG_HEADER);
  if (block == NULL) return NULL;
  memcpy(block, &size, sizeof size);
  reader->allocated += size;
  if (reader->allocated > reader->peak) reader->peak = reader->allocated;
  return block + CASCADE_PNG_HEADER;
}

static void cascade_png_free(png_structp png, png_voidp pointer) {
  if (pointer == NULL) return;
  cascade_png_reader *reader = (cascade_png_reader *)png_get_mem_ptr(png);
  unsigned char *block = (unsigned char *)pointer - CASCADE_PNG_HEADER;
  size_t size;
  memcpy(&size, block, sizeof size);
  reader->allocated -= size;
  free(block);
}

static void cascade_png_error(png_structp png, png_const_charp message) {
  cascade_png_reader *reader = (cascade_png_reader *)png_get_error_ptr(png);
  strncpy(reader->message, message, sizeof reader->message - 1);
  reader->message[sizeof reader->message - 1] = 0;
  png_longjmp(png, 1);
}

static void cascade_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;  // A warning leaves a whole picture, as the simplified API treats it.
}

static void cascade_png_read_data(png_structp png, png_bytep out, size_t length) {
  cascade_png_reader *reader = (cascade_png_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->offset) png_error(png, "read beyond end of data");
  memcpy(out, reader->data + reader->offset, length);
  reader->offset += length;
}

/// Starts decoding `size` bytes at `data` with at most `allowance` bytes for libpng itself,
/// and reads the header: `width` and `height` are the picture's. Rows then come as 8-bit
/// RGBA, gamma-corrected to sRGB as the simplified API's `PNG_FORMAT_RGBA` gives them (a
/// file without gAMA, 16-bit ones included, taken as sRGB). Returns 0 on failure, with
/// `reader->message` set; `cascade_png_end` must be called either way.
static inline int cascade_png_begin(
    cascade_png_reader *reader, const unsigned char *data, size_t size, size_t allowance,
    uint32_t *width, uint32_t *height) {
  memset(reader, 0, sizeof *reader);
  reader->data = data;
  reader->size = size;
  reader->allowance = allowance;
  reader->png = png_create_read_struct_2(
      PNG_LIBPNG_VER_STRING, reader, cascade_png_error, cascade_png_warning, reader,
      cascade_png_malloc, cascade_png_free);
  if (reader->png == NULL) {
    strcpy(reader->message, reader->refused ? "Out of memory" : "libpng could not start");
    return 0;
  }
  if (setjmp(png_jmpbuf(reader->png))) return 0;
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) png_error(reader->png, "Out of memory");
  png_set_read_fn(reader->png, reader, cascade_png_read_data);
  // Chunks nothing drawn needs are skipped unread, whatever their kind; a chunk libpng
  // keeps is at most 1 MB, and at most 64 of them are kept.
  png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
  png_set_chunk_malloc_max(reader->png, 1 << 20);
  png_set_chunk_cache_max(reader->png, 64);
  png_read_info(reader->png, reader->info);
  png_set_expand(reader->png);
  png_set_scale_16(reader->png);
  png_set_gray_to_rgb(reader->png);
  png_set_add_alpha(reader->png, 0xFF, PNG_FILLER_AFTER);
  png_set_alpha_mode(reader->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
  reader->passes = png_set_interlace_handling(reader->png);
  png_read_update_info(reader->png, reader->info);
  *width = png_get_image_width(reader->png, reader->info);
  *height = png_get_image_height(reader->png, reader->info);
  if (png_get_rowbytes(reader->png, reader->info) != (size_t)*width * 4)
    png_error(reader->png, "the rows are not 8-bit RGBA after the transformations");
  return 1;
}

/// Reads every row into `pixels`, rows `stride` bytes apart, after `cascade_png_begin`.
/// Returns 0 on failure, with `reader->message` set.
static inline int cascade_png_read_rows(
    cascade_png_reader *reader, unsigned char *pixels, size_t stride) {
  if (setjmp(png_jmpbuf(reader->png))) return 0;
  uint32_t height = png_get_image_height(reader->png, reader->info);
  for (int pass = 0; pass < reader->passes; pass++) {
    for (uint32_t row = 0; row < height; row++) {
      png_read_row(reader->png, pixels + (size_t)row * stride, NULL);
    }
  }
  return 1;
}

/// Frees what libpng holds for `reader`.
static inline void cascade_png_end(cascade_png_reader *reader) {
  if (reader->png != NULL) png_destroy_read_struct(&reader->png, &reader->info, NULL);
}

#endif
