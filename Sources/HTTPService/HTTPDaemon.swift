import CMicroHTTPD
import Foundation

/// The owner of one libmicrohttpd daemon (C state): started on a listening socket with libmicrohttpd's own polling
/// thread, quiesced (no new connections) and stopped once. Requests reach `HTTPService` through the C callbacks
/// below; everything that touches a connection (queueing a response, suspending) runs on libmicrohttpd's thread
/// inside those callbacks, except `resume`, which libmicrohttpd allows from any thread.
final class HTTPDaemon {
    private var daemon: OpaquePointer?

    init(socket: Int32, service: HTTPService, connectionLimit: UInt32, idleTimeout: UInt32) throws {
        let context = Unmanaged.passUnretained(service).toOpaque()
        daemon = ipraster_mhd_start(socket, HTTPDaemon.access, context, HTTPDaemon.completed, context, connectionLimit, idleTimeout)
        guard daemon != nil else { throw ListenAddress.SocketError(description: "cannot start the HTTP daemon (libmicrohttpd)") }
    }

    /// Stops accepting connections; the ones open go on. Returns the listening socket, now the caller's to close.
    func quiesce() -> Int32 {
        guard let daemon else { return -1 }
        return MHD_quiesce_daemon(daemon)
    }

    func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit { stop() }

    // MARK: connections (libmicrohttpd's thread)

    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) {
        let created = response.body.withUnsafeBytes { bytes in
            ipraster_mhd_response_copy(bytes.baseAddress, bytes.count)
        }
        guard let created else { return }
        MHD_add_response_header(created, "Content-Type", response.contentType)
        for (name, value) in response.headers { MHD_add_response_header(created, name, value) }
        MHD_queue_response(connection, UInt32(response.status), created)
        MHD_destroy_response(created)
    }

    static func suspend(_ connection: OpaquePointer) { MHD_suspend_connection(connection) }

    /// Any thread: the connection's handler is called again on libmicrohttpd's thread.
    static func resume(_ connection: OpaquePointer) { MHD_resume_connection(connection) }

    static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// The query parameters in order, decoded by libmicrohttpd.
    static func query(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        final class Box { var items: [(name: String, value: String)] = [] }
        let box = Box()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, key, value in
            guard let context, let key else { return .YES }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().items.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, context)
        return box.items
    }

    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
        guard let context, let connection, let state, let uploadSize else { return .NO }
        let service = Unmanaged<HTTPService>.fromOpaque(context).takeUnretainedValue()
        if state.pointee == nil {
            let exchange = service.begin(connection: connection, method: method.map { String(cString: $0) } ?? "",
                                         path: url.map { String(cString: $0) } ?? "/")
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(state.pointee!).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let chunk = UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
            uploadSize.pointee = 0
            service.receive(exchange, chunk)
            return .YES
        }
        service.bodyComplete(exchange)
        return .YES
    }

    private static let completed: MHD_RequestCompletedCallback = { context, _, state, _ in
        guard let context, let state, let pointer = state.pointee else { return }
        let service = Unmanaged<HTTPService>.fromOpaque(context).takeUnretainedValue()
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
        state.pointee = nil
        service.finish(exchange)
    }
}
