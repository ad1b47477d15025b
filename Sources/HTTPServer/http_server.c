#define _GNU_SOURCE
#include "http_server.h"

#include <arpa/inet.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <errno.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>
#include <zlib.h>

/* One open connection, as the request deadline sees it. Created when libmicrohttpd starts serving the
 * connection and freed when it closes it, both under the registry's lock. */
struct connection_record {
    struct connection_record *prev, *next;
    int fd;
    /* Who answers the request under way: nobody yet, the worker (its request arrived in full, or was
     * refused), or the reaper (408). Taken by compare-and-swap from NOBODY, so exactly one of them
     * writes to the socket; the worker gives it back when the request is finished. */
    atomic_uint answerer;
    /* Requests finished on this connection, counted by the worker that serves it. */
    atomic_uint finished;
    /* The reaper's own (see reap): */
    enum { WAITING, RECEIVING } phase;
    unsigned seen_finished;
    uint64_t baseline_bytes;
    uint64_t started_ms;
};

struct hs_server {
    struct MHD_Daemon *daemon;
    hs_handler handler;
    void *context;
    size_t max_body_bytes;
    size_t max_uri_bytes;
    size_t max_inflight_body_bytes;
    unsigned connection_limit;
    unsigned request_timeout_seconds;
    uint16_t port;
    atomic_size_t in_flight;
    atomic_size_t open_connections;
    atomic_size_t inflight_body_bytes;
    atomic_bool quiesced;
    void (*log)(void *context, const char *message);
    void *log_context;
    /* The listening socket, ours rather than libmicrohttpd's (see accept_loop). */
    int listener;
    pthread_t acceptor;
    /* Open connections, for the request deadline; walked by the reaper thread. */
    pthread_mutex_t registry_lock;
    pthread_cond_t reaper_wake;
    struct connection_record *records;
    bool reaper_running;
    bool reaper_stopping;
    pthread_t reaper;
    /* The rejections' answers: the whole response for the raw ones, the body for the rest. */
    struct rejection_answer {
        char *raw;
        size_t raw_length;
        /* The body, inside `raw`. */
        const char *body;
        size_t body_length;
        struct MHD_Response *response;
    } rejections[HS_REJECTION_COUNT];
    const char *rejection_type;
    hs_handler rejection_headers;
};

/* Per-request state, created when the request line arrives and freed in the completed callback. */
/* A list-valued header's field lines joined (hs_exchange_header_list), freed with the request. */
struct joined_header {
    struct joined_header *next;
    char text[];
};

struct request_state {
    struct connection_record *record;
    struct joined_header *joined;
    uint8_t *body;
    size_t length;
    size_t capacity;
    /* The body's Content-Length (0 when chunked or absent). */
    size_t declared;
    /* Bytes of this body counted in the server's inflight_body_bytes. */
    size_t budgeted;
    /* Bytes thrown away after the body was refused; bounded so a client cannot stream forever. */
    size_t discarded;
    bool started;
    bool uri_too_long;
    /* The target holds %00: decoded, the NUL would cut a path or value short where C strings end. */
    bool nul_in_target;
    /* This request's worker took the connection's answer (see connection_record.answerer). */
    bool answering;
    /* The answer is being made on another thread (hs_exchange_defer); the connection is suspended
     * until hs_exchange_resume, and its answer is queued on the call that follows. */
    bool deferred;
    struct MHD_Response *deferred_response;
    unsigned deferred_status;
    /* The body is read and thrown away, then answered with this rejection. */
    bool refusing;
    hs_rejection refusal;
    /* Content-Encoding: gzip. The body is inflated as it arrives into `body`; `declared` is then the
     * cap plus one, so the buffer never grows past the first byte that proves the body too large. */
    z_stream *inflater;
    /* The last gzip member ended; more input starts another (RFC 1952 2.2). */
    bool member_ended;
    /* Any other Content-Encoding, passed to the owner as it came (hs_exchange_unsupported_coding). */
    const char *unsupported_coding;
};

struct hs_exchange {
    struct MHD_Connection *connection;
    const char *method;
    const char *path;
    const uint8_t *body;
    size_t length;
    struct MHD_Response *response;
    unsigned status;
    struct request_state *state;
    /* The handler handed the request to another thread (hs_exchange_defer). */
    bool deferred;
};

enum { NOBODY, WORKER, REAPER };

static const uint8_t empty_body[HS_BODY_PADDING] = {0};
static atomic_uint_fast64_t rejection_counts[HS_REJECTION_COUNT];

/* A declared length sizes the first buffer only up to this; a longer body grows as it arrives, so a
 * client cannot make the server hold memory for bytes it never sends. */
static const size_t first_body_buffer_limit = 64 * 1024;

uint64_t hs_rejections_total(hs_rejection rejection) {
    return rejection < HS_REJECTION_COUNT ? atomic_load(&rejection_counts[rejection]) : 0;
}

unsigned hs_rejection_status(hs_rejection rejection) {
    static const unsigned statuses[HS_REJECTION_COUNT] = {
        [HS_REJECT_CONFLICTING_LENGTHS] = 400, [HS_REJECT_LENGTH_WITH_CODING] = 400,
        [HS_REJECT_MISSING_HOST] = 400,        [HS_REJECT_REQUEST_TIMEOUT] = 408,
        [HS_REJECT_BODY_TOO_LARGE] = 413,      [HS_REJECT_URI_TOO_LONG] = 414,
        [HS_REJECT_UNKNOWN_CODING] = 501,      [HS_REJECT_CONNECTION_LIMIT] = 503,
        [HS_REJECT_BODY_BUDGET] = 503,         [HS_REJECT_NO_ANSWER] = 500,
        [HS_REJECT_MALFORMED_REQUEST] = 400,   [HS_REJECT_HEADERS_TOO_LARGE] = 431,
        [HS_REJECT_HTTP_VERSION] = 505,        [HS_REJECT_NUL_IN_TARGET] = 400,
        [HS_REJECT_BAD_GZIP] = 400,
    };
    return rejection < HS_REJECTION_COUNT ? statuses[rejection] : 500;
}

