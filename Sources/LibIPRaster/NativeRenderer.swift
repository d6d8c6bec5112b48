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
                if let folder = options.settings.mediaDirectory { try FolderFiles.checkFolder(folder, option: "media", location: "media") }
                let result = try warmOperations().render(RenderInput(bytes: input), settings: options.renderSettings, as: options.format)
                return NativeResult(output: result.output, warnings: result.warnings, layout: result.layout, settings: options.settings,
                                    annotations: options.annotations)
            } catch {
                return NativeResult(error: RenderError(error))
            }
        }
    }

    /// The pipeline, made on the first render with the fonts beside the library's own file (`FontDirectory`).
    private func warmOperations() throws -> RenderOperations {
        if let operations { return operations }
        let library = ipr_library_file_path().map { String(cString: $0) }
        let made = RenderOperations(pipeline: RenderPipeline(fonts: try FontSet(directory: FontDirectory(besideFile: library)), videoFrames: FFmpegVideoFrames()))
        operations = made
        return made
    }
}
