#define _GNU_SOURCE
#include "server.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "deadlines.h"
#include "listener.h"
#include "rejections.h"
#include "request_target.h"
#include "requests.h"

/* The server's life: the configuration's defaults, start, the counters, quiesce and drain, stop. */

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

/* Frees what hs_server_start set up; the daemon and threads are stopped already. */
static void destroy(hs_server *server) {
    if (server->listener >= 0) close(server->listener);
    free_rejections(server);
    pthread_cond_destroy(&server->reaper_wake);
    pthread_mutex_destroy(&server->registry_lock);
    free(server);
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
