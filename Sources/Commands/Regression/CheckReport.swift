import CommandCatalog
import FoundationEssentials
import GoldenKit
import Layout
import Primitives
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
        /// The case's fixture file, as given on the command line (the `github` reporter's `file=`).
        var fixture: String?
        /// The layout dumps of a failed layout comparison (`layout.expected`, `layout.actual` text files) that exist.
        var layoutArtifacts: [(String, String)] = []

        /// The reason as reports give it: where the case's images are listed by the report itself, without the
        /// harness's "(artifacts in FOLDER/CASE.*)" note (it names the machine's working folder; a layout
        /// difference's "CASE.layout.*" note stays).
        var reportedReason: String? {
            guard let text = reason, !artifacts.isEmpty || !layoutArtifacts.isEmpty else { return reason }
            var kept = "", rest = Substring(text)
            while let open = rest.firstRange(of: " (artifacts in "), let close = rest[open.upperBound...].firstIndex(of: ")") {
                let place = rest[open.upperBound..<close]
                kept += rest[..<open.lowerBound]
                // The layout's note stays only while the report does not carry the layout dumps itself.
                if !place.hasSuffix(".*") || (place.hasSuffix(".layout.*") && layoutArtifacts.isEmpty) { kept += rest[open.lowerBound...close] }
                rest = rest[rest.index(after: close)...]
            }
            return kept + rest
        }
    }

    var entries: [Entry]
    var seconds: Double
    /// The environment the run rendered in (the HTML report shows it), name and value.
    var environment: [(String, String)] = []
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
        typealias Kind = ReporterKind
        var kind: Kind
        var path: String?

        /// "NAME" or "NAME=FILE".
        init(_ text: String, command: String = "check") throws {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard let kind = Kind(rawValue: parts.first ?? "") else {
                throw UsageError(message: "--reporter must be list, json, junit, html or github (NAME or NAME=FILE), not \(text)", command: command)
            }
            guard parts.count == 1 || !parts[1].isEmpty else { throw UsageError(message: "--reporter \(text) names no file", command: command) }
            self.kind = kind
            path = parts.count == 2 ? parts[1] : nil
            if kind == .html && path == nil { throw UsageError(message: "the html reporter needs a file: --reporter html=FILE", command: command) }
            if kind == .github && path != nil {
                throw UsageError(message: "the github reporter writes workflow commands to standard output: --reporter github, no file", command: command)
            }
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

    /// Writes the report. A JSON or JUnit report written to a file takes copies of the failing cases' images into
    /// its `NAME-artifacts/` folder (HTML into `NAME-files/`), so uploading the report's folder uploads them too; no
    /// absolute path is written. JUnit attachment paths are relative to `attachmentsBase` (the folder CI resolves
    /// them against: GitLab's project folder, Jenkins' workspace; the current folder by default).
    func write(_ reporter: Reporter, attachmentsBase: String = ".") throws {
        if let path = reporter.path {
            // A report may go into a folder of its own (reports/junit.xml); make it.
            let folder = PathName.parent(path)
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        }
        let base = reporter.path.map { PathName.parent($0) } ?? "."
        let text: String
        switch reporter.kind {
        case .list: text = list()
        case .github: text = github() + list()
        case .json: text = try withArtifactsCopied(for: reporter).json(relativeTo: base)
        case .junit: text = try withArtifactsCopied(for: reporter).junit(relativeTo: attachmentsBase)
        case .html: return try html(to: reporter.path ?? "report.html")
        }
        if let path = reporter.path {
            try AtomicFile.write(Array(text.utf8), to: path)
        } else {
            print(text, terminator: "")
        }
    }

    /// For a JSON or JUnit report written to a file: this report with its artifacts copied into the report's
    /// `NAME-artifacts/` folder, so the report and the images it links travel
    /// together (HTML copies its own into `NAME-files/`).
    func withArtifactsCopied(for reporter: Reporter) throws -> CheckReport {
        guard let path = reporter.path, reporter.kind == .json || reporter.kind == .junit else { return self }
        let folder = PathName.parent(path)
        let files = try ReportFolder.stage((folder.isEmpty ? "." : folder) + "/" + PathName.deletingExtension(PathName.lastComponent(path)) + "-artifacts")
        var copy = self
        for index in copy.entries.indices {
            let name = copy.entries[index].name
            // Each artifact copied as `<case>.<kind><suffix>`, kept with its copy's final path.
            func copied(_ list: [(String, String)], suffix: String, what: String,
                        _ place: (String, String, String) throws -> Bool) throws -> [(String, String)] {
                try list.compactMap { kind, source in
                    let relative = name + "." + kind + suffix
                    return try place(source, relative, "case \(name): the \(kind) \(what)") ? (kind, files.finalPath(relative)) : nil
                }
            }
            copy.entries[index].artifacts = try copied(copy.entries[index].artifacts, suffix: ".png", what: "image", files.copy)
            copy.entries[index].layoutArtifacts = try copied(copy.entries[index].layoutArtifacts, suffix: ".txt", what: "dump", files.copyText)
        }
        try files.commit()
        return copy
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

    /// GitHub Actions workflow commands: an `::error` annotation per failing case on its fixture file (a recorded
    /// golden that fails the run: a `::warning`), shown on the run's summary and the pull request's files; the list
    /// follows for the log.
    func github() -> String {
        var text = ""
        for entry in entries {
            let level: String
            switch entry.status {
            case .passed: continue
            case .failed: level = "error"
            case .recorded: level = recordingFails ? "warning" : "notice"
            }
            var properties = ["title=" + Self.workflowProperty("ipraster check: \(entry.name)")]
            if let fixture = entry.fixture { properties.insert("file=" + Self.workflowProperty(fixture), at: 0) }
            let message = entry.status == .failed ? entry.reportedReason ?? "failed" : "recorded a new golden; run again to verify it"
            text += "::\(level) \(properties.joined(separator: ","))::\(Self.workflowData(message))\n"
        }
        return text
    }

    /// A workflow command's message: `%`, CR and LF escaped as GitHub's runner reads them.
    static func workflowData(_ text: String) -> String {
        text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D").replacingEvery("\n", with: "%0A")
    }

    /// A workflow command's property value: the message's escapes and `:` and `,`.
    static func workflowProperty(_ text: String) -> String {
        workflowData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }

    /// Paths in the report are relative to `base` (the report's folder), so the report can move with them.
    func json(relativeTo base: String) -> String {
        let cases: [JSONOut] = entries.map { entry in
            .object([("name", .string(entry.name)), ("status", .string(entry.status.rawValue)),
                     ("diffPixels", entry.diffPixels.map { .int($0) } ?? .null), ("diffRatio", entry.diffRatio.map { .exact($0) } ?? .null),
                     ("reason", entry.reportedReason.map { .string(Self.portable($0, relativeTo: base)) } ?? .null), ("rerecorded", .bool(entry.rerecorded)),
                     ("seconds", .exact((entry.seconds * 1000).rounded() / 1000)),
                     ("artifacts", .object(entry.artifacts.map { ($0.0, .string(Self.relative($0.1, to: base))) })),
                     ("layoutArtifacts", .object(entry.layoutArtifacts.map { ($0.0, .string(Self.relative($0.1, to: base))) }))])
        }
        return JSONOut.object([("passed", .int(passed)), ("failed", .int(failed)), ("recorded", .int(recorded)),
                               ("recordingFails", .bool(recordingFails)), ("seconds", .exact((seconds * 1000).rounded() / 1000)),
                               ("cases", .array(cases))]).serialized() + "\n"
    }

    /// JUnit XML. A failing case's artifacts are listed in its failure text and as `[[ATTACHMENT|path]]` lines in its
    /// `system-out` (what GitLab and Jenkins' attachments plugin show as images), paths relative to `base` (the folder
    /// the CI server resolves them against: GitLab's `$CI_PROJECT_DIR`, Jenkins' workspace).
    func junit(relativeTo base: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let time = String(cFormat: "%.3f", seconds)
        let failures = failed + (recordingFails ? entries.filter { $0.status == .recorded }.count : 0)
        xml += "<testsuites name=\"ipraster check\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"ipraster check\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for entry in entries {
            let folder = PathName.parent(entry.name)
            xml += "    <testcase classname=\"\(Self.xml(folder.isEmpty ? "golden" : folder.replacingEvery("/", with: ".")))\""
                + " name=\"\(Self.xml(entry.name))\" time=\"\(String(cFormat: "%.3f", entry.seconds))\">"
            switch entry.status {
            case .passed: xml += "</testcase>\n"
            case .recorded where recordingFails:
                let reason = Self.portable(entry.reason ?? "no golden: recorded a new one; run again to verify it", relativeTo: base)
                xml += "\n      <failure message=\"\(Self.xml(reason))\" type=\"recorded\">\(Self.xml(reason))</failure>\n    </testcase>\n"
            case .recorded:
                xml += "\n      <system-out>\(Self.xml(Self.portable(entry.reason ?? "recorded a new golden", relativeTo: base)))</system-out>\n    </testcase>\n"
            case .failed:
                let reason = Self.portable(entry.reportedReason ?? "failed", relativeTo: base)
                let artifacts = (entry.artifacts + entry.layoutArtifacts).map { ($0.0, Self.relative($0.1, to: base)) }
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
        let files = PathName.deletingExtension(PathName.lastComponent(path)) + "-files"
        let filesPath = (folder.isEmpty ? "." : folder) + "/" + files
        let staging = try ReportFolder.stage(filesPath)
        var page = "<!doctype html><meta charset=utf-8><title>ipraster check</title><style>"
            + "body{font:14px system-ui,sans-serif;margin:24px}figure{display:inline-block;margin:4px;vertical-align:top}"
            + "figcaption{font-weight:600;margin-bottom:4px}img{max-width:360px;border:1px solid #ccc;image-rendering:pixelated}"
            + ".reason{color:#a00}.case{border-top:1px solid #ddd;padding:4px 0}.case h2{font-size:15px;margin:6px 0}"
            + ".status-passed h2{color:#1a7f37}.status-failed h2{color:#a00}.status-recorded h2{color:#9a6700}"
            + ".overlay{position:relative;display:inline-block}.overlay .top{position:absolute;left:0;top:0;overflow:hidden;width:50%}"
            + ".overlay img{max-width:none;width:360px}.controls{position:sticky;top:0;background:#fff;padding:8px 0}</style>"
        page += "<h1>\(passed) passed, \(failed) failed\(recorded > 0 ? ", \(recorded) recorded" : "")</h1>"
        page += "<p>\(entries.count) case\(entries.count == 1 ? "" : "s") in \(String(cFormat: "%.2f", seconds)) s</p>"
        if !environment.isEmpty {
            page += "<details><summary>Environment</summary><table>" + environment.map { "<tr><th align=left>\(Self.xml($0.0))</th><td>\(Self.xml($0.1))</td></tr>" }.joined()
                + "</table></details>"
        }
        page += "<div class=controls><label>Status <select id=status><option value=all>all</option><option value=failed>failed</option>"
            + "<option value=recorded>recorded</option><option value=passed>passed</option></select></label> "
            + "<label>Name <input id=filter type=search placeholder=\"filter by name\"></label> <span id=shown></span></div>"
        for entry in entries {
            let status = entry.status.rawValue
            page += "<section class=\"case status-\(status)\" data-status=\"\(status)\" data-name=\"\(Self.xml(entry.name))\">"
            page += "<h2>\(Self.xml(entry.name)) — \(status)\(entry.rerecorded ? " (re-recorded)" : "") "
                + "<small>\(String(cFormat: "%.2f", entry.seconds)) s</small></h2>"
            var figures = ""
            var copies: [String: String] = [:]
            for (kind, source) in entry.artifacts where kind != "panels" {
                guard try staging.copy(source, as: entry.name + "." + kind + ".png", what: "case \(entry.name): the \(kind) image") else { continue }
                let copy = files + "/" + entry.name + "." + kind + ".png"
                copies[kind] = Self.xml(Self.url(copy))
                figures += "<figure><figcaption>\(Self.xml(kind))</figcaption><a href=\"\(Self.xml(Self.url(copy)))\"><img alt=\"\(Self.xml(kind))\" "
                    + "src=\"\(Self.xml(Self.url(copy)))\"></a></figure>"
            }
            if let expected = copies["expected"], let actual = copies["actual"] {
                figures += "<figure><figcaption>expected | actual</figcaption><div class=overlay><img alt=\"expected\" src=\"\(expected)\">"
                    + "<div class=top><img alt=\"actual\" src=\"\(actual)\"></div></div><br>"
                    + "<input type=range min=0 max=100 value=50 aria-label=\"actual shown from the left, percent\"></figure>"
            }
            var dumps: [String] = []
            for (kind, source) in entry.layoutArtifacts {
                guard try staging.copyText(source, as: entry.name + "." + kind + ".txt", what: "case \(entry.name): the \(kind) dump") else { continue }
                let copy = files + "/" + entry.name + "." + kind + ".txt"
                dumps.append("<a href=\"\(Self.xml(Self.url(copy)))\">\(Self.xml(kind)).txt</a>")
            }
            if !dumps.isEmpty { figures += "<p>layout dumps: " + dumps.joined(separator: " · ") + "</p>" }
            // The reason goes above the images, naming the copies.
            if let reason = entry.reportedReason { page += "<p class=reason>\(Self.xml(Self.portable(reason, relativeTo: folder)))</p>" }
            page += figures
            page += "</section>"
        }
        page += "<script>const s=document.getElementById('status'),f=document.getElementById('filter'),n=document.getElementById('shown');"
            + "function apply(){let k=0;for(const c of document.querySelectorAll('.case')){const ok=(s.value==='all'||c.dataset.status===s.value)"
            + "&&c.dataset.name.toLowerCase().includes(f.value.toLowerCase());c.hidden=!ok;if(ok)k++}n.textContent=k+' shown'}"
            + "s.onchange=apply;f.oninput=apply;if(document.querySelector('.case[data-status=failed]'))s.value='failed';apply();"
            + "for(const r of document.querySelectorAll('input[type=range]')){r.oninput=()=>{"
            + "r.parentElement.querySelector('.top').style.width=r.value+'%'}}</script>"
        try staging.commit()
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
            .map { $0.addingPercentEncoding(keeping: Set("!$&'()*+,;=:@".utf8)) }
            .joined(separator: "/")
    }

    /// `text` (a failure reason) with every absolute path in it made relative to `base`, so a report names no folder
    /// of the machine that wrote it. A path starts with `/` at the start of the text or after a space, a parenthesis
    /// or a quote, and runs to white space, a closing parenthesis, a quote, a comma or a semicolon (a final `:` or `.`
    /// is punctuation).
    static func portable(_ text: String, relativeTo base: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let starts: Set<Unicode.Scalar> = [" ", "(", "\"", "'", "\t", "\n"], ends: Set<Unicode.Scalar> = [" ", ")", "\"", "'", ",", ";", "\t", "\n"]
        var out = String.UnicodeScalarView(), index = 0
        while index < scalars.count {
            guard scalars[index] == "/", index == 0 || starts.contains(scalars[index - 1]) else { out.append(scalars[index]); index += 1; continue }
            var end = index
            while end < scalars.count && !ends.contains(scalars[end]) { end += 1 }
            var stop = end
            while stop > index + 1, scalars[stop - 1] == ":" || scalars[stop - 1] == "." { stop -= 1 }
            var path = String.UnicodeScalarView()
            path.append(contentsOf: scalars[index..<stop])
            out.append(contentsOf: relative(String(path), to: base).unicodeScalars)
            index = stop
        }
        return String(out)
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
