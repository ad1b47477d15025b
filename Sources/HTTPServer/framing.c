#define _GNU_SOURCE
#include "framing.h"

#include <string.h>
#include <strings.h>

#include "http_server.h"

static enum MHD_Result note_framing(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct framing *framing = cls;
    /* A name is a token: libmicrohttpd keeps white space before the colon in it (RFC 9112 5.1: 400). */
    if (key[strcspn(key, " \t")] != '\0') framing->spaced_name = true;
    /* By the first letter: most headers (Accept…, User-Agent) are none of these and cost no compare. */
    switch (key[0] | 0x20) {
    case 'c':
        if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
            if (framing->content_lengths++ == 0) framing->first_length = value;
            else if (strcmp(framing->first_length, value) != 0) framing->conflicting_lengths = true;
        } else if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_ENCODING) == 0) {
            framing->content_encodings++;
            framing->content_coding = value;
        }
        break;
    case 't':
        if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
            framing->transfer_encodings++;
            framing->coding = value;
        }
        break;
    case 'h':
        if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) framing->hosts++;
        break;
    default: break;
    }
    return MHD_YES;
}

/* RFC 9112's framing rules that libmicrohttpd 0.9.75 does not enforce itself: a header name with white
 * space (5.1), several Host lines (3.2), differing lengths, or a length beside a transfer coding (6.3:
 * the request-smuggling pairs), and any transfer coding but exactly one `chunked` (6.1: 501 for a
 * coding the server does not know, 400 when chunked is combined). -1 when the request is well framed;
 * libmicrohttpd's strict mode has already refused a missing Host and a space in the target. */
int framing_rejection(struct MHD_Connection *connection, struct framing *found) {
    struct framing framing = {0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, note_framing, &framing);
    *found = framing;
    if (framing.spaced_name || framing.hosts > 1) return HS_REJECT_MALFORMED_REQUEST;
    if (framing.conflicting_lengths) return HS_REJECT_CONFLICTING_CONTENT_LENGTHS;
    if (framing.transfer_encodings > 0 && framing.content_lengths > 0) {
        return HS_REJECT_CONTENT_LENGTH_WITH_TRANSFER_ENCODING;
    }
    if (framing.transfer_encodings > 1) return HS_REJECT_MALFORMED_REQUEST;
    if (framing.transfer_encodings == 1 && strcasecmp(framing.coding, "chunked") != 0) {
        bool with_chunked = strcasestr(framing.coding, "chunked") != NULL;
        return with_chunked ? HS_REJECT_MALFORMED_REQUEST : HS_REJECT_UNSUPPORTED_TRANSFER_CODING;
    }
    return -1;
}
