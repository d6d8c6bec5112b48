// libmicrohttpd for Swift: its header, and the start of a daemon with fixed options (MHD_start_daemon takes
// its options as C varargs, which Swift cannot pass).
#ifndef IPRASTER_CMICROHTTPD_H
#define IPRASTER_CMICROHTTPD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon on an already listening socket: libmicrohttpd's own polling thread (poll), suspend and resume,
/// at most `connection_limit` connections, idle ones closed after `connection_timeout` seconds, `completed`
/// called when a request ends (its `con_cls` is the caller's to release). NULL when it cannot start.
struct MHD_Daemon *ipraster_mhd_start(int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                      MHD_RequestCompletedCallback completed, void *completed_context,
                                      unsigned int connection_limit, unsigned int connection_timeout);

/// A response holding its own copy of `count` bytes.
struct MHD_Response *ipraster_mhd_response_copy(const void *bytes, size_t count);

#endif
