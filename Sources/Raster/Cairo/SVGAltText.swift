import Drawing
import Primitives

/// The alt text in an SVG (issue 63): the root element gets `role="img"` and, first inside it, a `<title>` (the
/// text's first line) and a `<desc>` (all of it), escaped for XML; with a language, `<desc>` has `xml:lang`. Screen
/// readers announce an inline SVG by its title; search indexes read both.
///
/// Written by hand: two elements and an attribute added to the root of cairo's own output, which an XML library
/// would re-serialise and change in other ways.
enum SVGAltText {
    static func embed(_ svg: [UInt8], _ altText: AltTextMetadata) -> [UInt8] {
        guard !altText.text.isEmpty, let start = rootTagEnd(svg) else { return svg }
        let language = altText.language.map { " xml:lang=\"\(XMLText.escaped($0))\"" } ?? ""
        let attribute = Array(" role=\"img\"".utf8)
        let children = Array("\n<title\(language)>\(XMLText.escaped(altText.title))</title>\n<desc\(language)>\(XMLText.escaped(altText.text))</desc>".utf8)
        var result = Array(svg[..<start])
        result.reserveCapacity(svg.count + attribute.count + children.count)
        result += attribute
        result.append(UInt8(ascii: ">"))
        result += children
        result += svg[(start + 1)...]
        return result
    }

    /// The index of the `>` that closes cairo's `<svg …>` start tag (its attributes hold no `>`).
    private static func rootTagEnd(_ svg: [UInt8]) -> Int? {
        let open = Array("<svg".utf8)
        guard let begin = (0..<max(0, svg.count - open.count)).first(where: { svg[$0..<($0 + open.count)].elementsEqual(open) }) else { return nil }
        return svg[begin...].firstIndex(of: UInt8(ascii: ">"))
    }
}
