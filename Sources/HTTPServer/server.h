#ifndef HS_SERVER_H
#define HS_SERVER_H

/* The server's state, shared by every file of the module: what hs_server_start sets up and each
 * concern (listener, deadlines, bodies, rejections) reads or counts in. */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>

#include "http_server.h"

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

#endif
