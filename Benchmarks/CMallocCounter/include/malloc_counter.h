#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>
/* Allocations (malloc, calloc, realloc, aligned forms) made by the whole process so far. Linking this
 * target into an executable replaces the C library's allocator entry points with counting wrappers. */
uint64_t malloc_counter_allocations(void);
#endif
