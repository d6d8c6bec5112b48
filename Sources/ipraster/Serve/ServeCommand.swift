import Foundation
import HTTPService

/// `ipraster serve`: the commands over HTTP, warm (README "Render service").
enum ServeCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.serveCommand.parse(arguments)
        if let extra = parsed.positional.first { throw UsageError(message: "unexpected argument \(extra)", command: "serve") }
        let text = parsed.value("--listen") ?? "127.0.0.1:8080"
        guard let listen = ListenAddress(text) else {
            throw UsageError(message: "--listen must be HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080) or unix:/path, not \(text)", command: "serve")
        }
        let workers = try parsed.integer("--workers", in: 1...256, what: "a whole number from 1 to 256") ?? ProcessInfo.processInfo.activeProcessorCount
        let queue = try parsed.integer("--queue", in: 0...100_000, what: "a whole number from 0 to 100000") ?? 4 * workers
        let maxBody = try parsed.integer("--max-body", in: 1...(1 << 30), what: "a byte count from 1 to 1073741824") ?? (1 << 20)
        let timeoutText = parsed.value("--timeout") ?? "10"
        guard let timeout = Double(timeoutText), timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw UsageError(message: "--timeout must be seconds above 0, at most 3600, not \(timeoutText)", command: "serve")
        }
        let media = parsed.value("--media")
        if let media { try CLI.checkMediaFolder(media) }
        let configuration = HTTPService.Configuration(listen: listen, workers: workers, queueCapacity: queue, maxBody: maxBody, timeout: timeout)
        let service = HTTPService(configuration: configuration, router: ServiceRoutes(), log: { CLI.printLog($0) }) { _ in
            try RenderWorker(media: media)
        }
        let bound = try service.start()
        CLI.printLog("listening on \(bound.description.hasPrefix("unix:") ? bound.description : "http://" + bound.description) "
                     + "(\(workers) worker\(workers == 1 ? "" : "s"), queue \(queue), max body \(maxBody) bytes, timeout \(timeout.clean) s)")
        Interruption.onSignal { signal in
            CLI.printLog("signal \(signal): draining (no new connections; answering what was received)")
            service.drain(grace: timeout + 5)
            CLI.printLog("stopped")
            exit(ExitCode.success)
        }
        if let failure = service.waitUntilWarm() {
            CLI.printError("the render workers cannot start: \(failure)")
            return ExitCode.environment
        }
        CLI.printLog("ready")
        while true { sleep(3600) }
    }
}
