import Dispatch
import FoundationEssentials
import Glibc
import Primitives

/// The owner of one end of a socket pair between the service and a worker process (C state: a descriptor, closed
/// once, in `close()` or `deinit`). Reads and writes whole `WorkerFrame`s; each may be given a deadline (uptime
/// nanoseconds), past which it gives up with `.timedOut`, so the service never waits on a worker longer than a
/// request may take.
public final class FrameSocket {
    public enum Failure: ClassifiedError, Equatable {
        public var kind: FailureKind { .environment }
        public var description: String {
            switch self {
            case .closed: return "the connection closed"
            case .timedOut: return "the deadline passed"
            case .malformed: return "bytes that are not a frame"
            case .stopped: return "stopped"
            }
        }
        /// The other end closed (the worker ended) or the connection broke.
        case closed
        /// The deadline passed first.
        case timedOut
        /// Bytes that are not a frame.
        case malformed
        /// The watch said to stop waiting (a worker over its memory bound).
        case stopped
    }

    /// How often a read's `watch` is asked while it waits.
    static let watchInterval: UInt64 = 100_000_000

    private var descriptor: Int32

    /// Takes ownership of `descriptor` and makes it non-blocking.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// A connected pair: one end for each side.
    public static func pair() throws -> (FrameSocket, FrameSocket) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw FrameSocketError(description: "cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        return (FrameSocket(descriptor: ends[0]), FrameSocket(descriptor: ends[1]))
    }

    public var rawDescriptor: Int32 { descriptor }

    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }

    /// Whether the other end has closed or sent something unasked (an idle worker that ended shows as readable).
    public var hasEvent: Bool {
        guard descriptor >= 0 else { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    public func write(_ frame: WorkerFrame, deadline: UInt64? = nil) throws(Failure) {
        let bytes = frame.bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLOUT), deadline: deadline)
            } else {
                throw .closed
            }
        }
    }

    /// Reads one frame; while it waits, `watch` is asked every 100 ms whether to go on (false: `.stopped`).
    public func read(deadline: UInt64? = nil, watch: (() -> Bool)? = nil) throws(Failure) -> WorkerFrame {
        var header: [UInt8] = []
        try fill(&header, to: 9, deadline: deadline, watch: watch)
        guard let length = WorkerFrame.payloadLength(header: header[...]) else { throw .malformed }
        var payload: [UInt8] = []
        payload.reserveCapacity(min(length, 1 << 24))
        try fill(&payload, to: length, deadline: deadline, watch: watch)
        guard let frame = WorkerFrame.decode(kind: header[0], payload: payload[...]) else { throw .malformed }
        return frame
    }

    private func fill(_ buffer: inout [UInt8], to count: Int, deadline: UInt64?, watch: (() -> Bool)? = nil) throws(Failure) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while buffer.count < count {
            let wanted = min(chunk.count, count - buffer.count)
            let got = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            if got > 0 {
                buffer += chunk[0..<got]
            } else if got == 0 {
                throw .closed
            } else if errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLIN), deadline: deadline, watch: watch)
            } else {
                throw .closed
            }
        }
    }

    /// Waits until the socket is ready for `events` or the deadline passes; with a `watch`, in slices of 100 ms,
    /// asking it after each whether to go on.
    private func wait(for events: Int16, deadline: UInt64?, watch: (() -> Bool)? = nil) throws(Failure) {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            var wake: UInt64? = deadline
            if let deadline { guard now < deadline else { throw .timedOut } }
            if watch != nil { wake = min(wake ?? .max, now + Self.watchInterval) }
            var timeout: Int32 = -1
            if let wake { timeout = Int32(min(UInt64(Int32.max), (wake - min(wake, now) + 999_999) / 1_000_000)) }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&entry, 1, timeout)
            if result > 0 { return }
            if result < 0, errno != EINTR { throw .closed }
            if result == 0, let watch, !watch() { throw .stopped }
        }
    }
}

struct FrameSocketError: ClassifiedError {
    var kind: FailureKind { .environment }
    let description: String
}
