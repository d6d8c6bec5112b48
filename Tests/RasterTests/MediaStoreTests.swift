import Foundation
import GoldenSupport
import ProcessSupport
import XCTest
@testable import Raster
import RichMessageRenderer

final class MediaStoreTests: XCTestCase {
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
        let store = MediaStore(directory: media)
        XCTAssertEqual(store.path(for: ["unique", "fileid"])?.hasSuffix("/unique.png"), true, "first id wins")
        XCTAssertEqual(store.path(for: ["missing", "fileid"])?.hasSuffix("/fileid.jpg"), true, "later ids and other extensions")
        for hostile in ["../outside/secret", "/etc/hostname", "a/../../outside/secret", "..", "", "x\u{0}y"] {
            XCTAssertNil(store.path(for: [hostile]), hostile)
        }
        XCTAssertNil(store.path(for: ["escape"]), "a symbolic link out of the directory is ignored")
        XCTAssertTrue(store.warnings.contains { $0.contains("outside") })
        XCTAssertNotNil(store.surface(for: ["unique"]))
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
        let store = MediaStore(directory: media, videoFrames: source)
        XCTAssertEqual(store.imageSize(for: ["clip"])?.width, 3)
        XCTAssertEqual(store.imageSize(for: ["clip"])?.height, 2)
        XCTAssertEqual(source.requests, ["clip.gif"], "decoded once per file and store")
        let bare = MediaStore(directory: media)
        XCTAssertNil(bare.imageSize(for: ["clip"]))
        XCTAssertTrue(bare.warnings.contains { $0.contains("no source of video frames") }, "\(bare.warnings)")
    }

    func testMissingMediaDirectoryIsAnEnvironmentError() throws {
        let result = try TestEnvironment.run([TestEnvironment.root + "/examples/hello.json", "-o", NSTemporaryDirectory() + "/x-media.png",
                                              "--media", "/nonexistent/media"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("/nonexistent/media"), result.stderr)
    }
}
