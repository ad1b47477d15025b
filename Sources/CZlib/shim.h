// zlib as a Swift module: the system header, nothing more.
#include <zlib.h>
