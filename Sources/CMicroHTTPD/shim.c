// libmicrohttpd, opened on first use: only `ipraster serve` needs it, and linking it would load it and GnuTLS (which
// Debian's libmicrohttpd links) into every one-shot render — 2.3 MB of resident memory for nothing (issue 44). The
// library is opened with dlopen by its Debian 12 soname when the service starts a daemon; every function the service
// calls goes through the pointers resolved then. <microhttpd.h> still gives the types and constants at compile time.
#include "CMicroHTTPD.h"
#include "ipr_library_loader.h"
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>

static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *, MHD_AccessHandlerCallback, void *, ...);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *);
    void (*stop_daemon)(struct MHD_Daemon *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
    void (*suspend_connection)(struct MHD_Connection *);
    void (*resume_connection)(struct MHD_Connection *);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
} api;

static const char *const names[] = {
    "MHD_start_daemon", "MHD_quiesce_daemon", "MHD_stop_daemon", "MHD_create_response_from_buffer", "MHD_add_response_header",
    "MHD_queue_response", "MHD_destroy_response", "MHD_suspend_connection", "MHD_resume_connection",
    "MHD_get_connection_values", "MHD_get_connection_info",
};
static void *symbols[sizeof names / sizeof names[0]];
static ipr_lazy_library library = IPR_LAZY_LIBRARY(IPRASTER_MHD_SONAME, names, symbols);
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error;

static void load(void) {
    load_error = ipr_lazy_library_load(&library);
    if (load_error != NULL) return;
    *(void **) &api.start_daemon = symbols[0];
    *(void **) &api.quiesce_daemon = symbols[1];
    *(void **) &api.stop_daemon = symbols[2];
    *(void **) &api.create_response_from_buffer = symbols[3];
    *(void **) &api.add_response_header = symbols[4];
    *(void **) &api.queue_response = symbols[5];
    *(void **) &api.destroy_response = symbols[6];
    *(void **) &api.suspend_connection = symbols[7];
    *(void **) &api.resume_connection = symbols[8];
    *(void **) &api.get_connection_values = symbols[9];
    *(void **) &api.get_connection_info = symbols[10];
}

const char *ipraster_mhd_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

struct MHD_Daemon *ipraster_mhd_start(int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                      MHD_RequestCompletedCallback completed, void *completed_context,
                                      MHD_NotifyConnectionCallback notify, void *notify_context,
                                      struct ipraster_mhd_limits limits) {
    if (ipraster_mhd_load() != NULL) return NULL;
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    return api.start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket) listen_socket,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_address_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.memory_limit,
                            MHD_OPTION_END);
}

// A daemon exists only once the library is loaded, so the functions below (called with a daemon's connections and
// responses) find their pointers set.

int ipraster_mhd_quiesce(struct MHD_Daemon *daemon) { return (int) api.quiesce_daemon(daemon); }

void ipraster_mhd_stop(struct MHD_Daemon *daemon) { api.stop_daemon(daemon); }

struct MHD_Response *ipraster_mhd_response_copy(const void *bytes, size_t count) {
    return api.create_response_from_buffer(count, (void *) bytes, MHD_RESPMEM_MUST_COPY);
}

void ipraster_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
    api.add_response_header(response, name, value);
}

void ipraster_mhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    api.queue_response(connection, status, response);
}

void ipraster_mhd_destroy_response(struct MHD_Response *response) { api.destroy_response(response); }

void ipraster_mhd_suspend(struct MHD_Connection *connection) { api.suspend_connection(connection); }

void ipraster_mhd_resume(struct MHD_Connection *connection) { api.resume_connection(connection); }

int ipraster_mhd_values(struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *context) {
    return api.get_connection_values(connection, kind, iterator, context);
}

int ipraster_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int) info->connect_fd;
}

void *ipraster_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

size_t ipraster_mhd_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

void ipraster_die_with_parent(void) {
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}
