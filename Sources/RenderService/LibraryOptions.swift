import CommandCatalog
import Document
import Primitives
import RichMessageRenderer

/// The options of an in-process render (issue 59: `libipraster` and the Python package over it): a JSON object
/// whose keys are `ipraster render`'s option names without the dashes, as the service's query parameters are
/// (`{"theme": "night", "width": 360, "no-bubble": true, "format": "svg"}`). Read with the service's table and
/// checks (`ServiceParameters` for `/render`), so the library takes what the command line documents, less what names
/// an output file or belongs to a process — and plus `media`: the library runs in its host's process, which may name
/// its own folder of media files. A string, a number (its JSON text) or a boolean per key; null is "not given".
package struct LibraryOptions {
    package let settings: RenderSettings
    package let format: Renderer.Format
    /// `"annotations": true` (or `"words"`) asks for the page's annotations, `"clusters"` for them with grapheme clusters.
    package let annotations: AnnotationDetail?

    package enum AnnotationDetail: Sendable { case words, clusters }

    /// The settings a render takes: with annotations, layout also keeps the glyphs' ink rects the words are measured
    /// from (no pixel changes; the layout JSON stays `settings`' own).
    package var renderSettings: RenderSettings {
        var settings = self.settings
        if annotations != nil { settings.layout.revealRects = true }
        return settings
    }

    /// A problem with the options object itself (not JSON, not an object, a value of another type): a usage error
    /// whose location is `options` or the key.
    struct Problem: ClassifiedError {
        let message: String
        let location: String?
        var kind: FailureKind { .usage }
        var description: String { message }
    }

    /// Reads `json` (nil or empty: every default).
    package init(json: [UInt8]?) throws {
        var pairs: [(name: String, value: String)] = []
        var media: String?
        var annotations: AnnotationDetail?
        if let json, !json.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            let value: JSONValue
            do { value = try JSONParser.parse(json) } catch let error as JSONParser.SyntaxError {
                throw Problem(message: "the options are not JSON: \(error.description)", location: "options")
            }
            guard case .object(let object) = value else {
                throw Problem(message: "the options must be a JSON object, not a \(value.typeName)", location: "options")
            }
            for key in object.keys {
                let text: String
                switch object[key] {
                case .string(let string)?: text = string
                case .number(let number)?: text = number
                case .bool(let flag)?: text = flag ? "true" : "false"
                case .null?, nil: continue
                case let other?: throw Problem(message: "option \(key) takes a string, a number or a boolean, not a \(other.typeName)", location: key)
                }
                if key == "annotations" {
                    switch text {
                    case "true", "words": annotations = .words
                    case "clusters": annotations = .clusters
                    case "false": annotations = nil
                    default: throw Problem(message: "option annotations is true, false, \"words\" or \"clusters\", not \(text)", location: key)
                    }
                } else if key == "media" { media = text } else { pairs.append((key, text)) }
            }
        }
        guard let route = ServiceRoutes.row("/render") else { throw Problem(message: "the render route is missing", location: nil) }
        let arguments = try ServiceParameters.parse(pairs, route: route, vocabulary: .libraryOptions)
        if arguments.settings.animation != nil {
            throw Problem(message: "format \(pairs.last { $0.name == "format" }?.value ?? "") is an animation: the library renders png, webp, svg or pdf",
                          location: "format")
        }
        var settings = arguments.settings
        if let media {
            guard !media.isEmpty else { throw Problem(message: "media names no folder", location: "media") }
            settings.mediaDirectory = media
        }
        self.settings = settings
        self.annotations = annotations
        format = arguments.format ?? .png
    }
}
