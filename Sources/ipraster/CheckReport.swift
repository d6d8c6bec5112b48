import Foundation
import GoldenKit
import Layout
import ProcessSupport
import RichMessageRenderer

/// What `ipraster check` found, and its reporters: `list` (a line per failure and the summary), `json`,
/// `junit` (JUnit XML for CI test tabs) and `html` (a page with labelled expected / actual / diff panels, its
/// images copied beside it so the folder can be uploaded as a CI artifact and opened anywhere).
struct CheckReport {
    enum Status: String { case passed, failed, recorded }

    struct Entry {
        var name: String
        var status: Status
        var diffPixels: Int?
        var diffRatio: Double?
        var reason: String?
        /// A failing case whose golden `--record failed` rewrote (it still counts as failed).
        var rerecorded = false
        /// Artifact files that exist, by kind (expected, actual, diff, panels).
        var artifacts: [(String, String)]
        /// Seconds spent on the case.
        var seconds: Double
    }

    var entries: [Entry]
    var seconds: Double
    /// Newly recorded goldens fail the run (recording without an explicit `--record`): the JUnit report then
    /// counts them as failures, so a CI test tab agrees with the job's exit status.
    var recordingFails = false

    init(entries: [Entry], seconds: Double, recordingFails: Bool = false) {
        self.entries = entries
        self.seconds = seconds
        self.recordingFails = recordingFails
    }

    var passed: Int { entries.filter { $0.status == .passed }.count }
    var failed: Int { entries.filter { $0.status == .failed }.count }
    var recorded: Int { entries.filter { $0.status == .recorded || $0.rerecorded }.count }

    /// A reporter and where it writes (nil: standard output).
    struct Reporter: Equatable {
        enum Kind: String, CaseIterable { case list, json, junit, html }
        var kind: Kind
        var path: String?

        /// "NAME" or "NAME=FILE".
        init(_ text: String, command: String = "check") throws {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard let kind = Kind(rawValue: parts.first ?? "") else {
                throw UsageError(message: "--reporter must be list, json, junit or html (NAME or NAME=FILE), not \(text)", command: command)
            }
            guard parts.count == 1 || !parts[1].isEmpty else { throw UsageError(message: "--reporter \(text) names no file", command: command) }
            self.kind = kind
            path = parts.count == 2 ? parts[1] : nil
            if kind == .html && path == nil { throw UsageError(message: "the html reporter needs a file: --reporter html=FILE", command: command) }
        }

        init(kind: Kind, path: String?) {
            self.kind = kind
            self.path = path
        }

        /// `reporters` with the list first on standard output unless another reporter writes there; two on standard
        /// output are a usage error.
        static func withList(_ reporters: [Reporter], command: String) throws -> [Reporter] {
            var result = reporters
            if !result.contains(where: { $0.path == nil }) { result.insert(Reporter(kind: .list, path: nil), at: 0) }
            if result.filter({ $0.path == nil }).count > 1 {
                throw UsageError(message: "only one reporter can write to standard output; give the others a file (NAME=FILE)", command: command)
            }
            return result
        }
    }

    func write(_ reporter: Reporter) throws {
        if let path = reporter.path {
            // A report may go into a folder of its own (reports/junit.xml); make it.
            let folder = PathName.parent(path)
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        }
        let text: String
        switch reporter.kind {
        case .list: text = list()
        case .json: text = json(relativeTo: reporter.path.map { PathName.parent($0) } ?? ".")
        case .junit: text = junit(relativeTo: reporter.path.map { PathName.parent($0) } ?? ".")
        case .html: return try html(to: reporter.path!)
        }
        if let path = reporter.path {
            try AtomicFile.write(Array(text.utf8), to: path)
        } else {
            print(text, terminator: "")
        }
    }

    func list() -> String {
        var text = ""
        for entry in entries {
            switch entry.status {
            case .passed: continue
            case .recorded: text += "recorded \(entry.name)\n"
            case .failed: text += "FAIL \(entry.name): \(entry.reason ?? "")\n"
            }
        }
        return text + "\(passed) passed, \(failed) failed" + (recorded > 0 ? ", \(recorded) recorded" : "") + "\n"
    }

