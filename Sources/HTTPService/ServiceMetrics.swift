import FoundationEssentials
import ProcessSupport
import Primitives

/// The service's counters in Prometheus' text format (version 0.0.4): requests by route and status, a histogram
/// of the time workers spend on a request, the worker processes' lives (deaths, deadline kills, recycles,
/// replacements), connections shut for slow sending, and the gauges the service passes in. Label values come from
/// fixed sets (routes the router names, `other`, statuses the service answers), so a request cannot add series.
final class ServiceMetrics: @unchecked Sendable {
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    enum WorkerEvent: String, CaseIterable {
        /// Ended while rendering (a trap, a signal).
        case died
        /// Killed at a request's deadline.
        case killed
        /// Ended after --max-requests requests.
        case recycledRequests = "recycled_requests"
        /// Ended above --max-rss.
        case recycledMemory = "recycled_memory"
        /// Found ended while idle.
        case lost
        /// A new worker started in place of one that ended.
        case replaced
        /// A worker that could not start.
        case startFailed = "start_failed"
    }

    /// The gauges read when the text is written.
    struct Gauges {
        var inFlight: Int
        var queueDepth: Int
        var queueCapacity: Int
        var workers: Int
        var workersReady: Int
        var openConnections: Int
        var workerResidentBytes: [Int?]
        var logLinesDropped = 0
    }

    private let lock = Lock()
    private var requests: [String: Int] = [:]
    private var renderCounts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
    private var renderTotal = 0
    private var renderSum = 0.0
    private var workerEvents: [WorkerEvent: Int] = [:]
    private var connectionsShut: [ConnectionWatch.Reason: Int] = [:]

    func count(route: String, status: Int) {
        lock.lock()
        requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1
        lock.unlock()
    }

    func observeRender(seconds: Double) {
        lock.lock()
        for (index, bound) in Self.buckets.enumerated() where seconds <= bound { renderCounts[index] += 1 }
        renderTotal += 1
        renderSum += seconds
        lock.unlock()
    }

    func count(_ event: WorkerEvent) {
        lock.lock()
        workerEvents[event, default: 0] += 1
        lock.unlock()
    }

    func count(shut reason: ConnectionWatch.Reason, _ number: Int) {
        lock.lock()
        connectionsShut[reason, default: 0] += number
        lock.unlock()
    }

    func text(_ gauges: Gauges) -> String {
        lock.lock()
        defer { lock.unlock() }
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            for sample in samples { lines.append(name + (sample.labels.isEmpty ? "" : "{\(sample.labels)}") + " " + sample.value) }
        }
        metric("ipraster_requests_total", "counter", "Requests answered, by route and status.",
               requests.keys.sorted().map { ($0, String(requests[$0] ?? 0)) })
        lines.append("# HELP ipraster_render_duration_seconds Time a worker spent on a request.")
        lines.append("# TYPE ipraster_render_duration_seconds histogram")
        for (index, bound) in Self.buckets.enumerated() {
            lines.append("ipraster_render_duration_seconds_bucket{le=\"\(Self.number(bound))\"} \(renderCounts[index])")
        }
        lines.append("ipraster_render_duration_seconds_bucket{le=\"+Inf\"} \(renderTotal)")
        lines.append("ipraster_render_duration_seconds_sum \(Self.number(renderSum))")
        lines.append("ipraster_render_duration_seconds_count \(renderTotal)")
        metric("ipraster_worker_events_total", "counter",
               "Worker processes that died while rendering, were killed at a deadline, were recycled, were found ended, replaced an ended one, or could not start.",
               WorkerEvent.allCases.map { ("event=\"\($0.rawValue)\"", String(workerEvents[$0] ?? 0)) })
        metric("ipraster_connections_shut_total", "counter", "Connections shut down for a head not complete in time or a body sent too slowly.",
               ConnectionWatch.Reason.allCases.map { ("reason=\"\($0.rawValue)\"", String(connectionsShut[$0] ?? 0)) })
        metric("ipraster_log_lines_dropped_total", "counter", "Log lines dropped because the log's reader did not keep up (the service never waits for it).",
               [("", String(gauges.logLinesDropped))])
        metric("ipraster_requests_in_flight", "gauge", "Requests received and not yet answered.", [("", String(gauges.inFlight))])
        metric("ipraster_queue_depth", "gauge", "Requests waiting for a worker.", [("", String(gauges.queueDepth))])
        metric("ipraster_queue_capacity", "gauge", "Requests that may wait before the service answers 429.", [("", String(gauges.queueCapacity))])
        metric("ipraster_workers", "gauge", "Render worker processes the service keeps.", [("", String(gauges.workers))])
        metric("ipraster_workers_ready", "gauge", "Render worker processes started and warmed up.", [("", String(gauges.workersReady))])
        metric("ipraster_open_connections", "gauge", "Connections open on the service's listeners.", [("", String(gauges.openConnections))])
        metric("ipraster_worker_resident_memory_bytes", "gauge", "Resident memory of each worker process, in bytes.",
               gauges.workerResidentBytes.enumerated().compactMap { index, bytes in bytes.map { ("worker=\"\(index)\"", String($0)) } })
        metric("process_resident_memory_bytes", "gauge", "Resident memory size in bytes (the service's own process).",
               [("", String(ProcessMemory.residentBytes() ?? 0))])
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