static bool asks_retry(hs_rejection rejection) { return hs_rejection_status(rejection) == 503; }

void hs_config_init(hs_config *config) {
    memset(config, 0, sizeof *config);
    config->host = NULL;
    config->port = 8080;
    config->threads = 0;
    config->connection_limit = 1024;
    config->connection_timeout_seconds = 30;
    config->request_timeout_seconds = 30;
    config->connection_memory_limit = 16 * 1024;
    config->max_uri_bytes = 8 * 1024;
    config->max_body_bytes = 8 * 1024 * 1024;
    config->max_inflight_body_bytes = 128 * 1024 * 1024;
    config->rejection_content_type = "text/plain";
}

static uint64_t now_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000;
}

static const char *rejection_type(const hs_config *config) {
    return config->rejection_content_type != NULL ? config->rejection_content_type : "text/plain";
}

/* libmicrohttpd's messages, formatted and handed to the server's log as one line, so that every line
 * the process writes is the embedding program's (a JSON log stays JSON). */
static void log_library_message(void *argument, const char *format, va_list arguments) {
    hs_server *server = argument;
    char message[1024];
    int length = vsnprintf(message, sizeof message, format, arguments);
    if (length < 0) return;
    size_t end = (size_t)length < sizeof message ? (size_t)length : sizeof message - 1;
    while (end > 0 && (message[end - 1] == '\n' || message[end - 1] == '\r')) message[--end] = '\0';
    /* "... response code is 400 ('<html>...</html>')). Closing connection." quotes the library's own
     * HTML body, which is not what was sent (the error answer hook replaced it): the quote goes. */
    char *quoted = strstr(message, " ('<html>");
    char *closing = quoted != NULL ? strstr(quoted, "'))") : NULL;
    if (closing != NULL) memmove(quoted, closing + 2, strlen(closing + 2) + 1);
    if (server->log != NULL) {
        server->log(server->log_context, message);
    } else {
        fprintf(stderr, "%s\n", message);
    }
}

/* A rejection's answer through libmicrohttpd, its body read in place from the server's copy. */
static struct MHD_Response *rejection_response(const hs_server *server, hs_rejection rejection) {
    const struct rejection_answer *answer = &server->rejections[rejection];
    struct MHD_Response *response =
        MHD_create_response_from_buffer(answer->body_length, (void *)answer->body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return NULL;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, server->rejection_type);
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (asks_retry(rejection)) MHD_add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    return response;
}

/* Builds each rejection's answer once: the whole response as raw bytes for sockets libmicrohttpd
 * never sees (over the limit) or cannot answer (timed out), and a libmicrohttpd response over its
 * body for requests it has parsed. */
static int prepare_rejections(hs_server *server, const hs_config *config) {
    const char *type = rejection_type(config);
    server->rejection_type = strdup(type);
    if (server->rejection_type == NULL) return -1;
    for (int i = 0; i < HS_REJECTION_COUNT; i++) {
        const hs_bytes *body = &config->rejections[i];
        unsigned status = hs_rejection_status((hs_rejection)i);

        const char *reason = MHD_get_reason_phrase_for(status);
        char head[512];
        int head_length = snprintf(head, sizeof head,
                                   "HTTP/1.1 %u %s\r\nConnection: close\r\nContent-Type: %s\r\nCache-Control: no-store\r\n"
                                   "%sContent-Length: %zu\r\n\r\n",
                                   status, reason, type, asks_retry((hs_rejection)i) ? "Retry-After: 1\r\n" : "",
                                   body->length);
        if (head_length < 0 || (size_t)head_length >= sizeof head) return -1;
        char *raw = malloc((size_t)head_length + body->length);
        if (raw == NULL) return -1;
        memcpy(raw, head, (size_t)head_length);
        if (body->length > 0) memcpy(raw + head_length, body->bytes, body->length);
        server->rejections[i].raw = raw;
        server->rejections[i].raw_length = (size_t)head_length + body->length;
        server->rejections[i].body = raw + head_length;
        server->rejections[i].body_length = body->length;
        server->rejections[i].response = rejection_response(server, (hs_rejection)i);
        if (server->rejections[i].response == NULL) return -1;
    }
    return 0;
}

/* The answers libmicrohttpd sends by itself (it calls the hook with their status), taken from the
 * first server started and kept for the life of the process, as the hook's contract asks. */
static struct {
    const char *body;
    size_t length;
} library_answers[HS_REJECTION_COUNT];
static const char *library_answer_type;
static atomic_flag library_answers_set = ATOMIC_FLAG_INIT;

static int library_rejection(unsigned status) {
    switch (status) {
    case 400: return HS_REJECT_MALFORMED_REQUEST;
    case 413: return HS_REJECT_BODY_TOO_LARGE;
    case 414: return HS_REJECT_URI_TOO_LONG;
    case 431: return HS_REJECT_HEADERS_TOO_LARGE;
    case 500: return HS_REJECT_NO_ANSWER;
    case 505: return HS_REJECT_HTTP_VERSION;
    default: return -1;
    }
}

