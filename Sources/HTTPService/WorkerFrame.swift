/// One message between the service and a worker process, on the socket pair they share: a kind byte, the payload's
/// length (8 bytes, little-endian) and the payload. Written here rather than with a serialisation library because
/// the four messages are fixed and small, and the reader must refuse any malformed frame without trapping.
///
/// The worker says `ready` (or `failed`) once after its warm-up; then the service sends a `request` and the worker
/// answers with one `response`, one at a time.
public enum WorkerFrame: Equatable {
    case ready
    case failed(String)
    case request(HTTPRequest)
    case response(HTTPResponse)

    /// The largest payload either side accepts (a tall page's PNG fits many times over).
    public static let maximumPayload = 1 << 32

    enum Kind: UInt8 {
        case ready = 1, failed, request, response
    }

    /// The frame's bytes: header and payload.
    public var bytes: [UInt8] {
        var payload = WireWriter()
        let kind: Kind
        switch self {
        case .ready:
            kind = .ready
        case .failed(let message):
            kind = .failed
            payload.string(message)
        case .request(let request):
            kind = .request
            payload.string(request.method)
            payload.string(request.path)
            payload.pairs(request.query)
            payload.pairs(request.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
            payload.bytes(request.body)
        case .response(let response):
            kind = .response
            payload.integer(UInt64(max(0, response.status)))
            payload.string(response.contentType)
            payload.pairs(response.headers)
            payload.bytes(response.body)
        }
        var frame = WireWriter()
        frame.output.append(kind.rawValue)
        frame.integer(UInt64(payload.output.count))
        frame.output += payload.output
        return frame.output
    }

    /// The payload length a frame header announces, or nil when the header is malformed (unknown kind, too long).
    public static func payloadLength(header: ArraySlice<UInt8>) -> Int? {
        guard header.count == 9, let first = header.first, Kind(rawValue: first) != nil else { return nil }
        var reader = WireReader(header.dropFirst())
        guard let length = reader.integer(), length <= UInt64(maximumPayload) else { return nil }
        return Int(length)
    }

    /// Reads one frame from its header byte and payload; nil when they are not one well-formed frame.
    public static func decode(kind: UInt8, payload: ArraySlice<UInt8>) -> WorkerFrame? {
        var reader = WireReader(payload)
        let frame: WorkerFrame?
        switch Kind(rawValue: kind) {
        case .ready?:
            frame = .ready
        case .failed?:
            frame = reader.string().map(WorkerFrame.failed)
        case .request?:
            guard let method = reader.string(), let path = reader.string(), let query = reader.pairs(), let headers = reader.pairs(),
                  let body = reader.bytes() else { return nil }
            frame = .request(HTTPRequest(method: method, path: path, query: query,
                                         headers: Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }), body: body))
        case .response?:
            guard let status = reader.integer(), status < 1000, let type = reader.string(), let headers = reader.pairs(),
                  let body = reader.bytes() else { return nil }
            frame = .response(HTTPResponse(status: Int(status), contentType: type, body: body, headers: headers))
        case nil:
            return nil
        }
        return reader.atEnd ? frame : nil
    }
}

/// Little-endian integers and length-prefixed byte strings.
struct WireWriter {
    var output: [UInt8] = []

    mutating func integer(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func bytes(_ value: [UInt8]) {
        integer(UInt64(value.count))
        output += value
    }

    mutating func string(_ value: String) { bytes(Array(value.utf8)) }

    mutating func pairs(_ value: [(name: String, value: String)]) {
        integer(UInt64(value.count))
        for pair in value {
            string(pair.name)
            string(pair.value)
        }
    }
}

/// Reads what `WireWriter` writes; every read is bounds-checked and returns nil past the end.
struct WireReader {
    private let input: ArraySlice<UInt8>
    private var position: Int

    init(_ input: ArraySlice<UInt8>) {
        self.input = input
        position = input.startIndex
    }

    var atEnd: Bool { position == input.endIndex }

    mutating func integer() -> UInt64? {
        guard input.endIndex - position >= 8 else { return nil }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(input[position + index]) << UInt64(8 * index) }
        position += 8
        return value
    }

    mutating func bytes() -> [UInt8]? {
        guard let count = integer(), count <= UInt64(input.endIndex - position) else { return nil }
        let end = position + Int(count)
        defer { position = end }
        return Array(input[position..<end])
    }

    mutating func string() -> String? {
        bytes().map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func pairs() -> [(name: String, value: String)]? {
        // Each pair takes at least 16 bytes: a count larger than what is left is malformed (and no huge reservation).
        guard let count = integer(), count <= UInt64(input.endIndex - position) / 16 else { return nil }
        var result: [(name: String, value: String)] = []
        for _ in 0..<count {
            guard let name = string(), let value = string() else { return nil }
            result.append((name, value))
        }
        return result
    }
}
