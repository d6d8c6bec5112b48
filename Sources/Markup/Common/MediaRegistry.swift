import Document
import Primitives

/// The media of a Markdown or HTML message (`rich-markdown-facts.md` §1.1, §1.3 "media"): `tg://photo|video|
/// audio|document?id=X` links resolve through the message's media bindings, HTTP(S) URLs become media of their
/// own, their kind from the tag that names them or else from the file extension.
struct MediaRegistry {
    let bindings: [String: String]
    private(set) var media: [String: Media] = [:]

    init(bindings: [String: String]) {
        self.bindings = bindings
    }

    /// The media key and kind for `url`, or why it is not media. `hint`: the kind the tag says (`<video>`).
    mutating func register(_ url: String, hint: Media.Kind? = nil) -> Result<(key: String, kind: Media.Kind, warning: String?), MediaError> {
        if let tg = MarkdownReader.tgLink(url) {
            let kind: Media.Kind
            switch tg.host {
            case "photo": kind = .photo
            case "video": kind = .video
            case "audio": kind = .audio
            case "document": kind = .document
            default: return .failure(MediaError(message: "unknown media link \(url)"))
            }
            guard let id = tg.query["id"], !id.isEmpty else { return .failure(MediaError(message: "\(url) names no id")) }
            if let key = bindings[id] { return .success((key, kind, nil)) }
            if media[id] == nil { media[id] = Media(kind: kind, lookupIds: [id]) }
            return .success((id, kind, "\(url) is not bound through the message's media: looked up by its id among the media given (a placeholder when none has it)"))
        }
        let path = url.split(separator: "?").first.map(String.init) ?? url
        let file = path.split(separator: "/").last.map(String.init) ?? path
        // The text after the last dot; a name of dots only (`.`, `..`) has an empty one.
        let ext = file.contains(".") ? (file.split(separator: ".", omittingEmptySubsequences: false).last.map { $0.lowercased() } ?? "") : ""
        let kind: Media.Kind
        switch hint {
        case .video?: kind = ext == "gif" ? .animation : .video
        case .audio?: kind = ["ogg", "oga", "opus"].contains(ext) ? .voiceNote : .audio
        case .some(let other): kind = other
        case nil:
            switch ext {
            case "mp4", "mov", "webm", "m4v": kind = .video
            case "gif": kind = .animation
            case "mp3", "m4a", "flac", "wav", "aac": kind = .audio
            case "ogg", "oga", "opus": kind = .voiceNote
            case "jpg", "jpeg", "png", "webp", "bmp", "heic", "": kind = .photo
            default: kind = .document
            }
        }
        if media[url] == nil {
            var item = Media(kind: kind, lookupIds: [url, file])
            if kind == .document { item.fileName = file }
            media[url] = item
        }
        return .success((url, kind, nil))
    }

    /// Media described in full (ipraster's lossless copy): kept as given.
    mutating func define(_ key: String, _ item: Media) {
        media[key] = item
    }

    /// Media another reader registered (an HTML island's).
    mutating func merge(_ other: [String: Media]) {
        for (key, item) in other where media[key] == nil { media[key] = item }
    }

    /// The block that shows media `key` of `kind`.
    static func block(key: String, kind: Media.Kind, caption: Caption, spoiler: Bool = false) -> Block {
        switch kind {
        case .photo: return .photo(mediaId: key, caption: caption, spoiler: spoiler, url: nil)
        case .video, .animation: return .video(mediaId: key, caption: caption, spoiler: spoiler)
        case .audio, .voiceNote: return .audio(mediaId: key, caption: caption)
        case .document, .sticker: return .document(mediaId: key, caption: caption)
        }
    }
}

struct MediaError: ClassifiedError {
    var message: String
    var kind: FailureKind { .unreadable }
    var description: String { message }
}
