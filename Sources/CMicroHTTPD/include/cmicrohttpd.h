#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H
/* libmicrohttpd expects the platform's socket types to be declared first. */
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include "microhttpd.h"
#endif
