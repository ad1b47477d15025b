#define _GNU_SOURCE
#include "http_server.h"

#include <arpa/inet.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

struct hs_server {
    struct MHD_Daemon *daemon;
    hs_handler handler;
    void *context;
    size_t max_body_bytes;
    uint16_t port;
    atomic_size_t in_flight;
    atomic_bool quiesced;
    /* The listening socket, ours rather than libmicrohttpd's (see accept_loop). */
    int listener;
    pthread_t acceptor;
};

/* Per-request state, created on the first access call and freed in the completed callback. */
struct request_state {
    uint8_t *body;
    size_t length;
    size_t capacity;
    /* Bytes thrown away after the body went over the cap; bounded so a client cannot stream forever. */
    size_t discarded;
    int too_large;
};

struct hs_exchange {
    struct MHD_Connection *connection;
    const char *method;
    const char *path;
    const uint8_t *body;
    size_t length;
    struct MHD_Response *response;
    unsigned status;
};

static const uint8_t empty_body[HS_BODY_PADDING] = {0};
static atomic_uint_fast64_t rejected_bodies = 0;

uint64_t hs_rejected_bodies_total(void) { return atomic_load(&rejected_bodies); }

void hs_config_init(hs_config *config) {
    memset(config, 0, sizeof *config);
    config->host = NULL;
    config->port = 8080;
    config->threads = 0;
    config->connection_limit = 1024;
    config->connection_timeout_seconds = 30;
    config->connection_memory_limit = 16 * 1024;
    config->max_body_bytes = 8 * 1024 * 1024;
}

static struct MHD_Response *problem_response(unsigned status, const char *slug, const char *title,
                                             const char *detail) {
    char body[512];
    int length = snprintf(body, sizeof body,
                          "{\"type\":\"/problems/%s\",\"title\":\"%s\",\"status\":%u,\"detail\":\"%s\"}",
                          slug, title, status, detail);
    if (length < 0) return NULL;
    if ((size_t)length >= sizeof body) length = (int)sizeof body - 1;
    struct MHD_Response *response =
        MHD_create_response_from_buffer((size_t)length, body, MHD_RESPMEM_MUST_COPY);
    if (response != NULL) {
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/problem+json");
    }
    return response;
}

