#define _GNU_SOURCE
#include "listener.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "rejections.h"
#include "server.h"

int make_address(const char *host, uint16_t port, struct sockaddr_storage *storage,
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
int open_listener(int family, const struct sockaddr_storage *address, uint16_t *port, char *error,
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
void *accept_loop(void *argument) {
    hs_server *server = argument;
    for (;;) {
        struct sockaddr_storage peer;
        socklen_t length = sizeof peer;
        int client = accept4(server->listener, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client >= 0) {
            if (atomic_fetch_add(&server->open_connections, 1) >= server->connection_limit) {
                atomic_fetch_sub(&server->open_connections, 1);
                send_raw_rejection(server, client, HS_REJECT_TOO_MANY_CONNECTIONS);
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
