import Foundation
import GoldenSupport
@testable import MediaSources
import Drawing
import Images
import ProcessSupport
import Raster
import XCTest

final class MediaFolderTests: XCTestCase {
    func testLookupOrderExtensionsAndConfinement() throws {
        let root = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let media = root + "/media", outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let png = try PNGCodec.encode(RGBAImage(width: 2, height: 2, fill: (255, 0, 0, 255)), opaque: false)
        try AtomicFile.write(png, to: media + "/unique.png")
        try AtomicFile.write(png, to: media + "/fileid.jpg")
        try AtomicFile.write(png, to: outside + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: media + "/escape.png", withDestinationPath: outside + "/secret.png")
        let files = FolderFiles(directory: media)
        XCTAssertEqual(files.path(for: ["unique", "fileid"])?.path.hasSuffix("/unique.png"), true, "first id wins")
        XCTAssertEqual(files.path(for: ["missing", "fileid"])?.path.hasSuffix("/fileid.jpg"), true, "later ids and other extensions")
        for hostile in ["../outside/secret", "/etc/hostname", "a/../../outside/secret", "..", "", "x\u{0}y"] {
            XCTAssertNil(files.path(for: [hostile]), hostile)
        }
        XCTAssertNil(files.path(for: ["escape"]), "a symbolic link out of the directory is ignored")
        let store = MediaLookup(files: files)
        XCTAssertNil(store.image(for: ["escape"]))
        XCTAssertTrue(store.warnings.contains { $0.contains("outside") }, "\(store.warnings)")
        XCTAssertEqual(store.image(for: ["unique"])?.pixels, [UInt32](repeating: 0xFFFF_0000, count: 4), "opaque red, premultiplied ARGB")
    }

    /// A stand-in for ffmpeg: hands back one fixed frame and counts how often it is asked.
    private final class FixedFrames: VideoFrameSource, @unchecked Sendable {
        let png: [UInt8]
        var requests: [String] = []
        init(_ png: [UInt8]) { self.png = png }
        func firstFrame(ofFile path: String) throws -> [UInt8] {
            requests.append((path as NSString).lastPathComponent)
            return png
        }
    }

