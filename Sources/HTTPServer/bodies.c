#define _GNU_SOURCE
#include "bodies.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <zlib.h>

#include "framing.h"
#include "requests.h"
#include "server.h"

/* A declared length sizes the first buffer only up to this; a longer body grows as it arrives, so a
 * client cannot make the server hold memory for bytes it never sends. */
const size_t first_body_buffer_limit = 64 * 1024;

/* Grows the body buffer to hold `needed` bytes plus the zeroed padding: exactly that much at first
 * (most bodies are a few hundred bytes, which malloc serves from its per-thread cache), doubling as
 * more arrives, but never past a declared length, so a body of known size ends in a buffer of its size. */
int reserve(struct request_state *state, size_t needed) {
    if (needed <= state->capacity) return 0;
    size_t capacity = state->capacity * 2;
    if (state->declared > 0 && capacity > state->declared) capacity = state->declared;
    if (capacity < needed) capacity = needed;
    uint8_t *body = realloc(state->body, capacity + HS_BODY_PADDING);
    if (body == NULL) return -1;
    state->body = body;
    state->capacity = capacity;
    return 0;
}

/* Counts `bytes` more of body against the process's budget; false (nothing counted) past it. */
bool budget_body(hs_server *server, struct request_state *state, size_t bytes) {
    if (bytes <= state->budgeted) return true;
    size_t more = bytes - state->budgeted;
    size_t used = atomic_fetch_add(&server->inflight_body_bytes, more) + more;
    if (used > server->max_inflight_body_bytes) {
        atomic_fetch_sub(&server->inflight_body_bytes, more);
        return false;
    }
    state->budgeted = bytes;
    return true;
}

void release_body(hs_server *server, struct request_state *state) {
    end_decoding(state);
    free(state->body);
    state->body = NULL;
    state->length = state->capacity = 0;
    if (state->budgeted > 0) atomic_fetch_sub(&server->inflight_body_bytes, state->budgeted);
    state->budgeted = 0;
}

/* Refuses the request: at once when its body has ended (or there is none), otherwise after reading
 * and discarding the rest of it, since libmicrohttpd answers only once a body ends (the request
 * deadline still runs while it does). */
void refuse(hs_server *server, struct request_state *state, hs_rejection rejection) {
    state->refusing = true;
    state->refusal = rejection;
    release_body(server, state);
}

/* Whether `coding` (a Content-Encoding value) names gzip alone, in either of its names. */
static bool is_gzip(const char *coding) {
    coding += strspn(coding, " \t");
    size_t length = strcspn(coding, " \t");
    if (coding[length + strspn(coding + length, " \t")] != '\0') return false;
    return (length == 4 && strncasecmp(coding, "gzip", 4) == 0) || (length == 6 && strncasecmp(coding, "x-gzip", 6) == 0);
}

static bool is_identity(const char *coding) {
    coding += strspn(coding, " \t");
    size_t length = strcspn(coding, " \t");
    return length == 8 && strncasecmp(coding, "identity", 8) == 0 && coding[8 + strspn(coding + 8, " \t")] == '\0';
}

/* Sets up the body's decoding from its Content-Encoding: inflated as it arrives for gzip, kept as it
 * came otherwise (the owner answers 415 for a coding it cannot read). */
int start_decoding(hs_server *server, struct request_state *state, const struct framing *framing) {
    if (framing->content_encodings == 0) return 0;
    if (framing->content_encodings > 1 || !is_gzip(framing->content_coding)) {
        if (framing->content_encodings > 1 || !is_identity(framing->content_coding)) {
            state->unsupported_coding = framing->content_coding;
        }
        return 0;
    }
    state->inflater = calloc(1, sizeof *state->inflater);
    /* 16 + the largest window: a gzip header and trailer around deflate data (zlib.h, inflateInit2). */
    if (state->inflater == NULL || inflateInit2(state->inflater, 16 + MAX_WBITS) != Z_OK) {
        free(state->inflater);
        state->inflater = NULL;
        return -1;
    }
    state->declared = server->max_body_bytes + 1;
    return 0;
}

void end_decoding(struct request_state *state) {
    if (state->inflater == NULL) return;
    inflateEnd(state->inflater);
    free(state->inflater);
    state->inflater = NULL;
}

/* How many bytes past a refusal a streamed body may still send to get its answer: enough for any
 * honest client that misjudged the size, bounded so that an endless stream is cut off, not read forever. */
static size_t discard_limit(size_t cap) {
    const size_t floor = 64 * 1024 * 1024;
    return cap > floor / 8 ? cap * 8 : floor;
}

/* Inflates one chunk of a gzip body onto the end of `body`, growing it as reserve does, up to the cap
 * plus one byte. The rejection to answer (past the cap, past the budget, bytes that are not gzip), or -1. */
static int inflate_chunk(hs_server *server, struct request_state *state, const char *data, size_t chunk) {
    z_stream *stream = state->inflater;
    stream->next_in = (Bytef *)data;
    stream->avail_in = (uInt)chunk;
    while (stream->avail_in > 0) {
        if (state->member_ended) {
            if (inflateReset(stream) != Z_OK) return HS_REJECT_MALFORMED_GZIP_BODY;
            state->member_ended = false;
        }
        if (state->length == state->capacity) {
            size_t next = state->capacity == 0 ? first_body_buffer_limit : state->capacity * 2;
            if (next > state->declared) next = state->declared;
            if (!budget_body(server, state, next) || reserve(state, next) != 0) return HS_REJECT_BODY_BUDGET;
        }
        stream->next_out = state->body + state->length;
        stream->avail_out = (uInt)(state->capacity - state->length);
        int result = inflate(stream, Z_NO_FLUSH);
        state->length = state->capacity - stream->avail_out;
        if (state->length > server->max_body_bytes) return HS_REJECT_BODY_TOO_LARGE;
        if (result == Z_STREAM_END) state->member_ended = true;
        else if (result != Z_OK && result != Z_BUF_ERROR) return HS_REJECT_MALFORMED_GZIP_BODY;
    }
    return -1;
}

enum MHD_Result on_body_chunk(hs_server *server, struct request_state *state,
                              const char *data, size_t *size) {
    size_t chunk = *size;
    *size = 0;
    if (state->inflater != NULL && !state->refusing) {
        int rejection = inflate_chunk(server, state, data, chunk);
        if (rejection < 0) return MHD_YES;
        refuse(server, state, (hs_rejection)rejection);
    } else if (!state->refusing) {
        size_t needed = state->length + chunk;
        if (needed > server->max_body_bytes) refuse(server, state, HS_REJECT_BODY_TOO_LARGE);
        else if (!budget_body(server, state, needed)) refuse(server, state, HS_REJECT_BODY_BUDGET);
    }
    if (state->refusing) {
        state->discarded += chunk;
        return state->discarded > discard_limit(server->max_body_bytes) ? MHD_NO : MHD_YES;
    }
    if (reserve(state, state->length + chunk) != 0) return MHD_NO;
    memcpy(state->body + state->length, data, chunk);
    state->length += chunk;
    return MHD_YES;
}
