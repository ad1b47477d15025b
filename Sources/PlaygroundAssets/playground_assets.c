#include "playground_assets.h"

/* Paths are from this file to the repository's clients/ folder; the build tracks the embedded files. */
static const unsigned char page_html[] = {
#embed "../../clients/playground/index.html"
};
static const unsigned char playground_js[] = {
#embed "../../clients/playground/playground.js"
};
static const unsigned char presets_js[] = {
#embed "../../clients/playground/presets.js"
};
static const unsigned char carousels_js[] = {
#embed "../../clients/playground/carousels.js"
};
static const unsigned char json_lines_js[] = {
#embed "../../clients/playground/json-lines.js"
};
static const unsigned char layoutd_js[] = {
#embed "../../clients/js/layoutd.js"
};
static const unsigned char band_js[] = {
#embed "../../clients/js/band.js"
};
static const unsigned char carousel_js[] = {
#embed "../../clients/js/carousel.js"
};
static const unsigned char parallax_js[] = {
#embed "../../clients/js/parallax.js"
};

#define ENTRY(name, bytes) { name, bytes, sizeof(bytes) }

static const playground_asset assets[] = {
    ENTRY("", page_html),
    ENTRY("playground.js", playground_js),
    ENTRY("presets.js", presets_js),
    ENTRY("carousels.js", carousels_js),
    ENTRY("json-lines.js", json_lines_js),
    ENTRY("layoutd.js", layoutd_js),
    ENTRY("band.js", band_js),
    ENTRY("carousel.js", carousel_js),
    ENTRY("parallax.js", parallax_js),
};

size_t playground_asset_count(void) { return sizeof(assets) / sizeof(assets[0]); }

const playground_asset *playground_asset_at(size_t index) { return &assets[index]; }
