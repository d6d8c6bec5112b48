import FoundationEssentials
import Glibc
import Primitives

/// Where the service listens: `HOST:PORT` (an IPv4 address, `localhost`, or `[IPv6]`; port 0 picks a free one) or
/// `unix:/path/to.sock`.
public enum ListenAddress: Sendable, Equatable, CustomStringConvertible {
    case tcp(host: String, port: UInt16)
    case unix(path: String)

    public init?(_ text: String) {
        if text.hasPrefix("unix:") {
            let path = String(text.dropFirst(5))
            guard !path.isEmpty, path.utf8.count < 108 else { return nil }
            self = .unix(path: path)
            return
        }
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        guard let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { host = "127.0.0.1" }
        guard !host.isEmpty else { return nil }
        self = .tcp(host: host, port: port)
    }

    public var description: String {
        switch self {
        case .tcp(let host, let port): return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unix(let path): return "unix:" + path
        }
    }

    /// A listening, non-blocking socket on this address, and the address it got (the port when 0 was asked).
    func listen(backlog: Int32 = 128) throws -> (socket: Int32, bound: ListenAddress) {
        switch self {
        case .tcp(let host, let port): return try Self.listenTCP(host: host, port: port, backlog: backlog)
        case .unix(let path): return try Self.listenUnix(path: path, backlog: backlog)
        }
    }

    public struct SocketError: ClassifiedError {
        public var kind: FailureKind { .environment }
        public let description: String
        /// Another process is listening on the address.
        public var inUse = false
    }

    /// Whether a server accepts connections on the unix socket at `address`.
    private static func answers(_ address: sockaddr_un) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var address = address
        let result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        return result == 0 || errno == EAGAIN
    }

    private static func failure(_ what: String, _ address: String) -> SocketError {
        SocketError(description: "cannot \(what) \(address): \(String(cString: strerror(errno)))", inUse: errno == EADDRINUSE)
    }

    private static func listenTCP(host: String, port: UInt16, backlog: Int32) throws -> (socket: Int32, bound: ListenAddress) {
        var v4 = in_addr(), v6 = in6_addr()
        let isV6: Bool
        if inet_pton(AF_INET, host, &v4) == 1 { isV6 = false } else if inet_pton(AF_INET6, host, &v6) == 1 { isV6 = true } else {
            throw SocketError(description: "cannot listen on \(host): not an IP address (use 127.0.0.1, 0.0.0.0, [::1] or localhost)")
        }
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw failure("open a socket for", host) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32
        if isV6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        let shown = ListenAddress.tcp(host: host, port: port).description
        guard result == 0 else { let error = failure("listen on", shown); close(fd); throw error }
        guard Glibc.listen(fd, backlog) == 0 else { let error = failure("listen on", shown); close(fd); throw error }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let boundPort = withUnsafePointer(to: &bound) { pointer -> UInt16 in
            isV6 ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                 : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return (fd, .tcp(host: host, port: boundPort))
    }

    private static func listenUnix(path: String, backlog: Int32) throws -> (socket: Int32, bound: ListenAddress) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw failure("open a socket for", path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        // A socket file a killed server left is replaced; a live server's is not (something answers a connect), nor
        // is any other file.
        var status = stat()
        if lstat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFSOCK else {
                close(fd)
                throw SocketError(description: "cannot listen on unix:\(path): the path exists and is not a socket")
            }
            if Self.answers(address) {
                close(fd)
                throw SocketError(description: "cannot listen on unix:\(path): another server is listening there", inUse: true)
            }
            unlink(path)
        }
        let result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard result == 0, Glibc.listen(fd, backlog) == 0 else { let error = failure("listen on", "unix:" + path); close(fd); throw error }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return (fd, .unix(path: path))
    }
}
