#ifndef SIMDJSON_C_H
#define SIMDJSON_C_H

/*
 * A small C face for simdjson's DOM parser, so Swift can walk a parsed document without C++ interop.
 * It knows JSON, not any schema: values, arrays, objects, numbers and strings.
 *
 * Values and iterators are plain 16/32-byte copies of simdjson's own handles. They point into the
 * parser's document and stay valid until that parser parses again.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Readable bytes simdjson wants after the end of the input for its wide loads. */
#define SJ_PADDING 64

typedef struct sj_parser sj_parser;
typedef struct sj_value { uint64_t opaque[2]; } sj_value;
typedef struct sj_iterator { uint64_t opaque[4]; } sj_iterator;

typedef enum sj_type {
    SJ_ARRAY = 0,
    SJ_OBJECT = 1,
    SJ_INT64 = 2,
    SJ_UINT64 = 3,
    SJ_DOUBLE = 4,
    SJ_STRING = 5,
    SJ_BOOL = 6,
    SJ_NULL = 7,
} sj_type;

/* A parser for documents up to `max_bytes`, kept for the life of the process (benchmarks use one). */
sj_parser *sj_parser_create(size_t max_bytes);

/* This thread's own parser, created on first use with `max_bytes` and kept for the thread's life. */
sj_parser *sj_thread_parser(size_t max_bytes);

/* Parses `length` bytes. `padded` says the SJ_PADDING bytes after the input are readable; otherwise
 * the input is copied first. Returns 0 and the root value, or a simdjson error code. */
int sj_parse(sj_parser *parser, const uint8_t *data, size_t length, bool padded, sj_value *root);

/* The English message of a simdjson error code (static storage). */
const char *sj_error_message(int code);

sj_type sj_value_type(sj_value value);

/* Any JSON number as a double. Returns false for non-numbers. */
bool sj_value_double(sj_value value, double *out);
bool sj_value_bool(sj_value value, bool *out);
/* The UTF-8 bytes of a string (not NUL-terminated in general). Returns false for non-strings. */
bool sj_value_string(sj_value value, const char **data, size_t *length);

/* Element count of an array (0 for non-arrays). */
size_t sj_array_count(sj_value array);
void sj_array_begin(sj_value array, sj_iterator *iterator);
bool sj_array_next(sj_iterator *iterator, sj_value *element);

/* Reads an array whose elements are objects with exactly two numeric members, named `first` and
 * `second` in either order, into `out` as (first, second) pairs, at most `capacity` of them. Returns
 * how many elements were read: it stops at the first element of another shape, which the caller can
 * then look at the slow way. One call instead of several per element for the common bulk case. */
size_t sj_array_read_number_pairs(sj_value array, const char *first, size_t first_length, const char *second,
                                  size_t second_length, double *out, size_t capacity);

/* Reads an object whose members are all named in `names` (up to 32 names, each ended by a NUL:
 * "x\0y\0width\0height\0"), each at most once, into out[i] for the i-th name. Returns the bit mask
 * of the names present, or -1 when the object is of another shape (not an object, another member, a
 * name twice): the caller then reads it the slow way, which says what is wrong. One call instead of
 * one per member for the small objects every request carries. */
int64_t sj_object_read_members(sj_value object, const char *names, size_t name_count, sj_value *out);

void sj_object_begin(sj_value object, sj_iterator *iterator);
bool sj_object_next(sj_iterator *iterator, const char **key, size_t *key_length, sj_value *value);

#ifdef __cplusplus
}
#endif

#endif
