import FoundationEssentials
import HTTPService
import RenderOptions

/// What `ipraster serve`'s options set, with the defaults `--help` shows (read from here, not typed again); each
/// option's row in `CommandSpec.serveCommand` applies its effect.
package struct ServeSettings {
    package var listen = ListenAddress("127.0.0.1:8080")
    package var probeListen: ListenAddress?
    /// nil: one per core.
    package var workers: Int?
    /// nil: four per worker.
    package var queue: Int?
    package var maxBody = 1 << 20
    package var timeout = 10.0
    package var headerTimeout = 10.0
    package var minBodyRate = 1024
    package var maxConnections = 1024
    package var maxConnectionsPerClient = 64
    package var maxRequests = 1000
    package var maxRSS = 512
    package var media: String?
    /// `--auth-token-file`: requests need the bearer token on its first line.
    package var tokenFile: String?
    package var logFormat = ServiceLogFormat.text
    /// `--openapi`: print the OpenAPI document and exit.
    package var printOpenAPI = false

    package init() {}

    package var workerCount: Int { workers ?? ProcessInfo.processInfo.activeProcessorCount }
    package var queueCapacity: Int { queue ?? 4 * workerCount }

    package static func address(_ value: OptionValue) throws -> ListenAddress {
        let text = try value.text()
        guard let address = ListenAddress(text) else {
            throw UsageError(message: "\(value.option) must be HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080) or unix:/path, not \(text)", command: "serve")
        }
        return address
    }

    package static func seconds(_ value: OptionValue) throws -> Double {
        let text = try value.text()
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw UsageError(message: "\(value.option) must be seconds above 0, at most 3600, not \(text)", command: "serve")
        }
        return seconds
    }

    package static func integer(_ value: OptionValue, in range: ClosedRange<Int>, what: String) throws -> Int {
        try value.integer(in: range, what: what, command: "serve")
    }
}
