import Foundation
import GoldenSupport

/// A running `ipraster serve` on a loopback port for the service tests: started with `--listen 127.0.0.1:0`, its
/// port read from the first log line, stopped (SIGTERM, then SIGKILL) when the test ends.
final class ServiceProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var log = Data()
    private(set) var port: UInt16 = 0
    private let reader: Thread

    init(_ arguments: [String] = [], listen: String = "127.0.0.1:0", readyWithin seconds: Double = 60) throws {
        process.executableURL = URL(fileURLWithPath: TestEnvironment.executable)
        process.arguments = ["serve", "--listen", listen] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let handle = err.fileHandleForReading
        final class Sink: @unchecked Sendable { weak var owner: ServiceProcess? }
        let sink = Sink()
        reader = Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                sink.owner?.append(data)
            }
        }
        sink.owner = self
        reader.start()
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, !logText.contains("ipraster serve: ready") {
            if !process.isRunning { break }
            usleep(20_000)
        }
        guard logText.contains("ipraster serve: ready") else { throw Failure(message: "the service did not get ready: \(logText)") }
        if listen.hasSuffix(":0"), let range = logText.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
            port = UInt16(logText[range].split(separator: ":").last!)!
        }
    }

    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    private func append(_ data: Data) {
        lock.lock()
        log.append(data)
        lock.unlock()
    }

    var logText: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: log, as: UTF8.self)
    }

    /// Sends `signal` and waits (at most `seconds`) for the exit; the exit status, or nil if it did not end.
    func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 30) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// Waits (at most `seconds`) for the process to end by itself; its status, or nil.
    func waitForExit(within seconds: Double) -> Int32? {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

    func request(_ method: String, _ target: String, body: [UInt8]? = nil, type: String? = nil, timeout: Double = 60) throws -> HTTPAnswer {
        try HTTPClient.send(port: port, method: method, target: target, body: body, type: type, timeout: timeout)
    }
}

/// An answer as the raw client read it.
struct HTTPAnswer {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    /// The `{"error", "location"}` object of an error answer.
    var error: (message: String, location: String?)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], let message = object["error"] as? String else { return nil }
        return (message, object["location"] as? String)
    }
}

/// HTTP/1.1 over a plain socket, written here so the tests control every byte (slow and half-closed clients).
enum HTTPClient {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A connected socket to 127.0.0.1:`port` (or the unix socket at `path`), with receive and send timeouts.
    static func connect(port: UInt16 = 0, unixPath: String? = nil, timeout: Double = 60) throws -> Int32 {
        let fd: Int32
        var result: Int32
        if let unixPath {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in unixPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
            }
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        } else {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard result == 0 else { close(fd); throw Failure(description: "cannot connect: \(String(cString: strerror(errno)))") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "cannot send: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    static func head(method: String, target: String, body: [UInt8]?, type: String?) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let type { text += "Content-Type: \(type)\r\n" }
        if let body { text += "Content-Length: \(body.count)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Reads the answer until the server closes the connection.
    static func read(_ fd: Int32) throws -> HTTPAnswer {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "cannot read the answer: \(String(cString: strerror(errno))) after \(data.count) bytes") }
            data.append(contentsOf: buffer[0..<count])
        }
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

    static func send(port: UInt16, method: String, target: String, body: [UInt8]?, type: String?, timeout: Double) throws -> HTTPAnswer {
        let fd = try connect(port: port, timeout: timeout)
        defer { close(fd) }
        try write(fd, head(method: method, target: target, body: body, type: type) + (body ?? []))
        return try read(fd)
    }
}
