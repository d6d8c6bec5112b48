import Foundation
import GoldenKit
import Layout
import ProcessSupport
import RenderOptions
import RichMessageRenderer
import XCTest

/// Paths and helpers the test targets share.
public enum TestEnvironment {
    /// The package root (this file is Tests/GoldenSupport/TestEnvironment.swift).
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static var isCI: Bool { GoldenHarness.isCI() }

    /// Outside data or a validator that `scripts/setup --dev-tools` installs (a path relative to the package root,
    /// under `.build`), for slow-tier tests: its absolute path; missing, a failure under CI (`.ci/run` installs the
    /// dev tools, so a missing one is a broken set-up) and a skip naming the command elsewhere.
    public static func devToolData(_ relative: String, what: String) throws -> String {
        let path = root + "/" + relative
        guard FileManager.default.fileExists(atPath: path) else {
            let message = "\(what) (\(relative)) is missing: scripts/setup --dev-tools installs it"
            if isCI { throw DevToolMissing(message: message) }
            throw XCTSkip(message)
        }
        return path
    }

    public struct DevToolMissing: Error, CustomStringConvertible {
        public let message: String
        public init(message: String) { self.message = message }
        public var description: String { message + " (CI runs it; .ci/run passes --dev-tools)" }
    }

    /// `IPRASTER_NO_SHARED` set (to anything but "", "0"): behave as if the shared folder (the specification, the C
    /// floor) were not beside the checkout, as in a clone of the repository on its own. `scripts/test` sets it.
    public static var sharedAbsent: Bool {
        let value = ProcessInfo.processInfo.environment["IPRASTER_NO_SHARED"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Test data kept in the repository (`Tests/Data`): the aiogram and Telethon samples, byte for byte, and
    /// pixelmatch 7.2's fixture suite. Every clone has them; a missing file is a broken checkout, not a skip.
    public static func data(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = root + "/Tests/Data/" + relative
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing from the checkout", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    /// One pipeline per test process (Pango objects are not thread-safe; XCTest runs a process's tests one after
    /// another, which is what makes sharing it unchecked-safe).
    nonisolated(unsafe) public static let pipeline: RenderPipeline = {
        do { return try RenderPipeline(videoFrames: FFmpegVideoFrames()) } catch { fatalError("cannot load the hermetic fonts: \(error)") }
    }()

    /// The `ipraster` executable built beside the test bundle.
    public static var executable: String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("ipraster").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return root + "/.build/release/ipraster"
    }

    public struct ProcessResult {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs the CLI with `arguments`, optional stdin and extra environment. A run that outlives
    /// `timeoutSeconds` is terminated (a hang becomes a failing status, not a stuck test suite).
    public static func run(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:],
                           currentDirectory: String? = nil, timeoutSeconds: Double = 120) throws -> ProcessResult {
        try runTool(executable, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory, timeoutSeconds: timeoutSeconds)
    }

    /// A program on PATH, if installed.
    public static func program(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A test tool scripts/setup installs (`package`: its Debian package): its path; missing, a skip — but a failure
    /// under CI, where a missing tool is a broken set-up rather than a choice.
    public static func requireProgram(_ name: String, package: String) throws -> String {
        if let path = program(name) { return path }
        let message = "\(name) is not installed here (apt-get install \(package); scripts/setup installs it)"
        if isCI { throw DevToolMissing(message: message) }
        throw XCTSkip(message)
    }

    /// ffmpeg on PATH, if installed (it is optional).
    public static var ffmpeg: String? { program("ffmpeg") }

    /// ffmpeg for a test that needs it: its path; missing, a skip (it is optional for the tool) — but a failure under
    /// CI, where scripts/setup installs it, so a missing ffmpeg there is a broken set-up rather than a choice.
    public static func requireFFmpeg() throws -> String {
        if let ffmpeg { return ffmpeg }
        let message = "ffmpeg is not installed here (it is optional: apt-get install ffmpeg)"
        if isCI { throw DevToolMissing(message: message + "; scripts/setup installs it") }
        throw XCTSkip(message)
    }

    /// Runs another program (a script, a system tool, `swift`) the way `run` runs the CLI.
    public static func runTool(_ tool: String, _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:],
                               currentDirectory: String? = nil, timeoutSeconds: Double = 120) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds) { if process.isRunning { process.terminate() } }
        if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
        try input.fileHandleForWriting.close()
        // Drain stdout on another thread so a full pipe cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outBox.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let outData = outBox.data
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: [UInt8](outData), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory.
    public static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "ipraster-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Decodes JSON text and lays it out with `settings` arguments.
    public static func layout(_ json: String, _ arguments: [String] = []) throws -> PageLayout {
        let settings = try RenderOptions.parse(arguments).settings
        let input = try settings.decode(Array(json.utf8), path: nil)
        return try pipeline.layout(input, settings: settings)
    }
}