/* Answers a problem and closes the connection: the rest of the request is not read. */
static enum MHD_Result queue_problem(struct MHD_Connection *connection, unsigned status,
                                     const char *slug, const char *title, const char *detail) {
    struct MHD_Response *response = problem_response(status, slug, title, detail);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result queue_too_large(struct MHD_Connection *connection, size_t cap) {
    atomic_fetch_add(&rejected_bodies, 1);
    char detail[128];
    snprintf(detail, sizeof detail, "The request body is larger than the limit of %zu bytes.", cap);
    return queue_problem(connection, 413, "body-too-large", "Content Too Large",
                         detail);
}

/* Grows the body buffer to hold `needed` bytes plus the zeroed padding: exactly that much for a body
 * of declared length (most are a few hundred bytes, which malloc serves from its per-thread cache),
 * doubling for one that streams in. */
static int reserve(struct request_state *state, size_t needed) {
    if (needed <= state->capacity) return 0;
    size_t capacity = state->capacity * 2;
    if (capacity < needed) capacity = needed;
    uint8_t *body = realloc(state->body, capacity + HS_BODY_PADDING);
    if (body == NULL) return -1;
    state->body = body;
    state->capacity = capacity;
    return 0;
}

static enum MHD_Result on_first_call(hs_server *server, struct MHD_Connection *connection,
                                     void **request_context) {
    struct request_state *state = calloc(1, sizeof *state);
    if (state == NULL) return MHD_NO;
    *request_context = state;
    atomic_fetch_add(&server->in_flight, 1);

    const char *declared =
        MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (declared == NULL) return MHD_YES;
    errno = 0;
    char *end = NULL;
    unsigned long long length = strtoull(declared, &end, 10);
    if (errno != 0 || end == declared || *end != '\0') {
        state->too_large = 1;
        return queue_problem(connection, 400, "malformed-request", "Bad Request",
                             "The Content-Length header is not a number.");
    }
    if (length > server->max_body_bytes) {
        /* Answer before reading a byte of the body; libmicrohttpd closes the connection after it. */
        state->too_large = 1;
        return queue_too_large(connection, server->max_body_bytes);
    }
    if (length > 0 && reserve(state, (size_t)length) != 0) return MHD_NO;
    return MHD_YES;
}

/* How many bytes past the cap a streamed body may still send to get its 413: enough for any honest
 * client that misjudged the size, bounded so that an endless stream is cut off, not read forever. */
static size_t discard_limit(size_t cap) {
    const size_t floor = 64 * 1024 * 1024;
    return cap > floor / 8 ? cap * 8 : floor;
}

static enum MHD_Result on_body_chunk(hs_server *server, struct request_state *state,
                                     const char *data, size_t *size) {
    size_t chunk = *size;
    *size = 0;
    if (!state->too_large && state->length + chunk > server->max_body_bytes) {
        state->too_large = 1;
        free(state->body);
        state->body = NULL;
        state->length = state->capacity = 0;
    }
    if (state->too_large) {
        /* libmicrohttpd only lets us answer once the body has ended, so we read on and throw the bytes
         * away, but no further than discard_limit: past that the client is cut off. */
        state->discarded += chunk;
        return state->discarded > discard_limit(server->max_body_bytes) ? MHD_NO : MHD_YES;
    }
    if (reserve(state, state->length + chunk) != 0) return MHD_NO;
    memcpy(state->body + state->length, data, chunk);
    state->length += chunk;
    return MHD_YES;
}

static enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url,
                                 const char *method, const char *version, const char *upload_data,
                                 size_t *upload_data_size, void **request_context) {
    (void)version;
    hs_server *server = cls;
    struct request_state *state = *request_context;
    if (state == NULL) return on_first_call(server, connection, request_context);
    if (*upload_data_size > 0) return on_body_chunk(server, state, upload_data, upload_data_size);
    if (state->too_large) {
        /* The early answer (from Content-Length) is already queued; a streamed body ends here. */
        return state->discarded > 0 ? queue_too_large(connection, server->max_body_bytes) : MHD_YES;
    }

    struct hs_exchange exchange = {
        .connection = connection,
        .method = method,
        .path = url,
        .body = state->body != NULL ? state->body : empty_body,
        .length = state->length,
        .response = NULL,
        .status = 0,
    };
    if (state->body != NULL) memset(state->body + state->length, 0, HS_BODY_PADDING);
    server->handler(server->context, &exchange);
    if (exchange.response == NULL) {
        return queue_problem(connection, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal",
                             "Internal Server Error", "The handler produced no answer.");
    }
    if (atomic_load(&server->quiesced)) {
        /* Draining: finish this request, then close, so the client stops reusing the connection. */
        MHD_add_response_header(exchange.response, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    enum MHD_Result result = MHD_queue_response(connection, exchange.status, exchange.response);
    MHD_destroy_response(exchange.response);
    return result;
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **request_context,
                         enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    hs_server *server = cls;
    struct request_state *state = *request_context;
    if (state == NULL) return;
    free(state->body);
    free(state);
    *request_context = NULL;
    atomic_fetch_sub(&server->in_flight, 1);
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
 * shutting it down: the blocked accept returns, and new connections are refused at once. */
static void *accept_loop(void *argument) {
    hs_server *server = argument;
    for (;;) {
        struct sockaddr_storage peer;
        socklen_t length = sizeof peer;
        int client = accept4(server->listener, (struct sockaddr *)&peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client >= 0) {
            /* At the connection limit libmicrohttpd refuses it and closes it itself. */
            MHD_add_connection(server->daemon, client, (struct sockaddr *)&peer, length);
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

/* libmicrohttpd's own unescaping copies the path (and each query argument) a byte at a time. A text
 * with no '%' (every path of this API: its ids are hex) is already what unescaping would give, and
 * strchrnul finds that out a vector at a time, in a tenth of the instructions for a layout's path. */
static size_t unescape(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    const char *escape = strchrnul(text, '%');
    if (*escape == '\0') return (size_t)(escape - text);
    return MHD_http_unescape(text);
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
    server->max_body_bytes = config->max_body_bytes;
    server->port = config->port;
    atomic_init(&server->in_flight, 0);
    atomic_init(&server->quiesced, false);
    server->listener = open_listener(family, &address, &server->port, error, error_capacity, config->host);
    if (server->listener < 0) {
        free(server);
        return NULL;
    }

    unsigned threads = config->threads;
    if (threads == 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        threads = online > 0 ? (unsigned)online : 1;
    }
    /* ITC: the acceptor's hand-over wakes the worker that takes the connection. */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_USE_NO_LISTEN_SOCKET;

    struct MHD_OptionItem options[] = {
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)config->connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)config->connection_timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)config->connection_memory_limit, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)on_completed, server},
        {MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)unescape, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    server->daemon = MHD_start_daemon(flags, 0, NULL, NULL, on_access, server,
                                      MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (server->daemon == NULL) {
        snprintf(error, error_capacity, "libmicrohttpd could not start: %s", errno ? strerror(errno) : "unknown error");
        close(server->listener);
        free(server);
        return NULL;
    }
    if (pthread_create(&server->acceptor, NULL, accept_loop, server) != 0) {
        snprintf(error, error_capacity, "could not start the accepting thread");
        MHD_stop_daemon(server->daemon);
        close(server->listener);
        free(server);
        return NULL;
    }
    return server;
}

uint16_t hs_server_port(const hs_server *server) { return server->port; }

size_t hs_server_in_flight(const hs_server *server) {
    return atomic_load(&((hs_server *)server)->in_flight);
}

void hs_server_quiesce(hs_server *server) {
    bool expected = false;
    if (atomic_compare_exchange_strong(&server->quiesced, &expected, true)) {
        /* The blocked accept returns at once, and connection attempts from now on are refused. */
        shutdown(server->listener, SHUT_RDWR);
        pthread_join(server->acceptor, NULL);
    }
}

static unsigned open_connections(hs_server *server) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info != NULL ? info->num_connections : 0;
}

void hs_server_stop(hs_server *server, unsigned drain_milliseconds) {
    hs_server_quiesce(server);
    /* Drain: requests in flight finish, and every answer now carries Connection: close, so busy
     * connections close themselves. Stop when none is left, or when the ones left have been idle for
     * a while (keep-alive connections nobody uses), or at the deadline. */
    const unsigned step = 2, idle_grace = 200;
    struct timespec pause = {.tv_sec = 0, .tv_nsec = step * 1000 * 1000};
    unsigned quiet = 0, last = open_connections(server);
    for (unsigned waited = 0; waited < drain_milliseconds; waited += step) {
        size_t in_flight = hs_server_in_flight(server);
        unsigned open = open_connections(server);
        quiet = (open == last && in_flight == 0) ? quiet + step : 0;
        last = open;
        if (in_flight == 0 && (open == 0 || quiet >= idle_grace)) break;
        nanosleep(&pause, NULL);
    }
    MHD_stop_daemon(server->daemon);
    close(server->listener);
    free(server);
}

const char *hs_exchange_method(const hs_exchange *exchange) { return exchange->method; }

const char *hs_exchange_path(const hs_exchange *exchange) { return exchange->path; }

const char *hs_exchange_header(const hs_exchange *exchange, const char *name) {
    return MHD_lookup_connection_value(exchange->connection, MHD_HEADER_KIND, name);
}

const uint8_t *hs_exchange_body(const hs_exchange *exchange, size_t *length) {
    *length = exchange->length;
    return exchange->body;
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
