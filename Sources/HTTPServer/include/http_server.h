#ifndef HTTP_SERVER_H
#define HTTP_SERVER_H

/*
 * A small HTTP/1.1 server over libmicrohttpd that knows nothing but HTTP.
 *
 * Threads. One acceptor thread takes connections from the listening socket (and turns away those past
 * the limit); a pool of `threads` libmicrohttpd workers, each with its own epoll set, reads requests and
 * writes answers; one reaper thread enforces the request deadline. The handler runs on a worker, for
 * one request at a time per worker and concurrently across workers; nothing else calls into the owner.
 * A handler may hand a request to a thread of its own (hs_exchange_defer): its connection waits,
 * suspended, without holding the worker, until that thread answers it (hs_exchange_resume).
 *
 * Ownership. The server owns every request buffer: the exchange and all it returns (method, path,
 * headers, query, body) are valid only during the handler call. An answer set with
 * hs_exchange_respond is copied; one set with hs_exchange_respond_lent stays the caller's until the
 * server calls its release callback, on whichever worker finishes with it. Configuration strings and
 * rejection bodies are copied by hs_server_start. Statuses and headers are plain HTTP: the owner
 * writes every body, including those of the rejections the server answers by itself.
 */

#include <stddef.h>
#include <stdint.h>

#include "rejection_catalogue.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of zeroed slack that always follow a request body, so parsers that read past the end in wide
 * vector loads (simdjson needs 64) can use the buffer in place. */
#define HS_BODY_PADDING 64

typedef struct hs_server hs_server;
typedef struct hs_exchange hs_exchange;

/* Called once per complete request, on one of the pool's worker threads, concurrently with calls on
 * the others. It must answer through one of the respond calls before it returns (else the server
 * answers HS_REJECT_INTERNAL). */
typedef void (*hs_handler)(void *context, hs_exchange *exchange);

/* Requests the server answers itself, without calling the handler, as rejection_catalogue.h lists
 * them. The owner supplies each answer's body (see hs_config.rejections); the server adds the status,
 * the content type, `Connection: close` (and `Retry-After` for the 503s) and closes the connection
 * after it. Closed: Swift imports it as an enum it can switch over exhaustively. */
#define HS_REJECTION_CASE(name, status, slug, title, when) HS_REJECT_##name,
typedef enum __attribute__((enum_extensibility(closed))) hs_rejection {
    HS_REJECTIONS(HS_REJECTION_CASE)
} hs_rejection;
#undef HS_REJECTION_CASE

/* Apart from the enum, so that the enum has no case that is not a rejection. */
#define HS_REJECTION_ONE(name, status, slug, title, when) +1
enum { HS_REJECTION_COUNT = 0 HS_REJECTIONS(HS_REJECTION_ONE) };
#undef HS_REJECTION_ONE

/* A rejection's line of the catalogue: its name (after HS_REJECT_), status line's code, the owner's
 * problem slug and title, and when it is answered. */
typedef struct hs_rejection_entry {
    const char *name;
    unsigned status;
    const char *slug;
    const char *title;
    const char *when;
} hs_rejection_entry;

const hs_rejection_entry *hs_rejection_describe(hs_rejection rejection);

/* The status line's code of each rejection. */
unsigned hs_rejection_status(hs_rejection rejection);

typedef struct hs_bytes {
    const void *bytes;
    size_t length;
} hs_bytes;

typedef struct hs_config {
    /* Numeric IPv4 or IPv6 address to bind, or NULL/"" for every IPv4 address. */
    const char *host;
    /* TCP port; 0 picks a free one (see hs_server_port). */
    uint16_t port;
    /* Worker threads; 0 means one per online CPU. */
    unsigned threads;
    /* Open connections; one more is answered HS_REJECT_TOO_MANY_CONNECTIONS and closed at once. */
    unsigned connection_limit;
    /* Seconds a connection may stay idle between requests before it is closed. */
    unsigned connection_timeout_seconds;
    /* Seconds a request may take to arrive in full, from its first byte to its last (0: no deadline);
     * past it the request is answered HS_REJECT_REQUEST_TIMEOUT. Checked four times a second. */
    unsigned request_timeout_seconds;
    /* Bytes of libmicrohttpd's per-connection memory pool (headers, read and write buffers). */
    size_t connection_memory_limit;
    /* Longest request target (path and query) accepted; longer ones are answered 414. */
    size_t max_uri_bytes;
    /* Largest request body accepted, on the wire and once inflated (Content-Encoding: gzip); larger
     * ones are answered 413. */
    size_t max_body_bytes;
    /* Bytes of request bodies being received at once, counted at their declared length (a streamed
     * or inflated body as it grows); a body that would pass it is answered 503. */
    size_t max_inflight_body_bytes;
    /* The body of each rejection and their content type, read during hs_server_start only (copied). */
    hs_bytes rejections[HS_REJECTION_COUNT];
    const char *rejection_content_type;
    /* When set, called (with the handler's context, on the refusing worker) for each rejection answered
     * after the request's headers arrived, to add headers to it: hs_exchange_header reads the
     * request's, hs_exchange_add_header adds to the answer; method and path are "", the body empty.
     * Not called for the rejections answered before the headers are read (connection limit, headers
     * too large or malformed, HTTP version) or at the request deadline (408). */
    hs_handler rejection_headers;
    /* Where libmicrohttpd's own messages go, one line each without its newline, on whichever thread
     * met the condition; NULL sends them to standard error. */
    void (*log)(void *context, const char *message);
    void *log_context;
} hs_config;

