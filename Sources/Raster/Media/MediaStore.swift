import CCairo
import Foundation

/// Local media for `--media DIR`: files named by an id (file_unique_id, file_id, TL id or
/// custom_emoji_id) with one of the extensions below. Lookups never leave DIR: ids with path
/// separators or dot-dot are refused and symbolic links that point outside DIR are ignored.
/// Decoded images are cached as Cairo surfaces for the store's life (one store per render thread).
public final class MediaStore {
    /// Animations and videos: drawn as their first frame, from the host's `VideoFrameSource`.
    public static let videoExtensions = ["gif", "mp4", "webm"]
    /// Images, then animations and videos.
    public static let extensions = ["png", "jpg", "jpeg", "webp"] + videoExtensions
    /// Larger images are refused with a warning (a decompression-bomb guard).
    public static let maxPixels = 40_000_000

    public let directory: String
    private let root: String
    private var surfaces: [String: OpaquePointer?] = [:]
    public private(set) var warnings: [String] = []

    /// Where animations' and videos' first frames come from (nil: they draw their placeholder with a warning).
    public let videoFrames: (any VideoFrameSource)?

    public init(directory: String, videoFrames: (any VideoFrameSource)? = nil) {
        self.directory = directory
        self.videoFrames = videoFrames
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
    }

    deinit {
        for surface in surfaces.values { if let surface { cairo_surface_destroy(surface) } }
    }

    /// The file for the first id that has one, checked to lie inside the directory.
    public func path(for ids: [String]) -> String? {
        for id in ids where Self.isSafe(id) {
            for ext in Self.extensions {
                let candidate = root + "/" + id + "." + ext
                guard FileManager.default.fileExists(atPath: candidate) else { continue }
                let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().standardizedFileURL.path
                guard resolved.hasPrefix(root + "/") else {
                    warn("\(candidate) points outside \(directory); ignored")
                    continue
                }
                return resolved
            }
        }
        return nil
    }

    /// An id is a plain file name: no separators, no dot-dot, no control characters, not empty.
    static func isSafe(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 255 && !id.contains("/") && !id.contains("\\") && id != "." && !id.contains("..")
            && !id.unicodeScalars.contains { $0.value < 0x20 }
    }

    /// The decoded image for the first id with a file, as a premultiplied ARGB32 surface (borrowed).
    func surface(for ids: [String]) -> OpaquePointer? {
        guard let path = path(for: ids) else { return nil }
        if let cached = surfaces[path] { return cached }
        var surface: OpaquePointer?
        do {
            let image = try decode(path)
            surface = Self.makeSurface(image)
        } catch {
            warn("\(path): \(error)")
        }
        surfaces[path] = surface
        return surface
    }

    private func decode(_ path: String) throws -> RGBAImage {
        if Self.videoExtensions.contains((path as NSString).pathExtension.lowercased()) {
            guard let videoFrames else {
                throw MediaError(message: "\((path as NSString).lastPathComponent) is an animation or a video and this renderer has no source of "
                    + "video frames (the ipraster tool uses ffmpeg); its placeholder is drawn")
            }
            return try PNGCodec.decode(try videoFrames.firstFrame(ofFile: path), strictCRC: false)
        }
        return try ImageDecoder.decode(try FileContents.read(path))
    }

    /// The pixel size of the first id's image (for media whose JSON gives no dimensions).
    public func imageSize(for ids: [String]) -> (width: Int, height: Int)? {
        guard let surface = surface(for: ids) else { return nil }
        return (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    /// Straight RGBA → premultiplied native-endian ARGB32.
    static func makeSurface(_ image: RGBAImage) -> OpaquePointer? {
        guard image.width * image.height <= maxPixels,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(pixels[i + 3])
                    let r = (UInt32(pixels[i]) * a + 127) / 255, g = (UInt32(pixels[i + 1]) * a + 127) / 255
                    let b = (UInt32(pixels[i + 2]) * a + 127) / 255
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

public struct MediaError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
