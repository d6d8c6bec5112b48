import CHarfBuzz
import Drawing
import Primitives

/// A math font opened with HarfBuzz at its design scale (upem), so every MATH value comes back in design units
/// and is scaled in floating point (`math-facts.md` §2.2). Owns the HarfBuzz blob, face and font.
public final class MathFont {
    public enum OpenError: ClassifiedError, Sendable, Equatable {
        public var kind: FailureKind { .environment }
        case unreadable(path: String)
        case noMathTable(path: String)

        public var description: String {
            switch self {
            case .unreadable(let path): return "cannot read the math font \(path)"
            case .noMathTable(let path): return "\(path) has no OpenType MATH table"
            }
        }
    }

    public let file: String
    public let faceIndex: Int
    public let unitsPerEm: Int
    public let constants: MathConstants
    let face: OpaquePointer
    let font: OpaquePointer
    /// `ssty` forms found so far, by code point and script level.
    var scriptForms: [UInt64: UInt32] = [:]

    public init(file: String, faceIndex: Int = 0) throws {
        guard let blob = hb_blob_create_from_file(file) else { throw OpenError.unreadable(path: file) }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(max(faceIndex, 0)), let face = hb_face_create(blob, UInt32(faceIndex)) else {
            throw OpenError.unreadable(path: file)
        }
        guard hb_ot_math_has_data(face) != 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw OpenError.noMathTable(path: file)
        }
        self.file = file
        self.faceIndex = faceIndex
        self.face = face
        self.font = font
        unitsPerEm = Int(hb_face_get_upem(face))
        constants = MathConstants(unitsPerEm: unitsPerEm, values: MathConstants.Name.allCases.map {
            Int(hb_ot_math_get_constant(font, hb_ot_math_constant_t(rawValue: UInt32($0.rawValue))))
        })
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The overlap stretchy assemblies need between parts, vertical or horizontal (design units).
    public func minConnectorOverlap(vertical: Bool) -> Int {
        Int(hb_ot_math_get_min_connector_overlap(font, vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR))
    }

    /// The key that names this font at `size` in glyph runs handed to paint.
    public func key(size: Double) -> FontKey { FontKey(file: file, faceIndex: faceIndex, size: size) }
}
