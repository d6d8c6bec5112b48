import Foundation
import HTTPService

/// `ipraster serve`: the commands over HTTP, warm (README "Render service"). The process started by the user is
/// the service: it listens, reads requests and answers the probes; the rendering happens in worker processes it
/// starts by running itself again in worker mode (`IPRASTER_SERVE_WORKER=1`, the socket to the service as
/// descriptor 3), so that a render that traps or runs away ends only its worker.
enum ServeCommand {
    /// The environment variable that starts a worker process (set by the service for its workers only).
    static let workerVariable = "IPRASTER_SERVE_WORKER"

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.serveCommand.parse(arguments)
        if let extra = parsed.positional.first { throw UsageError(message: "unexpected argument \(extra)", command: "serve") }
        let media = parsed.value("--media")
        if let media { try CLI.checkMediaFolder(media) }
        if ProcessInfo.processInfo.environment[workerVariable] == "1" { return try worker(media: media) }

        func address(_ option: String, _ text: String) throws -> ListenAddress {
            guard let address = ListenAddress(text) else {
                throw UsageError(message: "\(option) must be HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080) or unix:/path, not \(text)", command: "serve")
            }
            return address
        }
        func seconds(_ option: String, default fallback: Double) throws -> Double {
            guard let text = parsed.value(option) else { return fallback }
            guard let value = Double(text), value.isFinite, value > 0, value <= 3600 else {
                throw UsageError(message: "\(option) must be seconds above 0, at most 3600, not \(text)", command: "serve")
            }
            return value
        }
        let listen = try address("--listen", parsed.value("--listen") ?? "127.0.0.1:8080")
        let probe = try parsed.value("--probe-listen").map { try address("--probe-listen", $0) }
        if let probe, probe == listen, probe.description.hasPrefix("unix:") || !probe.description.hasSuffix(":0") { throw UsageError(message: "--probe-listen must differ from --listen", command: "serve") }
        let workers = try parsed.integer("--workers", in: 1...256, what: "a whole number from 1 to 256") ?? ProcessInfo.processInfo.activeProcessorCount
        let queue = try parsed.integer("--queue", in: 0...100_000, what: "a whole number from 0 to 100000") ?? 4 * workers
        let maxBody = try parsed.integer("--max-body", in: 1...(1 << 30), what: "a byte count from 1 to 1073741824") ?? (1 << 20)
        let timeout = try seconds("--timeout", default: 10)
        let headerTimeout = try seconds("--header-timeout", default: 10)
        let bodyRate = try parsed.integer("--min-body-rate", in: 0...(1 << 30), what: "bytes per second from 0 to 1073741824") ?? 1024
        let connections = try parsed.integer("--max-connections", in: 1...100_000, what: "a whole number from 1 to 100000") ?? 1024
        let perClient = try parsed.integer("--max-connections-per-client", in: 0...100_000, what: "a whole number from 0 (no limit) to 100000") ?? 64
        let maxRequests = try parsed.integer("--max-requests", in: 0...1_000_000_000, what: "a whole number from 0 (never) to 1000000000") ?? 1000
        let maxRSS = try parsed.integer("--max-rss", in: 0...1_000_000, what: "megabytes from 0 (no limit) to 1000000") ?? 512

        let configuration = HTTPService.Configuration(listen: listen, probeListen: probe, workers: workers, queueCapacity: queue, maxBody: maxBody,
                                                      timeout: timeout, connectionLimit: connections, connectionsPerClient: perClient,
                                                      headerTimeout: headerTimeout, minimumBodyRate: Double(bodyRate),
                                                      maxWorkerRequests: maxRequests, maxWorkerResidentBytes: maxRSS << 20)
        let command = try workerCommand(media: media)
        let service = HTTPService(configuration: configuration, router: ServiceRoutes(), log: { CLI.printLog($0) }) { _ in
            WorkerProcess(command: command)
        }
        let bound: (listen: ListenAddress, probe: ListenAddress?)
        do {
            bound = try service.start()
        } catch let error as ListenAddress.SocketError where error.inUse {
            throw UsageError(message: error.description, command: "serve")
        }
        func shown(_ address: ListenAddress) -> String { address.description.hasPrefix("unix:") ? address.description : "http://" + address.description }
        CLI.printLog("listening on \(shown(bound.listen))" + (bound.probe.map { ", probes on \(shown($0))" } ?? "")
                     + " (\(workers) worker process\(workers == 1 ? "" : "es"), queue \(queue), max body \(maxBody) bytes, timeout \(timeout.clean) s)")
        Interruption.onSignal { signal in
            CLI.printLog("signal \(signal): draining (no new connections; answering what was received)")
            service.drain(grace: timeout + 5)
            CLI.printLog("stopped")
            exit(ExitCode.success)
        }
        if let failure = service.waitUntilWarm() {
            CLI.printError("the render workers cannot start: \(failure)")
            service.drain(grace: 0)
            return ExitCode.environment
        }
        CLI.printLog("ready")
        while true { sleep(3600) }
    }

    /// How the service starts a worker: this executable again, `serve` with the media folder, in worker mode. A
    /// worker's trap is reported by the service (the exit signal), so the runtime's backtrace is left out unless
    /// SWIFT_BACKTRACE asks for it: it would hold the dead worker, and the client's 500, for a second or more.
    private static func workerCommand(media: String?) throws -> WorkerProcess.Command {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw UsageError(message: "cannot find this executable (/proc/self/exe) to start the worker processes", command: "serve")
        }
        var environment = ProcessInfo.processInfo.environment
        environment[workerVariable] = "1"
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        return WorkerProcess.Command(executable: executable, arguments: ["serve"] + (media.map { ["--media", $0] } ?? []), environment: environment)
    }

    /// Worker mode: render what the service sends on descriptor 3 until it closes it.
    private static func worker(media: String?) throws -> Int32 {
        guard WorkerChannel.isWorkerSocket else {
            throw UsageError(message: "\(workerVariable) is set but descriptor 3 is not a socket: the variable is for the worker processes that "
                             + "ipraster serve starts itself", command: "serve")
        }
        WorkerChannel.detachFromSignals()
        return WorkerChannel.serve { try RenderWorker(media: media, hooks: .fromEnvironment()) }
    }
}
