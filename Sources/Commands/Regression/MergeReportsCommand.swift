import CommandCatalog
import Document
import FoundationEssentials
import Glibc
import GoldenKit
import Primitives
import ProcessSupport
import RichMessageRenderer

/// `ipraster merge-reports A.json B.json|FOLDER … [--reporter …]`: the JSON reports of check's shards as one report.
/// Reports come from other machines (CI jobs' uploads): untrusted input, checked before anything is written.
enum MergeReportsCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.mergeReportsCommand.parse(arguments)
        guard !parsed.positional.isEmpty else { throw UsageError(message: "missing REPORT.json or FOLDER (the JSON reports of check)", command: "merge-reports") }
        let attachmentsBase = parsed.value("--attachments-base") ?? "."
        let reporters = try CheckReport.Reporter.withList(parsed.values("--reporter").map { try CheckReport.Reporter($0, command: "merge-reports") },
                                                          command: "merge-reports")
        var entries: [CheckReport.Entry] = []
        var seen: [String: String] = [:]
        var recordingFails = false, seconds = 0.0
        for path in try parsed.positional.flatMap(reportFiles) {
            let report = try read(path)
            recordingFails = recordingFails || report.recordingFails
            seconds = max(seconds, report.seconds)
            for entry in report.entries {
                if let other = seen[entry.name] {
                    throw DecodeError(path: path, message: "case \(entry.name) is also in \(other): give each shard's report once")
                }
                seen[entry.name] = path
                entries.append(entry)
            }
        }
        entries.sort { $0.name < $1.name }
        let report = CheckReport(entries: entries, seconds: seconds, recordingFails: recordingFails)
        for reporter in reporters {
            try report.write(reporter, attachmentsBase: attachmentsBase)
        }
        return report.failed == 0 && !(recordingFails && report.recorded > 0) ? ExitCode.success : ExitCode.differences
    }

    /// The reports an argument names: the file itself, or every JSON report of check in a folder and its subfolders
    /// (a CI job's uploaded report folder), in path order. Symbolic links are not followed; other JSON files in the
    /// folder are passed over with a note.
    static func reportFiles(_ argument: String) throws -> [String] {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder else { return [argument] }
        var found: [String] = []
        let root = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
        let entries: [FolderWalk.Entry]
        do { entries = try FolderWalk.entries(under: root, limit: 100_000) } catch {
            throw DecodeError(path: argument, message: error.tooMany ? "holds more than 100000 files; name the reports" : "cannot read the folder")
        }
        for entry in entries {
            guard entry.relative.hasSuffix(".json"), entry.kind == .file else { continue }
            let path = root + "/" + entry.relative
            if isCheckReport(path) { found.append(path) } else { CLI.printWarning("\(path) is not a JSON report of check; passed over") }
        }
        guard !found.isEmpty else { throw DecodeError(path: argument, message: "holds no JSON report of ipraster check (write one with --reporter json=FILE)") }
        return found.sorted()
    }

    /// A JSON object with a "cases" array (at most 256 MiB is read).
    private static func isCheckReport(_ path: String) -> Bool {
        guard let bytes = try? FileContents.read(path, limit: 256 << 20), let root = try? JSONParser.parse(bytes),
              case .array = JSONNode(root)["cases"]?.value else { return false }
        return true
    }

    /// A JSON report of check, its artifact paths made absolute (they are relative to the report's folder and must
    /// stay inside it, symbolic links resolved).
    static func read(_ path: String) throws -> CheckReport {
        let bytes: [UInt8]
        do { bytes = try FileContents.read(path, limit: 256 << 20) } catch let error as FileContents.TooLarge {
            throw DecodeError(path: path, message: "larger than \(error.limit >> 20) MiB: not a report of check")
        }
        guard let value = try? JSONParser.parse(bytes), case .array = JSONNode(value)["cases"]?.value else {
            throw DecodeError(path: path, message: "not a JSON report of ipraster check (write one with --reporter json=FILE)")
        }
        // Every field is read typed, once; an error names the report and the field's JSON path.
        do {
            return try report(JSONNode(value), reportPath: path)
        } catch let error as DecodeError {
            throw DecodeError(path: "\(path): \(error.path)", message: error.message)
        }
    }

    private static func report(_ root: JSONNode, reportPath path: String) throws -> CheckReport {
        let folder = PathName.parent(path)
        let reportFolder = realPath(folder.isEmpty ? "." : folder) ?? (folder.isEmpty ? "." : folder)
        let entries = try root.required("cases").array().map { object -> CheckReport.Entry in
            guard case .object = object.value else { throw object.mismatch("object") }
            guard let name = try? object.required("name").string(), let status = (try? object.required("status").string()).flatMap(CheckReport.Status.init) else {
                throw DecodeError(path: object.path, message: "needs \"name\" and a \"status\" of passed, failed or recorded")
            }
            // Reports come from other machines: a name becomes part of output paths, a kind too, a path is read.
            guard CheckReport.isSafeCaseName(name) else {
                throw DecodeError(path: object.path + ".name", message: "a case name is a relative path of plain names, not \(Diagnostic.quoted(name))")
            }
            // Images (PNG) and a layout failure's dumps (text), each kind from its own list, each path checked.
            func listed(_ key: String, kinds: [String], accepts: (String) -> Bool, what: String) throws -> [(String, String)] {
                guard let listed = object[key] else { return [] }
                guard let members = listed.object else { throw listed.mismatch("object") }
                var found: [(String, String)] = []
                for kind in members.keys.sorted() {
                    guard kinds.contains(kind) else {
                        throw DecodeError(path: listed.path, message: "unknown artifact kind \(Diagnostic.quoted(kind)) (known: " + kinds.joined(separator: ", ") + ")")
                    }
                    let field = try listed.required(kind)
                    let relative = try field.string()
                    guard !relative.hasPrefix("/"), !relative.isEmpty, !relative.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                        throw DecodeError(path: field.path, message: "an artifact path is relative to its report, not \(Diagnostic.quoted(relative))")
                    }
                    // Inside the report's folder, by name (no `..` climbing out) and on disk (no symbolic link leading out).
                    let lexical = URL(fileURLWithPath: reportFolder + "/" + relative).standardizedFileURL.path
                    let source = realPath(lexical) ?? lexical
                    guard lexical.hasPrefix(reportFolder + "/"), source.hasPrefix(reportFolder + "/") else {
                        throw DecodeError(path: field.path, message: "an artifact path stays inside its report's folder, not \(Diagnostic.quoted(relative))")
                    }
                    // What is not the kind of file it should be (a missing file, a FIFO, a text where a PNG belongs) is left
                    // out with a warning and the case keeps its status.
                    guard accepts(source) else {
                        CLI.printWarning("\(path): case \(name): the \(kind) \(what) \(relative) is missing or not \(what == "image" ? "a PNG" : "a regular file"); left out")
                        continue
                    }
                    found.append((kind, source))
                }
                return found
            }
            let artifacts = try listed("artifacts", kinds: GoldenHarness.artifactKinds, accepts: CheckReport.isPNGFile, what: "image")
            let layoutArtifacts = try listed("layoutArtifacts", kinds: ["layout.expected", "layout.actual"], accepts: CheckReport.isRegularFile, what: "dump")
            return CheckReport.Entry(name: name, status: status, diffPixels: try object["diffPixels"].map { Int(try $0.int64()) },
                                     diffRatio: try object["diffRatio"]?.double(), reason: try object.optionalString("reason"),
                                     rerecorded: try object.optionalBool("rerecorded"), artifacts: artifacts,
                                     seconds: try object["seconds"]?.double() ?? 0, layoutArtifacts: layoutArtifacts)
        }
        return CheckReport(entries: entries, seconds: try root["seconds"]?.double() ?? 0, recordingFails: try root.optionalBool("recordingFails"))
    }
}

/// `path` with every symbolic link and `..` resolved (realpath(3)); nil when it does not exist.
private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

extension CheckReport {
    /// A case name that can become part of a path inside an output folder: plain names joined by `/` (no empty,
    /// `.` or `..` segment, no backslash, no control character), at most 1024 bytes.
    static func isSafeCaseName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 1024, !name.contains("\\"), !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return false
        }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// A regular file that starts with the PNG signature (a FIFO or device named by a report is never opened: it
    /// could block the merge for ever).
    /// A regular file (not a FIFO, device or folder, which reading could block on or not end).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    static func isPNGFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 8)
        return Glibc.read(descriptor, &head, 8) == 8 && head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }
}
