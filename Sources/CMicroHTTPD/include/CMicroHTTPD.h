// libmicrohttpd for Swift: its header (types and constants), the library opened on first use (shim.c says why), the
// start of a daemon with fixed options, every call the service makes, the connection facts it reads
// (MHD_start_daemon and MHD_get_connection_info are C varargs functions, which Swift cannot call), and prctl for
// worker processes (also varargs).
#ifndef IPRASTER_CMICROHTTPD_H
#define IPRASTER_CMICROHTTPD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// What a daemon is started with.
struct ipraster_mhd_limits {
    /// Connections open at once, in all and from one client address (0: no per-address limit).
    unsigned int connection_limit;
    unsigned int per_address_limit;
    /// Seconds without any traffic before libmicrohttpd closes a connection.
    unsigned int idle_timeout;
    /// Bytes of a connection's memory pool: its request head and read buffer must fit.
    size_t memory_limit;
};

/// The soname opened: Debian 12's libmicrohttpd12.
#define IPRASTER_MHD_SONAME "libmicrohttpd.so.12"

/// Opens libmicrohttpd (once per process); NULL when it is loaded, else why not.
const char *ipraster_mhd_load(void);

/// Starts a daemon on an already listening socket: libmicrohttpd's own polling thread (poll), suspend and resume,
/// `completed` called when a request ends (its `con_cls` is the caller's to release) and `notify` when a connection
/// opens and closes (its socket context is the caller's). NULL when it cannot start.
struct MHD_Daemon *ipraster_mhd_start(int listen_socket, MHD_AccessHandlerCallback handler, void *handler_context,
                                      MHD_RequestCompletedCallback completed, void *completed_context,
                                      MHD_NotifyConnectionCallback notify, void *notify_context,
                                      struct ipraster_mhd_limits limits);

/// Stops accepting connections; returns the listening socket (or -1).
int ipraster_mhd_quiesce(struct MHD_Daemon *daemon);
void ipraster_mhd_stop(struct MHD_Daemon *daemon);

/// A response's header field, its queueing with a status, its release.
void ipraster_mhd_add_header(struct MHD_Response *response, const char *name, const char *value);
void ipraster_mhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);
void ipraster_mhd_destroy_response(struct MHD_Response *response);
void ipraster_mhd_suspend(struct MHD_Connection *connection);
void ipraster_mhd_resume(struct MHD_Connection *connection);

/// MHD_get_connection_values.
int ipraster_mhd_values(struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *context);

/// A response holding its own copy of `count` bytes.
struct MHD_Response *ipraster_mhd_response_copy(const void *bytes, size_t count);

/// The connection's socket, or -1.
int ipraster_mhd_connection_fd(struct MHD_Connection *connection);

/// The socket context `notify` set for the connection, or NULL.
void *ipraster_mhd_socket_context(struct MHD_Connection *connection);

/// The size of the request's head (request line and header fields) in bytes, or 0 when unknown.
size_t ipraster_mhd_request_head_size(struct MHD_Connection *connection);

/// Makes the calling process receive SIGKILL when its parent ends (a worker dies with the service).
void ipraster_die_with_parent(void);

#endif
