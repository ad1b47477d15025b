// hiredis (Debian's libhiredis-dev) as a Swift module: the system header, and one accessor, because
// Swift sees a context's fixed-size `errstr` array as a tuple of 128 characters.
#include <hiredis/hiredis.h>

static inline const char *chiredis_errstr(const redisContext *context) {
    return context->errstr;
}
