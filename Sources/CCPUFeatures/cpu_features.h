// What the CPU can run, asked of the CPU itself: Swift has no way to ask, and the clang header
// that wraps CPUID does it with macros Swift cannot import. Header-only, no library linked.
#ifndef CASCADE_CPU_FEATURES_H
#define CASCADE_CPU_FEATURES_H

#include <stdbool.h>

// Whether AVX2 code may run here: the CPU has AVX and AVX2 (CPUID) and the operating system
// saves the 256-bit registers on a context switch (OSXSAVE, then XCR0 bits 1 and 2).
static inline bool cascade_cpu_has_avx2(void) {
#if defined(__x86_64__)
  unsigned int a, b, c, d;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0), "c"(0));
  if (a < 7) return false;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
  const unsigned int osxsave = 1u << 27, avx = 1u << 28;
  if ((c & (osxsave | avx)) != (osxsave | avx)) return false;
  unsigned int low, high;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  if ((low & 6u) != 6u) return false;
  __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(7), "c"(0));
  return (b & (1u << 5)) != 0;
#else
  return false;
#endif
}

#endif
