import Document
import Drawing

/// A problem with the hermetic font set: an environment error (exit code 3).
public enum FontSetError: Error, CustomStringConvertible, Sendable {
    case missingFile(path: String, package: String)
    case unreadableList(path: String)
    case badConfiguration(path: String)

    public var description: String {
        switch self {
        case .missingFile(let path, let package):
            return "font file \(path) is missing; install the Debian package \(package) (apt-get install \(package)) or run scripts/setup"
        case .unreadableList(let path):
            return "cannot read the font list \(path); set IPRASTER_FONTS_DIR to the project's fonts/ folder"
        case .badConfiguration(let path):
            return "fontconfig rejected \(path)"
        }
    }
}
