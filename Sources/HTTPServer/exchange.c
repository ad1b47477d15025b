#define _GNU_SOURCE
#include "exchange.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "requests.h"

const uint8_t empty_body[HS_BODY_PADDING] = {0};

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
