import FoundationEssentials
import Glibc

/// A process's memory as Linux counts it in `/proc`.
public enum ProcessMemory {
    /// Resident memory from a `/proc/PID/statm` file (pages × page size).
    public static func residentBytes(of statm: String = "/proc/self/statm") -> Int? {
        guard let text = try? String(contentsOfFile: statm, encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The peak resident memory of this process image (`VmHWM` of `/proc/self/status`). Unlike `getrusage`'s
    /// `ru_maxrss`, it starts at zero with the program: the kernel carries the resident peak of the process that
    /// exec'd it into `ru_maxrss`, so a tool started by a large test process would report that process's peak.
    public static func peakResidentBytes(of status: String = "/proc/self/status") -> Int? {
        guard let text = try? String(contentsOfFile: status, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
