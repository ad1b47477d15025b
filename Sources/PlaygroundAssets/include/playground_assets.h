#ifndef PLAYGROUND_ASSETS_H
#define PLAYGROUND_ASSETS_H

/*
 * The playground page and the JavaScript client, embedded in the binary at build time (C23 #embed),
 * so every layoutd (the container's too) serves them: one table, read-only, for the process's life.
 */

#include <stddef.h>

typedef struct playground_asset {
    /* The name under /playground/ ("" for the page itself). */
    const char *name;
    const unsigned char *bytes;
    size_t length;
} playground_asset;

/* The files, in no particular order; index below playground_asset_count(). */
size_t playground_asset_count(void);
const playground_asset *playground_asset_at(size_t index);

#endif
