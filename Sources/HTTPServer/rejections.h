#ifndef HS_REJECTIONS_H
#define HS_REJECTIONS_H

/* The requests the server answers itself: each rejection's answer, built once, how it is sent
 * (through libmicrohttpd or raw on a socket), and the process-wide counts. */

#include <microhttpd.h>

#include "http_server.h"

/* Builds each rejection's answer for hs_server_start; -1 when out of memory. */
int prepare_rejections(hs_server *server, const hs_config *config);
/* Frees what prepare_rejections built (also after it failed part way). */
void free_rejections(hs_server *server);
/* Installs the answers libmicrohttpd sends by itself, from the first server started. */
void install_library_answers(const hs_config *config);
/* Answers a rejection through libmicrohttpd; the connection closes after it. */
enum MHD_Result queue_rejection(hs_server *server, struct MHD_Connection *connection, hs_rejection rejection);
/* Writes a rejection raw to a socket libmicrohttpd is not writing to (the acceptor's, the reaper's). */
void send_raw_rejection(hs_server *server, int fd, hs_rejection rejection);

#endif
