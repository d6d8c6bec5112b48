import Drawing

/// Media files held in memory, by id (PNG, JPEG or WebP bytes, sniffed): the source for media sent with a request,
/// where no folder is shared with the sender. Animations and videos are not decoded from memory (ffmpeg reads a
/// file): they draw their placeholder with a warning. Decoded images are cached for the set's life.
public final class InMemoryMedia: MediaSource {
    public let files: [String: [UInt8]]
    private var decoded: [String: DecodedImage?] = [:]
    public private(set) var warnings: [String] = []

    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    public func image(for ids: [String]) -> DecodedImage? {
        guard let id = ids.first(where: { files[$0] != nil }), let bytes = files[id] else { return nil }
        if let known = decoded[id] { return known }
        var image: DecodedImage?
        do {
            image = try MediaDecoding.decodedImage(try ImageDecoder.decode(bytes))
        } catch {
            let message = "media \(id): \(error)"
            if !warnings.contains(message) { warnings.append(message) }
        }
        decoded[id] = image
        return image
    }
}
