import Foundation
import GoldenSupport
import HTTPTestSupport
import ProcessSupport

/// A running `ipraster serve` on a loopback port for the service tests: started with `--listen 127.0.0.1:0`, its
/// port read from the first log line, stopped (SIGTERM, then SIGKILL) when the test ends.
final class ServiceProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var log = Data()
    /// While set, nobody reads the service's standard error (a log collector that stalls): its pipe fills.
    private var stalled = false
    private(set) var port: UInt16 = 0
    /// The probe listener's port (`--probe-listen 127.0.0.1:0`), else 0.
    private(set) var probePort: UInt16 = 0
    private let reader: Thread

    /// `environment` is added to the test's own (the worker test hooks: `IPRASTER_TEST_TRAP_MARKER`, …).
    init(_ arguments: [String] = [], listen: String = "127.0.0.1:0", environment: [String: String] = [:], readyWithin seconds: Double = 60) throws {
        process.executableURL = URL(fileURLWithPath: TestEnvironment.executable)
        process.arguments = ["serve", "--listen", listen] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let handle = err.fileHandleForReading
        final class Sink: @unchecked Sendable { weak var owner: ServiceProcess? }
        let sink = Sink()
        reader = Thread {
            while true {
                while sink.owner?.isStalled == true { usleep(20_000) }
                let data = handle.availableData
                if data.isEmpty { return }
                sink.owner?.append(data)
            }
        }
        sink.owner = self
        reader.start()
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, !isReady {
            if !process.isRunning { break }
            usleep(20_000)
        }
        guard isReady else { throw Failure(message: "the service did not get ready: \(logText)") }
        if listen.hasSuffix(":0"), let range = logText.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
            port = UInt16(logText[range].split(separator: ":").last ?? "") ?? 0
        }
        if let range = logText.range(of: #"probes on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
            probePort = UInt16(logText[range].split(separator: ":").last ?? "") ?? 0
        }
    }

    /// The log says ready (a text line, or a JSON line of `--log-format json`).
    private var isReady: Bool { logText.contains("ipraster serve: ready") || logText.contains(#""message":"ready","#) }

    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// Stops (true) or resumes reading the service's standard error.
    func stallLog(_ stall: Bool) {
        lock.lock()
        stalled = stall
        lock.unlock()
    }

    fileprivate var isStalled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stalled
    }

    private func append(_ data: Data) {
        lock.lock()
        log.append(data)
        lock.unlock()
    }

    var logText: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: log, as: UTF8.self)
    }

    /// Sends `signal` and waits (at most `seconds`) for the exit; the exit status, or nil if it did not end.
    func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 30) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// Waits (at most `seconds`) for the process to end by itself; its status, or nil.
    func waitForExit(within seconds: Double) -> Int32? {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < end { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

    func request(_ method: String, _ target: String, body: [UInt8]? = nil, type: String? = nil, from source: String? = nil,
                 timeout: Double = 60) throws -> HTTPAnswer {
        try HTTPClient.send(port: port, method: method, target: target, body: body, type: type, from: source, timeout: timeout)
    }

    /// The value of a metric line (`name{labels}`), or nil.
    func metric(_ line: String) throws -> Int? {
        let text = try request("GET", "/metrics").text
        return text.split(separator: "\n").first { $0.hasPrefix(line + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// Resident memory of the service and its worker processes together, from /metrics.
    func residentBytes() throws -> Int {
        let text = try request("GET", "/metrics").text
        return text.split(separator: "\n").filter { $0.hasPrefix("process_resident_memory_bytes ") || $0.hasPrefix("ipraster_worker_resident_memory_bytes{") }
            .compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
    }

    /// Waits (at most `seconds`) until `condition` holds; whether it did.
    func eventually(within seconds: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// The processes the service has started (its workers) that are still running.
    var children: [Int32] {
        let me = process.processIdentifier
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && Int32(fields[1]) == me
        }
    }
}

/// Two services for client tests: one open, one needing `token` (its file in a temporary folder removed with them).
final class ServicePair {
    let open: ServiceProcess
    let guarded: ServiceProcess
    let token: String
    private let folder: String

    init(token: String) throws {
        folder = try TestEnvironment.temporaryDirectory()
        try AtomicFile.write(Array((token + "\n").utf8), to: folder + "/token")
        self.token = token
        open = try ServiceProcess(["--workers", "2"])
        guarded = try ServiceProcess(["--workers", "1", "--auth-token-file", folder + "/token"])
    }

    /// The arguments the clients' live tests take: the open URL, the guarded URL, the token, the command line, the
    /// repository.
    var clientArguments: [String] {
        ["http://127.0.0.1:\(open.port)", "http://127.0.0.1:\(guarded.port)", token, TestEnvironment.executable, TestEnvironment.root]
    }

    deinit {
        _ = open.stop()
        _ = guarded.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
