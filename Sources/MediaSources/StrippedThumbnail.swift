import CJPEG
import FoundationEssentials
import Images

/// Telegram's stripped thumbnails (MTProto `PhotoStrippedSize`): byte 0 is the format version (1), bytes
/// 1 and 2 the height and width, the rest a baseline JPEG's entropy-coded data without its headers. The
/// headers are the ones libjpeg writes for that size at quality 20 with 4:2:0 chroma and the standard
/// Huffman tables, so they are produced here by encoding a blank image of the same size with libjpeg-turbo
/// and keeping everything up to the end of its scan header.
public enum StrippedThumbnail {
    static let version: UInt8 = 1
    static let quality: Int32 = 20

    /// The decoded thumbnail, or nil when the bytes are not a version-1 stripped JPEG that decodes
    /// cleanly (truncated or stub data falls back to the flat placeholder rather than a grey smear).
    public static func decode(_ stripped: [UInt8]) -> RGBAImage? {
        guard let jpeg = expand(stripped) else { return nil }
        return try? ImageDecoder.decodeJPEG(jpeg)
    }

    /// The complete JPEG: generated headers + the entropy-coded data + the end-of-image marker.
    public static func expand(_ stripped: [UInt8]) -> [UInt8]? {
        guard stripped.count > 3, stripped[0] == version, stripped[1] > 0, stripped[2] > 0,
              let headers = headers(width: Int(stripped[2]), height: Int(stripped[1])) else { return nil }
        return headers + stripped[3...] + [0xFF, 0xD9]
    }

    /// SOI through the SOS segment of a libjpeg-turbo baseline JPEG of this size (quality 20, 4:2:0).
    static func headers(width: Int, height: Int) -> [UInt8]? {
        guard let handle = ipr_jpeg_init_compress() else { return nil }
        defer { ipr_jpeg_destroy(handle) }
        let blank = [UInt8](repeating: 128, count: width * height * 3)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = blank.withUnsafeBufferPointer {
            ipr_jpeg_compress(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size,
                        Int32(TJSAMP_420.rawValue), quality, 0)
        }
        guard status == 0, let output else { return nil }
        defer { ipr_jpeg_free(output) }
        let jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        // Walk the marker segments to the start of scan; the entropy-coded data follows its header.
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            let marker = jpeg[position + 1]
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            let end = position + 2 + length
            guard end <= jpeg.count else { return nil }
            if marker == 0xDA { return Array(jpeg[0..<end]) }
            position = end
        }
        return nil
    }
}
