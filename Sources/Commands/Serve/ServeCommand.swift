import CommandCatalog
import FoundationEssentials
import Glibc
import HTTPService
import RenderService

/// `ipraster serve`: the commands over HTTP, warm (docs/service.md). The process started by the user is
/// the service: it listens, reads requests and answers the probes; the rendering happens in worker processes it
/// starts by running itself again in worker mode (`IPRASTER_SERVE_WORKER=1`, the socket to the service as
/// descriptor 3), so that a render that traps or runs away ends only its worker.
enum ServeCommand {
    /// The environment variable that starts a worker process (set by the service for its workers only).
    static let workerVariable = "IPRASTER_SERVE_WORKER"

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.serveCommand.parse(arguments)
        if let extra = parsed.positional.first { throw UsageError(message: "unexpected argument \(extra)", command: "serve") }
        let settings = try parsed.settings(ServeSettings())
        if settings.printOpenAPI {
            print(OpenAPIDocument.json(), terminator: "")
            return ExitCode.success
        }
        let media = settings.media
        if let media { try CLI.checkMediaFolder(media) }
        if ProcessInfo.processInfo.environment[workerVariable] == "1" { return try worker(media: media, timeout: settings.timeout) }

        guard let listen = settings.listen else { throw UsageError(message: "--listen must be HOST:PORT or unix:/path", command: "serve") }
        let probe = settings.probeListen
        if let probe, probe == listen, probe.description.hasPrefix("unix:") || !probe.description.hasSuffix(":0") { throw UsageError(message: "--probe-listen must differ from --listen", command: "serve") }
        let workers = settings.workerCount, queue = settings.queueCapacity, maxBody = settings.maxBody, timeout = settings.timeout

        var token: BearerToken?
        if let file = settings.tokenFile {
            do { token = try BearerToken(file: file) } catch let error as BearerToken.Unreadable { throw UsageError(message: error.description, command: "serve") }
        }
        let configuration = HTTPService.Configuration(listen: listen, probeListen: probe, workers: workers, queueCapacity: queue, maxBody: maxBody,
                                                      timeout: timeout, connectionLimit: settings.maxConnections,
                                                      connectionsPerClient: settings.maxConnectionsPerClient, headerTimeout: settings.headerTimeout,
                                                      minimumBodyRate: Double(settings.minBodyRate), maxWorkerRequests: settings.maxRequests,
                                                      maxWorkerResidentBytes: settings.maxRSS << 20, token: token, logFormat: settings.logFormat)
        let command = try workerCommand(media: media, timeout: timeout, memoryLimit: settings.maxRSS << 20)
        WorkerProcess.sweepStaleFolders()
        // Text lines carry the tool's prefix; JSON lines are the objects alone.
        let json = settings.logFormat == .json
        let service = HTTPService(configuration: configuration, router: ServiceRoutes(), log: { json ? CLI.printRawLog($0) : CLI.printLog($0) }) { _ in
            WorkerProcess(command: command)
        }
        let bound: (listen: ListenAddress, probe: ListenAddress?)
        do {
            bound = try service.start()
        } catch let error as ListenAddress.SocketError where error.inUse {
            throw UsageError(message: error.description, command: "serve")
        }
        func shown(_ address: ListenAddress) -> String { address.description.hasPrefix("unix:") ? address.description : "http://" + address.description }
        service.note("listening on \(shown(bound.listen))" + (bound.probe.map { ", probes on \(shown($0))" } ?? "")
                     + " (\(workers) worker process\(workers == 1 ? "" : "es"), queue \(queue), max body \(maxBody) bytes, timeout \(timeout.clean) s)")
        if let token {
            Interruption.onReload {
                do {
                    try token.reload()
                    service.note("SIGHUP: re-read the token file \(token.file)")
                } catch {
                    service.note("SIGHUP: \(error); the token in force stays")
                }
            }
        }
        Interruption.onSignal { signal in
            service.note("signal \(signal): draining (no new connections; answering what was received)")
            service.drain(grace: timeout + 5)
            service.note("stopped")
            // The last lines, if the log's reader takes them: a stalled one does not keep the process from ending.
            service.flushLog(seconds: 2)
            exit(ExitCode.success)
        }
        if let failure = service.waitUntilWarm() {
            service.flushLog(seconds: 2)
            CLI.printError("the render workers cannot start: \(failure)")
            service.drain(grace: 0)
            return ExitCode.environment
        }
        service.note("ready")
        while true { sleep(3600) }
    }

    /// How the service starts a worker: this executable again, `serve` with the media folder, in worker mode. A
    /// worker's trap is reported by the service (the exit signal), so the runtime's backtrace is left out unless
    /// SWIFT_BACKTRACE asks for it: it would hold the dead worker, and the client's 500, for a second or more.
    private static func workerCommand(media: String?, timeout: Double, memoryLimit: Int) throws -> WorkerProcess.Command {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw UsageError(message: "cannot find this executable (/proc/self/exe) to start the worker processes", command: "serve")
        }
        var environment = ProcessInfo.processInfo.environment
        environment[workerVariable] = "1"
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        return WorkerProcess.Command(executable: executable, arguments: ["serve", "--timeout", timeout.clean] + (media.map { ["--media", $0] } ?? []),
                                     environment: environment, memoryLimit: memoryLimit)
    }

    /// Worker mode: render what the service sends on descriptor 3 until it closes it; the programs a request runs
    /// (ffmpeg, ffprobe) are stopped at its deadline, `timeout` seconds after it arrived.
    private static func worker(media: String?, timeout: Double) throws -> Int32 {
        guard WorkerChannel.isWorkerSocket else {
            throw UsageError(message: "\(workerVariable) is set but descriptor 3 is not a socket: the variable is for the worker processes that "
                             + "ipraster serve starts itself", command: "serve")
        }
        WorkerChannel.detachFromSignals()
        return WorkerChannel.serve { try RenderWorker(media: media, timeout: timeout, hooks: .fromEnvironment()) }
    }
}
