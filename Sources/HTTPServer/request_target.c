#define _GNU_SOURCE
#include "request_target.h"

#include <string.h>

/* Whether `text` holds "%00", which unescapes to a NUL byte. */
bool has_encoded_nul(const char *text) {
    for (const char *escape = strchr(text, '%'); escape != NULL; escape = strchr(escape + 1, '%')) {
        if (escape[1] == '0' && escape[2] == '0') return true;
    }
    return false;
}

/* A text with no '%' (every path of this API: its ids are hex) is already what unescaping would give;
 * strchrnul finds that out a vector at a time, where libmicrohttpd's unescaping copies byte by byte.
 * A text with "%00" is left as it is: its request is refused (HS_REJECT_NUL_IN_TARGET), and decoded,
 * the NUL would end the C string early, so "id%00zz" would read as "id". */
size_t unescape(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    const char *escape = strchrnul(text, '%');
    if (*escape == '\0') return (size_t)(escape - text);
    if (has_encoded_nul(escape)) return strlen(text);
    return MHD_http_unescape(text);
}
