#include "CMicroHTTPD.h"

struct MHD_Daemon *ipraster_mhd_start(int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                      MHD_RequestCompletedCallback completed, void *completed_context,
                                      unsigned int connection_limit, unsigned int connection_timeout) {
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket) listen_socket,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                            MHD_OPTION_END);
}

struct MHD_Response *ipraster_mhd_response_copy(const void *bytes, size_t count) {
    return MHD_create_response_from_buffer(count, (void *) bytes, MHD_RESPMEM_MUST_COPY);
}
