import CLibraryFile
import Fonts
import FoundationEssentials
import Layout
import MediaSources
import Primitives
import RenderService
import RichMessageRenderer

/// The renderer behind `ipr_renderer` (issue 59): one warm pipeline (its Pango font map, surfaces, PNG compressor),
/// made on the first render, and a lock, so that a renderer called from two threads at once renders one call after
/// the other instead of sharing the pipeline's C state. Each call returns a `NativeResult`; nothing throws across
/// the C boundary.
final class NativeRenderer {
    private let lock = Lock()
    private var operations: RenderOperations?

    func render(_ input: [UInt8], options: [UInt8]?) -> NativeResult {
        lock.withLock {
            do {
                let options = try LibraryOptions(json: options)
                if let folder = options.settings.mediaDirectory { try Self.checkMediaFolder(folder) }
                let operations = try self.operations ?? RenderOperations(pipeline: RenderPipeline(fonts: FontSet(directory: Self.fontDirectory()),
                                                                                                  videoFrames: FFmpegVideoFrames()))
                self.operations = operations
                let result = try operations.render(RenderInput(bytes: input), settings: options.settings, as: options.format)
                return NativeResult(output: result.output, warnings: result.warnings, layout: result.layout, settings: options.settings)
            } catch {
                return NativeResult(error: RenderError(error))
            }
        }
    }

    /// `IPRASTER_FONTS_DIR` when set; else `share/ipraster/fonts` beside the library's `lib` folder (an installed
    /// `PREFIX/lib/libipraster.so`); else where a program finds them (the checkout's `fonts/` for a library built in it).
    static func fontDirectory() -> FontDirectory {
        if let set = ProcessInfo.processInfo.environment["IPRASTER_FONTS_DIR"], !set.isEmpty { return FontDirectory(path: set) }
        if let file = ipr_library_file_path().map({ String(cString: $0) }) {
            let installed = PathName.parent(PathName.parent(file)) + "/share/ipraster/fonts"
            if FileManager.default.fileExists(atPath: installed + "/fonts.list") { return FontDirectory(path: installed) }
        }
        return FontDirectory()
    }

    /// The media folder an options object names must be a folder (as the command line's `--media`).
    private static func checkMediaFolder(_ folder: String) throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw RenderError(.environment, "media \(folder): no such folder", location: "media")
        }
        guard isDirectory else { throw RenderError(.environment, "media \(folder): not a folder (give the folder holding the media files)", location: "media") }
    }
}
