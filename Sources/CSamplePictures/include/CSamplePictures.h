#ifndef CASCADE_SAMPLE_PICTURES_H
#define CASCADE_SAMPLE_PICTURES_H

#include <stddef.h>

/// The bytes of Resources/pictures.bin, assembled into the binary; `count` receives their number.
/// They live in read-only data for the life of the process.
const unsigned char *cascade_sample_pictures(size_t *count);

#endif