static void answer_for_library(struct MHD_Connection *connection, unsigned int status, const char **body,
                               size_t *length, const char **content_type, const char **cache_control) {
    /* The library answers: the reaper must not answer too (a lost race leaves the 408 alone first). */
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct connection_record *record = info != NULL ? info->socket_context : NULL;
    if (record != NULL) {
        unsigned nobody = NOBODY;
        atomic_compare_exchange_strong(&record->answerer, &nobody, WORKER);
    }
    int rejection = library_rejection(status);
    /* Strict mode's missing Host is libmicrohttpd's one 400 that names the header. */
    if (status == 400 && strstr(*body, "Host") != NULL) rejection = HS_REJECT_MISSING_HOST;
    if (rejection < 0 || library_answers[rejection].body == NULL) return;
    atomic_fetch_add(&rejection_counts[rejection], 1);
    *body = library_answers[rejection].body;
    *length = library_answers[rejection].length;
    *content_type = library_answer_type;
    *cache_control = "no-store";
}

static void install_library_answers(const hs_config *config) {
    if (atomic_flag_test_and_set(&library_answers_set)) return;
    library_answer_type = strdup(rejection_type(config));
    for (int i = 0; i < HS_REJECTION_COUNT; i++) {
        char *copy = malloc(config->rejections[i].length + 1);
        if (copy == NULL) continue;
        if (config->rejections[i].length > 0) memcpy(copy, config->rejections[i].bytes, config->rejections[i].length);
        library_answers[i].body = copy;
        library_answers[i].length = config->rejections[i].length;
    }
    MHD_set_error_answer_hook(answer_for_library);
}

static void free_rejections(hs_server *server) {
    for (int i = 0; i < HS_REJECTION_COUNT; i++) {
        if (server->rejections[i].response != NULL) MHD_destroy_response(server->rejections[i].response);
        free(server->rejections[i].raw);
    }
    free((void *)server->rejection_type);
}

/* Answers a rejection through libmicrohttpd; the connection closes after it. The owner's
 * rejection_headers, when set, adds to a copy made for this request. */
static enum MHD_Result queue_rejection(hs_server *server, struct MHD_Connection *connection, hs_rejection rejection) {
    atomic_fetch_add(&rejection_counts[rejection], 1);
    unsigned status = hs_rejection_status(rejection);
    struct MHD_Response *response = server->rejection_headers != NULL ? rejection_response(server, rejection) : NULL;
    if (response == NULL) return MHD_queue_response(connection, status, server->rejections[rejection].response);
    struct hs_exchange exchange = {
        .connection = connection, .method = "", .path = "", .body = empty_body, .response = response, .status = status,
    };
    server->rejection_headers(server->context, &exchange);
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

/* Writes a rejection straight to a socket libmicrohttpd is not writing to, then ends our sending. */
static void send_raw_rejection(hs_server *server, int fd, hs_rejection rejection) {
    atomic_fetch_add(&rejection_counts[rejection], 1);
    const struct rejection_answer *answer = &server->rejections[rejection];
    ssize_t sent = send(fd, answer->raw, answer->raw_length, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)sent; /* A peer whose buffer is full gets the close alone. */
    shutdown(fd, SHUT_WR);
}

/* Grows the body buffer to hold `needed` bytes plus the zeroed padding: exactly that much at first
 * (most bodies are a few hundred bytes, which malloc serves from its per-thread cache), doubling as
 * more arrives, but never past a declared length, so a body of known size ends in a buffer of its size. */
static int reserve(struct request_state *state, size_t needed) {
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
static bool budget_body(hs_server *server, struct request_state *state, size_t bytes) {
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

static void end_decoding(struct request_state *state);

static void release_body(hs_server *server, struct request_state *state) {
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
static void refuse(hs_server *server, struct request_state *state, hs_rejection rejection) {
    state->refusing = true;
    state->refusal = rejection;
    release_body(server, state);
}

/* Takes the connection's answer for this request's worker; false when the reaper has answered 408
 * already, and the worker must close instead. */
static bool take_answer(struct request_state *state) {
    if (state->record == NULL || state->answering) return true;
    unsigned nobody = NOBODY;
    state->answering = atomic_compare_exchange_strong(&state->record->answerer, &nobody, WORKER);
    return state->answering;
}

/* Answers a refusal, unless the request deadline has answered first. */
static enum MHD_Result answer_refusal(hs_server *server, struct MHD_Connection *connection,
                                      struct request_state *state) {
    return take_answer(state) ? queue_rejection(server, connection, state->refusal) : MHD_NO;
}

struct framing {
    unsigned content_lengths;
    bool conflicting_lengths;
    const char *first_length;
    unsigned transfer_encodings;
    const char *coding;
    unsigned hosts;
    bool spaced_name;
    unsigned content_encodings;
    const char *content_coding;
};

static enum MHD_Result note_framing(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct framing *framing = cls;
    /* A name is a token: libmicrohttpd keeps white space before the colon in it (RFC 9112 5.1: 400). */
    if (key[strcspn(key, " \t")] != '\0') framing->spaced_name = true;
    /* By the first letter: most headers (Accept…, User-Agent) are none of these and cost no compare. */
    switch (key[0] | 0x20) {
    case 'c':
        if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
            if (framing->content_lengths++ == 0) framing->first_length = value;
            else if (strcmp(framing->first_length, value) != 0) framing->conflicting_lengths = true;
        } else if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_ENCODING) == 0) {
            framing->content_encodings++;
            framing->content_coding = value;
        }
        break;
    case 't':
        if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
            framing->transfer_encodings++;
            framing->coding = value;
        }
        break;
    case 'h':
        if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) framing->hosts++;
        break;
    default: break;
    }
    return MHD_YES;
}

