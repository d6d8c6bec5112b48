import Foundation

/// An answer as the raw client read it.
public struct HTTPAnswer {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
    /// The `{"error", "location"}` object of an error answer.
    public var error: (message: String, location: String?)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], let message = object["error"] as? String else { return nil }
        return (message, object["location"] as? String)
    }
}

/// HTTP/1.1 over a plain socket, written here so the tests control every byte (slow, half-closed and malformed
/// clients), shared by the HTTP core's tests and the service's.
public enum HTTPClient {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// A connected socket to 127.0.0.1:`port` (or the unix socket at `path`), with receive and send timeouts.
    /// `from` binds the client's own address first (127.0.0.2: another client, as seen by the server).
    public static func connect(port: UInt16 = 0, unixPath: String? = nil, from source: String? = nil, timeout: Double = 60) throws -> Int32 {
        let fd: Int32
        var result: Int32
        if let unixPath {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in unixPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
            }
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        } else {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if let source {
                var local = sockaddr_in()
                local.sin_family = sa_family_t(AF_INET)
                local.sin_addr.s_addr = inet_addr(source)
                let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                guard bound == 0 else { close(fd); throw Failure(description: "cannot bind \(source): \(String(cString: strerror(errno)))") }
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard result == 0 else { let message = String(cString: strerror(errno)); close(fd); throw Failure(description: "cannot connect: \(message)") }
        setTimeout(fd, timeout)
        return fd
    }

    public static func setTimeout(_ fd: Int32, _ timeout: Double) {
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    public static func write(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "cannot send: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    public static func head(method: String, target: String, body: [UInt8]?, type: String?, extra: [String] = []) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let type { text += "Content-Type: \(type)\r\n" }
        if let body { text += "Content-Length: \(body.count)\r\n" }
        for line in extra { text += line + "\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Reads until the server closes the connection: the bytes, or a failure (a timeout included).
    public static func readAll(_ fd: Int32) throws -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return data }
            guard count > 0 else { throw Failure(description: "cannot read the answer: \(String(cString: strerror(errno))) after \(data.count) bytes") }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Reads the answer until the server closes the connection.
    public static func read(_ fd: Int32) throws -> HTTPAnswer {
        try parse(try readAll(fd))
    }

    public static func parse(_ data: [UInt8]) throws -> HTTPAnswer {
        guard let end = data.indices.first(where: { $0 + 3 < data.count && data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }) else {
            throw Failure(description: "no HTTP head in \(data.count) bytes")
        }
        let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPAnswer(status: status, headers: headers, body: Array(data[(end + 4)...]))
    }

    public static func send(port: UInt16, method: String, target: String, body: [UInt8]?, type: String?, from source: String? = nil,
                            timeout: Double) throws -> HTTPAnswer {
        let fd = try connect(port: port, from: source, timeout: timeout)
        defer { close(fd) }
        try write(fd, head(method: method, target: target, body: body, type: type) + (body ?? []))
        return try read(fd)
    }

    /// Sends raw bytes (a malformed or unusual request) and reads the answer.
    public static func exchange(port: UInt16, _ bytes: [UInt8], timeout: Double = 30) throws -> HTTPAnswer {
        let fd = try connect(port: port, timeout: timeout)
        defer { close(fd) }
        try write(fd, bytes)
        return try read(fd)
    }

    /// Whether the server closes `fd` within `seconds` (reading and dropping what it sends).
    public static func closesWithin(_ fd: Int32, seconds: Double) -> Bool {
        setTimeout(fd, seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}
