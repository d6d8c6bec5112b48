import CJPEG
import CWebP
import FoundationEssentials
import Images

/// Decodes media files to straight RGBA: PNG through libpng, JPEG through libjpeg-turbo (with its EXIF
/// orientation applied), WebP through libwebp. Images over `MediaDecoding.maxPixels` are refused from their headers,
/// before any pixel memory is taken.
public enum ImageDecoder {
    public static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            do { return try PNGCodec.decode(bytes, strictCRC: false, maxPixels: MediaDecoding.maxPixels) } catch PNGCodec.Error.tooLarge { throw tooLarge() }
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try decodeJPEG(bytes) }
        if bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] { return try decodeWebP(bytes) }
        throw MediaError(message: "not a PNG, JPEG or WebP image")
    }

    static func tooLarge() -> MediaError { MediaError(message: "image larger than \(MediaDecoding.maxPixels) pixels; not drawn") }

    static func decodeJPEG(_ bytes: [UInt8]) throws -> RGBAImage {
        if let missing = ipr_jpeg_load() { throw MediaError(message: "cannot decode JPEG: \(String(cString: missing)) (Debian: libturbojpeg0)") }
        guard let handle = ipr_jpeg_init_decompress() else { throw MediaError(message: "cannot start the JPEG decoder") }
        defer { ipr_jpeg_destroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { ipr_jpeg_decompress_header(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace) }
        guard header == 0, width > 0, height > 0 else { throw MediaError(message: "corrupt JPEG data") }
        guard Int(width) * Int(height) <= MediaDecoding.maxPixels else { throw tooLarge() }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                ipr_jpeg_decompress(handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        guard status == 0 else { throw MediaError(message: "corrupt JPEG data") }
        let image = RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
        return oriented(image, exifOrientation(bytes))
    }

    static func decodeWebP(_ bytes: [UInt8]) throws -> RGBAImage {
        if let missing = ipr_webp_load() { throw MediaError(message: "cannot decode WebP: \(String(cString: missing)) (Debian: libwebp7)") }
        var width: Int32 = 0, height: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ ipr_webp_get_info($0.baseAddress, $0.count, &width, &height) }) != 0, width > 0, height > 0 else {
            throw MediaError(message: "corrupt WebP data")
        }
        guard Int(width) * Int(height) <= MediaDecoding.maxPixels else { throw tooLarge() }
        // Decoded straight into the image's buffer (one copy of the pixels in memory).
        var decoded: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: Int(width) * Int(height) * 4) { buffer, count in
            decoded = bytes.withUnsafeBufferPointer { ipr_webp_decode_rgba_into($0.baseAddress, $0.count, buffer.baseAddress, buffer.count, width * 4) }
            if decoded == 0 { buffer.initialize(repeating: 0) }
            count = buffer.count
        }
        guard decoded != 0 else { throw MediaError(message: "corrupt WebP data") }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// The EXIF orientation (1-8) of a JPEG's APP1 segment, 1 when absent.
    static func exifOrientation(_ bytes: [UInt8]) -> Int {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xDA || length < 2 { break }
            let start = index + 4, end = min(bytes.count, index + 2 + length)
            if marker == 0xE1, end - start > 14, Array(bytes[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                let tiff = start + 6
                let little = bytes[tiff] == 0x49
                func u16(_ at: Int) -> Int {
                    guard at + 1 < end else { return 0 }
                    return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
                }
                func u32(_ at: Int) -> Int { little ? u16(at) | u16(at + 2) << 16 : u16(at) << 16 | u16(at + 2) }
                let ifd = tiff + u32(tiff + 4)
                let entries = u16(ifd)
                for entry in 0..<min(entries, 64) {
                    let at = ifd + 2 + entry * 12
                    if u16(at) == 0x0112 { return (1...8).contains(u16(at + 8)) ? u16(at + 8) : 1 }
                }
                return 1
            }
            index += 2 + length
        }
        return 1
    }

    /// Applies an EXIF orientation so the image is upright.
    static func oriented(_ image: RGBAImage, _ orientation: Int) -> RGBAImage {
        guard orientation != 1 else { return image }
        let swaps = orientation >= 5
        let width = swaps ? image.height : image.width, height = swaps ? image.width : image.height
        var out = RGBAImage(width: width, height: height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (tx, ty): (Int, Int)
                switch orientation {
                case 2: (tx, ty) = (image.width - 1 - x, y)
                case 3: (tx, ty) = (image.width - 1 - x, image.height - 1 - y)
                case 4: (tx, ty) = (x, image.height - 1 - y)
                case 5: (tx, ty) = (y, x)
                case 6: (tx, ty) = (image.height - 1 - y, x)
                case 7: (tx, ty) = (image.height - 1 - y, image.width - 1 - x)
                default: (tx, ty) = (y, image.width - 1 - x)
                }
                let source = (y * image.width + x) * 4, target = (ty * width + tx) * 4
                out.pixels[target..<target + 4] = image.pixels[source..<source + 4]
            }
        }
        return out
    }
}
