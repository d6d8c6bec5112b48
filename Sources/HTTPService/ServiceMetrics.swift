import Foundation

/// The service's counters in Prometheus' text format (version 0.0.4): requests by route and status, a histogram
/// of the time workers spend on a request, requests in flight, the queue's depth and the resident memory.
final class ServiceMetrics: @unchecked Sendable {
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var renderCounts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
    private var renderTotal = 0
    private var renderSum = 0.0

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

    func text(inFlight: Int, queueDepth: Int, queueCapacity: Int, workers: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        var lines: [String] = []
        lines.append("# HELP ipraster_requests_total Requests answered, by route and status.")
        lines.append("# TYPE ipraster_requests_total counter")
        for key in requests.keys.sorted() { lines.append("ipraster_requests_total{\(key)} \(requests[key]!)") }
        lines.append("# HELP ipraster_render_duration_seconds Time a worker spent on a request.")
        lines.append("# TYPE ipraster_render_duration_seconds histogram")
        for (index, bound) in Self.buckets.enumerated() {
            lines.append("ipraster_render_duration_seconds_bucket{le=\"\(Self.number(bound))\"} \(renderCounts[index])")
        }
        lines.append("ipraster_render_duration_seconds_bucket{le=\"+Inf\"} \(renderTotal)")
        lines.append("ipraster_render_duration_seconds_sum \(Self.number(renderSum))")
        lines.append("ipraster_render_duration_seconds_count \(renderTotal)")
        lines.append("# HELP ipraster_requests_in_flight Requests received and not yet answered.")
        lines.append("# TYPE ipraster_requests_in_flight gauge")
        lines.append("ipraster_requests_in_flight \(inFlight)")
        lines.append("# HELP ipraster_queue_depth Requests waiting for a worker.")
        lines.append("# TYPE ipraster_queue_depth gauge")
        lines.append("ipraster_queue_depth \(queueDepth)")
        lines.append("# HELP ipraster_queue_capacity Requests that may wait before the service answers 429.")
        lines.append("# TYPE ipraster_queue_capacity gauge")
        lines.append("ipraster_queue_capacity \(queueCapacity)")
        lines.append("# HELP ipraster_workers Render workers.")
        lines.append("# TYPE ipraster_workers gauge")
        lines.append("ipraster_workers \(workers)")
        lines.append("# HELP process_resident_memory_bytes Resident memory size in bytes.")
        lines.append("# TYPE process_resident_memory_bytes gauge")
        lines.append("process_resident_memory_bytes \(Self.residentBytes())")
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The resident set from /proc/self/statm (pages × page size).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
