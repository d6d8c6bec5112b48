import CDeflate

/// gzip → bytes with a cap on the decompressed size, through libdeflate's whole-buffer decompressor: the output
/// buffer is the cap, so a gzip bomb stops at the cap having written no more than it.
enum Gunzip {
    /// The bytes `gzip` holds (one member); a file that is not gzip, is damaged or decompresses beyond `cap` is an error.
    static func decompress(_ gzip: [UInt8], cap: Int) throws -> [UInt8] {
        guard gzip.count >= 18, gzip[0] == 0x1f, gzip[1] == 0x8b else { throw StickerError("not a gzip file (a TGS is gzipped Lottie JSON)") }
        guard let decompressor = libdeflate_alloc_decompressor() else { throw StickerError("out of memory") }
        defer { libdeflate_free_decompressor(decompressor) }
        // gzip's trailer states the size modulo 2^32: a buffer of that size when it is below the cap (one more
        // byte, so a lying trailer cannot make a bomb look small: a result that fills the buffer is over).
        let stated = Int(gzip[gzip.count - 4]) | Int(gzip[gzip.count - 3]) << 8 | Int(gzip[gzip.count - 2]) << 16 | Int(gzip[gzip.count - 1]) << 24
        let capacity = min(cap, max(stated, 64)) + 1
        var output = [UInt8](repeating: 0, count: capacity)
        var written = 0
        let result = gzip.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS where written < capacity:
            output.removeLast(capacity - written)
            return output
        case LIBDEFLATE_SUCCESS, LIBDEFLATE_INSUFFICIENT_SPACE:
            if capacity <= cap { return try decompressUnstated(gzip, cap: cap, decompressor: decompressor) }
            throw StickerError("decompresses to more than \(cap) bytes (the cap)")
        default:
            throw StickerError("damaged gzip data")
        }
    }

    /// The trailer's size was wrong: once more with the whole cap.
    private static func decompressUnstated(_ gzip: [UInt8], cap: Int, decompressor: OpaquePointer) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: cap + 1)
        var written = 0
        let result = gzip.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
            }
        }
        guard result == LIBDEFLATE_SUCCESS || result == LIBDEFLATE_INSUFFICIENT_SPACE else { throw StickerError("damaged gzip data") }
        guard result == LIBDEFLATE_SUCCESS, written <= cap else { throw StickerError("decompresses to more than \(cap) bytes (the cap)") }
        output.removeLast(output.count - written)
        return output
    }
}
