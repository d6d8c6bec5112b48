import Foundation
import ProcessSupport
import XCTest

/// Atomic output under concurrency: golden workers recording a fresh folder all write its `ENVIRONMENT` at
/// once. Each write must land a whole file (no shared temporary that another thread renames away or
/// truncates), and no temporary may be left behind.
final class AtomicFileTests: XCTestCase {
    func testThreadsWritingOneTargetAtOnceEachLandAWholeFile() throws {
        let directory = NSTemporaryDirectory() + "ipraster-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/ENVIRONMENT"
        let payloads = (0..<8).map { worker in [UInt8](repeating: UInt8(65 + worker), count: 64 * 1024) }
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: payloads.count) { worker in
            for _ in 0..<40 {
                do { try AtomicFile.write(payloads[worker], to: target) } catch { failures.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.items, [], "every write succeeds")
        let final = try XCTUnwrap(FileManager.default.contents(atPath: target))
        XCTAssertTrue(payloads.contains([UInt8](final)), "the file is one writer's whole payload (\(final.count) bytes)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["ENVIRONMENT"], "no temporary is left")
    }

    private final class FailureList: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ item: String) { lock.lock(); list.append(item); lock.unlock() }
        var items: [String] { lock.lock(); defer { lock.unlock() }; return list }
    }

    /// A file written in pieces appears whole at commit, with bytes written back; dropped uncommitted, nothing is left.
    func testAFileWrittenInPiecesAppearsOnlyWhenCommitted() throws {
        let folder = NSTemporaryDirectory() + "ipraster-atomic-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.bin"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let file = try AtomicFileWriter(path: path)
            XCTAssertTrue(file.canOverwrite)
            try [UInt8]("abcdef".utf8).withUnsafeBytes { try file.write($0) }
            try [UInt8]("XY".utf8).withUnsafeBytes { try file.overwrite(at: 2, with: $0) }
            try [UInt8]("gh".utf8).withUnsafeBytes { try file.write($0) }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old", "the target is untouched until commit")
            XCTAssertEqual(file.written, 8)
            try file.commit()
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "abXYefgh")
        do {
            let file = try AtomicFileWriter(path: path)
            try [UInt8]("half".utf8).withUnsafeBytes { try file.write($0) }
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "abXYefgh", "an uncommitted file changes nothing")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["out.bin"], "and leaves no temporary file")
    }
}
