import Glibc
import Layout
import Primitives
import RenderService
import RichMessageRenderer

/// What `ipr_render` returns (issue 59): the output bytes, the warnings as a JSON array and the page's layout, or an
/// error with its exit class, message, location and kind. The C strings and the bytes are allocated here and freed
/// with the result, so the pointers the C functions hand out stay valid until `ipr_result_free`. The layout JSON is
/// written on its first request (a caller that wants only the picture never pays for it), under a lock.
final class NativeResult {
    let status: Int32
    /// The output (at least one byte allocated, so an empty output has an address too) and its length.
    let bytes: UnsafeMutableRawPointer?
    let count: Int
    let warnings: UnsafeMutablePointer<CChar>?
    let errorMessage: UnsafeMutablePointer<CChar>?
    let errorLocation: UnsafeMutablePointer<CChar>?
    let errorKind: UnsafeMutablePointer<CChar>?
    private let layout: PageLayout?
    private let settings: RenderSettings?
    private var layoutJSON: UnsafeMutablePointer<CChar>?
    private let annotationDetail: LibraryOptions.AnnotationDetail?
    private var annotationsJSON: UnsafeMutablePointer<CChar>?
    private let lock = Lock()

    init(output: [UInt8], warnings: [String], layout: PageLayout, settings: RenderSettings, annotations: LibraryOptions.AnnotationDetail?) {
        annotationDetail = annotations
        status = 0
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(output.count, 1), alignment: 16)
        output.withUnsafeBytes { source in bytes.copyMemory(from: source) }
        self.bytes = bytes.baseAddress
        count = output.count
        self.warnings = strdup(JSONOut.array(warnings.map { .string($0) }).serialized(pretty: false))
        self.layout = layout
        self.settings = settings
        errorMessage = nil
        errorLocation = nil
        errorKind = nil
    }

    init(error: RenderError) {
        status = error.exitCode
        bytes = nil
        count = 0
        warnings = strdup("[]")
        layout = nil
        settings = nil
        annotationDetail = nil
        errorMessage = strdup(error.message)
        errorLocation = error.location.map { strdup($0) } ?? nil
        errorKind = strdup(error.kind.rawValue)
    }

    /// The layout JSON `ipraster layout` prints for the same input and options (nil for an error).
    func layoutText() -> UnsafePointer<CChar>? {
        lock.withLock {
            if layoutJSON == nil, let layout, let settings {
                layoutJSON = strdup(RenderOperations.layoutText(layout, settings: settings, compact: false))
            }
            return layoutJSON.map { UnsafePointer($0) }
        }
    }

    /// The annotations (`ipraster render --annotations`) when the options asked for them; nil otherwise and for an error.
    func annotationsText() -> UnsafePointer<CChar>? {
        lock.withLock {
            if annotationsJSON == nil, let layout, let settings, let annotationDetail {
                let value = Annotations(layout, options: settings.layout, clusters: annotationDetail == .clusters)
                annotationsJSON = strdup(value.json().serialized(pretty: false))
            }
            return annotationsJSON.map { UnsafePointer($0) }
        }
    }

    deinit {
        bytes?.deallocate()
        for text in [warnings, errorMessage, errorLocation, errorKind, layoutJSON, annotationsJSON] { free(text) }
    }
}
