/*
 * The ceiling of the HTTP layer: the project's own C server module answering every request with a
 * fixed body, no parsing, no layout. `make bench` runs wrk against it and against layoutd in turns.
 *
 * Usage: http-baseline PORT THREADS BODY_BYTES
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_server.h"

static char *body;
static size_t body_length;

static void answer(void *context, hs_exchange *exchange) {
    (void)context;
    if (hs_exchange_respond(exchange, 200, body, body_length) == 0) {
        hs_exchange_add_header(exchange, "Content-Type", "application/json");
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s PORT THREADS BODY_BYTES\n", argv[0]);
        return 64;
    }
    body_length = (size_t)strtoul(argv[3], NULL, 10);
    body = malloc(body_length + 1);
    memset(body, ' ', body_length);
    if (body_length > 1) {
        body[0] = '{';
        body[body_length - 1] = '}';
    }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);

    hs_config config;
    hs_config_init(&config);
    config.host = "127.0.0.1";
    config.port = (uint16_t)atoi(argv[1]);
    config.threads = (unsigned)atoi(argv[2]);
    char error[256];
    hs_server *server = hs_server_start(&config, answer, NULL, error, sizeof error);
    if (server == NULL) {
        fprintf(stderr, "%s\n", error);
        return 1;
    }
    printf("http-baseline listening on 127.0.0.1:%u\n", hs_server_port(server));
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    hs_server_stop(server, 1000);
    free(body);
    return 0;
}
