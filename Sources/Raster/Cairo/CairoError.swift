import CCairo
import Primitives

/// A Cairo failure, turned into a typed error (`architecture.md`: check every Cairo status). What the page
/// asks for (sizes, matrices) is the input's doing, so the tool reports these as input errors (exit 2);
/// only running out of memory is the machine's (exit 3).
public struct CairoError: ClassifiedError {
    /// Out of memory is the machine's; any other status refuses this page.
    public var kind: FailureKind { outOfMemory ? .environment : .refused }
    public var failureMessage: String { outOfMemory ? description : "cannot draw this page: \(description)" }
    public let message: String
    public let outOfMemory: Bool
    public var description: String { "cairo: \(message)" }

    init(message: String, outOfMemory: Bool = false) {
        self.message = message
        self.outOfMemory = outOfMemory
    }

    init(status: cairo_status_t) {
        self.init(message: String(cString: cairo_status_to_string(status)), outOfMemory: status == CAIRO_STATUS_NO_MEMORY)
    }
}
