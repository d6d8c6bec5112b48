/// What a failure is, as every front end reports it (issue 58): the command line's exit code and the service's HTTP
/// status follow from it (`RenderError`). Each error type says its own kind where it is declared
/// (`ClassifiedError`); nothing guesses from a type's name at the end.
public enum FailureKind: String, Sendable, CaseIterable {
    /// A bad option or query parameter.
    case usage
    /// Input that cannot be read: malformed JSON, a wrong type at a path, nothing to draw.
    case unreadable
    /// Readable input that is refused: under `--strict` (unknown types, Bot API limits, formulas, missing glyphs,
    /// sticker files), or a page Cairo cannot draw.
    case refused
    /// A page past a raster or layout limit.
    case tooLarge
    /// The machine, not the input: a missing file, folder, font or program, I/O, memory.
    case environment
}
