#include "CMicroHTTPD.h"
#include <signal.h>
#include <sys/prctl.h>

struct MHD_Daemon *ipraster_mhd_start(int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                      MHD_RequestCompletedCallback completed, void *completed_context,
                                      MHD_NotifyConnectionCallback notify, void *notify_context,
                                      struct ipraster_mhd_limits limits) {
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket) listen_socket,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_address_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.memory_limit,
                            MHD_OPTION_END);
}

struct MHD_Response *ipraster_mhd_response_copy(const void *bytes, size_t count) {
    return MHD_create_response_from_buffer(count, (void *) bytes, MHD_RESPMEM_MUST_COPY);
}

int ipraster_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int) info->connect_fd;
}

void *ipraster_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

size_t ipraster_mhd_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

void ipraster_die_with_parent(void) {
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}
