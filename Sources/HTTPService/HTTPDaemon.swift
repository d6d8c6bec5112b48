import CMicroHTTPD
import FoundationEssentials

/// The owner of one libmicrohttpd daemon (C state): started on a listening socket with libmicrohttpd's own polling
/// thread, quiesced (no new connections) and stopped once. Requests reach `HTTPService` through the C callbacks
/// below; everything that touches a connection (queueing a response, suspending) runs on libmicrohttpd's thread
/// inside those callbacks, except `resume`, which libmicrohttpd allows from any thread. The service runs two: the
/// listener for requests and, with `--probe-listen`, one that answers only the probes.
final class HTTPDaemon {
    struct Limits {
        var connections: Int
        var connectionsPerClient: Int
        /// Seconds without traffic before libmicrohttpd closes a connection.
        var idleTimeout: Int
    }

    /// Each connection's memory pool: the request head and the read buffer (half of it) must fit, so a head up to
    /// `RequestHead.maximumHead` reaches the service's own 431 rather than libmicrohttpd's.
    static let connectionMemory = 4 * RequestHead.maximumHead

    /// What the callbacks are given: the service and which of its listeners this is.
    final class Listener {
        unowned let service: HTTPService
        let isProbe: Bool

        init(service: HTTPService, isProbe: Bool) {
            self.service = service
            self.isProbe = isProbe
        }
    }

    private var daemon: OpaquePointer?
    private let listener: Listener

    init(socket: Int32, listener: Listener, limits: Limits) throws {
        self.listener = listener
        let context = Unmanaged.passUnretained(listener).toOpaque()
        let cLimits = ipraster_mhd_limits(connection_limit: UInt32(clamping: limits.connections),
                                          per_address_limit: UInt32(clamping: limits.connectionsPerClient),
                                          idle_timeout: UInt32(clamping: limits.idleTimeout), memory_limit: Self.connectionMemory)
        if let failure = ipraster_mhd_load() {
            throw ListenAddress.SocketError(description: "cannot load libmicrohttpd (\(String(cString: failure))): apt install libmicrohttpd12")
        }
        daemon = ipraster_mhd_start(socket, HTTPDaemon.access, context, HTTPDaemon.completed, context, HTTPDaemon.notify, context, cLimits)
        guard daemon != nil else { throw ListenAddress.SocketError(description: "cannot start the HTTP daemon (libmicrohttpd)") }
    }

    /// Stops accepting connections; the ones open go on. Returns the listening socket, now the caller's to close.
    func quiesce() -> Int32 {
        guard let daemon else { return -1 }
        return ipraster_mhd_quiesce(daemon)
    }

    func stop() {
        guard let daemon else { return }
        ipraster_mhd_stop(daemon)
        self.daemon = nil
    }

    deinit { stop() }

    // MARK: connections (libmicrohttpd's thread)

    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) {
        let created = response.body.withUnsafeBytes { bytes in
            ipraster_mhd_response_copy(bytes.baseAddress, bytes.count)
        }
        guard let created else { return }
        ipraster_mhd_add_header(created, "Content-Type", response.contentType)
        for (name, value) in response.headers { ipraster_mhd_add_header(created, name, value) }
        ipraster_mhd_queue(connection, UInt32(clamping: response.status), created)
        ipraster_mhd_destroy_response(created)
    }

    static func suspend(_ connection: OpaquePointer) { ipraster_mhd_suspend(connection) }

    /// Any thread: the connection's handler is called again on libmicrohttpd's thread.
    static func resume(_ connection: OpaquePointer) { ipraster_mhd_resume(connection) }

    /// Every header field as received, in order.
    static func fields(_ connection: OpaquePointer) -> [(name: String, value: String)] { values(connection, .HEADER_KIND) }

    /// The query parameters in order, decoded by libmicrohttpd.
    static func query(_ connection: OpaquePointer) -> [(name: String, value: String)] { values(connection, .GET_ARGUMENT_KIND) }

    static func headSize(_ connection: OpaquePointer) -> Int { ipraster_mhd_request_head_size(connection) }

    /// The connection's watch record (set when it opened).
    static func client(_ connection: OpaquePointer) -> ConnectionWatch.Client? {
        ipraster_mhd_socket_context(connection).map { Unmanaged<ConnectionWatch.Client>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
        final class Box { var items: [(name: String, value: String)] = [] }
        let box = Box()
        let context = Unmanaged.passUnretained(box).toOpaque()
        _ = ipraster_mhd_values(connection, kind, { context, _, key, value in
            guard let context, let key else { return .YES }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().items.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, context)
        return box.items
    }

    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, version, upload, uploadSize, state in
        guard let context, let connection, let state, let uploadSize else { return .NO }
        let listener = Unmanaged<Listener>.fromOpaque(context).takeUnretainedValue()
        guard let pointer = state.pointee else {
            let exchange = listener.service.begin(connection: connection, method: method.map { String(cString: $0) } ?? "",
                                                  path: url.map { String(cString: $0) } ?? "/", version: version.map { String(cString: $0) } ?? "",
                                                  probe: listener.isProbe)
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let chunk = UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
            uploadSize.pointee = 0
            return listener.service.receive(exchange, chunk) ? .YES : .NO
        }
        listener.service.bodyComplete(exchange)
        return .YES
    }

    private static let completed: MHD_RequestCompletedCallback = { context, _, state, _ in
        guard let context, let state, let pointer = state.pointee else { return }
        let listener = Unmanaged<Listener>.fromOpaque(context).takeUnretainedValue()
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
        state.pointee = nil
        listener.service.finish(exchange)
    }

    private static let notify: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
        guard let context, let connection, let socketContext else { return }
        let listener = Unmanaged<Listener>.fromOpaque(context).takeUnretainedValue()
        // MHD_CONNECTION_NOTIFY_STARTED and _CLOSED (Swift imports the C enum without its case names).
        switch event.rawValue {
        case 0:
            let client = listener.service.connectionOpened(descriptor: ipraster_mhd_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(client).toOpaque()
        case 1:
            guard let pointer = socketContext.pointee else { return }
            listener.service.connectionClosed(Unmanaged<ConnectionWatch.Client>.fromOpaque(pointer).takeRetainedValue())
            socketContext.pointee = nil
        default:
            break
        }
    }
}
