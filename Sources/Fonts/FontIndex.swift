import CPango
import FoundationEssentials

/// What fontconfig reads from each listed font file (every face's family, style, weight, slant, languages and
/// charset), written once per machine by `ipraster fonts --write-index` (scripts/setup and scripts/install run it)
/// so that a run builds its fontconfig set without opening ~250 font files: a face is parsed only when a text
/// needs it, and opened only when a character is drawn with it. Each file is recorded with its size and
/// modification time; a file whose size or time differs, or that the index does not name, is scanned instead
/// (`FcFreeTypeQueryAll`), so a stale or missing index costs time, never a wrong face.
///
/// Written by hand because fontconfig's own caches are keyed by directory and would not notice a replaced file
/// in a folder of links. The format is line-based text, fields separated by tabs:
/// - `F path size mtime` names a file; the `P` lines after it are its faces;
/// - `C pages charset` holds a charset in fontconfig's name syntax, stored once and shared by the faces that have
///   it, after the list of its 256-code-point pages (hex, comma-separated): a lookup outside them needs no parse;
/// - `P charset family index weight slant pattern`: a face's charset number, the facts ipraster reads without
///   parsing, and its whole pattern in fontconfig's name syntax without the charset.
struct FontIndex {
    struct Record {
        var size: Int64
        var modified: String
        var faces: [Face]
    }

    struct Face {
        var charset: Int
        var family: String
        var index: Int
        var weight: Double
        var slant: Int
        var pattern: Range<Int>
    }

    static let header = "ipraster-font-index 3"

    private(set) var records: [String: Record] = [:]
    /// The index file's bytes; pattern texts are copied out of them for the faces a run reads.
    private var bytes: [UInt8] = []
    private var charsets = FontCharsets(texts: [], pages: [])

    init() {}

