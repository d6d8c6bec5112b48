import FoundationEssentials

/// Where the hermetic font configuration lives, first found of: an explicit path; `$IPRASTER_FONTS_DIR`;
/// beside the executable as installed (`<prefix>/bin/ipraster` → `<prefix>/share/ipraster/fonts`) or copied
/// (`<dir>/ipraster` → `<dir>/fonts`); and last, for development builds, the `fonts/` folder of the package
/// this module was compiled from.
///
/// The folder holds `fonts.conf` (fontconfig rules only), `fonts.list` (every font file ipraster may use, with
/// its Debian package and role) and, once `ipraster fonts --write-index` has run (scripts/setup and
/// scripts/install do), `fonts.index`: what fontconfig reads from each file, so that a run opens no font file it
/// does not draw with (`FontIndex`).
public struct FontDirectory: Sendable, Hashable {
    /// One line of `fonts.list`: a font file, the Debian package that installs it and its part in the collection.
    public struct Entry: Sendable, Equatable, Hashable {
        public var path: String
        public var package: String
        public var role: FontRole

        public init(path: String, package: String, role: FontRole = .base) {
            self.path = path
            self.package = package
            self.role = role
        }
    }

    public let path: String

    /// `path`; else `IPRASTER_FONTS_DIR`; else installed beside `file` (a shared library's own file: libipraster finds
    /// its fonts from `PREFIX/lib`, whatever program loaded it), then beside the running executable; else the
    /// checkout's `fonts/`.
    public init(path: String? = nil, besideFile file: String? = nil) {
        if let path {
            self.path = path
        } else if let environment = ProcessInfo.processInfo.environment["IPRASTER_FONTS_DIR"], !environment.isEmpty {
            self.path = environment
        } else if let installed = file.flatMap(Self.installed(beside:)) ?? Self.besideExecutable() {
            self.path = installed
        } else {
            // Sources/Fonts/FontDirectory.swift → package root.
            var url = URL(fileURLWithPath: #filePath)
            for _ in 0..<3 { url.deleteLastPathComponent() }
            self.path = url.appendingPathComponent("fonts").path
        }
    }

    /// `<prefix>/share/ipraster/fonts` or `<dir>/fonts` for the running executable, when it holds `fonts.list`.
    static func besideExecutable() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return installed(beside: executable)
    }

    /// `<prefix>/share/ipraster/fonts` or `<dir>/fonts` for a file at `<prefix>/<dir>/…`, when it holds `fonts.list`.
    static func installed(beside file: String) -> String? {
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        let candidates = [directory.deletingLastPathComponent().appendingPathComponent("share/ipraster/fonts"),
                          directory.appendingPathComponent("fonts")]
        return candidates.map(\.path).first { FileManager.default.fileExists(atPath: $0 + "/fonts.list") }
    }

    public var configurationFile: String { path + "/fonts.conf" }
    public var listFile: String { path + "/fonts.list" }
    public var indexFile: String { path + "/fonts.index" }

    /// The font files of `fonts.list`, in order: `path<TAB>package[<TAB>role]` per line (no role: `base`).
    public func entries() throws -> [Entry] {
        guard let data = FileManager.default.contents(atPath: listFile) else { throw FontSetError.unreadableList(path: listFile) }
        // Byte-wise: the list has ~250 lines and is read at every start.
        let bytes = [UInt8](data)
        var entries: [Entry] = []
        var lineStart = 0, number = 0
        while lineStart < bytes.count {
            number += 1
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            var fields: [String] = []
            var fieldStart = lineStart
            while fieldStart <= lineEnd {
                let fieldEnd = bytes[fieldStart..<lineEnd].firstIndex(of: UInt8(ascii: "\t")) ?? lineEnd
                var low = fieldStart, high = fieldEnd
                while low < high, bytes[low] == 0x20 || bytes[low] == 0x0D { low += 1 }
                while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x0D { high -= 1 }
                if low < high { fields.append(String(decoding: bytes[low..<high], as: UTF8.self)) }
                fieldStart = fieldEnd + 1
            }
            guard let path = fields.first, !path.hasPrefix("#") else { continue }
            var role = FontRole.base
            if fields.count > 2 {
                guard let known = FontRole(rawValue: fields[2]) else {
                    throw FontSetError.badList(path: listFile, line: number, message: "unknown role \(fields[2])")
                }
                role = known
            }
            entries.append(Entry(path: path, package: fields.count > 1 ? fields[1] : "?", role: role))
        }
        return entries
    }
}
