import GoldenSupport
import Layout
import RichMessageRenderer
@testable import Reveal
import XCTest

/// Mask geometry, pop-ins, table bands, the bubble and the streams (`v2-reveal-facts.md` §3–§7).
final class RevealFrameTests: XCTestCase {
    /// The fixture's item is not text: a broken precondition fails the test.
    private struct NotText: Error {
        var kind: String
    }

    private func textBox(_ layout: PageLayout, _ index: Int = 0) throws -> TextBox {
        guard case .text(let box) = layout.items[index].content else { throw NotText(kind: layout.items[index].kind) }
        return box
    }

    private static let threeLines = #"{"blocks": [{"type": "paragraph", "text": "Masks follow ink: a fully revealed prefix of lines is one rectangle, then the partial line."}]}"#

    func testMaskIsOneRectForFullLinesPlusTheUnionOfThePartialLine() throws {
        let layout = try RevealFixtures.layout(Self.threeLines)
        let box = try textBox(layout)
        XCTAssertGreaterThanOrEqual(box.lines.count, 3)
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(json: Self.threeLines))
        let context = FrameContext(timeline: timeline, time: 100, cursor: 0, cleared: false)
        let firstLine = box.lines[0].characterRects!.count, secondLine = box.lines[1].characterRects!.count
        // Two full lines: one rectangle spanning both lines' ink.
        let full = context.maskRects(box, limit: firstLine + secondLine)
        XCTAssertEqual(full.count, 1)
        let ink = (box.lines[0].characterRects! + box.lines[1].characterRects!).filter { $0.width > 0 && $0.height > 0 }
        let union = ink.dropFirst().reduce(ink[0]) { $0.union($1) }
        XCTAssertEqual(full[0], union)
        // Plus three characters of the third line: a second rect, the union of those glyphs' ink only.
        let partial = context.maskRects(box, limit: firstLine + secondLine + 3)
        XCTAssertEqual(partial.count, 2)
        let third = box.lines[2].characterRects![0..<3].filter { $0.width > 0 }
        XCTAssertEqual(partial[1], third.dropFirst().reduce(third[0]) { $0.union($1) })
        XCTAssertLessThan(partial[1].maxX, box.lines[2].frame.maxX)
        // Nothing revealed: no rects at all.
        XCTAssertEqual(context.maskRects(box, limit: 0), [])
    }

    func testSnippetsFlyInThenAreAbsorbedIntoTheMask() throws {
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(json: Self.threeLines))
        // Half-way through the reveal some glyphs are in flight: the mask stops before the first of them.
        let middle = timeline.completionTime / 2
        let frame = timeline.frame(at: middle)
        let box = try textBox(frame.layout)
        let text = try XCTUnwrap(frame.text(GroupID.Text(item: "0", part: .body)))
        XCTAssertFalse(text.snippets.isEmpty)
        for snippet in text.snippets {
            XCTAssertGreaterThanOrEqual(snippet.opacity, 0)
            XCTAssertLessThanOrEqual(snippet.opacity, 1)
            XCTAssertGreaterThanOrEqual(snippet.scale, 0.5)
            XCTAssertLessThanOrEqual(snippet.blurRadius, 2)
            XCTAssertLessThanOrEqual(snippet.offsetY, 6)
            // The snippet spans the glyph's ink horizontally and the line box (top to baseline) vertically.
            let line = try XCTUnwrap(box.lines.first { $0.frame.minY == snippet.rect.minY })
            XCTAssertEqual(snippet.rect.height, line.frame.height)
        }
        let mask = try XCTUnwrap(text.mask)
        let firstSnippet = text.snippets[0].rect
        for rect in mask where rect.minY <= firstSnippet.minY && rect.maxY >= firstSnippet.maxY - 1 {
            XCTAssertLessThanOrEqual(rect.maxX, firstSnippet.minX + 0.01, "the mask never shows a glyph still in flight")
        }
        // A snippet's life: opacity 0 → 1 and blur 2 → 0 as it ages.
        let context = FrameContext(timeline: timeline, time: 0, cursor: 0, cleared: false)
        let young = context.snippet(firstSnippet, elapsed: 0), old = context.snippet(firstSnippet, elapsed: 0.19)
        XCTAssertEqual(young.opacity, 0, accuracy: 1e-9)
        XCTAssertEqual(young.scale, 0.5, accuracy: 1e-9)
        XCTAssertEqual(young.offsetY, 6, accuracy: 1e-9)
        XCTAssertEqual(young.blurRadius, 2, accuracy: 1e-9)
        XCTAssertGreaterThan(old.opacity, 0.95)
        XCTAssertLessThan(old.blurRadius, 0.3)
        // After the reveal everything is static: no mask, no snippets.
        let end = timeline.frame(at: timeline.endTime)
        XCTAssertTrue(end.texts.isEmpty)
        XCTAssertTrue(end.overlays().isEmpty)
    }

    func testEmojiPopsInWhenTheBudgetCoversItsCell() throws {
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(fixture: "emoji-stream"))
        var opacities: [Double] = []
        var scales: [Double] = []
        for frame in 0..<Int(timeline.endTime * 60) {
            let reveal = timeline.frame(at: Double(frame) / 60)
            XCTAssertNotNil(try textBox(reveal.layout).lines.first?.attachments.first)
            let pop = reveal.text(GroupID.Text(item: "0", part: .body))?.pop(line: 0, index: 0) ?? (opacity: 1, scale: 1)
            opacities.append(pop.opacity)
            scales.append(pop.scale)
        }
        XCTAssertEqual(opacities.first, 0, "hidden before its character is revealed")
        XCTAssertEqual(opacities.last, 1)
        XCTAssertEqual(opacities, opacities.sorted(), "fades in once, never back")
        let popping = opacities.indices.filter { opacities[$0] > 0 && opacities[$0] < 1 }
        XCTAssertFalse(popping.isEmpty)
        XCTAssertLessThanOrEqual(popping.count, 13, "0.2 s at 60 fps")
        XCTAssertTrue(popping.allSatisfy { scales[$0] >= 0.1 && scales[$0] <= 1 })
    }

    func testTableRowsAppearThroughAGrowingBand() throws {
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(fixture: "table-stream"))
        var heights: [Double] = []
        var sawGrowth = false
        for frame in 0..<Int(timeline.endTime * 60) {
            let reveal = timeline.frame(at: Double(frame) / 60)
            guard let item = reveal.layout.items.first(where: { $0.kind == "table" }) else { continue }
            guard let band = reveal.tableBands[item.id] else { continue }
            XCTAssertEqual(band.width, item.frame.width)
            XCTAssertGreaterThanOrEqual(band.minY, 0)
            // While animating, the band is centred on the new mask height's middle.
            if band.minY > 0 { sawGrowth = true }
            heights.append(band.maxY)
        }
        XCTAssertTrue(sawGrowth, "a row's mask grows about its centre over 0.12 s")
        XCTAssertFalse(heights.isEmpty)
        // The last frame shows the whole table unmasked.
        let last = timeline.frame(at: timeline.endTime)
        XCTAssertNotNil(last.layout.items.first { $0.kind == "table" })
        XCTAssertTrue(last.tableBands.isEmpty)
    }

    func testThinkingBlocksDoNotMoveTheAnswerCursor() throws {
        let answer = RevealFixtures.paragraph("The answer is forty-two, as every guide agrees, and the cursor pays for ink only.")
        let think = #"{"type": "thinking", "text": "Thinking about the question at length…"}"#
        let with = "[" + [RevealFixtures.draft(0, think), RevealFixtures.draft(0.7, think + "," + answer), RevealFixtures.draft(1.4, answer)]
            .joined(separator: ",") + "]"
        let without = "[" + [RevealFixtures.draft(0, RevealFixtures.paragraph("")), RevealFixtures.draft(0.7, answer), RevealFixtures.draft(1.4, answer)]
            .joined(separator: ",") + "]"
        let a = try RevealTimeline(stream: RevealFixtures.stream(json: with))
        let b = try RevealTimeline(stream: RevealFixtures.stream(json: without))
        XCTAssertEqual(a.stream.chunks[0].map.total, 0)
        XCTAssertEqual(a.stream.chunks[1].map.total, b.stream.chunks[1].map.total)
        XCTAssertEqual(a.ticks.count, b.ticks.count)
        XCTAssertEqual(a.ticks.map(\.cursor), b.ticks.map(\.cursor))
        XCTAssertGreaterThan(a.ticks.last!.cursor, 0)
        // The thinking block fades in from the first frame.
        let first = a.frame(at: 0.06)
        XCTAssertEqual(first.layout.items.first?.kind, "thinking")
        XCTAssertGreaterThan(first.opacity(of: first.layout.items[0].id), 0)
    }

    /// Issue 36: a frame is the chunk's layout as laid out plus overlay values; the shimmer's sweep (§6.3) is a mask
    /// overlay on the thinking text's group, moving with time, and the items themselves are never edited.
    func testFramesAreOverlayValuesOnTheLaidOutItems() throws {
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(fixture: "thinking-stream"))
        var centres: Set<Double> = []
        for time in stride(from: 0.05, to: min(timeline.completionTime, 2.0), by: 0.25) {
            let frame = timeline.frame(at: time)
            let chunk = timeline.stream.chunks[timeline.tick(at: time).chunk]
            XCTAssertEqual(frame.layout.items, chunk.layout.items, "the items at \(time) s are the chunk's, unedited")
            for (name, mask) in frame.masks {
                XCTAssertTrue(name.description.hasSuffix("shimmer"), "\(name)")
                guard case .linearGradient(let gradient) = mask else { return XCTFail("a shimmer is a linear gradient") }
                centres.insert(((gradient.start.x + gradient.end.x) / 2 * 1000).rounded())
                XCTAssertEqual(frame.overlays()[name]?.mask, mask, "the mask is the overlay on its group")
            }
        }
        XCTAssertGreaterThan(centres.count, 2, "the band moves from frame to frame")
    }

    func testBubbleGrowsWhileStreamingAndTheStatusFadesInAtTheEnd() throws {
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(fixture: "text-stream"))
        let final = timeline.stream.finalLayout
        let streaming = timeline.ticks.filter { $0.phase == .streaming && $0.cursor > 0 }
        XCTAssertFalse(streaming.isEmpty)
        for tick in streaming {
            let chunk = timeline.stream.chunks[tick.chunk]
            let target = RevealExtent.revealedHeight(chunk.layout, chunk.map, cursor: tick.cursor) + 2 + 6
            // Tweened toward the target: never above the tallest target so far, never below the 35 pt minimum.
            XCTAssertGreaterThanOrEqual(tick.bubbleHeight, 35 - 1e-9)
            XCTAssertLessThanOrEqual(tick.bubbleHeight, max(target, 35) + 30)
        }
        // No clip at the last revealed baseline (Decisions, "Reveal clip"): the bubble is the only clip, so
        // the frame's overlays clip no group but the text masks, and the bubble is 2 + 6 pt taller than the
        // revealed content (whose maxY is the last revealed line's baseline).
        let middle = timeline.frame(at: 1.5)
        let tick = timeline.tick(at: 1.5)
        XCTAssertNil(middle.overlays()[GroupID.items], "the page's items are not clipped")
        let chunk = timeline.stream.chunks[tick.chunk]
        let bounds = try XCTUnwrap(RevealExtent.bounds(chunk.layout.items, chunk.map, cursor: tick.cursor))
        if case .text(let box) = chunk.layout.items[0].content {
            let revealedBaselines = box.lines.map { chunk.layout.items[0].frame.minY + $0.frame.maxY }
            XCTAssertTrue(revealedBaselines.contains(bounds.maxY), "the revealed extent ends on a line's baseline")
        }
        // Size changes are tweened over 0.15 s: no tick jumps across the whole range of widths or heights.
        for series in [timeline.ticks.map(\.bubbleWidth), timeline.ticks.map(\.bubbleHeight)] {
            let range = series.max()! - series.min()!
            XCTAssertGreaterThan(range, 20)
            for (previous, next) in zip(series, series.dropFirst()) { XCTAssertLessThanOrEqual(abs(next - previous), 0.3 * range) }
        }
        XCTAssertEqual(timeline.frame(at: 0.5).statusOpacity, 0)
        XCTAssertEqual(timeline.frame(at: timeline.completionTime + 0.1).statusOpacity, 0.5, accuracy: 0.01)
        let last = timeline.frame(at: timeline.endTime)
        XCTAssertEqual(last.statusOpacity, 1)
        XCTAssertEqual(last.layout.bubble?.frame, final.bubble?.frame)
        XCTAssertEqual(timeline.endTime, timeline.completionTime + RevealTimeline.settleDuration, accuracy: 1e-9)
    }

    func testANewDraftIdReplacesWithoutAnimation() throws {
        let json = "[" + [RevealFixtures.draft(0, RevealFixtures.paragraph("First draft text"), id: 1),
                          RevealFixtures.draft(0.5, RevealFixtures.paragraph("A different draft replaces it"), id: 2)].joined(separator: ",") + "]"
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(json: json))
        XCTAssertEqual(timeline.stream.events.map(\.event), [.update(chunk: 0, replace: false), .update(chunk: 1, replace: true), .finalize(chunk: 1)])
        let total = timeline.stream.chunks[1].map.total
        XCTAssertEqual(timeline.tick(at: 0.5 + 1.0 / 60).cursor, total, "the new draft shows whole at once")
        let frame = timeline.frame(at: 0.52)
        XCTAssertEqual(try textBox(frame.layout).lines.first?.range, 0..<29, "the new draft is shown")
        XCTAssertEqual(frame.text(GroupID.Text(item: "0", part: .body))?.snippets.isEmpty, true, "no pop-in for a replacement")
    }

    func testStreamTimesMustNotDecrease() throws {
        let json = "[" + [RevealFixtures.draft(0, RevealFixtures.paragraph("a")), RevealFixtures.draft(1, RevealFixtures.paragraph("ab")),
                          RevealFixtures.draft(0.5, RevealFixtures.paragraph("abc"))].joined(separator: ",") + "]"
        XCTAssertThrowsError(try RevealFixtures.stream(json: json)) { error in
            XCTAssertEqual((error as? StreamError)?.path, "$[2].t")
        }
    }

    func testOneMessageArrivesAtZeroAndFinalizesAtOnce() throws {
        let stream = try RevealFixtures.stream(fixture: "media-message")
        XCTAssertEqual(stream.events.map(\.time), [0, 0])
        XCTAssertEqual(stream.events.map(\.event), [.update(chunk: 0, replace: false), .finalize(chunk: 0)])
        let timeline = try RevealTimeline(stream: stream)
        // The photo fades in (0.12 s) only once the cursor has paid its full width.
        let photo = try XCTUnwrap(stream.chunks[0].layout.items.firstIndex { $0.kind == "placeholder" || $0.kind == "image" })
        let entry = stream.chunks[0].map.entries[photo]
        let reached = try XCTUnwrap(timeline.ticks.first { $0.cursor >= entry.end })
        let id = stream.chunks[0].layout.items[photo].id
        XCTAssertEqual(timeline.frame(at: reached.time - 1.0 / 60).opacity(of: id), 0)
        XCTAssertEqual(timeline.frame(at: reached.time + 0.06).opacity(of: id), 0.5, accuracy: 0.01)
        XCTAssertEqual(timeline.frame(at: reached.time + 0.13).opacity(of: id), 1)
    }

    func testCodeBlockBandFadesInAtItsStartAndItsTextIsMaskedGlyphByGlyph() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "Code:"}, {"type": "pre", "text": "let x = 42\nprint(x)", "language": "swift"}]}"#
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(json: json))
        let map = timeline.stream.chunks[0].map
        guard case .codeBlock(let start, let end) = map.entries[1] else { return XCTFail("no code entry") }
        XCTAssertEqual(start, map.entries[0].end)
        let reached = try XCTUnwrap(timeline.ticks.first { $0.cursor >= start })
        XCTAssertEqual(timeline.frame(at: reached.time - 1.0 / 60).opacity(of: "1"), 0, "hidden before the cursor reaches it")
        XCTAssertEqual(timeline.frame(at: reached.time + 0.06).opacity(of: "1"), 0.5, accuracy: 0.01)
        // Half-way through the code the text mask covers only part of it.
        let middle = try XCTUnwrap(timeline.ticks.first { $0.cursor >= (start + end) / 2 })
        let frame = timeline.frame(at: middle.time + 0.3)
        guard case .codeBlock(let code) = frame.layout.items[1].content else { return XCTFail("no code") }
        let mask = try XCTUnwrap(frame.text(GroupID.Text(item: "1", part: .body))?.mask)
        let ink = code.text.lines.flatMap { $0.characterRects ?? [] }.filter { $0.width > 0 && $0.height > 0 }
        let covered = ink.filter { rect in mask.contains { $0.minX <= rect.minX + 0.01 && $0.maxX >= rect.maxX - 0.01 && $0.minY <= rect.minY + 0.01 && $0.maxY >= rect.maxY - 0.01 } }
        XCTAssertGreaterThan(covered.count, 0)
        XCTAssertLessThan(covered.count, ink.count)
    }

    func testDetailsTitleIsRevealedBeforeItsBodyAndTheViewIsNeverHidden() throws {
        let json = #"{"blocks": [{"type": "details", "summary": "Open details", "is_open": true, "blocks": [{"type": "paragraph", "text": "The body text."}]}]}"#
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(json: json))
        guard case .details(let start, _, let titleCost, let body) = timeline.stream.chunks[0].map.entries[0] else { return XCTFail("no details") }
        let bodyStart = try XCTUnwrap(body?.entries.first?.start)
        XCTAssertEqual(bodyStart, start + titleCost, "the body continues the same cursor after the title")
        let duringTitle = try XCTUnwrap(timeline.ticks.first { $0.cursor > titleCost / 2 })
        let frame = timeline.frame(at: duringTitle.time)
        XCTAssertEqual(frame.opacity(of: "0"), 1)
        guard case .details(let details) = frame.layout.items[0].content, case .text = details.items[0].content else { return XCTFail() }
        XCTAssertEqual(details.items[0].id, "0.0")
        XCTAssertFalse(try XCTUnwrap(frame.text(GroupID.Text(item: "0", part: .title))?.mask).isEmpty)
        XCTAssertEqual(frame.text(GroupID.Text(item: "0.0", part: .body))?.mask, [], "nothing of the body before the title is paid for")
    }
}