/* RFC 9112's framing rules that libmicrohttpd 0.9.75 does not enforce itself: a header name with white
 * space (5.1), several Host lines (3.2), differing lengths, or a length beside a transfer coding (6.3:
 * the request-smuggling pairs), and any transfer coding but exactly one `chunked` (6.1: 501 for a
 * coding the server does not know, 400 when chunked is combined). -1 when the request is well framed;
 * libmicrohttpd's strict mode has already refused a missing Host and a space in the target. */
static int framing_rejection(struct MHD_Connection *connection, struct framing *found) {
    struct framing framing = {0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, note_framing, &framing);
    *found = framing;
    if (framing.spaced_name || framing.hosts > 1) return HS_REJECT_MALFORMED_REQUEST;
    if (framing.conflicting_lengths) return HS_REJECT_CONFLICTING_LENGTHS;
    if (framing.transfer_encodings > 0 && framing.content_lengths > 0) return HS_REJECT_LENGTH_WITH_CODING;
    if (framing.transfer_encodings > 1) return HS_REJECT_MALFORMED_REQUEST;
    if (framing.transfer_encodings == 1 && strcasecmp(framing.coding, "chunked") != 0) {
        return strcasestr(framing.coding, "chunked") != NULL ? HS_REJECT_MALFORMED_REQUEST : HS_REJECT_UNKNOWN_CODING;
    }
    return -1;
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
static int start_decoding(hs_server *server, struct request_state *state, const struct framing *framing) {
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

static void end_decoding(struct request_state *state) {
    if (state->inflater == NULL) return;
    inflateEnd(state->inflater);
    free(state->inflater);
    state->inflater = NULL;
}

/* The headers have arrived: check framing and limits before any body byte is read. */
static enum MHD_Result on_first_call(hs_server *server, struct MHD_Connection *connection,
                                     struct request_state *state) {
    state->started = true;
    atomic_fetch_add(&server->in_flight, 1);
    struct framing framing = {0};
    int rejection = state->uri_too_long    ? HS_REJECT_URI_TOO_LONG
                    : state->nul_in_target ? HS_REJECT_NUL_IN_TARGET
                                           : framing_rejection(connection, &framing);
    if (rejection >= 0) {
        refuse(server, state, (hs_rejection)rejection);
        return answer_refusal(server, connection, state);
    }
    const char *declared =
        MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (declared == NULL) return start_decoding(server, state, &framing) == 0 ? MHD_YES : MHD_NO;
    /* libmicrohttpd has checked that the length is a number before calling us. */
    unsigned long long length = strtoull(declared, NULL, 10);
    if (length > server->max_body_bytes || (framing.content_encodings == 0 && !budget_body(server, state, (size_t)length))) {
        /* Answer before reading a byte of the body; libmicrohttpd closes the connection after it. */
        hs_rejection refusal = length > server->max_body_bytes ? HS_REJECT_BODY_TOO_LARGE : HS_REJECT_BODY_BUDGET;
        refuse(server, state, refusal);
        return answer_refusal(server, connection, state);
    }
    if (framing.content_encodings > 0) {
        /* The buffer holds the body decoded: its size is not the declared one. */
        return start_decoding(server, state, &framing) == 0 ? MHD_YES : MHD_NO;
    }
    state->declared = (size_t)length;
    size_t first = length < first_body_buffer_limit ? (size_t)length : first_body_buffer_limit;
    if (first > 0 && reserve(state, first) != 0) return MHD_NO;
    return MHD_YES;
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
            if (inflateReset(stream) != Z_OK) return HS_REJECT_BAD_GZIP;
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
        else if (result != Z_OK && result != Z_BUF_ERROR) return HS_REJECT_BAD_GZIP;
    }
    return -1;
}

static enum MHD_Result on_body_chunk(hs_server *server, struct request_state *state,
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

static enum MHD_Result queue_answer(hs_server *server, struct MHD_Connection *connection, unsigned status,
                                    struct MHD_Response *response);
static enum MHD_Result queue_deferred(hs_server *server, struct MHD_Connection *connection,
                                      struct request_state *state);

static enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url,
                                 const char *method, const char *version, const char *upload_data,
                                 size_t *upload_data_size, void **request_context) {
    hs_server *server = cls;
    struct request_state *state = *request_context;
    if (state == NULL) return MHD_NO; /* The request line callback could not allocate. */
    (void)version;
    if (!state->started) return on_first_call(server, connection, state);
    if (*upload_data_size > 0) return on_body_chunk(server, state, upload_data, upload_data_size);
    if (state->inflater != NULL && !state->refusing) {
        /* The body ended: a gzip stream cut short is refused like any other that is not gzip. */
        bool complete = state->member_ended || state->inflater->total_in == 0;
        end_decoding(state);
        if (!complete) {
            refuse(server, state, HS_REJECT_BAD_GZIP);
            return answer_refusal(server, connection, state);
        }
    }
    if (state->refusing) {
        /* A refusal made from the headers is queued already; one made while the body streamed in is
         * answered now that it has ended. */
        return state->discarded > 0 ? answer_refusal(server, connection, state) : MHD_YES;
    }
    if (state->deferred) return queue_deferred(server, connection, state);
    if (!take_answer(state)) return MHD_NO; /* Answered 408 while the last bytes were on their way. */

    struct hs_exchange exchange = {
        .connection = connection,
        .method = method,
        .path = url,
        .body = state->body != NULL ? state->body : empty_body,
        .length = state->length,
        .response = NULL,
        .status = 0,
        .state = state,
        .deferred = false,
    };
    if (state->body != NULL) memset(state->body + state->length, 0, HS_BODY_PADDING);
    server->handler(server->context, &exchange);
    if (exchange.deferred) return MHD_YES; /* Suspended: answered when the owner resumes it. */
    return queue_answer(server, connection, exchange.status, exchange.response);
}

/* Queues an answer the owner made (NULL: it made none), with `Connection: close` while draining. */
static enum MHD_Result queue_answer(hs_server *server, struct MHD_Connection *connection, unsigned status,
                                    struct MHD_Response *response) {
    if (response == NULL) return queue_rejection(server, connection, HS_REJECT_NO_ANSWER);
    if (atomic_load(&server->quiesced)) {
        /* Draining: finish this request, then close, so the client stops reusing the connection. */
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

/* The call after hs_exchange_resume: the answer made on the other thread. */
static enum MHD_Result queue_deferred(hs_server *server, struct MHD_Connection *connection,
                                      struct request_state *state) {
    struct MHD_Response *response = state->deferred_response;
    state->deferred_response = NULL;
    state->deferred = false;
    return queue_answer(server, connection, state->deferred_status, response);
}

/* Whether `text` holds "%00", which unescapes to a NUL byte. */
static bool has_encoded_nul(const char *text) {
    for (const char *escape = strchr(text, '%'); escape != NULL; escape = strchr(escape + 1, '%')) {
        if (escape[1] == '0' && escape[2] == '0') return true;
    }
    return false;
}

/* The request line has arrived: the request's state starts here, so a target over the limit is known
 * before libmicrohttpd reads the headers. */
static void *on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    hs_server *server = cls;
    struct request_state *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->uri_too_long = strlen(uri) > server->max_uri_bytes;
    state->nul_in_target = has_encoded_nul(uri);
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    state->record = info != NULL ? info->socket_context : NULL;
    return state;
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **request_context,
                         enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    hs_server *server = cls;
    struct request_state *state = *request_context;
    if (state == NULL) return;
    if (state->record != NULL) {
        atomic_fetch_add(&state->record->finished, 1);
        if (state->answering) atomic_store(&state->record->answerer, NOBODY);
    }
    release_body(server, state);
    if (state->deferred_response != NULL) MHD_destroy_response(state->deferred_response);
    if (state->started) atomic_fetch_sub(&server->in_flight, 1);
    while (state->joined != NULL) {
        struct joined_header *next = state->joined->next;
        free(state->joined);
        state->joined = next;
    }
    free(state);
    *request_context = NULL;
}

/* Keeps the registry of open connections and the connection count the acceptor enforces. */
static void on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
    hs_server *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        struct connection_record *record = calloc(1, sizeof *record);
        *socket_context = record;
        if (record == NULL) return;
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        record->fd = info != NULL ? info->connect_fd : -1;
        record->phase = WAITING;
        pthread_mutex_lock(&server->registry_lock);
        record->next = server->records;
        if (server->records != NULL) server->records->prev = record;
        server->records = record;
        pthread_mutex_unlock(&server->registry_lock);
        return;
    }
    struct connection_record *record = *socket_context;
    if (record != NULL) {
        pthread_mutex_lock(&server->registry_lock);
        if (record->prev != NULL) record->prev->next = record->next;
        else server->records = record->next;
        if (record->next != NULL) record->next->prev = record->prev;
        pthread_mutex_unlock(&server->registry_lock);
        free(record);
        *socket_context = NULL;
    }
    atomic_fetch_sub(&server->open_connections, 1);
}

