import XCTest
import Drawing
import GoldenSupport
import Layout
import Reveal

/// README Decisions, fourth review, "Han forms without `--locale`": a reveal export chooses the Han region from the
/// final frame's text, so the forms never change while the message streams in.
final class HanRegionRevealTests: XCTestCase {
    /// The Noto Sans CJK faces (face indexes of the collection file) a page's text is drawn with.
    static func cjkFaces(_ layout: PageLayout) -> Set<Int> {
        var faces: Set<Int> = []
        for item in layout.items {
            guard case .text(let box) = item.content else { continue }
            for run in box.lines.flatMap(\.runs) where run.font.file.contains("NotoSansCJK") { faces.insert(run.font.faceIndex) }
        }
        return faces
    }

    func testAStreamKeepsTheFinalFramesRegionInEveryFrame() throws {
        // The first drafts are kanji only (alone they would be Simplified Chinese); the answer's kana arrive last.
        let json = "[" + [
            RevealFixtures.draft(0, RevealFixtures.paragraph("東京都")),
            RevealFixtures.draft(0.5, RevealFixtures.paragraph("東京都の天気")),
            RevealFixtures.draft(1.0, RevealFixtures.paragraph("東京都の天気は晴れです")),
        ].joined(separator: ",") + "]"
        let stream = try RevealFixtures.stream(json: json)
        let japanese = try XCTUnwrap(Self.cjkFaces(stream.finalLayout).first)
        XCTAssertEqual(Self.cjkFaces(stream.finalLayout), [japanese])
        XCTAssertEqual(stream.chunks.count, 3)
        for (index, chunk) in stream.chunks.enumerated() {
            XCTAssertEqual(Self.cjkFaces(chunk.layout), [japanese], "frame \(index)")
        }
        // The first frame alone, as a message of its own, is Chinese: the stream's choice is what kept it Japanese.
        let alone = try RevealFixtures.layout(#"{"blocks": [\#(RevealFixtures.paragraph("東京都"))]}"#)
        XCTAssertFalse(Self.cjkFaces(alone).contains(japanese))
    }
}
