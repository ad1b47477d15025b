#ifndef HS_DEADLINES_H
#define HS_DEADLINES_H

/* The request deadline: the registry of open connections and the reaper thread that walks it. */

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <microhttpd.h>

#include "http_server.h"

struct request_state;

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

/* Who holds a connection's answer (connection_record.answerer). */
enum { NOBODY, WORKER, REAPER };

/* libmicrohttpd's connection notification (MHD_OPTION_NOTIFY_CONNECTION). */
void on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                   enum MHD_ConnectionNotificationCode code);
/* Takes the connection's answer for the request's worker; false when the reaper answered 408. */
bool take_answer(struct request_state *state);
/* The reaper thread, started by hs_server_start when there is a request deadline. */
void *reaper_loop(void *argument);
/* Stops the reaper and waits for it, if it runs: before the daemon stops. */
void stop_reaper(hs_server *server);

#endif
