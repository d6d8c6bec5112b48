import Document
import Drawing
import Foundation
import GoldenSupport
@testable import MediaSources
import ProcessSupport
import Raster
import XCTest

/// Issue 41: custom emoji drawn from their sticker files (custom-emoji-facts.md).
final class StickerTests: XCTestCase {
    private let fixtures = TestEnvironment.root + "/Tests/Data/stickers"

    /// §3.3: floor(1.3 × s) points at min(2, scale) pixels each, rounded up to a multiple of 16.
    func testBitmapSideIsTheAppsRasterSize() {
        XCTAssertEqual(StickerCell.bitmapSide(cell: 24.29, scale: 2), 64, "31 × 2 = 62 → 64 at 17 pt")
        XCTAssertEqual(StickerCell.bitmapSide(cell: 24.29, scale: 3), 64, "a 3× screen still renders at 2×")
        XCTAssertEqual(StickerCell.bitmapSide(cell: 24.29, scale: 1), 32, "31 → 32")
        XCTAssertEqual(StickerCell.bitmapSide(cell: 30, scale: 2), 80, "39 × 2 = 78 → 80")
        XCTAssertEqual(StickerCell.bitmapSide(cell: .nan, scale: 2), 16)
    }

    func testTheHandMadeTGSPassesTheCheckWithWhatItHolds() throws {
        let (json, report) = try LottieCheck.check(tgs: try FileContents.read(fixtures + "/files/5000000000000000001.tgs"))
        XCTAssertEqual(report.jsonBytes, json.count)
        XCTAssertEqual(report.width, 512)
        XCTAssertEqual(report.height, 512)
        XCTAssertEqual(report.frameRate, 60)
        XCTAssertEqual(report.frames, 60)
        XCTAssertEqual(report.layers, 2)
        XCTAssertEqual(report.layerInstances, 2)
        XCTAssertEqual(report.keyframes, 3, "the disc's three position keyframes")
    }

    /// §3.6: a TGS shows every second frame of the file, each for 2 / fr, looping; all copies share the clock.
    func testTGSPlaysEverySecondFrameAtTheFilesRate() throws {
        let sticker = try StickerDecoder.decode(try FileContents.read(fixtures + "/files/5000000000000000001.tgs"), videoFrames: nil)
        XCTAssertEqual(sticker.kind, .tgs)
        XCTAssertEqual(sticker.frameCount, 30, "60 frames of the file, every second one")
        XCTAssertEqual(sticker.duration, 1.0, accuracy: 1e-9)
        XCTAssertEqual(sticker.frame(at: 0), 0)
        XCTAssertEqual(sticker.frame(at: 0.1), 3, "0.1 s / (2 / 60 s)")
        XCTAssertEqual(sticker.frame(at: 1.05), 1, "looping")
        let first = try XCTUnwrap(sticker.bitmap(frame: 0, side: 64, tint: nil))
        let later = try XCTUnwrap(sticker.bitmap(frame: 15, side: 64, tint: nil))
        XCTAssertEqual(first.width, 64)
        XCTAssertNotEqual(first.pixels, later.pixels, "the disc moves")
        // Frame 0: the disc's centre sits at x = 150 of 512 (19 of 64 px), y = 230 (29 px): opaque orange there.
        let pixel = first.pixels[29 * 64 + 19]
        XCTAssertEqual(pixel >> 24, 255)
        XCTAssertGreaterThan(pixel >> 16 & 0xFF, 240, "red")
        XCTAssertLessThan(pixel & 0xFF, 40, "little blue")
        XCTAssertEqual(first.pixels[0] >> 24, 0, "the corner is transparent")
    }

