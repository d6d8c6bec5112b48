import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Math
import XCTest

/// MathML output (issue 63): every formula of the project's corpora (AI-style, defects, KaTeX constructs and
/// coverage, mhchem, issue 62's) written as MathML parses as XML (libxml2, through Foundation's XMLParser), carries its
/// TeX as `alttext` and annotation, and follows MathML Core's element rules: only Core's elements; token elements hold
/// text only; the scripted, fraction and radical elements have their exact number of children; tables are rows of
/// cells. Facts compared with what Temml and KaTeX write for a sample are in `testTheStructureOfASample`.
final class MathMLTests: XCTestCase {
    static let elements: Set<String> = ["math", "semantics", "annotation", "annotation-xml", "maction", "merror", "mfrac", "mi", "mmultiscripts", "mn",
                                        "mo", "mover", "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mspace", "msqrt", "mstyle",
                                        "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder", "munderover"]
    static let tokens: Set<String> = ["mi", "mn", "mo", "mtext", "ms", "annotation"]
    static let arity: [String: Int] = ["mfrac": 2, "mroot": 2, "msub": 2, "msup": 2, "msubsup": 3, "munder": 2, "mover": 2, "munderover": 3]

    /// The element tree of a document, with each element's text.
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""
        init(_ name: String, _ attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    final class TreeReader: NSObject, XMLParserDelegate {
        var stack: [Node] = []
        var root: Node?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            let node = Node(name, attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { stack.removeLast() }
        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
    }

    private func tree(_ xml: String) -> Node? {
        let reader = TreeReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        return parser.parse() ? reader.root : nil
    }

    /// What breaks MathML Core's element rules in `node`, one line each.
    private func problems(_ node: Node) -> [String] {
        var found: [String] = []
        if !Self.elements.contains(node.name) { found.append("<\(node.name)> is not a MathML Core element") }
        if Self.tokens.contains(node.name), !node.children.isEmpty { found.append("<\(node.name)> holds elements") }
        if !Self.tokens.contains(node.name), !node.text.trimmingCharacters(in: .whitespaces).isEmpty { found.append("<\(node.name)> holds text \(node.text)") }
        if let count = Self.arity[node.name], node.children.count != count { found.append("<\(node.name)> has \(node.children.count) children, not \(count)") }
        if node.name == "mtable", node.children.contains(where: { $0.name != "mtr" }) { found.append("<mtable> holds more than rows") }
        if node.name == "mtr", node.children.contains(where: { $0.name != "mtd" }) { found.append("<mtr> holds more than cells") }
        if node.name == "mspace", !node.children.isEmpty { found.append("<mspace> is not empty") }
        return found + node.children.flatMap(problems)
    }

    private func corpus() throws -> [String] {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        let folder = url.appendingPathComponent("Fixtures/math").path
        var formulas: [String] = []
        for name in ["tex-boxes.txt", "defect-boxes.txt", "katex-constructs.txt", "katex-coverage.txt", "mhchem-boxes.txt", "formulas4-boxes.txt"] {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            formulas += text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        return formulas
    }

    func testEveryFormulaOfTheCorpusIsWellFormedMathMLCore() throws {
        let formulas = try corpus()
        XCTAssertGreaterThan(formulas.count, 700)
        var written = 0
        for formula in formulas {
            // A corpus line the parser refuses (a few coverage lines are errors on purpose) has no MathML.
            guard let markup = try? MathMLWriter.math(formula, display: true) else { continue }
            written += 1
            guard let root = tree(markup) else {
                XCTFail("not XML: \(formula)")
                continue
            }
            XCTAssertEqual(root.name, "math", formula)
            XCTAssertEqual(root.attributes["alttext"], formula)
            XCTAssertEqual(root.attributes["display"], "block")
            XCTAssertEqual(root.children.map(\.name), ["semantics"], formula)
            let semantics = root.children.first
            XCTAssertEqual(semantics?.children.count, 2, formula)
            XCTAssertEqual(semantics?.children.last?.name, "annotation", formula)
            XCTAssertEqual(semantics?.children.last?.attributes["encoding"], "application/x-tex")
            XCTAssertEqual(semantics?.children.last?.text, formula)
            XCTAssertEqual(problems(root), [], formula)
        }
        XCTAssertGreaterThan(Double(written), Double(formulas.count) * 0.97, "the corpus parses")
    }

    /// The structure of a sample as KaTeX's MathML snapshots write the same constructs (read as facts, not copied):
    /// a fraction of two identifiers, a root with its index second, a display sum in <munderover> with the lower limit
    /// before the upper, a number's digits and decimal point in one <mn>, italic letters as plain letters in <mi>
    /// (MathML Core draws a one-letter <mi> italic). Where ipraster differs: the sum's <mo> says movablelimits (KaTeX
    /// leaves it to the operator dictionary) and capital Greek, upright in TeX, is <mi mathvariant="normal">.
    func testTheStructureOfASample() throws {
        let markup = try MathMLWriter.math("\\frac{a}{b}+\\sqrt[3]{x^2}=\\sum_{i=1}^{n} i + 3.14", display: true)
        let root = try XCTUnwrap(tree(markup))
        func shape(_ node: Node) -> String {
            node.children.isEmpty ? node.name + (node.text.isEmpty ? "" : "(\(node.text))") : node.name + "[" + node.children.map(shape).joined(separator: " ") + "]"
        }
        XCTAssertEqual(shape(try XCTUnwrap(root.children.first?.children.first)),
                       "mrow[mfrac[mi(a) mi(b)] mo(+) mroot[msup[mi(x) mn(2)] mn(3)] mo(=) munderover[mo(∑) mrow[mi(i) mo(=) mn(1)] mi(n)] mi(i) mo(+) mn(3.14)]")
        XCTAssertTrue(try MathMLWriter.math("\\Gamma + \\mathbf{v}", display: false).contains("<mi mathvariant=\"normal\">Γ</mi><mo>+</mo><mrow><mi>𝐯</mi></mrow>"))
        XCTAssertTrue(markup.contains("<mo movablelimits=\"true\" largeop=\"true\">∑</mo>"))
        // Chemistry: subscripts belong to their element, not to mhchem's invisible strut.
        let water = try XCTUnwrap(tree(try MathMLWriter.math("\\ce{H2O}", display: false)))
        XCTAssertEqual(shape(try XCTUnwrap(water.children.first?.children.first)).contains("msub[mrow[mi(H)] mpadded[mn(2)]]"), true, shape(water))
        XCTAssertNil(water.attributes["display"])
        // A formula that does not parse is an error, not markup.
        XCTAssertThrowsError(try MathMLWriter.math("\\frac{a}{", display: true))
        // Text with markup characters stays text.
        XCTAssertEqual(tree(try MathMLWriter.math("a<b \\text{ & } c", display: false))?.attributes["alttext"], "a<b \\text{ & } c")
    }

    func testEveryApproximationIsListed() {
        XCTAssertGreaterThanOrEqual(MathMLWriter.approximations.count, 10)
        XCTAssertTrue(MathMLWriter.approximations.allSatisfy { !$0.construct.isEmpty && !$0.written.isEmpty })
    }
}