    /// Paths in the report are relative to `base` (the report's folder), so the report can move with them.
    func json(relativeTo base: String) -> String {
        let cases: [JSONOut] = entries.map { entry in
            .object([("name", .string(entry.name)), ("status", .string(entry.status.rawValue)),
                     ("diffPixels", entry.diffPixels.map { .int($0) } ?? .null), ("diffRatio", entry.diffRatio.map { .exact($0) } ?? .null),
                     ("reason", entry.reason.map { .string($0) } ?? .null), ("rerecorded", .bool(entry.rerecorded)),
                     ("seconds", .exact((entry.seconds * 1000).rounded() / 1000)),
                     ("artifacts", .object(entry.artifacts.map { ($0.0, .string(Self.relative($0.1, to: base))) }))])
        }
        return JSONOut.object([("passed", .int(passed)), ("failed", .int(failed)), ("recorded", .int(recorded)),
                               ("recordingFails", .bool(recordingFails)), ("seconds", .exact((seconds * 1000).rounded() / 1000)),
                               ("cases", .array(cases))]).serialized() + "\n"
    }

    /// JUnit XML. A failing case's artifacts are listed in its failure text and as `[[ATTACHMENT|path]]` lines in its
    /// `system-out` (what GitLab and Jenkins' attachments plugin show as images), paths relative to `base` (the
    /// report's folder).
    func junit(relativeTo base: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let time = String(format: "%.3f", seconds)
        let failures = failed + (recordingFails ? entries.filter { $0.status == .recorded }.count : 0)
        xml += "<testsuites name=\"ipraster check\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"ipraster check\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for entry in entries {
            let folder = PathName.parent(entry.name)
            xml += "    <testcase classname=\"\(Self.xml(folder.isEmpty ? "golden" : folder.replacingOccurrences(of: "/", with: ".")))\""
                + " name=\"\(Self.xml(entry.name))\" time=\"\(String(format: "%.3f", entry.seconds))\">"
            switch entry.status {
            case .passed: xml += "</testcase>\n"
            case .recorded where recordingFails:
                let reason = entry.reason ?? "no golden: recorded a new one; run again to verify it"
                xml += "\n      <failure message=\"\(Self.xml(reason))\" type=\"recorded\">\(Self.xml(reason))</failure>\n    </testcase>\n"
            case .recorded: xml += "\n      <system-out>\(Self.xml(entry.reason ?? "recorded a new golden"))</system-out>\n    </testcase>\n"
            case .failed:
                // The reason names the artifacts' folder: relative to the report too.
                var reason = entry.reason ?? "failed"
                for folder in Set(entry.artifacts.map { PathName.parent($0.1) }) {
                    reason = reason.replacingOccurrences(of: folder + "/", with: Self.relative(folder, to: base) + "/")
                }
                let artifacts = entry.artifacts.map { ($0.0, Self.relative($0.1, to: base)) }
                xml += "\n      <failure message=\"\(Self.xml(reason))\" type=\"golden\">\(Self.xml(reason))"
                for (kind, path) in artifacts { xml += "\n\(kind): \(Self.xml(path))" }
                xml += "</failure>\n"
                if !artifacts.isEmpty {
                    xml += "      <system-out>" + artifacts.map { "[[ATTACHMENT|\(Self.xml($0.1))]]" }.joined(separator: "\n") + "</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// The page and, in `<name>-files/`, copies of every failing case's artifacts, linked relatively. Every case is
    /// one element (`<section class=case data-status=… data-name=…>`); a status menu and a text filter show some of
    /// them, and a failing case has its images side by side and as an overlay with a slider
    /// (`<input type=range>`) that uncovers the actual render over the expected one.
    func html(to path: String) throws {
        let folder = PathName.parent(path)
        let files = ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "-files"
        let filesPath = (folder.isEmpty ? "." : folder) + "/" + files
        try? FileManager.default.removeItem(atPath: filesPath)
        var page = "<!doctype html><meta charset=utf-8><title>ipraster check</title><style>"
            + "body{font:14px system-ui,sans-serif;margin:24px}figure{display:inline-block;margin:4px;vertical-align:top}"
            + "figcaption{font-weight:600;margin-bottom:4px}img{max-width:360px;border:1px solid #ccc;image-rendering:pixelated}"
            + ".reason{color:#a00}.case{border-top:1px solid #ddd;padding:4px 0}.case h2{font-size:15px;margin:6px 0}"
            + ".status-passed h2{color:#1a7f37}.status-failed h2{color:#a00}.status-recorded h2{color:#9a6700}"
            + ".overlay{position:relative;display:inline-block}.overlay .top{position:absolute;left:0;top:0;overflow:hidden;width:50%}"
            + ".overlay img{max-width:none;width:360px}.controls{position:sticky;top:0;background:#fff;padding:8px 0}</style>"
        page += "<h1>\(passed) passed, \(failed) failed\(recorded > 0 ? ", \(recorded) recorded" : "")</h1>"
        page += "<div class=controls><label>Status <select id=status><option value=all>all</option><option value=failed>failed</option>"
            + "<option value=recorded>recorded</option><option value=passed>passed</option></select></label> "
            + "<label>Name <input id=filter type=search placeholder=\"filter by name\"></label> <span id=shown></span></div>"
        for entry in entries {
            let status = entry.status.rawValue
            page += "<section class=\"case status-\(status)\" data-status=\"\(status)\" data-name=\"\(Self.xml(entry.name))\">"
            page += "<h2>\(Self.xml(entry.name)) — \(status)\(entry.rerecorded ? " (re-recorded)" : "")</h2>"
            if let reason = entry.reason { page += "<p class=reason>\(Self.xml(reason))</p>" }
            var copies: [String: String] = [:]
            for (kind, source) in entry.artifacts where kind != "panels" {
                let copy = files + "/" + entry.name + "." + kind + ".png"
                try FileManager.default.createDirectory(atPath: PathName.parent(filesPath + "/" + entry.name), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: source, toPath: (folder.isEmpty ? "." : folder) + "/" + copy)
                copies[kind] = Self.xml(Self.url(copy))
                page += "<figure><figcaption>\(Self.xml(kind))</figcaption><a href=\"\(Self.xml(Self.url(copy)))\"><img alt=\"\(Self.xml(kind))\" "
                    + "src=\"\(Self.xml(Self.url(copy)))\"></a></figure>"
            }
            if let expected = copies["expected"], let actual = copies["actual"] {
                page += "<figure><figcaption>expected | actual</figcaption><div class=overlay><img alt=\"expected\" src=\"\(expected)\">"
                    + "<div class=top><img alt=\"actual\" src=\"\(actual)\"></div></div><br>"
                    + "<input type=range min=0 max=100 value=50 aria-label=\"actual shown from the left, percent\"></figure>"
            }
            page += "</section>"
        }
        page += "<script>const s=document.getElementById('status'),f=document.getElementById('filter'),n=document.getElementById('shown');"
            + "function apply(){let k=0;for(const c of document.querySelectorAll('.case')){const ok=(s.value==='all'||c.dataset.status===s.value)"
            + "&&c.dataset.name.toLowerCase().includes(f.value.toLowerCase());c.hidden=!ok;if(ok)k++}n.textContent=k+' shown'}"
            + "s.onchange=apply;f.oninput=apply;if(document.querySelector('.case[data-status=failed]'))s.value='failed';apply();"
            + "for(const r of document.querySelectorAll('input[type=range]')){r.oninput=()=>{"
            + "r.parentElement.querySelector('.top').style.width=r.value+'%'}}</script>"
        try AtomicFile.write(Array(page.utf8), to: path)
    }

    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative URL: path segments percent-encoded.
    static func url(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? String($0) }
            .joined(separator: "/")
    }

    /// `path` relative to the folder `base`.
    static func relative(_ path: String, to base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let from = URL(fileURLWithPath: base.isEmpty ? "." : base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, from.count) && target[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