/* Bytes the connection has received since it opened, from the kernel (0 if it cannot tell). */
static uint64_t bytes_received(int fd) {
    struct tcp_info info;
    memset(&info, 0, sizeof info);
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return 0;
    return info.tcpi_bytes_received;
}

/* The request deadline for one connection. Between requests a connection WAITs; the first byte past
 * the ones it had when its last request finished starts the clock (RECEIVING); the worker taking the
 * answer stops it. A request still arriving at the deadline is answered 408 by the reaper, which
 * takes the answer first, so the 408 never meets an answer a worker writes; the connection is closed
 * a tick later. */
static void reap(hs_server *server, struct connection_record *record, uint64_t now, uint64_t timeout) {
    if (record->fd < 0) return;
    unsigned answerer = atomic_load(&record->answerer), finished = atomic_load(&record->finished);
    if (answerer == REAPER) {
        shutdown(record->fd, SHUT_RDWR); /* The client had a tick to read the 408; now libmicrohttpd closes. */
        return;
    }
    if (answerer == WORKER) {
        record->phase = WAITING;
        record->seen_finished = ~finished; /* Rebase once the answer is done. */
        return;
    }
    if (finished != record->seen_finished) {
        record->seen_finished = finished;
        record->phase = WAITING;
        record->baseline_bytes = bytes_received(record->fd);
        return;
    }
    if (record->phase == WAITING) {
        if (bytes_received(record->fd) > record->baseline_bytes) {
            record->phase = RECEIVING;
            record->started_ms = now;
        }
        return;
    }
    /* Bytes the kernel holds that no worker has read yet: the delay is the server's, not the
     * client's, and the request may well have arrived in full; the clock waits for a worker. */
    int unread = 0;
    if (ioctl(record->fd, FIONREAD, &unread) == 0 && unread > 0) return;
    unsigned nobody = NOBODY;
    if (now - record->started_ms >= timeout &&
        atomic_compare_exchange_strong(&record->answerer, &nobody, REAPER)) {
        send_raw_rejection(server, record->fd, HS_REJECT_REQUEST_TIMEOUT);
    }
}

