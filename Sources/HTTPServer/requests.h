#ifndef HS_REQUESTS_H
#define HS_REQUESTS_H

/* A request's life through libmicrohttpd's callbacks: its state from the request line to the
 * completed callback, the checks on its headers, the handler's call and the answer's queueing. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>
#include <zlib.h>

#include "http_server.h"

/* A list-valued header's field lines joined (hs_exchange_header_list), freed with the request. */
struct joined_header {
    struct joined_header *next;
    char text[];
};

/* Per-request state, created when the request line arrives and freed in the completed callback. */
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

/* libmicrohttpd's URI log callback (MHD_OPTION_URI_LOG_CALLBACK): creates the request's state. */
void *on_request_line(void *cls, const char *uri, struct MHD_Connection *connection);
/* libmicrohttpd's access handler: the headers, each body chunk, then the handler's call. */
enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                          const char *version, const char *upload_data, size_t *upload_data_size,
                          void **request_context);
/* libmicrohttpd's completed callback (MHD_OPTION_NOTIFY_COMPLETED): frees the request's state. */
void on_completed(void *cls, struct MHD_Connection *connection, void **request_context,
                  enum MHD_RequestTerminationCode code);

#endif
