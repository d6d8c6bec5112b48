import CDeflate
import Document
import Foundation
import GoldenSupport
@testable import MediaSources
import ProcessSupport
import XCTest

/// Issue 56: a TGS sticker's cost is bounded before rlottie sees it (copies multiplied through groups, layers and
/// precompositions; compound scales; dash patterns), and what rlottie is given runs in a helper process under a
/// memory bound and a deadline, so no file aborts or stalls the renderer.
final class StickerBudgetTests: XCTestCase {
    private let fixtures = TestEnvironment.root + "/Tests/Data/stickers"

    // Lottie documents built here, shape by shape (the forms fuzz-4 found).
    private func value(_ number: Any) -> String { "{\"a\": 0, \"k\": \(number)}" }
    private func rect() -> String { "{\"ty\": \"rc\", \"p\": \(value("[256, 256]")), \"s\": \(value("[100, 100]")), \"r\": \(value(0))}" }
    private func fill() -> String { "{\"ty\": \"fl\", \"c\": \(value("[1, 0, 0, 1]")), \"o\": \(value(100))}" }
    private func transform(scale: Double = 100) -> String {
        "{\"ty\": \"tr\", \"p\": \(value("[0, 0]")), \"a\": \(value("[0, 0]")), \"s\": \(value("[\(scale), \(scale)]")), \"r\": \(value(0)), \"o\": \(value(100))}"
    }
    private func repeater(_ copies: Int) -> String {
        "{\"ty\": \"rp\", \"c\": \(value(copies)), \"o\": \(value(0)), \"tr\": {\"ty\": \"tr\", \"p\": \(value("[2, 0]")), \"s\": \(value("[100, 100]")), \"so\": \(value(100)), \"eo\": \(value(100))}}"
    }
    private func group(_ items: [String], scale: Double = 100) -> String { "{\"ty\": \"gr\", \"it\": [\((items + [transform(scale: scale)]).joined(separator: ", "))]}" }
    private func layer(_ shapes: [String], index: Int = 1, scale: Double = 100, parent: Int? = nil) -> String {
        let parentKey = parent.map { ", \"parent\": \($0)" } ?? ""
        return "{\"ty\": 4, \"ind\": \(index)\(parentKey), \"ip\": 0, \"op\": 60, \"st\": 0, \"ks\": {\"o\": \(value(100)), \"p\": \(value("[256, 256, 0]")), "
            + "\"s\": \(value("[\(scale), \(scale), 100]"))}, \"shapes\": [\(shapes.joined(separator: ", "))]}"
    }
    private func animation(_ layers: [String], assets: String = "[]") -> [UInt8] {
        Array("{\"v\": \"5.5.2\", \"fr\": 60, \"ip\": 0, \"op\": 60, \"w\": 512, \"h\": 512, \"assets\": \(assets), \"layers\": [\(layers.joined(separator: ", "))]}".utf8)
    }
    private func stroke(dash: String) -> String {
        "{\"ty\": \"st\", \"c\": \(value("[0, 0, 1, 1]")), \"o\": \(value(100)), \"w\": \(value(4)), \"d\": [{\"n\": \"d\", \"v\": \(dash)}, {\"n\": \"g\", \"v\": \(value(3))}]}"
    }

