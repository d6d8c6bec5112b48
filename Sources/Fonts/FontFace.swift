import CPango
import FreeTypeFaces
import FoundationEssentials
import Primitives

/// One face of a font file as fontconfig describes it: family, file, face index, weight and slant at once, its
/// charset and its whole `FcPattern` when first needed (a face read from the font index keeps its pattern as text
/// until a font set adds it to its configuration). Immutable once made; safe to share between font sets on
/// several threads (the lazy parts are made under a lock).
public final class FontFace: @unchecked Sendable {
    public let family: String
    public let file: String
    public let index: Int
    /// fontconfig's weight scale (80 regular, 100 medium, 180 semibold, 200 bold).
    public let weight: Double
    /// fontconfig's slant (0 roman, 100 italic, 110 oblique).
    public let slant: Int

    private let lock = Lock()
    private var pattern: OpaquePointer?
    /// The pattern in fontconfig's name syntax, charset left out, while not parsed.
    private var patternText: [UInt8]
    private let charsets: FontCharsets?
    private let charsetNumber: Int
    private var charsetValue: OpaquePointer??
    /// Whether the pattern carries the shared FreeType face (collection faces: they are parsed only when a text
    /// uses them, so the face opens only then; a base face's file is opened by Cairo when first drawn).
    private let sharedFace: Bool

    /// A face scanned from its file: takes ownership of `pattern`; nil when it lacks a family or file. `sharedFace`:
    /// Cairo draws it with the process's FreeType face (`SharedFreeTypeFaces`) instead of opening the file.
    init?(pattern: OpaquePointer, sharedFace: Bool) {
        guard let family = Self.string(pattern, FC_FAMILY), let file = Self.string(pattern, FC_FILE) else {
            FcPatternDestroy(pattern)
            return nil
        }
        self.pattern = pattern
        self.family = family
        self.file = file
        self.sharedFace = sharedFace
        var index: Int32 = 0, slant: Int32 = 0
        defer { if sharedFace { Self.attachSharedFace(pattern, file: file, index: Int(index)) } }
        var weight = 80.0
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight)
        self.index = Int(index)
        self.slant = Int(slant)
        self.weight = weight
        patternText = []
        charsets = nil
        charsetNumber = -1
        var charset: OpaquePointer?
        charsetValue = FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch ? charset : nil
    }

    /// A face read from the font index: its facts now, its pattern (`text`, without the charset) and its charset
    /// (number `charset` of `charsets`) when first needed.
    init(family: String, file: String, index: Int, weight: Double, slant: Int, text: [UInt8], charsets: FontCharsets, charset: Int,
         sharedFace: Bool) {
        self.sharedFace = sharedFace
        self.family = family
        self.file = file
        self.index = index
        self.weight = weight
        self.slant = slant
        patternText = text
        self.charsets = charsets
        charsetNumber = charset
    }

    deinit { if let pattern { FcPatternDestroy(pattern) } }

    /// The code points the face maps.
    var charset: OpaquePointer? {
        lock.lock()
        defer { lock.unlock() }
        if let known = charsetValue { return known }
        let value = charsets?.charset(charsetNumber)
        charsetValue = value
        return value
    }

    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        // Outside the charset's pages: no character there, and the charset need not be parsed for it.
        if let charsets, !charsets.hasPage(charsetNumber, scalar.value >> 8) { return false }
        guard let charset else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    public var isItalic: Bool { slant != 0 }
    public var isBold: Bool { weight >= 180 }

    /// The whole pattern, parsed on first use; nil when the index text does not parse.
    private var fullPattern: OpaquePointer? {
        let charset = self.charset
        lock.lock()
        defer { lock.unlock() }
        if let pattern { return pattern }
        var text = patternText
        text.append(0)
        guard let parsed = text.withUnsafeBufferPointer({ FcNameParse($0.baseAddress) }) else { return nil }
        if let charset { FcPatternAddCharSet(parsed, FC_CHARSET, charset) }
        if sharedFace { Self.attachSharedFace(parsed, file: file, index: index) }
        pattern = parsed
        patternText = []
        return parsed
    }

    /// Gives Cairo the process's FreeType face for the file (`SharedFreeTypeFaces`) instead of letting it open the
    /// file again.
    static func attachSharedFace(_ pattern: OpaquePointer, file: String, index: Int) {
        guard let face = SharedFreeTypeFaces.face(file: file, index: index) else { return }
        FcPatternAddFTFace(pattern, FC_FT_FACE, face)
    }

    /// Adds the face to `set` (a fontconfig font set takes a reference of its own).
    func add(to set: UnsafeMutablePointer<FcFontSet>) {
        guard let pattern = fullPattern else { return }
        FcPatternReference(pattern)
        if FcFontSetAdd(set, pattern) == 0 { FcPatternDestroy(pattern) }
    }

    static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}

/// The charsets of a font index, in fontconfig's name syntax, each parsed on first use and shared by every face
/// that has it (the ten faces of a Noto Sans CJK file have one).
final class FontCharsets: @unchecked Sendable {
    private let lock = Lock()
    private let texts: [[UInt8]]
    private let pages: [Set<UInt32>]
    private var parsed: [Int: OpaquePointer] = [:]

    init(texts: [[UInt8]], pages: [Set<UInt32>]) {
        self.texts = texts
        self.pages = pages
    }

    /// Whether charset `number` has a character in 256-code-point page `page` (immutable: no lock).
    func hasPage(_ number: Int, _ page: UInt32) -> Bool { pages.indices.contains(number) && pages[number].contains(page) }

    deinit { for charset in parsed.values { FcCharSetDestroy(charset) } }

    func charset(_ number: Int) -> OpaquePointer? {
        lock.lock()
        defer { lock.unlock() }
        if let known = parsed[number] { return known }
        guard texts.indices.contains(number) else { return nil }
        var text = Array(":charset=".utf8) + texts[number]
        text.append(0)
        guard let pattern = text.withUnsafeBufferPointer({ FcNameParse($0.baseAddress) }) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset, let copy = FcCharSetCopy(charset) else { return nil }
        parsed[number] = copy
        return copy
    }
}