    /// §3.9: an adaptive sticker keeps its alpha and takes the tint's colour.
    func testAdaptiveStickersAreFilledWithTheTint() throws {
        let image = try XCTUnwrap(DecodedImage(width: 2, height: 1, pixels: [0xFF20_4060, 0x8010_2030]))
        let filled = try XCTUnwrap(Sticker.filled(image, with: RGBA(r: 1, g: 0, b: 0, a: 1)))
        XCTAssertEqual(filled.pixels, [0xFFFF_0000, 0x8080_0000], "tint × coverage, premultiplied")
        let half = try XCTUnwrap(Sticker.filled(image, with: RGBA(r: 0, g: 0, b: 1, a: 0.5)))
        XCTAssertEqual(half.pixels[0], 0x8000_0080)
    }

    /// Sidecars in the forms clients write: a Bot API Sticker, a Telethon Document, getCustomEmojiStickers' answer.
    func testSidecarFlagsInEachForm() throws {
        let botAPI = try StickerFlags.sidecar(try FileContents.read(fixtures + "/files/5000000000000000004.json"))
        XCTAssertEqual(botAPI, StickerFlags(isTemplate: true))
        let document = Array(#"""
        {"_": "Document", "id": 5368324170671202286, "mime_type": "application/x-tgsticker", "attributes": [
          {"_": "DocumentAttributeImageSize", "w": 100, "h": 100},
          {"_": "DocumentAttributeCustomEmoji", "alt": "👍", "free": false, "text_color": true}]}
        """#.utf8)
        XCTAssertEqual(try StickerFlags.sidecar(document), StickerFlags(isTemplate: true, isAnimated: true))
        let answer = Array(#"""
        {"ok": true, "result": [
          {"type": "custom_emoji", "custom_emoji_id": "11", "is_animated": false, "is_video": true},
          {"type": "custom_emoji", "custom_emoji_id": "12", "is_animated": true, "is_video": false, "needs_repainting": true},
          {"type": "custom_emoji", "is_animated": true}]}
        """#.utf8)
        let table = try StickerFlags.table(answer)
        XCTAssertEqual(table, ["11": StickerFlags(isVideo: true), "12": StickerFlags(isTemplate: true, isAnimated: true)])
        XCTAssertThrowsError(try StickerFlags.sidecar(Array(#"{"width": 100}"#.utf8)))
    }

    /// Each hostile file falls back with one warning naming the id and the reason; the caps show as counts and
    /// no image asset reaches rlottie (so nothing local is drawn).
    func testHostileFilesFallBackWithOneWarningEach() throws {
        let media = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: media) }
        let expected: [String: String] = [
            "corrupt.tgs": "damaged gzip data",
            "bomb.tgs": "decompresses to more than \(LottieCheck.maxJSONBytes) bytes",
            "layers.tgs": "more than \(LottieCheck.maxLayers) layers",
            "canvas.tgs": "its canvas is 10000 × 10000 px",
            "external-image.tgs": "image",
            "embedded-image.tgs": "image asset",
            "precomp-cycle.tgs": "contains itself",
            "vp8.webm": "not VP9",
        ]
        for name in expected.keys { try FileManager.default.copyItem(atPath: fixtures + "/hostile/" + name, toPath: media + "/" + name) }
        try AtomicFile.write(Array("not a sticker at all".utf8), to: media + "/garbage.webp")
        let cache = StickerCache(capacity: 1 << 20)
        let folder = MediaLookup(folder: media, videoFrames: FFmpegVideoFrames(), stickerCache: cache)
        for (name, reason) in expected.sorted(by: { $0.key < $1.key }) {
            let id = String(name.split(separator: ".")[0])
            if name.hasSuffix(".webm"), TestEnvironment.ffmpeg == nil { continue }
            XCTAssertNil(folder.sticker(for: id), name)
            XCTAssertNil(folder.sticker(for: id), "asked again: still nothing, no second warning")
            let warnings = folder.warnings.filter { $0.hasPrefix("custom emoji \(id):") }
            XCTAssertEqual(warnings.count, 1, "\(name): \(folder.warnings)")
            XCTAssertTrue(warnings.first?.contains(reason) == true, "\(name): \(warnings)")
            XCTAssertTrue(warnings.first?.hasSuffix("its alternative text is drawn") == true)
        }
        XCTAssertNil(folder.sticker(for: "garbage"))
        XCTAssertTrue(folder.warnings.contains("custom emoji garbage: not a TGS, WebM, WebP, PNG or JPEG file; its alternative text is drawn"), "\(folder.warnings)")
        // The repeater that takes rlottie seconds a frame (per copy 900 %) is refused by the check.
        let repeater = Array(#"""
        {"fr": 60, "ip": 0, "op": 60, "w": 512, "h": 512, "layers": [{"ty": 4, "shapes": [{"ty": "rp", "c": {"a": 0, "k": 18},
          "tr": {"ty": "tr", "s": {"a": 0, "k": [900, 100]}}}]}]}
        """#.utf8)
        XCTAssertThrowsError(try LottieCheck.check(json: repeater)) { error in
            XCTAssertTrue("\(error)".contains("repeater scales its copies"), "\(error)")
        }
        XCTAssertThrowsError(try LottieCheck.check(json: Array(#"{"fr": 60, "ip": 0, "op": 60, "w": 512, "h": 512, "layers": [], "layers": []}"#.utf8)))
        XCTAssertThrowsError(try LottieCheck.check(json: Array(#"{"fr": 400, "ip": 0, "op": 60, "w": 512, "h": 512, "layers": []}"#.utf8)))
        XCTAssertThrowsError(try LottieCheck.check(json: Array(#"{"fr": 60, "ip": 0, "op": 600, "w": 512, "h": 512, "layers": []}"#.utf8)), "10 s")
        XCTAssertNoThrow(try LottieCheck.check(json: Array(#"{"fr": 30, "ip": 0, "op": 90, "w": 100, "h": 100, "layers": []}"#.utf8)),
                         "outside the authoring rules (30 fps, a 100 px canvas) but drawn, as the app draws it")
    }

    /// §4.7: a WebM emoji keeps its alpha (libvpx-vp9 before -i); frames at the stream's own rate.
    func testWebMKeepsItsAlpha() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let sticker = try StickerDecoder.decode(try FileContents.read(fixtures + "/files/5000000000000000002.webm"), videoFrames: FFmpegVideoFrames())
        XCTAssertEqual(sticker.kind, .webm)
        let first = try XCTUnwrap(sticker.bitmap(frame: 0, side: 64, tint: nil))
        XCTAssertEqual(first.pixels[0] >> 24, 0, "transparent around the square")
        let centre = first.pixels[32 * 64 + 32]
        XCTAssertEqual(centre >> 24, 255)
        XCTAssertGreaterThan(centre >> 8 & 0xFF, 150, "green")
        XCTAssertEqual(sticker.frame(at: 0.5), 15, "30 fps")
        XCTAssertEqual(sticker.frameCount, 30)
        XCTAssertEqual(sticker.duration, 1.0, accuracy: 1e-9)
    }

    /// The process's cache: keyed by content (one decode per file whatever its id), bounded in bytes, least recently
    /// used dropped first, failures remembered.
    func testTheStickerCacheIsKeyedByContentAndBoundedInBytes() throws {
        let tgs = try FileContents.read(fixtures + "/files/5000000000000000001.tgs")
        let png = try FileContents.read(fixtures + "/files/5000000000000000004.png")
        let cache = StickerCache(capacity: 45_000)
        func decode(_ bytes: [UInt8]) throws -> Sticker { try StickerDecoder.decode(bytes, videoFrames: nil) }
        XCTAssertNotNil(try? cache.sticker(for: tgs, decode: decode).get())
        XCTAssertNotNil(try? cache.sticker(for: tgs, decode: decode).get())
        XCTAssertEqual(cache.decodes, 1, "the same bytes: decoded once")
        // The PNG's 100 × 100 pixels (40 KB) and the TGS's estimate do not both fit in 45 KB: the older goes.
        XCTAssertNotNil(try? cache.sticker(for: png, decode: decode).get())
        XCTAssertEqual(cache.decodes, 2)
        XCTAssertNotNil(try? cache.sticker(for: png, decode: decode).get())
        XCTAssertEqual(cache.decodes, 2, "the newest stays")
        XCTAssertNotNil(try? cache.sticker(for: tgs, decode: decode).get())
        XCTAssertEqual(cache.decodes, 3, "the least recently used was dropped and is decoded again")
        let garbage = Array("not a sticker".utf8)
        for _ in 0..<3 {
            guard case .failure(let error) = cache.sticker(for: garbage, decode: decode) else { return XCTFail("garbage decoded") }
            XCTAssertEqual(error.reason, "not a TGS, WebM, WebP, PNG or JPEG file")
        }
        XCTAssertEqual(cache.decodes, 4, "a failure is remembered too")
    }

    /// Issue 56: 20,000 distinct stickers cost the cache at most 5× the work of 5,000 (a lookup is O(1): the LRU list
    /// and the running total, where the old cache summed and sorted every entry on every lookup), and the bytes it
    /// keeps stay within its capacity while the oldest go first.
    func testTheStickerCacheWorkIsLinearInItsLookups() throws {
        func still(_ index: Int) -> Sticker {
            let pixel = UInt32(0xFF00_0000) | UInt32(index & 0xFF_FFFF)
            return Sticker(still: DecodedImage(width: 1, height: 1, pixels: [pixel])!)
        }
        func run(_ count: Int) -> (work: Int, bytes: Int, decodes: Int) {
            // Room for about 1,000 entries (each 8 bytes of key, 4 of pixel): the rest are dropped as it fills.
            let cache = StickerCache(capacity: 12_000)
            for index in 0..<count {
                let key = withUnsafeBytes(of: UInt64(index).littleEndian) { Array($0) }
                _ = cache.sticker(for: key) { _ in still(index) }
                // Every tenth lookup is of one the cache has just seen: a hit moves it to the newest end.
                if index % 10 == 9 { _ = cache.sticker(for: withUnsafeBytes(of: UInt64(index - 1).littleEndian) { Array($0) }) { _ in still(index) } }
                XCTAssertLessThanOrEqual(cache.countedBytes, 12_000)
            }
            return (cache.work, cache.countedBytes, cache.decodes)
        }
        let small = run(5_000), large = run(20_000)
        XCTAssertEqual(small.decodes, 5_000, "the repeated lookups were hits")
        XCTAssertEqual(large.decodes, 20_000)
        XCTAssertGreaterThan(small.work, 5_000)
        XCTAssertLessThanOrEqual(Double(large.work) / Double(small.work), 5, "\(large.work) vs \(small.work)")
        XCTAssertGreaterThan(large.bytes, 11_000, "full, not emptied")
        // Least recently used first: after 1,100 distinct files the first is gone, the latest is kept.
        let cache = StickerCache(capacity: 12_000)
        var decoded = 0
        for index in 0..<1_100 { _ = cache.sticker(for: [UInt8(index & 0xFF), UInt8(index >> 8), 0, 0, 0, 0, 0, 0]) { _ in decoded += 1; return still(index) } }
        _ = cache.sticker(for: [UInt8(1_099 & 0xFF), UInt8(1_099 >> 8), 0, 0, 0, 0, 0, 0]) { _ in decoded += 1; return still(0) }
        XCTAssertEqual(decoded, 1_100, "the newest is still there")
        _ = cache.sticker(for: [0, 0, 0, 0, 0, 0, 0, 0]) { _ in decoded += 1; return still(0) }
        XCTAssertEqual(decoded, 1_101, "the oldest was dropped")
    }
}