static void *reaper_loop(void *argument) {
    hs_server *server = argument;
    const uint64_t timeout = (uint64_t)server->request_timeout_seconds * 1000;
    pthread_mutex_lock(&server->registry_lock);
    while (!server->reaper_stopping) {
        uint64_t now = now_milliseconds();
        for (struct connection_record *record = server->records; record != NULL; record = record->next) {
            reap(server, record, now, timeout);
        }
        struct timespec wake;
        clock_gettime(CLOCK_MONOTONIC, &wake);
        wake.tv_nsec += 250 * 1000 * 1000;
        if (wake.tv_nsec >= 1000 * 1000 * 1000) {
            wake.tv_sec += 1;
            wake.tv_nsec -= 1000 * 1000 * 1000;
        }
        pthread_cond_timedwait(&server->reaper_wake, &server->registry_lock, &wake);
    }
    pthread_mutex_unlock(&server->registry_lock);
    return NULL;
}

static int make_address(const char *host, uint16_t port, struct sockaddr_storage *storage,
                        char *error, size_t error_capacity) {
    memset(storage, 0, sizeof *storage);
    if (host == NULL || host[0] == '\0') host = "0.0.0.0";
    struct sockaddr_in *v4 = (struct sockaddr_in *)storage;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)storage;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        return AF_INET;
    }
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        return AF_INET6;
    }
    snprintf(error, error_capacity, "host '%s' is not a numeric IPv4 or IPv6 address", host);
    return -1;
}

/* Opens the listening socket: reusable address, IPv6 only for an IPv6 host, the system's backlog. */
static int open_listener(int family, const struct sockaddr_storage *address, uint16_t *port, char *error,
                         size_t error_capacity, const char *host) {
    int listener = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0) {
        snprintf(error, error_capacity, "could not open a socket: %s", strerror(errno));
        return -1;
    }
    int on = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (family == AF_INET6) setsockopt(listener, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    socklen_t length = family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (bind(listener, (const struct sockaddr *)address, length) != 0 || listen(listener, SOMAXCONN) != 0) {
        snprintf(error, error_capacity, "could not listen on %s port %u: %s", host ? host : "0.0.0.0",
                 (unsigned)*port, strerror(errno));
        close(listener);
        return -1;
    }
    struct sockaddr_storage bound;
    length = sizeof bound;
    if (getsockname(listener, (struct sockaddr *)&bound, &length) == 0) {
        *port = ntohs(family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                         : ((struct sockaddr_in *)&bound)->sin_port);
    }
    return listener;
}

/* Accepts connections and hands them to libmicrohttpd's worker threads until the server quiesces.
 *
 * Why not let libmicrohttpd listen: its MHD_quiesce_daemon (0.9.75) takes the listening socket out of
 * every worker's epoll set while the workers may be doing the same, and treats the loser's ENOENT as
 * fatal, so a stop under traffic could abort the process. With our own listener, quiescing is
 * shutting it down: the blocked accept returns, and new connections are refused at once.
 *
 * The connection limit is ours too, so that a connection past it gets a 503 at once instead of a
 * silent close: libmicrohttpd's own limit is set where no worker reaches it (see hs_server_start),
 * which also keeps 0.9.75 from wedging for good when a worker met its limit (docs/architecture.md §7). */
