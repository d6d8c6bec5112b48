import Document
import Drawing
import Foundation

/// Where the hermetic font configuration lives, first found of: an explicit path; `$IPRASTER_FONTS_DIR`;
/// beside the executable as installed (`<prefix>/bin/ipraster` → `<prefix>/share/ipraster/fonts`) or copied
/// (`<dir>/ipraster` → `<dir>/fonts`); and last, for development builds, the `fonts/` folder of the package
/// this module was compiled from.
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
        } else if let installed = Self.besideExecutable() {
            self.path = installed
        } else {
            // Sources/Layout/Text/Pango/FontDirectory.swift → package root.
            var url = URL(fileURLWithPath: #filePath)
            for _ in 0..<5 { url.deleteLastPathComponent() }
            self.path = url.appendingPathComponent("fonts").path
        }
    }

    /// `<prefix>/share/ipraster/fonts` or `<dir>/fonts` for the running executable, when it holds `fonts.list`.
    static func besideExecutable() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let candidates = [directory.deletingLastPathComponent().appendingPathComponent("share/ipraster/fonts"),
                          directory.appendingPathComponent("fonts")]
        return candidates.map(\.path).first { FileManager.default.fileExists(atPath: $0 + "/fonts.list") }
    }

    public var configurationFile: String { path + "/fonts.conf" }
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
