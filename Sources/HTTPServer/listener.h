#ifndef HS_LISTENER_H
#define HS_LISTENER_H

/* The listening socket, ours rather than libmicrohttpd's, and the acceptor thread on it. */

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* Parses a numeric host into `storage`: its address family, or -1 with a message in `error`. */
int make_address(const char *host, uint16_t port, struct sockaddr_storage *storage, char *error,
                 size_t error_capacity);
/* Opens the listening socket and reads back the port bound; -1 with a message in `error`. */
int open_listener(int family, const struct sockaddr_storage *address, uint16_t *port, char *error,
                  size_t error_capacity, const char *host);
/* The acceptor thread: hands connections to libmicrohttpd until the server quiesces. */
void *accept_loop(void *argument);

#endif