static void *accept_loop(void *argument) {
    hs_server *server = argument;
    for (;;) {
        struct sockaddr_storage peer;
        socklen_t length = sizeof peer;
        int client = accept4(server->listener, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client >= 0) {
            if (atomic_fetch_add(&server->open_connections, 1) >= server->connection_limit) {
                atomic_fetch_sub(&server->open_connections, 1);
                send_raw_rejection(server, client, HS_REJECT_CONNECTION_LIMIT);
                close(client);
            } else if (MHD_add_connection(server->daemon, client, (struct sockaddr *)&peer, length) != MHD_YES) {
                /* libmicrohttpd closed it; it never started, so no close notification will come. */
                atomic_fetch_sub(&server->open_connections, 1);
            }
            continue;
        }
        if (atomic_load(&server->quiesced)) return NULL;
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
            /* Out of descriptors or memory: wait for connections to close rather than spin. */
            struct timespec pause = {.tv_sec = 0, .tv_nsec = 10 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
        /* Anything else (a client that gave up before the accept, a signal) concerns one connection. */
    }
}

/* A text with no '%' (every path of this API: its ids are hex) is already what unescaping would give;
 * strchrnul finds that out a vector at a time, where libmicrohttpd's unescaping copies byte by byte.
 * A text with "%00" is left as it is: its request is refused (HS_REJECT_NUL_IN_TARGET), and decoded,
 * the NUL would end the C string early, so "id%00zz" would read as "id". */
static size_t unescape(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    const char *escape = strchrnul(text, '%');
    if (*escape == '\0') return (size_t)(escape - text);
    if (has_encoded_nul(escape)) return strlen(text);
    return MHD_http_unescape(text);
}

/* Frees what hs_server_start set up; the daemon and threads are stopped already. */
static void destroy(hs_server *server) {
    if (server->listener >= 0) close(server->listener);
    free_rejections(server);
    pthread_cond_destroy(&server->reaper_wake);
    pthread_mutex_destroy(&server->registry_lock);
    free(server);
}

static void stop_reaper(hs_server *server) {
    if (!server->reaper_running) return;
    pthread_mutex_lock(&server->registry_lock);
    server->reaper_stopping = true;
    pthread_cond_signal(&server->reaper_wake);
    pthread_mutex_unlock(&server->registry_lock);
    pthread_join(server->reaper, NULL);
    server->reaper_running = false;
}

hs_server *hs_server_start(const hs_config *config, hs_handler handler, void *context, char *error,
                           size_t error_capacity) {
    if (error_capacity > 0) error[0] = '\0';
    struct sockaddr_storage address;
    int family = make_address(config->host, config->port, &address, error, error_capacity);
    if (family < 0) return NULL;

    hs_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        snprintf(error, error_capacity, "out of memory");
        return NULL;
    }
    server->handler = handler;
    server->context = context;
    server->rejection_headers = config->rejection_headers;
    server->log = config->log;
    server->log_context = config->log_context;
    server->max_body_bytes = config->max_body_bytes;
    server->max_uri_bytes = config->max_uri_bytes;
    server->max_inflight_body_bytes = config->max_inflight_body_bytes;
    server->connection_limit = config->connection_limit;
    server->request_timeout_seconds = config->request_timeout_seconds;
    server->port = config->port;
    server->listener = -1;
    atomic_init(&server->in_flight, 0);
    atomic_init(&server->open_connections, 0);
    atomic_init(&server->inflight_body_bytes, 0);
    atomic_init(&server->quiesced, false);
    pthread_mutex_init(&server->registry_lock, NULL);
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&server->reaper_wake, &clock);
    pthread_condattr_destroy(&clock);
    install_library_answers(config);
    if (prepare_rejections(server, config) != 0) {
        snprintf(error, error_capacity, "out of memory");
        destroy(server);
        return NULL;
    }
    server->listener = open_listener(family, &address, &server->port, error, error_capacity, config->host);
    if (server->listener < 0) {
        destroy(server);
        return NULL;
    }

    unsigned threads = config->threads;
    if (threads == 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        threads = online > 0 ? (unsigned)online : 1;
    }
    /* ITC: the acceptor's hand-over wakes the worker that takes the connection. */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_USE_NO_LISTEN_SOCKET | MHD_ALLOW_SUSPEND_RESUME;
    /* Each worker's share of libmicrohttpd's limit is the whole of ours and then some, so the
     * acceptor's count is the one that holds (see accept_loop). */
    intptr_t worker_limit = ((intptr_t)config->connection_limit + 1) * (intptr_t)threads;

    struct MHD_OptionItem options[] = {
        {MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)log_library_message, server},
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, worker_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)config->connection_timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)config->connection_memory_limit, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)on_completed, server},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)on_connection, server},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)on_request_line, server},
        {MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)unescape, NULL},
        /* Strict: an HTTP/1.1 request without Host, or with a space in its target, is refused (400). */
        {MHD_OPTION_STRICT_FOR_CLIENT, 1, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    server->daemon = MHD_start_daemon(flags, 0, NULL, NULL, on_access, server,
                                      MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (server->daemon == NULL) {
        snprintf(error, error_capacity, "libmicrohttpd could not start: %s", errno ? strerror(errno) : "unknown error");
        destroy(server);
        return NULL;
    }
    if (config->request_timeout_seconds > 0) {
        server->reaper_running = pthread_create(&server->reaper, NULL, reaper_loop, server) == 0;
    }
    if ((config->request_timeout_seconds > 0 && !server->reaper_running) ||
        pthread_create(&server->acceptor, NULL, accept_loop, server) != 0) {
        snprintf(error, error_capacity, "could not start the server's threads");
        stop_reaper(server);
        MHD_stop_daemon(server->daemon);
        destroy(server);
        return NULL;
    }
    return server;
}

uint16_t hs_server_port(const hs_server *server) { return server->port; }

size_t hs_server_in_flight(const hs_server *server) {
    return atomic_load(&((hs_server *)server)->in_flight);
}

size_t hs_server_open_connections(const hs_server *server) {
    return atomic_load(&((hs_server *)server)->open_connections);
}

size_t hs_server_inflight_body_bytes(const hs_server *server) {
    return atomic_load(&((hs_server *)server)->inflight_body_bytes);
}

void hs_server_quiesce(hs_server *server) {
    bool expected = false;
    if (atomic_compare_exchange_strong(&server->quiesced, &expected, true)) {
        /* The blocked accept returns at once, and connection attempts from now on are refused. */
        shutdown(server->listener, SHUT_RDWR);
        pthread_join(server->acceptor, NULL);
    }
}

void hs_server_stop(hs_server *server, unsigned drain_milliseconds) {
    hs_server_quiesce(server);
    /* Drain: requests in flight finish, and every answer now carries Connection: close, so busy
     * connections close themselves. Stop when none is left, or when the ones left have been idle for
     * a while (keep-alive connections nobody uses), or at the deadline. */
    const unsigned step = 2, idle_grace = 200;
    struct timespec pause = {.tv_sec = 0, .tv_nsec = step * 1000 * 1000};
    size_t quiet = 0, last = hs_server_open_connections(server);
    for (unsigned waited = 0; waited < drain_milliseconds; waited += step) {
        size_t in_flight = hs_server_in_flight(server);
        size_t open = hs_server_open_connections(server);
        quiet = (open == last && in_flight == 0) ? quiet + step : 0;
        last = open;
        if (in_flight == 0 && (open == 0 || quiet >= idle_grace)) break;
        nanosleep(&pause, NULL);
    }
    /* The reaper goes first: it must not touch a socket libmicrohttpd is about to close. */
    stop_reaper(server);
    MHD_stop_daemon(server->daemon);
    destroy(server);
}

const char *hs_exchange_method(const hs_exchange *exchange) { return exchange->method; }

const char *hs_exchange_path(const hs_exchange *exchange) { return exchange->path; }

const char *hs_exchange_header(const hs_exchange *exchange, const char *name) {
    return MHD_lookup_connection_value(exchange->connection, MHD_HEADER_KIND, name);
}

/* One pass of hs_exchange_header_list: counts and measures the lines, or (with `out`) copies them. */
struct header_join {
    const char *name;
    const char *first;
    size_t count;
    size_t length;
    char *out;
    size_t used;
};

static enum MHD_Result join_lines(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct header_join *join = cls;
    if (key == NULL || strcasecmp(key, join->name) != 0) return MHD_YES;
    const char *text = value != NULL ? value : "";
    size_t length = strlen(text);
    if (join->out == NULL) {
        if (join->count++ == 0) join->first = text;
        join->length += length + 2;
    } else if (length > 0) {
        /* An empty line adds no element (RFC 9110 §5.6.1). */
        if (join->used > 0) {
            memcpy(join->out + join->used, ", ", 2);
            join->used += 2;
        }
        memcpy(join->out + join->used, text, length);
        join->used += length;
    }
    return MHD_YES;
}

const char *hs_exchange_header_list(hs_exchange *exchange, const char *name) {
    struct header_join join = {.name = name};
    MHD_get_connection_values(exchange->connection, MHD_HEADER_KIND, join_lines, &join);
    if (join.count <= 1 || exchange->state == NULL) return join.first;
    /* At most the request's headers, which fit the connection's memory pool. */
    struct joined_header *joined = malloc(sizeof *joined + join.length + 1);
    if (joined == NULL) return join.first;
    join.out = joined->text;
    MHD_get_connection_values(exchange->connection, MHD_HEADER_KIND, join_lines, &join);
    joined->text[join.used] = '\0';
    joined->next = exchange->state->joined;
    exchange->state->joined = joined;
    return joined->text;
}

const uint8_t *hs_exchange_body(const hs_exchange *exchange, size_t *length) {
    *length = exchange->length;
    return exchange->body;
}

const char *hs_exchange_unsupported_coding(const hs_exchange *exchange) {
    return exchange->length > 0 ? exchange->state->unsupported_coding : NULL;
}

struct query_visit {
    hs_query_visitor visit;
    void *context;
};

static enum MHD_Result visit_query(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct query_visit *visit = cls;
    visit->visit(visit->context, key, value != NULL ? value : "");
    return MHD_YES;
}

void hs_exchange_each_query(const hs_exchange *exchange, hs_query_visitor visit, void *context) {
    struct query_visit state = {.visit = visit, .context = context};
    MHD_get_connection_values(exchange->connection, MHD_GET_ARGUMENT_KIND, visit_query, &state);
}

int hs_exchange_respond(hs_exchange *exchange, unsigned status, const void *body, size_t length) {
    if (exchange->response != NULL) return -1;
    exchange->response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    exchange->status = status;
    return exchange->response != NULL ? 0 : -1;
}

int hs_exchange_respond_lent(hs_exchange *exchange, unsigned status, const void *body, size_t length,
                             hs_release release, void *context) {
    if (exchange->response != NULL) {
        release(context);
        return -1;
    }
    exchange->response =
        MHD_create_response_from_buffer_with_free_callback_cls(length, (void *)body, release, context);
    if (exchange->response == NULL) {
        release(context);
        return -1;
    }
    exchange->status = status;
    return 0;
}

int hs_exchange_add_header(hs_exchange *exchange, const char *name, const char *value) {
    if (exchange->response == NULL) return -1;
    return MHD_add_response_header(exchange->response, name, value) == MHD_YES ? 0 : -1;
}

hs_exchange *hs_exchange_defer(hs_exchange *exchange) {
    if (exchange->response != NULL || exchange->deferred) return NULL;
    hs_exchange *deferred = malloc(sizeof *deferred);
    if (deferred == NULL) return NULL;
    *deferred = *exchange;
    exchange->deferred = true;
    exchange->state->deferred = true;
    MHD_suspend_connection(exchange->connection);
    return deferred;
}

void hs_exchange_resume(hs_exchange *deferred) {
    struct request_state *state = deferred->state;
    state->deferred_response = deferred->response;
    state->deferred_status = deferred->status;
    struct MHD_Connection *connection = deferred->connection;
    free(deferred);
    /* libmicrohttpd takes its lock here and the worker takes it before calling on_access again: what
     * this thread wrote above is seen there. */
    MHD_resume_connection(connection);
}

int hs_exchange_add_header_bytes(hs_exchange *exchange, const void *name, size_t name_length, const void *value,
                                 size_t value_length) {
    /* libmicrohttpd takes NUL-terminated strings (and copies them): both are terminated here, on the stack. */
    char line[HS_HEADER_BYTES_MAX + 2];
    if (name_length > HS_HEADER_BYTES_MAX || value_length > HS_HEADER_BYTES_MAX - name_length) return -1;
    memcpy(line, name, name_length);
    line[name_length] = '\0';
    memcpy(line + name_length + 1, value, value_length);
    line[name_length + 1 + value_length] = '\0';
    return hs_exchange_add_header(exchange, line, line + name_length + 1);
}
