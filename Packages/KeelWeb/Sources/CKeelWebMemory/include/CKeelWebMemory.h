// What KeelWeb needs of the C allocator that Swift's Glibc module does not
// show: giving freed memory back to the system (see SessionSweeper).
#pragma once

#if defined(__linux__)
#include <malloc.h>  // defines __GLIBC__ with glibc
#endif

#if defined(__GLIBC__)
/// Returns the freed pages glibc's allocator keeps to the system.
static inline void keel_release_freed_memory(void) { (void)malloc_trim(0); }
#else
/// Other allocators (Apple's, musl's) return freed pages by themselves.
static inline void keel_release_freed_memory(void) {}
#endif
