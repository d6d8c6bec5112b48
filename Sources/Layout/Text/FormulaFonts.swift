import Drawing
import Fonts
import Math
import Primitives

/// The formula typesetter on a font collection's math face (Latin Modern Math), with the collection's formula
/// cascade for the characters it lacks. Made beside the font set, not inside it: shaping and typesetting share the
/// collection, nothing else.
public enum FormulaFonts {
    /// The typesetter of a font folder's math font (`ipraster math`, and the render pipeline).
    public static func typesetter(_ directory: FontDirectory) throws -> FormulaTypesetter {
        let collection = try FontCollection.shared(directory)
        guard let typesetter = typesetter(collection) else {
            let math = collection.entries.first { $0.path.hasSuffix("/latinmodern-math.otf") }
            throw FontSetError.missingFile(path: math?.path ?? "latinmodern-math.otf", package: math?.package ?? "fonts-lmodern")
        }
        return typesetter
    }

    /// nil when the collection has no math face (formulas are then shown as their LaTeX source).
    public static func typesetter(_ collection: FontCollection) -> FormulaTypesetter? {
        guard let math = collection.baseFaces.first(where: { $0.family == FontFamily.math.rawValue }),
              let font = try? MathFont(file: math.file, faceIndex: math.index) else { return nil }
        var textFiles: [String: String] = [:]
        for entry in collection.entries where entry.role == .formula {
            textFiles[PathName.lastComponent(entry.path)] = entry.path
        }
        let fallbacks = MathFallbackFonts(locate: { scalar, region in
            collection.formulaFace(for: scalar, region: region).map { ($0.file, $0.index) }
        }, textFiles: textFiles)
        return FormulaTypesetter(font: font, fallbacks: fallbacks)
    }
}

/// A formula typesetter opened on first use: most messages hold no formula, and opening Latin Modern Math and its
/// fallbacks costs start-up time and memory a one-shot render of plain text should not pay.
public final class LazyFormulaTypesetter {
    private let make: () -> FormulaTypesetter?
    private var opened = false
    private var value: FormulaTypesetter?

    public init(_ make: @escaping () -> FormulaTypesetter?) {
        self.make = make
    }

    /// The typesetter, opened now if it was not yet; nil when there is no math font.
    public var typesetter: FormulaTypesetter? {
        if !opened {
            value = make()
            opened = true
        }
        return value
    }
}
