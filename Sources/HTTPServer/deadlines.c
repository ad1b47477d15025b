#define _GNU_SOURCE
#include "deadlines.h"

#include <linux/tcp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>

#include "rejections.h"
#include "requests.h"
#include "server.h"

static uint64_t now_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000;
}

/* Takes the connection's answer for this request's worker; false when the reaper has answered 408
 * already, and the worker must close instead. */
bool take_answer(struct request_state *state) {
    if (state->record == NULL || state->answering) return true;
    unsigned nobody = NOBODY;
    state->answering = atomic_compare_exchange_strong(&state->record->answerer, &nobody, WORKER);
    return state->answering;
}

/* Keeps the registry of open connections and the connection count the acceptor enforces. */
void on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                   enum MHD_ConnectionNotificationCode code) {
    hs_server *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        struct connection_record *record = calloc(1, sizeof *record);
        *socket_context = record;
        if (record == NULL) return;
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        record->fd = info != NULL ? info->connect_fd : -1;
        record->phase = WAITING;
        pthread_mutex_lock(&server->registry_lock);
        record->next = server->records;
        if (server->records != NULL) server->records->prev = record;
        server->records = record;
        pthread_mutex_unlock(&server->registry_lock);
        return;
    }
    struct connection_record *record = *socket_context;
    if (record != NULL) {
        pthread_mutex_lock(&server->registry_lock);
        if (record->prev != NULL) record->prev->next = record->next;
        else server->records = record->next;
        if (record->next != NULL) record->next->prev = record->prev;
        pthread_mutex_unlock(&server->registry_lock);
        free(record);
        *socket_context = NULL;
    }
    atomic_fetch_sub(&server->open_connections, 1);
}

/* Bytes the connection has received since it opened, from the kernel (0 if it cannot tell). */
static uint64_t bytes_received(int fd) {
    struct tcp_info info;
    memset(&info, 0, sizeof info);
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return 0;
    return info.tcpi_bytes_received;
}

/* The request deadline for one connection. Between requests a connection WAITs; the first byte past
 * the ones it had when its last request finished starts the clock (RECEIVING); the worker taking the
 * answer stops it. A request still arriving at the deadline is answered 408 by the reaper, which
 * takes the answer first, so the 408 never meets an answer a worker writes; the connection is closed
 * a tick later. */
static void reap(hs_server *server, struct connection_record *record, uint64_t now, uint64_t timeout) {
    if (record->fd < 0) return;
    unsigned answerer = atomic_load(&record->answerer), finished = atomic_load(&record->finished);
    if (answerer == REAPER) {
        shutdown(record->fd, SHUT_RDWR); /* The client had a tick to read the 408; now libmicrohttpd closes. */
        return;
    }
    if (answerer == WORKER) {
        record->phase = WAITING;
        record->seen_finished = ~finished; /* Rebase once the answer is done. */
        return;
    }
    if (finished != record->seen_finished) {
        record->seen_finished = finished;
        record->phase = WAITING;
        record->baseline_bytes = bytes_received(record->fd);
        return;
    }
    if (record->phase == WAITING) {
        if (bytes_received(record->fd) > record->baseline_bytes) {
            record->phase = RECEIVING;
            record->started_ms = now;
        }
        return;
    }
    /* Bytes the kernel holds that no worker has read yet: the delay is the server's, not the
     * client's, and the request may well have arrived in full; the clock waits for a worker. */
    int unread = 0;
    if (ioctl(record->fd, FIONREAD, &unread) == 0 && unread > 0) return;
    unsigned nobody = NOBODY;
    if (now - record->started_ms >= timeout &&
        atomic_compare_exchange_strong(&record->answerer, &nobody, REAPER)) {
        send_raw_rejection(server, record->fd, HS_REJECT_REQUEST_TIMEOUT);
    }
}

void *reaper_loop(void *argument) {
    hs_server *server = argument;
    const uint64_t timeout = (uint64_t)server->request_timeout_seconds * 1000;
    pthread_mutex_lock(&server->registry_lock);
    while (!server->reaper_stopping) {
        uint64_t now = now_milliseconds();
        for (struct connection_record *record = server->records; record != NULL; record = record->next) {
            reap(server, record, now, timeout);
        }
        struct timespec wake;
        clock_gettime(CLOCK_MONOTONIC, &wake);
        wake.tv_nsec += 250 * 1000 * 1000;
        if (wake.tv_nsec >= 1000 * 1000 * 1000) {
            wake.tv_sec += 1;
            wake.tv_nsec -= 1000 * 1000 * 1000;
        }
        pthread_cond_timedwait(&server->reaper_wake, &server->registry_lock, &wake);
    }
    pthread_mutex_unlock(&server->registry_lock);
    return NULL;
}

void stop_reaper(hs_server *server) {
    if (!server->reaper_running) return;
    pthread_mutex_lock(&server->registry_lock);
    server->reaper_stopping = true;
    pthread_cond_signal(&server->reaper_wake);
    pthread_mutex_unlock(&server->registry_lock);
    pthread_join(server->reaper, NULL);
    server->reaper_running = false;
}
