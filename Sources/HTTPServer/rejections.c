#define _GNU_SOURCE
#include "rejections.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "deadlines.h"
#include "exchange.h"
#include "server.h"

static atomic_uint_fast64_t rejection_counts[HS_REJECTION_COUNT];

uint64_t hs_rejections_total(hs_rejection rejection) {
    return rejection < HS_REJECTION_COUNT ? atomic_load(&rejection_counts[rejection]) : 0;
}

#define HS_REJECTION_ENTRY(name, status, slug, title, when) [HS_REJECT_##name] = {#name, status, slug, title, when},
static const hs_rejection_entry catalogue[HS_REJECTION_COUNT] = {HS_REJECTIONS(HS_REJECTION_ENTRY)};
#undef HS_REJECTION_ENTRY

const hs_rejection_entry *hs_rejection_describe(hs_rejection rejection) {
    return rejection < HS_REJECTION_COUNT ? &catalogue[rejection] : &catalogue[HS_REJECT_INTERNAL];
}

unsigned hs_rejection_status(hs_rejection rejection) { return hs_rejection_describe(rejection)->status; }

static bool asks_retry(hs_rejection rejection) { return hs_rejection_status(rejection) == 503; }

static const char *rejection_type(const hs_config *config) {
    return config->rejection_content_type != NULL ? config->rejection_content_type : "text/plain";
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
int prepare_rejections(hs_server *server, const hs_config *config) {
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
    case 500: return HS_REJECT_INTERNAL;
    case 505: return HS_REJECT_HTTP_VERSION_NOT_SUPPORTED;
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

void install_library_answers(const hs_config *config) {
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

void free_rejections(hs_server *server) {
    for (int i = 0; i < HS_REJECTION_COUNT; i++) {
        if (server->rejections[i].response != NULL) MHD_destroy_response(server->rejections[i].response);
        free(server->rejections[i].raw);
    }
    free((void *)server->rejection_type);
}

/* Answers a rejection through libmicrohttpd; the connection closes after it. The owner's
 * rejection_headers, when set, adds to a copy made for this request. */
enum MHD_Result queue_rejection(hs_server *server, struct MHD_Connection *connection, hs_rejection rejection) {
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
void send_raw_rejection(hs_server *server, int fd, hs_rejection rejection) {
    atomic_fetch_add(&rejection_counts[rejection], 1);
    const struct rejection_answer *answer = &server->rejections[rejection];
    ssize_t sent = send(fd, answer->raw, answer->raw_length, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)sent; /* A peer whose buffer is full gets the close alone. */
    shutdown(fd, SHUT_WR);
}
