#ifndef HS_BODIES_H
#define HS_BODIES_H

/* Request bodies: the buffer that holds one, the process-wide budget it counts against, its
 * refusal, and gzip bodies inflated as they arrive. */

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "http_server.h"

struct request_state;
struct framing;

/* The most a declared length reserves at first (on_first_call sizes the first buffer with it). */
extern const size_t first_body_buffer_limit;

/* Grows the body buffer to hold `needed` bytes plus the zeroed padding; -1 when out of memory. */
int reserve(struct request_state *state, size_t needed);
/* Counts `bytes` more of body against the process's budget; false (nothing counted) past it. */
bool budget_body(hs_server *server, struct request_state *state, size_t bytes);
/* Frees the body and its decoder and gives its bytes back to the budget. */
void release_body(hs_server *server, struct request_state *state);
/* Marks the request refused with `rejection` and drops its body; the rest of it is discarded. */
void refuse(hs_server *server, struct request_state *state, hs_rejection rejection);
/* Sets up the body's decoding from its Content-Encoding; -1 when out of memory. */
int start_decoding(hs_server *server, struct request_state *state, const struct framing *framing);
/* Frees the body's inflater, if any. */
void end_decoding(struct request_state *state);
/* Takes one chunk of body from libmicrohttpd: copied, inflated, or discarded after a refusal. */
enum MHD_Result on_body_chunk(hs_server *server, struct request_state *state, const char *data, size_t *size);

#endif
