// Puts Resources/pictures.bin into the binary's read-only data with the assembler's `.incbin`:
// the file's bytes are copied as they are, at no compile-time cost, where a Swift array literal
// of the same megabytes would take the type checker minutes.
//
// The assembler looks for the file relative to the `-I` folders; SwiftPM passes this target's
// `include` folder, three levels below the package root.
//
// The section is marked retained ("R", SHF_GNU_RETAIN): a link with --gc-sections (SwiftPM's
// dead stripping, not used for debug builds) would otherwise drop the pictures from a binary
// that does not call for them; gold, lld and bfd were each seen to keep a retained section.
//
// The compiler's dependency list names headers, not `.incbin` files. The included stamp, which
// Scripts/make-sample-pictures.py rewrites with the archive's hash, is how a changed archive
// reaches the build.
#include "CSamplePictures.h"
#include "PicturesStamp.h"

__asm__(
    ".section .rodata.cascade_sample_pictures,\"aR\"\n"
    ".balign 16\n"
    "cascade_sample_pictures_start:\n"
    ".incbin \"../../../Resources/pictures.bin\"\n"
    "cascade_sample_pictures_end:\n"
    ".previous\n");

extern const unsigned char cascade_sample_pictures_start[];
extern const unsigned char cascade_sample_pictures_end[];

const unsigned char *cascade_sample_pictures(size_t *count) {
  *count = (size_t)(cascade_sample_pictures_end - cascade_sample_pictures_start);
  return cascade_sample_pictures_start;
}
