import Primitives
import Raster
import RenderOptions

/// The still output format of a command or request: `--format`, else the output file's extension (PNG for
/// standard output).
package enum OutputFormat {
    /// A command's own `--format png|webp|svg|pdf` (math's), read as the render option's row reads it.
    package static func option(_ text: String?) throws -> Renderer.Format? {
        try text.map { try OptionValue(option: "--format", given: $0).choice(Renderer.Format.self) }
    }

    package static func forPath(_ path: String, explicit: Renderer.Format?) throws -> Renderer.Format {
        if let explicit { return explicit }
        if path == "-" { return .png }
        let ext = PathName.pathExtension(path).lowercased()
        guard let format = Renderer.Format(rawValue: ext) else {
            throw UsageError(message: "cannot tell the output format from \"\(path)\": use .png, .webp, .svg or .pdf, or --format")
        }
        return format
    }
}