    private func refusal(_ json: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let report = try LottieCheck.check(json: json)
            XCTFail("accepted: \(report)", file: file, line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testCopiesMultiplyThroughGroupsLayersAndPrecompositions() throws {
        // Each repeater alone is within its own cap (1,000 copies); nested, they draw 10⁹ paths.
        let nested = animation([layer([group([group([group([rect(), fill(), repeater(1_000)]), repeater(1_000)]), repeater(1_000)])])])
        XCTAssertTrue(refusal(nested).contains("more than 20000 paths a frame"), refusal(nested))
        // Two repeaters in one group: the second repeats the first's copies.
        let twoInOneGroup = animation([layer([group([rect(), fill(), repeater(1_000), repeater(1_000)])])])
        XCTAssertTrue(refusal(twoInOneGroup).contains("paths a frame"))
        // 1,999 layers of 1,000 copies each: every layer within the caps, 2 × 10⁶ paths in all.
        let layers = animation((1...1_999).map { layer([rect(), fill(), repeater(1_000)], index: $0) })
        XCTAssertTrue(refusal(layers).contains("paths a frame"))
        // A precomposition of 100 copies shown by 300 layers: 30,000.
        let asset = "[{\"id\": \"copies\", \"layers\": [\(layer([rect(), fill(), repeater(100)]))]}]"
        let shown = (1...300).map { "{\"ty\": 0, \"ind\": \($0), \"refId\": \"copies\", \"ip\": 0, \"op\": 60, \"st\": 0, \"ks\": {}}" }
        XCTAssertTrue(refusal(animation(shown, assets: asset)).contains("paths a frame"))
        // Within the budget: the count is what the shapes say. A repeater repeats what is above it in its list only.
        let counted = try LottieCheck.check(json: animation([
            layer([group([rect(), rect(), repeater(10), rect()]), rect()]),
            layer([rect(), fill(), repeater(5)], index: 2),
        ]))
        XCTAssertEqual(counted.drawnPaths, 2 * 10 + 1 + 1 + 5)
        XCTAssertEqual(try LottieCheck.check(json: animation(shown.prefix(100).map { $0 }, assets: asset)).drawnPaths, 100 * 100)
        let handMade = try LottieCheck.check(tgs: try FileContents.read(fixtures + "/files/5000000000000000001.tgs")).report
        XCTAssertEqual(handMade.drawnPaths, 2, "the disc and the bar")
        XCTAssertEqual(handMade.largestScale, 1)
    }

    func testScalesCompoundThroughParentsAndGroups() throws {
        // 1,000,000 % on one layer (a number within the magnitude cap).
        let huge = animation([layer([rect(), fill()], scale: 1_000_000)])
        XCTAssertTrue(refusal(huge).contains("scaled 1000000 %"), refusal(huge))
        // 400 % × 400 % × 800 %: each modest, 128× together.
        let compound = animation([layer([rect()], index: 1, scale: 400), layer([group([rect(), fill()], scale: 800)], index: 2, scale: 400, parent: 1)])
        let report = try LottieCheck.check(json: compound)
        XCTAssertEqual(report.largestScale, 128, accuracy: 1e-9)
        let tooMuch = animation([layer([rect()], index: 1, scale: 10_000), layer([group([rect(), fill()], scale: 10_000)], index: 2, scale: 100, parent: 1)])
        XCTAssertTrue(refusal(tooMuch).contains("scaled 1000000 %"), refusal(tooMuch))
        // A parent cycle is not followed for ever.
        let cycle = animation([layer([rect()], index: 1, scale: 200, parent: 2), layer([rect()], index: 2, scale: 200, parent: 1)])
        XCTAssertNoThrow(try LottieCheck.check(json: cycle))
    }

    func testDashPatternsThatCanGoNegativeAreRefused() throws {
        XCTAssertTrue(refusal(animation([layer([rect(), stroke(dash: value(-5))])])).contains("negative dash length"))
        // Keyframes at 0 and 10 eased by a control point below zero: the value goes below zero between them.
        let eased = "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [0], \"i\": {\"x\": [0.5], \"y\": [1]}, \"o\": {\"x\": [0.5], \"y\": [-3]}}, {\"t\": 30, \"s\": [10]}]}"
        XCTAssertTrue(refusal(animation([layer([rect(), stroke(dash: eased)])])).contains("eased past its keyframes"))
        let fine = "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [2], \"i\": {\"x\": [0.5], \"y\": [1]}, \"o\": {\"x\": [0.5], \"y\": [0]}}, {\"t\": 30, \"s\": [10]}]}"
        XCTAssertNoThrow(try LottieCheck.check(json: animation([layer([rect(), stroke(dash: fine)])])))
        XCTAssertNoThrow(try LottieCheck.check(json: animation([layer([rect(), stroke(dash: value(0))])])), "a zero dash draws nothing and is fine")
    }

    /// What passes the check runs in the helper: a file rlottie cannot draw in bounded memory (the negative dash,
    /// given to the helper directly) ends as a failed call, this process goes on, and the next call has a new helper.
    func testTheHelperContainsWhatRlottieCannotDraw() throws {
        let helper = LottieHelper(memoryBudget: 96 << 20)
        var bad = animation([layer([rect(), stroke(dash: value(-5))])])
        bad.append(0)
        var good = try Gunzip.decompress(try FileContents.read(fixtures + "/files/5000000000000000001.tgs"), cap: LottieCheck.maxJSONBytes)
        good.append(0)
        let badID = helper.makeID(), goodID = helper.makeID()
        guard case .success(var goodGeneration) = helper.load(id: goodID, json: good, seconds: 10).map(\.generation) else { return XCTFail("the good file loads") }
        var badGeneration = 0
        let badLoad = helper.load(id: badID, json: bad, seconds: 10)
        guard case .success(let loaded) = badLoad else { return XCTFail("rlottie parses the bad file: \(badLoad)") }
        badGeneration = loaded.generation
        let started = Date()
        let result = helper.render(id: badID, json: bad, generation: &badGeneration, frame: 0, side: 64, seconds: 20)
        XCTAssertTrue(result == .failure(.died) || result == .failure(.timedOut), "\(result)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20.5)
        XCTAssertNil(helper.processID, "the helper that failed was stopped")
        // The good animation is loaded again into a new helper and draws.
        guard case .success(let pixels) = helper.render(id: goodID, json: good, generation: &goodGeneration, frame: 0, side: 64, seconds: 10) else {
            return XCTFail("the good file draws in the new helper")
        }
        XCTAssertEqual(helper.starts, 2)
        XCTAssertTrue(pixels.contains { $0 >> 24 == 255 }, "the disc is drawn")
    }

    /// A helper that is killed while idle is replaced on the next call, and a call past its deadline is stopped.
    func testAHelperThatDiesOrRunsLateIsReplaced() throws {
        let helper = LottieHelper(memoryBudget: 256 << 20)
        var json = try Gunzip.decompress(try FileContents.read(fixtures + "/files/5000000000000000001.tgs"), cap: LottieCheck.maxJSONBytes)
        json.append(0)
        let id = helper.makeID()
        guard case .success(var generation) = helper.load(id: id, json: json, seconds: 10).map(\.generation) else { return XCTFail("loads") }
        let pid = try XCTUnwrap(helper.processID)
        kill(pid, SIGKILL)
        // The kill is noticed by the next call (its request fails or its reply never comes): that call fails, the one
        // after draws in a new helper.
        var outcomes: [Bool] = []
        for _ in 0..<2 {
            if case .success = helper.render(id: id, json: json, generation: &generation, frame: 10, side: 64, seconds: 10) { outcomes.append(true) } else { outcomes.append(false) }
        }
        XCTAssertEqual(outcomes.last, true, "\(outcomes)")
        XCTAssertEqual(helper.starts, 2)
        let late = helper.render(id: id, json: json, generation: &generation, frame: 20, side: 2048, seconds: 0.000_001)
        XCTAssertEqual(late, .failure(.timedOut))
        XCTAssertNil(helper.processID)
    }

    /// Through a folder: each fuzz-4 shape falls back with one warning naming the bound, and nothing reaches rlottie.
    func testHostileShapesFallBackThroughAFolder() throws {
        let media = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: media) }
        let files: [String: [UInt8]] = [
            "7000000000000000001": animation([layer([group([group([rect(), fill(), repeater(1_000)]), repeater(1_000)])])]),
            "7000000000000000002": animation([layer([rect(), stroke(dash: value(-5))])]),
            "7000000000000000003": animation([layer([rect(), fill()], scale: 1_000_000)]),
        ]
        for (id, json) in files { try AtomicFile.write(Self.gzip(json), to: media + "/" + id + ".tgs") }
        let folder = MediaLookup(folder: media, stickerCache: StickerCache(capacity: 1 << 20))
        for id in files.keys.sorted() { XCTAssertNil(folder.sticker(for: id)) }
        XCTAssertEqual(folder.warnings.count, 3, "\(folder.warnings)")
        XCTAssertTrue(folder.warnings.allSatisfy { $0.hasSuffix("its alternative text is drawn") })
    }

    /// `bytes` as a gzip member (libdeflate's compressor), as a TGS file holds its JSON.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(6) else { return [] }
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: libdeflate_gzip_compress_bound(compressor, bytes.count))
        let size = bytes.withUnsafeBytes { input in out.withUnsafeMutableBytes { libdeflate_gzip_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count) } }
        return Array(out.prefix(size))
    }
}
