#ifndef HS_REQUEST_TARGET_H
#define HS_REQUEST_TARGET_H

/* The request target (path and query): the %00 check and the fast unescaping. */

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

/* Whether `text` holds "%00" (on_request_line refuses such a target). */
bool has_encoded_nul(const char *text);
/* libmicrohttpd's unescape callback (MHD_OPTION_UNESCAPE_CALLBACK). */
size_t unescape(void *context, struct MHD_Connection *connection, char *text);

#endif
