import CPNG

/// PNG through libpng with fixed settings, so the same pixels always give the same bytes.
public enum PNGCodec {
    /// zlib level 6 with no row filter: on flat UI content this is smaller than the adaptive filters and
    /// about twice as fast as Cairo's writer (pango-notes §7).
    public static let compressionLevel: Int32 = 6
    /// Animation frames: zlib level 1, several times faster for slightly larger files.
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

    /// Encodes as RGB when `opaque` (alpha dropped), else RGBA.
    public static func encode(_ image: RGBAImage, opaque: Bool, level: Int32 = compressionLevel) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ipr_png_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), opaque ? 1 : 0, level, &data, &size)
        }
        guard status == 0, let data else { throw Error.encodeFailed }
        defer { free(data) }
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
}