    /// Issue 26, item 6: paint runs no program; an animation's first frame comes from the host's source, once per
    /// file, and without a source the animation is a placeholder with a warning.
    func testVideoFramesComeFromTheHostsSource() throws {
        let media = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: media) }
        try AtomicFile.write(Array("GIF89a not decoded here".utf8), to: media + "/clip.gif")
        let frame = try PNGCodec.encode(RGBAImage(width: 3, height: 2, fill: (0, 0, 255, 255)), opaque: true)
        let source = FixedFrames(frame)
        let store = MediaLookup(folder: media, videoFrames: source)
        XCTAssertEqual(store.image(for: ["clip"])?.width, 3)
        XCTAssertEqual(store.image(for: ["clip"])?.height, 2)
        XCTAssertEqual(source.requests, ["clip.gif"], "decoded once per file and folder")
        let bare = MediaLookup(folder: media)
        XCTAssertNil(bare.image(for: ["clip"]))
        XCTAssertTrue(bare.warnings.contains { $0.contains("no source of video frames") }, "\(bare.warnings)")
    }

    /// Issue 36: media held in memory resolve as a folder's do (by id, sniffed), a bad file is a warning, and a video
    /// cannot come from memory.
    func testInMemoryMediaResolvesByIdAndWarnsOnBadFiles() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 3, height: 1, fill: (0, 0, 255, 128)), opaque: false)
        let set = MediaLookup(memory: ["photo": png, "broken": Array("not an image".utf8)])
        let image = try XCTUnwrap(set.image(for: ["missing", "photo"]))
        XCTAssertEqual(image.width, 3)
        // Blue at alpha 128, premultiplied: 255 × 128 / 255 = 128.
        XCTAssertEqual(image.pixels, [UInt32](repeating: 0x8000_0080, count: 3))
        XCTAssertNil(set.image(for: ["broken"]))
        XCTAssertEqual(set.warnings.count, 1, "\(set.warnings)")
        XCTAssertTrue(set.warnings[0].contains("broken"), "\(set.warnings)")
        XCTAssertNil(set.image(for: ["nothing"]))
    }

    /// The resolver walks images, media choices (both branches), groups and layers, and decodes thumbnails; paint is
    /// then handed the page with its images and nothing to read.
    func testTheResolverFindsEveryImageOfAPage() throws {
        let png = try PNGCodec.encode(RGBAImage(width: 2, height: 2, fill: (255, 255, 255, 255)), opaque: true)
        let set = MediaLookup(memory: ["a": png, "b": png, "c": png])
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        let inner = Frame([.image(ImageItem(source: .media(["c"]), rect: rect, fit: .fill))])
        var list = Frame([.image(ImageItem(source: .media(["a"]), rect: rect, fit: .fill))])
        list.append(.media(MediaChoice(ids: ["b"], present: inner, absent: Frame())))
        list.append(.group(Group(Frame([.image(ImageItem(source: .media(["x", "a"]), rect: rect, fit: .fit))]))))
        let images = MediaResolver.images(for: list, source: set, scale: 2)
        XCTAssertEqual(Set(images.media.keys), [["a"], ["b"], ["c"], ["x", "a"]])
        XCTAssertTrue(MediaResolver.images(for: list, source: nil, scale: 2).isEmpty, "no source: no local media")
    }

    func testMissingMediaDirectoryIsAnEnvironmentError() throws {
        let result = try TestEnvironment.run([TestEnvironment.root + "/examples/hello.json", "-o", NSTemporaryDirectory() + "/x-media.png",
                                              "--media", "/nonexistent/media"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("/nonexistent/media"), result.stderr)
    }

    /// Issue 58: one lookup over any provider of files. The same sticker files — good, broken, missing, with a
    /// sidecar that does not parse and a `stickers.json` table — in a folder and held in memory (a request's parts)
    /// draw the same stickers with the same flags and say the same warnings, the missing file's included.
    func testAFolderAndTheSameFilesInMemoryGiveTheSameStickersAndWarnings() throws {
        let media = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: media) }
        let png = try PNGCodec.encode(RGBAImage(width: 4, height: 4, fill: (0, 128, 0, 255)), opaque: true)
        let files: [String: [UInt8]] = [
            "101.png": png,                                                   // good, flags from its sidecar
            "101.json": Array(#"{"custom_emoji_id": "101", "needs_repainting": true}"#.utf8),
            "102.png": png,                                                   // good, flags from the table
            "103.webp": Array("RIFF....WEBPnot really".utf8),                 // broken
            "104.png": png,                                                   // good, its sidecar broken
            "104.json": Array("{not json".utf8),
            "stickers.json": Array(#"[{"custom_emoji_id": "102", "needs_repainting": true, "is_animated": false}]"#.utf8),
        ]
        for (name, bytes) in files { try AtomicFile.write(bytes, to: media + "/" + name) }
        let folder = MediaLookup(folder: media, stickerCache: StickerCache(capacity: 1 << 20))
        let memory = MediaLookup(memory: files, stickerCache: StickerCache(capacity: 1 << 20))
        let ids = ["101", "102", "103", "104", "105"]  // 105: no file
        let cells = Frame(ids.map { id in
            .image(ImageItem(source: .sticker(StickerCell(id: id, size: 17, tint: .black)), rect: Rect(x: 0, y: 0, width: 17, height: 17), fit: .fill))
        })
        let page = DisplayPage(list: cells, canvas: Canvas(width: 20, height: 20, scale: 1, pixelWidth: 20, pixelHeight: 20, bubbleOrigin: (0, 0)), opaque: false)
        for source in [folder, memory] as [any MediaSource] {
            XCTAssertEqual(ids.map { source.sticker(for: $0)?.flags.isTemplate }, [true, true, nil, false, nil])
            XCTAssertEqual(ids.map { source.stickerFailure(for: $0) != nil }, [false, false, true, false, false])
            XCTAssertEqual(ids.map { source.hasFile(for: [$0]) }, [true, true, true, true, false])
        }
        XCTAssertEqual(folder.warnings, memory.warnings)
        XCTAssertEqual(folder.warnings.count, 2, "the broken sticker and the broken sidecar: \(folder.warnings)")
        XCTAssertTrue(folder.warnings.contains { $0.hasPrefix("custom emoji 104:") && $0.contains("sidecar") }, "\(folder.warnings)")
        XCTAssertEqual(folder.missingWarnings(page), memory.missingWarnings(page))
        XCTAssertEqual(folder.missingWarnings(page), ["custom emoji 105: no sticker file for it among the media given; its alternative text is drawn"])
        // Layered: the request's files win over the folder's, and what neither has stays missing.
        let layered = MediaLookup(files: LayeredFiles(MemoryFiles(["105.png": png]), over: FolderFiles(directory: media)))
        XCTAssertEqual(ids.map { layered.sticker(for: $0) != nil }, [true, true, false, true, true])
        XCTAssertEqual(layered.missingWarnings(page), [])
    }
}