/* Fills `config` with the defaults: any address, port 8080, one thread per CPU, 1024 connections,
 * 30 s idle timeout, 30 s request deadline, 16 KiB per connection, 8 KiB targets, 8 MiB bodies,
 * 128 MiB of bodies in flight, empty rejection bodies. */
void hs_config_init(hs_config *config);

/* Starts serving. Returns NULL and writes a message into `error` when the daemon cannot start. */
hs_server *hs_server_start(const hs_config *config, hs_handler handler, void *context,
                           char *error, size_t error_capacity);

/* The port actually bound (useful with port 0). */
uint16_t hs_server_port(const hs_server *server);

/* Requests whose headers have arrived and whose answer has not been sent yet. */
size_t hs_server_in_flight(const hs_server *server);

/* Connections open now (accepted and not yet closed). */
size_t hs_server_open_connections(const hs_server *server);

/* Bytes of request bodies being received now, as counted against max_inflight_body_bytes. */
size_t hs_server_inflight_body_bytes(const hs_server *server);

/* Requests answered with `rejection` since the process started, by every server in it. */
uint64_t hs_rejections_total(hs_rejection rejection);

/* Stops accepting new connections; requests on open connections still complete. Idempotent. */
void hs_server_quiesce(hs_server *server);

/* Quiesces, waits up to `drain_milliseconds` for in-flight requests, closes every connection and
 * frees the server. Call exactly once. */
void hs_server_stop(hs_server *server, unsigned drain_milliseconds);

/* ---- The exchange: one request and its answer, valid only inside the handler call. ---- */

const char *hs_exchange_method(const hs_exchange *exchange);
/* The path without the query string, percent-decoded. */
const char *hs_exchange_path(const hs_exchange *exchange);
/* A request header by case-insensitive name, or NULL. */
const char *hs_exchange_header(const hs_exchange *exchange, const char *name);
/* A list-valued header (RFC 9110 §5.3): its field lines joined with ", " into one value, valid while
 * the request is; NULL when absent. */
const char *hs_exchange_header_list(hs_exchange *exchange, const char *name);
/* The body and its length; followed by HS_BODY_PADDING zero bytes. Never NULL. A body sent with
 * `Content-Encoding: gzip` (or x-gzip) arrives inflated, as it was read. */
const uint8_t *hs_exchange_body(const hs_exchange *exchange, size_t *length);
/* The request's Content-Encoding when the body is not empty and the server did not decode it (any
 * coding but gzip, x-gzip and identity, or a list of them), or NULL: its owner answers 415. */
const char *hs_exchange_unsupported_coding(const hs_exchange *exchange);
/* Calls `visit` with every query-string argument in order (value "" when absent). */
typedef void (*hs_query_visitor)(void *context, const char *name, const char *value);
void hs_exchange_each_query(const hs_exchange *exchange, hs_query_visitor visit, void *context);

/* Sets the answer; the body is copied. Returns 0 on success. Call once (this or the lent form). */
int hs_exchange_respond(hs_exchange *exchange, unsigned status, const void *body, size_t length);
/* Sets the answer without copying the body: the server reads it until the answer is sent (or the
 * connection is gone), then calls release(context), from whichever thread that happens on. release is
 * also called when this fails. Returns 0 on success. Call once (this or the copying form). */
typedef void (*hs_release)(void *context);
int hs_exchange_respond_lent(hs_exchange *exchange, unsigned status, const void *body, size_t length,
                             hs_release release, void *context);
/* Adds a header to the answer set by either respond call (values are copied). Returns 0 on success. */
int hs_exchange_add_header(hs_exchange *exchange, const char *name, const char *value);
/* The same for a name and value given as bytes and lengths (not NUL-terminated), at most
 * HS_HEADER_BYTES_MAX bytes together; longer ones are refused (-1). */
#define HS_HEADER_BYTES_MAX 1022
int hs_exchange_add_header_bytes(hs_exchange *exchange, const void *name, size_t name_length, const void *value,
                                 size_t value_length);

/* Hands the request to another thread: the connection is suspended (no worker waits for it), and the
 * returned exchange, valid until hs_exchange_resume, is answered there with the respond and header
 * calls; the request's method, path, headers, query and body stay valid until then too. Call at most
 * once, from the handler, before any respond call; NULL (and nothing suspended) when it cannot. */
hs_exchange *hs_exchange_defer(hs_exchange *exchange);
/* Sends the answer set on a deferred exchange (none set: HS_REJECT_INTERNAL) and frees the exchange.
 * Call once, from any thread. */
void hs_exchange_resume(hs_exchange *deferred);

#ifdef __cplusplus
}
#endif

#endif
