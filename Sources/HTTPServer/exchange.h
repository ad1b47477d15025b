#ifndef HS_EXCHANGE_H
#define HS_EXCHANGE_H

/* The exchange the handler is given: one request and the answer it sets (http_server.h's API). */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>

#include "http_server.h"

struct request_state;

struct hs_exchange {
    struct MHD_Connection *connection;
    const char *method;
    const char *path;
    const uint8_t *body;
    size_t length;
    struct MHD_Response *response;
    unsigned status;
    struct request_state *state;
    /* The handler handed the request to another thread (hs_exchange_defer). */
    bool deferred;
};

/* The body of a request that has none: HS_BODY_PADDING zero bytes, never NULL. */
extern const uint8_t empty_body[HS_BODY_PADDING];

#endif
