import Foundation
import Primitives
import XCTest

/// `PathName` against the `NSString` methods it stands for (Foundation is the oracle here, in the tests only), and
/// for one-character paths, on which Foundation's `deletingLastPathComponent` traps, against the rule it documents.
final class PathNameTests: XCTestCase {
    static let paths = ["a/b", "/a", "a", "a/b/", "/", "", "a//b", "o/p.png", "/tmp/x/y.png", "./y", "../r/a.png", "a.tar.gz",
                        "dir.d/file", ".profile", "x/.hidden", "report.json", "/a/b/c.PNG", "name."]

    func testTheParentOfAPath() {
        let cases = ["a/b": "a", "/a": "/", "a": "", "t": "", "x/": "", "a/b/": "a", "/": "/", "": "", "a//b": "a",
                     "o/p.png": "o", "/tmp/x/y.png": "/tmp/x", "./y": ".", "../r/a.png": "../r"]
        for (path, parent) in cases { XCTAssertEqual(PathName.parent(path), parent, path) }
    }

    func testLastComponentExtensionAndDeletingItAsNSString() {
        for path in Self.paths {
            XCTAssertEqual(PathName.lastComponent(path), (path as NSString).lastPathComponent, path)
            XCTAssertEqual(PathName.pathExtension(path), (path as NSString).pathExtension, path)
            XCTAssertEqual(PathName.deletingExtension(path), (path as NSString).deletingPathExtension, path)
        }
    }

    func testAppendingAComponentAsNSString() {
        for folder in ["a", "a/", "/", "/tmp", "."] {
            for name in ["b", "b.png", "c/d"] {
                XCTAssertEqual(PathName.appending(folder, name), (folder as NSString).appendingPathComponent(name), "\(folder) + \(name)")
            }
        }
        XCTAssertEqual(PathName.appending("", "b"), "b")
        // NSString keeps a folder's doubled trailing slash ("x/y//b"); one slash joins them here.
        XCTAssertEqual(PathName.appending("x/y//", "b"), "x/y/b")
    }
}
