import CCairo
import Drawing
import Foundation
import GoldenSupport
@testable import Raster
import RenderOptions
import RichMessageRenderer
import XCTest

/// Issue 56, item 8: painting on many threads at once — many faces (Latin, Arabic, CJK, emoji, formulas), sizes and
/// scales, each thread with its own renderer, as reveal and animated exports paint frames — with Cairo 1.16's shared
/// scaled fonts. Before `RetainedFonts`, the font a gstate draws with could be destroyed from Cairo's holdover list
/// while another thread had its glyph cache frozen (an abort, `! scaled_font->cache_frozen`, once in 407 two-thread
/// reveal exports). The run ends by itself after a fixed amount of work; an abort would end the test process. The
/// abort was not seen here without the fix either (two runs of 6 threads × 60 rounds × 151 scales), so this is a
/// guard against regressions of thread safety in general as much as a reproduction.
final class PaintThreadsSlowTests: XCTestCase {
    func testManyThreadsPaintingManyFontsAndScalesAtOnce() throws {
        let text = #"{"blocks": [{"type": "heading", "size": 1, "text": "Title ÅÉ gqpy"}, {"type": "paragraph", "text": [{"type": "bold", "text": "Bold"}, "#
            + #"" plain ", {"type": "italic", "text": "italic"}, " وَقْت עברית 漢字かな 한글 👍 ", {"type": "code", "text": "mono"}, " ", "#
            + #"{"type": "mathematical_expression", "expression": "\\int_0^1 x^2\\,dx"}]}]}"#
        // Pages at many scales, laid out here (Pango is not shared between threads), painted on the threads.
        let scales = stride(from: 1.0, through: 4.0, by: 0.05).map { $0 }
        var pages: [DisplayPage] = []
        for scale in scales {
            let layout = try TestEnvironment.layout(text, ["--scale", String(scale)])
            pages.append(TestEnvironment.pipeline.displayPage(layout, settings: try RenderOptions.parse(["--scale", String(scale)]).settings).page)
        }
        let threads = 6, rounds = 100
        let group = DispatchGroup()
        final class Failures: @unchecked Sendable {
            let lock = NSLock()
            var messages: [String] = []
        }
        let failures = Failures()
        let shared = pages
        for thread in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                // Each thread its own renderer, as each reveal frame encoder has.
                let renderer = Renderer()
                var generator = SystemRandomNumberGenerator()
                for _ in 0..<rounds {
                    for index in shared.indices.shuffled(using: &generator) {
                        do {
                            _ = try renderer.image(shared[index])
                        } catch {
                            failures.lock.lock()
                            failures.messages.append("thread \(thread): \(error)")
                            failures.lock.unlock()
                        }
                    }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 600), .success, "the threads finished")
        XCTAssertEqual(failures.messages, [])
        XCTAssertGreaterThan(RetainedFonts.count, scales.count, "the gstates' fonts are held")
        XCTAssertLessThanOrEqual(RetainedFonts.count, RetainedFonts.limit)
    }
}
