import CPNG
import CPNGWriter
import FoundationEssentials
import Primitives

/// PNG with fixed settings, so the same pixels always give the same bytes: written by the CPNGWriter target
/// (rows with no filter, compressed by libdeflate), read by libpng.
public enum PNGCodec {
    /// libdeflate level 5 with no row filter: on flat UI content no filter is smaller than the adaptive
    /// ones (pango-notes §7). Runs of rows that repeat the row above are written as copy blocks of the writer's own
    /// (`ipr_row_copy_blocks.h`), which are smaller than libdeflate's coding of them; that leaves room to drop from
    /// level 6 to 5 within issue 15's bound (sample.json and the shared samples 1.04× zlib 6's bytes, where level 6
    /// alone gave 1.02–1.03×) for about 0.7× level 6's time (issue 44).
    public static let compressionLevel: Int32 = 5
    /// Animation frames: libdeflate level 1, several times faster for somewhat larger files.
    public static let fastCompressionLevel: Int32 = 1
    /// Decoding refuses images larger than this many pixels (a decompression-bomb guard).
    public static let maxPixels = 100_000_000

    public enum Error: ClassifiedError {
        public var kind: FailureKind {
            switch self {
            case .outOfMemory, .encodeFailed: return .environment
            case .notPNG, .corrupt, .tooLarge: return .unreadable
            }
        }
        case notPNG, corrupt, outOfMemory, encodeFailed
        /// Over the decoder's pixel limit (this many pixels at most), refused from the header.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .corrupt: return "corrupt PNG data"
            case .tooLarge(let limit): return "PNG is larger than \(limit) pixels"
            case .outOfMemory: return "out of memory decoding PNG"
            case .encodeFailed: return "PNG encoding failed"
            }
        }
    }

    /// Threads one page's encoder may use; the bytes are the same for any count.
    public static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Encodes as RGB when `opaque` (alpha dropped), else RGBA.
    public static func encode(_ image: RGBAImage, opaque: Bool, level: Int32 = compressionLevel, threads: Int = defaultThreads) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ipr_png_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), opaque ? 1 : 0, level, Int32(clamping: threads), &data, &size)
        }
        return try bytes(status: status, data: data, size: size)
    }

    /// The writer's result as bytes (the C buffer is released).
    public static func bytes(status: Int32, data: UnsafeMutablePointer<UInt8>?, size: Int) throws -> [UInt8] {
        defer { free(data) }
        guard status == 0, let data else { throw status == 2 ? Error.outOfMemory : Error.encodeFailed }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Decodes a PNG. `strictCRC` (the default, for compare and goldens) refuses a file whose ancillary chunks
    /// fail their CRC, which libpng would otherwise drop silently; media files are read leniently. An image over
    /// `maxPixels` is refused from its header, before any pixel memory is taken, and the pixels are decoded straight
    /// into the returned buffer (one copy of the image in memory, issue 56).
    public static func decode(_ bytes: [UInt8], strictCRC: Bool = true) throws -> RGBAImage {
        try decode(bytes, strictCRC: strictCRC, maxPixels: maxPixels)
    }

    /// `decode(_:strictCRC:)` with a pixel limit of the caller's (media files: `MediaDecoding.maxPixels`).
    public static func decode(_ bytes: [UInt8], strictCRC: Bool, maxPixels: Int) throws -> RGBAImage {
        let (width, height) = try size(of: bytes)
        guard width <= maxPixels / height else { throw Error.tooLarge(limit: maxPixels) }
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            status = bytes.withUnsafeBufferPointer { source in
                ipr_png_decode_into(source.baseAddress, source.count, strictCRC ? 1 : 0, buffer.baseAddress, UInt32(width), UInt32(height))
            }
            // libpng writes every byte on success; on failure the buffer is zeroed so nothing uninitialised is read.
            if status != 0 { buffer.initialize(repeating: 0) }
            count = buffer.count
        }
        switch status {
        case 0: return RGBAImage(width: width, height: height, pixels: pixels)
        case 1: throw Error.notPNG
        case 4: throw Error.outOfMemory
        default: throw Error.corrupt
        }
    }

    /// The width and height a PNG's header states (both positive), read from its first chunk without decoding
    /// anything: the signature, then IHDR's length (13), type, width and height, big-endian (PNG 1.2 §11.2.2; the
    /// chunk's CRC is checked when the pixels are decoded).
    public static func size(of bytes: [UInt8]) throws -> (width: Int, height: Int) {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Error.notPNG }
        guard bytes.count >= 24, bytes[8..<16].elementsEqual([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]) else { throw Error.corrupt }
        func number(at index: Int) -> Int { bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = number(at: 16), height = number(at: 20)
        // PNG's own bound on a side is 2³¹ − 1.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else { throw Error.corrupt }
        return (width, height)
    }

    public static var libraryVersion: String { String(cString: ipr_png_version()) }
    /// The libdeflate the writer compresses with.
    public static var deflateVersion: String { String(cString: ipr_png_writer_deflate_version()) }
}
