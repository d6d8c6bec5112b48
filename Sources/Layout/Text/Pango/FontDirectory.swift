import Foundation

/// Where the hermetic font configuration lives: `$IPRASTER_FONTS_DIR`, else the `fonts/` folder of
/// the package this module was built from.
public struct FontDirectory: Sendable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var package: String
    }

    public let path: String

    public init(path: String? = nil) {
        if let path {
            self.path = path
        } else if let environment = ProcessInfo.processInfo.environment["IPRASTER_FONTS_DIR"], !environment.isEmpty {
            self.path = environment
        } else {
            // Sources/Layout/Text/Pango/FontDirectory.swift → package root.
            var url = URL(fileURLWithPath: #filePath)
            for _ in 0..<5 { url.deleteLastPathComponent() }
            self.path = url.appendingPathComponent("fonts").path
        }
    }

    public var configurationFile: String { path + "/fonts.conf" }
    public var emptyConfigurationFile: String { path + "/empty.conf" }
    public var listFile: String { path + "/fonts.list" }

    /// The font files of `fonts.list`, in order.
    public func entries() throws -> [Entry] {
        guard let text = try? String(contentsOfFile: listFile, encoding: .utf8) else {
            throw FontSetError.unreadableList(path: listFile)
        }
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let fields = trimmed.split(separator: "\t", omittingEmptySubsequences: true)
            return Entry(path: String(fields[0]), package: fields.count > 1 ? String(fields[1]) : "?")
        }
    }
}
