import FoundationEssentials
import HTTPService
import RenderOptions

/// What `ipraster serve`'s options set, with the defaults `--help` shows (read from here, not typed again); each
/// option's row in `CommandSpec.serveCommand` applies its effect.
struct ServeSettings {
    var listen = ListenAddress("127.0.0.1:8080")
    var probeListen: ListenAddress?
    /// nil: one per core.
    var workers: Int?
    /// nil: four per worker.
    var queue: Int?
    var maxBody = 1 << 20
    var timeout = 10.0
    var headerTimeout = 10.0
    var minBodyRate = 1024
    var maxConnections = 1024
    var maxConnectionsPerClient = 64
    var maxRequests = 1000
    var maxRSS = 512
    var media: String?
    /// `--auth-token-file`: requests need the bearer token on its first line.
    var tokenFile: String?
    var logFormat = ServiceLogFormat.text
    /// `--openapi`: print the OpenAPI document and exit.
    var printOpenAPI = false

    var workerCount: Int { workers ?? ProcessInfo.processInfo.activeProcessorCount }
    var queueCapacity: Int { queue ?? 4 * workerCount }

    static func address(_ value: OptionValue) throws -> ListenAddress {
        let text = try value.text()
        guard let address = ListenAddress(text) else {
            throw UsageError(message: "\(value.option) must be HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080) or unix:/path, not \(text)", command: "serve")
        }
        return address
    }

    static func seconds(_ value: OptionValue) throws -> Double {
        let text = try value.text()
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw UsageError(message: "\(value.option) must be seconds above 0, at most 3600, not \(text)", command: "serve")
        }
        return seconds
    }

    static func integer(_ value: OptionValue, in range: ClosedRange<Int>, what: String) throws -> Int {
        try value.integer(in: range, what: what, command: "serve")
    }
}
