import Foundation
import Primitives
import ProcessSupport
import RichMessageRenderer

/// What a snapshot test renders: a message file or message text in one of ipraster's input formats.
public enum SnapshotInput: Sendable {
    /// A message file: JSON (Bot API, Telethon), `.md` or `.html`. A relative path is looked up beside the test
    /// file first (the folder of its `#filePath`, where fixtures usually live), then in the current folder.
    case file(String)
    /// Bot API or Telethon JSON.
    case json(String)
    /// Rich Markdown.
    case markdown(String)
    /// Rich HTML.
    case html(String)

    /// The bytes to decode, the path they came from and the input format the case names. `testFile` is the
    /// asserting test's `#filePath`.
    func bytes(testFile: String) throws -> (bytes: [UInt8], path: String?, format: (any InputFormat.Type)?) {
        switch self {
        case .file(let path):
            let found = Self.resolve(path, testFile: testFile)
            return (try FileContents.read(found), found, nil)
        case .json(let text): return (Array(text.utf8), nil, JSONMessageFormat.self)
        case .markdown(let text): return (Array(text.utf8), nil, RenderSettings.markdownFormat)
        case .html(let text): return (Array(text.utf8), nil, RenderSettings.htmlFormat)
        }
    }

    /// `path` as given when absolute; else beside the test file when it exists there, else as given (the current
    /// folder), so the error names the path the caller wrote.
    static func resolve(_ path: String, testFile: String) -> String {
        guard !path.hasPrefix("/"), testFile.hasPrefix("/") else { return path }
        let besideTest = PathName.parent(testFile) + "/" + path
        return FileManager.default.fileExists(atPath: besideTest) ? besideTest : path
    }
}
