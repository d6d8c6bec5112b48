import Document
@testable import Markup
import XCTest

/// Issue 35: reading a message whose one paragraph holds tens of thousands of entities costs work in proportion to
/// its length — the entity finders, marking the entities in the rich text and joining the paragraph's plain text —
/// measured with work counters, not time (48,000 bare URLs took minutes: the text was joined pairwise and every
/// entity was checked against every sealed piece).
final class LinearCostTests: XCTestCase {
    private func work(_ markdown: String) throws -> WorkCounter {
        let counter = WorkCounter()
        try WorkCounter.$current.withValue(counter) { _ = try MarkdownReader.read(markdown) }
        return counter
    }

    /// The work for `count` and for three times `count` items of `item`; three times the input may cost at most
    /// 3.3 times the work in every counted pass, and the passes did count something.
    private func assertLinear(_ name: String, _ item: (Int) -> String, count: Int = 2000, passes: [WorkCounter.Pass],
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let small = try work((0..<count).map(item).joined())
        let large = try work((0..<(3 * count)).map(item).joined())
        for pass in passes {
            XCTAssertGreaterThanOrEqual(small[pass], count, "\(name): \(pass) counted", file: file, line: line)
            let ratio = Double(large[pass]) / Double(small[pass])
            XCTAssertLessThanOrEqual(ratio, 3.3, "\(name): \(pass) grew \(ratio)x for 3x the input (\(small[pass]) → \(large[pass]))", file: file, line: line)
        }
    }

    func testBareURLsOneALine() throws {
        try assertLinear("bare URLs", { "https://ex\($0).io/a\n" }, passes: [.entityFinding, .entityMarking, .inlineJoining])
    }

    func testURLsWithoutSchemeBetweenWords() throws {
        try assertLinear("domains", { "see example\($0).com/path?q=\($0), " }, passes: [.entityFinding, .entityMarking, .inlineJoining])
    }

    func testHashtagsMentionsAndCommands() throws {
        try assertLinear("hashtags", { "#tag\($0) " }, passes: [.entityFinding, .entityMarking, .inlineJoining])
        try assertLinear("mentions", { "@user\($0)name " }, passes: [.entityFinding, .entityMarking, .inlineJoining])
        try assertLinear("commands", { "/start\($0) " }, passes: [.entityFinding, .entityMarking, .inlineJoining])
    }

    func testBoldRunsAndCodeBetweenEntities() throws {
        // Styled runs make many pieces; code spans are sealed pieces every entity must be checked against.
        try assertLinear("bold runs", { "**bold \($0)** plain " }, passes: [.entityFinding, .inlineJoining])
        try assertLinear("code between links", { "`code\($0)` example\($0).org " }, passes: [.entityFinding, .entityMarking, .inlineJoining])
    }

    func testTheMarkedTextIsTheSame() throws {
        // The joined text and the marked entities are what they were: every URL a link, the text between them plain.
        let blocks = try MarkdownReader.read("https://a.io/x\nsee b.org and `c.org`\n**d.org**").blocks
        guard case .paragraph(let text)? = blocks.first else { return XCTFail("\(blocks)") }
        XCTAssertEqual(text, .concat([.link(.autoUrl, .plain("https://a.io/x")), .plain(" see "), .link(.autoUrl, .plain("b.org")),
                                      .plain(" and "), .styled(.fixed, .plain("c.org")), .plain(" "),
                                      .styled(.bold, .link(.autoUrl, .plain("d.org")))]))
    }
}
