import FoundationEssentials
import Glibc
import Layout
import Primitives
import RichMessageRenderer

/// What the pixels of a render depend on besides the input: library versions, the base font files' hashes and,
/// for the world collection (~250 files, 150 MB), each Debian package's version with its listed files' count and
/// total size (hashing them on every run would cost more than the render). Stored beside the goldens so a
/// mismatch caused by a different environment says so.
public struct EnvironmentFingerprint: Equatable, Sendable {
    public var entries: [(String, String)]

    public static func == (lhs: EnvironmentFingerprint, rhs: EnvironmentFingerprint) -> Bool {
        lhs.entries.map { $0.0 + "=" + $0.1 } == rhs.entries.map { $0.0 + "=" + $0.1 }
    }

    public static func current(fonts: FontSet) -> EnvironmentFingerprint {
        var entries = Renderer.libraryVersions
        for entry in fonts.files where entry.role == .base {
            entries.append(("font " + PathName.lastComponent(entry.path), fileHash(entry.path) ?? "missing"))
        }
        var packages: [String] = []
        var totals: [String: (files: Int, bytes: Int64)] = [:]
        for entry in fonts.files where entry.role != .base {
            if totals[entry.package] == nil { packages.append(entry.package) }
            var status = stat()
            let size = stat(entry.path, &status) == 0 ? Int64(status.st_size) : nil
            var total = totals[entry.package] ?? (0, 0)
            if let size { total = (total.files + 1, total.bytes + size) }
            totals[entry.package] = total
        }
        // The sticker decoders (issue 41): Debian's rlottie (its C API names no version) and ffmpeg with libvpx for WebM.
        let decoders = installedVersions(of: ["librlottie0-1", "ffmpeg", "libvpx7"])
        for package in ["librlottie0-1", "ffmpeg", "libvpx7"] { entries.append(("decoder " + package, decoders[package] ?? "not installed")) }
        let versions = installedVersions(of: Set(packages))
        for package in packages {
            let total = totals[package] ?? (0, 0)
            entries.append(("fonts " + package, "\(versions[package] ?? "not installed") \(total.files) files \(total.bytes) bytes"))
        }
        return EnvironmentFingerprint(entries: entries)
    }

    public var text: String {
        "# The environment these goldens were recorded in (ipraster check compares it on failure).\n"
            + entries.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n") + "\n"
    }

    public init(entries: [(String, String)]) {
        self.entries = entries
    }

    public init(text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    /// The entries that differ from `other`, as "name: theirs → ours".
    public func differences(from other: EnvironmentFingerprint) -> [String] {
        let theirs = Dictionary(other.entries, uniquingKeysWith: { a, _ in a })
        return entries.compactMap { name, value in
            let old = theirs[name] ?? "absent"
            return old == value ? nil : "\(name): \(old) → \(value)"
        }
    }

    /// Debian package versions from dpkg's status file (empty where it cannot be read, e.g. not Debian).
    static func installedVersions(of packages: Set<String>) -> [String: String] {
        guard !packages.isEmpty, let text = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8) else { return [:] }
        var versions: [String: String] = [:]
        for stanza in text.components(separatedBy: "\n\n") {
            var name: String?, version: String?, installed = false
            for line in stanza.split(separator: "\n") {
                if line.hasPrefix("Package: ") { name = String(line.dropFirst(9)) }
                else if line.hasPrefix("Version: ") { version = String(line.dropFirst(9)) }
                else if line.hasPrefix("Status: ") { installed = line.hasSuffix(" installed") }
            }
            if let name, packages.contains(name), let version, installed { versions[name] = version }
        }
        return versions
    }

    /// FNV-1a 64-bit hash of a file, hex (a fingerprint, not a security hash).
    public static func fileHash(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let text = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - text.count) + text
    }
}
