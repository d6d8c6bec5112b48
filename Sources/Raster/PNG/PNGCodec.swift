import CPNG
import CPNGWriter
import FoundationEssentials

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

    public enum Error: Swift.Error, CustomStringConvertible {
        case notPNG, corrupt, tooLarge, outOfMemory, encodeFailed

        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .corrupt: return "corrupt PNG data"
            case .tooLarge: return "PNG is larger than \(PNGCodec.maxPixels) pixels"
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
    static func bytes(status: Int32, data: UnsafeMutablePointer<UInt8>?, size: Int) throws -> [UInt8] {
        defer { free(data) }
        guard status == 0, let data else { throw status == 2 ? Error.outOfMemory : Error.encodeFailed }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Decodes a PNG. `strictCRC` (the default, for compare and goldens) refuses a file whose ancillary chunks
    /// fail their CRC, which libpng would otherwise drop silently; media files are read leniently.
    public static func decode(_ bytes: [UInt8], strictCRC: Bool = true) throws -> RGBAImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            ipr_png_decode(buffer.baseAddress, buffer.count, UInt(maxPixels), strictCRC ? 1 : 0, &pixels, &width, &height)
        }
        switch status {
        case 0: break
        case 1: throw Error.notPNG
        case 3: throw Error.tooLarge
        case 4: throw Error.outOfMemory
        default: throw Error.corrupt
        }
        guard let pixels else { throw Error.corrupt }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    public static var libraryVersion: String { String(cString: ipr_png_version()) }
    /// The libdeflate the writer compresses with.
    public static var deflateVersion: String { String(cString: ipr_png_writer_deflate_version()) }
}
