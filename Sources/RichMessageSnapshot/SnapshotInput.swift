import ProcessSupport
import RichMessageRenderer

/// What a snapshot test renders: a message file or message text in one of ipraster's input formats.
public enum SnapshotInput: Sendable {
    /// A message file: JSON (Bot API, Telethon), `.md` or `.html`.
    case file(String)
    /// Bot API or Telethon JSON.
    case json(String)
    /// Rich Markdown.
    case markdown(String)
    /// Rich HTML.
    case html(String)

    /// The bytes to decode, the path they came from and the input format the case names.
    func bytes() throws -> (bytes: [UInt8], path: String?, format: (any InputFormat.Type)?) {
        switch self {
        case .file(let path): return (try FileContents.read(path), path, nil)
        case .json(let text): return (Array(text.utf8), nil, JSONMessageFormat.self)
        case .markdown(let text): return (Array(text.utf8), nil, RenderSettings.markdownFormat)
        case .html(let text): return (Array(text.utf8), nil, RenderSettings.htmlFormat)
        }
    }
}
