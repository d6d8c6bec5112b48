import Document
import MediaSources
import RichMessageRenderer

/// A message to render as an operation receives it (issue 58): its bytes, the path that names it in errors and picks
/// its format by extension, the input format when something other than the bytes says it (a request's
/// Content-Type), and where its media come from (a request's files over the service's folder; nil: the settings'
/// `--media` folder).
package struct RenderInput {
    package var bytes: [UInt8]
    package var path: String?
    package var format: (any InputFormat.Type)?
    package var media: (any MediaSource)?

    package init(bytes: [UInt8], path: String? = nil, format: (any InputFormat.Type)? = nil, media: (any MediaSource)? = nil) {
        self.bytes = bytes
        self.path = path
        self.format = format
        self.media = media
    }

    /// `settings` with this input's format: one it names wins over `--from` (a request's Content-Type describes
    /// these bytes).
    package func applied(to settings: RenderSettings) -> RenderSettings {
        var settings = settings
        if let format { settings.inputFormat = format }
        return settings
    }
}
