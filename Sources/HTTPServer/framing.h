#ifndef HS_FRAMING_H
#define HS_FRAMING_H

/* The framing checks on a request's headers (RFC 9112) that libmicrohttpd leaves to us. */

#include <stdbool.h>

#include <microhttpd.h>

struct framing {
    unsigned content_lengths;
    bool conflicting_lengths;
    const char *first_length;
    unsigned transfer_encodings;
    const char *coding;
    unsigned hosts;
    bool spaced_name;
    unsigned content_encodings;
    const char *content_coding;
};

/* The rejection a request's headers call for, or -1 when it is well framed; fills `found`. */
int framing_rejection(struct MHD_Connection *connection, struct framing *found);

#endif
