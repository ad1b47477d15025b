#define _GNU_SOURCE
#include "requests.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bodies.h"
#include "deadlines.h"
#include "exchange.h"
#include "framing.h"
#include "rejections.h"
#include "request_target.h"
#include "server.h"

/* Answers a refusal, unless the request deadline has answered first. */
static enum MHD_Result answer_refusal(hs_server *server, struct MHD_Connection *connection,
                                      struct request_state *state) {
    return take_answer(state) ? queue_rejection(server, connection, state->refusal) : MHD_NO;
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

static enum MHD_Result queue_answer(hs_server *server, struct MHD_Connection *connection, unsigned status,
                                    struct MHD_Response *response);
static enum MHD_Result queue_deferred(hs_server *server, struct MHD_Connection *connection,
                                      struct request_state *state);

enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url,
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
            refuse(server, state, HS_REJECT_MALFORMED_GZIP_BODY);
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
    if (response == NULL) return queue_rejection(server, connection, HS_REJECT_INTERNAL);
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

/* The request line has arrived: the request's state starts here, so a target over the limit is known
 * before libmicrohttpd reads the headers. */
void *on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    hs_server *server = cls;
    struct request_state *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->uri_too_long = strlen(uri) > server->max_uri_bytes;
    state->nul_in_target = has_encoded_nul(uri);
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    state->record = info != NULL ? info->socket_context : NULL;
    return state;
}

void on_completed(void *cls, struct MHD_Connection *connection, void **request_context,
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
