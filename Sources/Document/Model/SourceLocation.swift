/// Where a part of a document came from, so later stages can name it in warnings: the JSON path of a
/// block-JSON input, or the line and column of a Markdown or HTML source.
public enum SourceLocation: Sendable, Equatable, CustomStringConvertible {
    case jsonPath(String)
    /// 1-based.
    case text(line: Int, column: Int)

    public var description: String {
        switch self {
        case .jsonPath(let path): return path
        case .text(let line, let column): return "\(line):\(column)"
        }
    }
}