    /// The index at `path`; empty when it is missing or not an index. Read as bytes: only names, numbers and
    /// stamps become values, so reading the ~200 KB index costs a fraction of a millisecond.
    init(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        let header = Array(Self.header.utf8)
        guard bytes.count > header.count, Array(bytes[0..<header.count]) == header, bytes[header.count] == newline else {
            bytes = []
            return
        }
        var charsetTexts: [[UInt8]] = []
        var charsetPages: [Set<UInt32>] = []
        var current: String?
        var start = header.count + 1
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            defer { start = end + 1 }
            guard end - start > 2, bytes[start + 1] == tab else { continue }
            let kind = bytes[start]
            // The last field keeps any tabs.
            let wanted = kind == UInt8(ascii: "F") ? 3 : kind == UInt8(ascii: "P") ? 6 : 2
            var fields: [Range<Int>] = []
            var fieldStart = start + 2
            while fields.count < wanted - 1, let tabAt = bytes[fieldStart..<end].firstIndex(of: tab) {
                fields.append(fieldStart..<tabAt)
                fieldStart = tabAt + 1
            }
            fields.append(fieldStart..<end)
            guard fields.count == wanted else { continue }
            func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            switch kind {
            case UInt8(ascii: "F"):
                let path = string(fields[0])
                current = path
                records[path] = Record(size: Int64(string(fields[1])) ?? -1, modified: string(fields[2]), faces: [])
            case UInt8(ascii: "C"):
                charsetPages.append(Set(string(fields[0]).split(separator: ",").compactMap { UInt32($0, radix: 16) }))
                charsetTexts.append(Array(bytes[fields[1]]))
            case UInt8(ascii: "P"):
                guard let current, let charset = Int(string(fields[0])), let index = Int(string(fields[2])),
                      let weight = Double(string(fields[3])), let slant = Int(string(fields[4])) else { continue }
                records[current]?.faces.append(Face(charset: charset, family: string(fields[1]), index: index, weight: weight, slant: slant,
                                                    pattern: fields[5]))
            default:
                continue
            }
        }
        charsets = FontCharsets(texts: charsetTexts, pages: charsetPages)
    }

    /// The faces of `path` from the index when its record is current, else by scanning the file; nil when the file
    /// is missing or holds no face fontconfig can read.
    func faces(of path: String, sharedFace: Bool) -> [FontFace]? {
        guard let stamp = Self.stamp(path) else { return nil }
        if let record = records[path], record.size == stamp.size, record.modified == stamp.modified, !record.faces.isEmpty {
            return record.faces.map { face in
                FontFace(family: face.family, file: path, index: face.index, weight: face.weight, slant: face.slant,
                         text: Array(bytes[face.pattern]), charsets: charsets, charset: face.charset, sharedFace: sharedFace)
            }
        }
        let scanned = Self.scan(path).compactMap { FontFace(pattern: $0, sharedFace: sharedFace) }
        return scanned.isEmpty ? nil : scanned
    }

    /// Whether the index has a current record of every file in `paths` that exists.
    func isCurrent(for paths: [String]) -> Bool {
        paths.allSatisfy { path in
            guard let stamp = Self.stamp(path) else { return true }
            guard let record = records[path] else { return false }
            return record.size == stamp.size && record.modified == stamp.modified
        }
    }

    /// Every face fontconfig finds in the file (a collection has several), as new patterns the caller owns.
    static func scan(_ path: String) -> [OpaquePointer] {
        guard let set = FcFontSetCreate() else { return [] }
        defer { FcFontSetDestroy(set) }
        var count: Int32 = 0
        FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set)
        return (0..<Int(set.pointee.nfont)).compactMap { index in
            guard let pattern = set.pointee.fonts[index] else { return nil }
            FcPatternReference(pattern)
            return pattern
        }
    }

    /// Size and modification time (nanoseconds) of `path`, following links; nil when it does not exist.
    static func stamp(_ path: String) -> (size: Int64, modified: String)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
    }

    /// The index text for `paths` (scanned now); files that are missing are left out.
    static func text(for paths: [String]) -> String {
        var lines = [header]
        var charsets: [String: Int] = [:]
        var body: [String] = []
        for path in paths {
            guard let stamp = stamp(path) else { continue }
            let patterns = scan(path)
            guard !patterns.isEmpty else { continue }
            body.append("F\t\(path)\t\(stamp.size)\t\(stamp.modified)")
            for pattern in patterns {
                defer { FcPatternDestroy(pattern) }
                guard let family = FontFace.string(pattern, FC_FAMILY), !family.contains("\t") else { continue }
                var charsetNumber = -1
                var charset: OpaquePointer?
                if FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset, let holder = FcPatternCreate() {
                    FcPatternAddCharSet(holder, FC_CHARSET, charset)
                    var text = unparse(holder)
                    FcPatternDestroy(holder)
                    if text.hasPrefix(":charset=") { text.removeFirst(":charset=".count) }
                    if let known = charsets[text] {
                        charsetNumber = known
                    } else {
                        charsetNumber = charsets.count
                        charsets[text] = charsetNumber
                        lines.append("C\t" + pages(charset).map { String($0, radix: 16) }.joined(separator: ",") + "\t" + text)
                    }
                }
                var index: Int32 = 0, slant: Int32 = 0
                var weight = 80.0
                FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
                FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
                FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight)
                guard let copy = FcPatternDuplicate(pattern) else { continue }
                FcPatternDel(copy, FC_CHARSET)
                body.append("P\t\(charsetNumber)\t\(family)\t\(index)\t\(weight)\t\(slant)\t" + unparse(copy))
                FcPatternDestroy(copy)
            }
        }
        return (lines + body).joined(separator: "\n") + "\n"
    }

    /// The 256-code-point pages (code point >> 8) a charset has any character in.
    private static func pages(_ charset: OpaquePointer) -> [UInt32] {
        var result: [UInt32] = []
        var map = [FcChar32](repeating: 0, count: Int(FC_CHARSET_MAP_SIZE))
        var next: FcChar32 = 0
        var page = FcCharSetFirstPage(charset, &map, &next)
        while page != FcChar32.max {
            if map.contains(where: { $0 != 0 }) { result.append(page >> 8) }
            page = FcCharSetNextPage(charset, &map, &next)
        }
        return result
    }

    private static func unparse(_ pattern: OpaquePointer) -> String {
        guard let text = FcNameUnparse(pattern) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }
}
