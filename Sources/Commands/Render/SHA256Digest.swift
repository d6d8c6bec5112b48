import CNettle
import Glibc

/// SHA-256 (Nettle's) of a file or of bytes, as lower-case hex: a batch's annotations file names each output by its
/// digest (issue 60), so a dataset can check that an image is the one its annotations describe.
enum SHA256Digest {
    /// The digest of `bytes`.
    static func hex(of bytes: [UInt8]) -> String {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
        return finish(&context)
    }

    /// The digest of the file at `path`, read in 1 MB pieces; nil when it cannot be read.
    static func hex(ofFile path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { nettle_sha256_update(&context, count, $0.baseAddress) }
        }
        return finish(&context)
    }

    private static func finish(_ context: inout sha256_ctx) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, $0.count, $0.baseAddress) }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
