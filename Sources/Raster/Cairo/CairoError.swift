/// A Cairo failure, turned into a typed error (`architecture.md`: check every Cairo status).
public struct CairoError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "cairo: \(message)" }
}
