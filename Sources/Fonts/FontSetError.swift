import Primitives

/// A problem with the hermetic font set: an environment error (exit code 3).
public enum FontSetError: ClassifiedError, Sendable {
    public var kind: FailureKind { .environment }
    case missingFile(path: String, package: String)
    case unreadableList(path: String)
    case badList(path: String, line: Int, message: String)
    case badConfiguration(path: String)
    case unwritableIndex(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let path, let package):
            return "font file \(path) is missing; install the Debian package \(package) (apt-get install \(package)) or run scripts/setup"
        case .unreadableList(let path):
            return "cannot read the font list \(path); set IPRASTER_FONTS_DIR to the project's fonts/ folder"
        case .badList(let path, let line, let message):
            return "\(path):\(line): \(message)"
        case .badConfiguration(let path):
            return "fontconfig rejected \(path)"
        case .unwritableIndex(let path, let reason):
            return "cannot write the font index \(path): \(reason)"
        }
    }
}
