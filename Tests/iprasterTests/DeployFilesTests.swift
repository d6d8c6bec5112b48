import Foundation
import GoldenSupport
import HTTPTestSupport
import XCTest

/// The deployment files stay true to the service: the Kubernetes Deployment's arguments start `ipraster serve`
/// (here on a loopback port instead of 0.0.0.0), its probes name routes that answer 200 once it is ready, its
/// container port is the one it listens on, and the Containerfile serves on the same port.
final class DeployFilesTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: TestEnvironment.root + "/" + path, encoding: .utf8)
    }

    /// The `args:` flow sequence of the Deployment (a JSON array of strings, possibly over several lines).
    private func deploymentArguments(_ yaml: String) throws -> [String] {
        let start = try XCTUnwrap(yaml.range(of: "args: ["), "deployment.yaml has no args")
        let end = try XCTUnwrap(yaml.range(of: "]", range: start.upperBound..<yaml.endIndex))
        let list = "[" + yaml[start.upperBound..<end.lowerBound] + "]"
        return try JSONDecoder().decode([String].self, from: Data(list.utf8))
    }

    func testTheDeploymentStartsTheServiceAndItsProbesAnswer() throws {
        let yaml = try read("deploy/kubernetes/deployment.yaml")
        let arguments = try deploymentArguments(yaml)
        XCTAssertEqual(arguments.first, "serve")
        let listen = try XCTUnwrap(arguments.firstIndex(of: "--listen")).advanced(by: 1)
        XCTAssertEqual(arguments[listen], "0.0.0.0:8080")
        XCTAssertTrue(yaml.contains("containerPort: 8080"), "the container port is the one serve listens on")
        let probes = yaml.matches(of: /httpGet: \{ path: (\/[a-z]+), port: probes \}/).map { String($0.output.1) }
        XCTAssertEqual(Set(probes), ["/readyz", "/healthz"], "both probes on the probe listener")
        let probeListen = try XCTUnwrap(arguments.firstIndex(of: "--probe-listen")).advanced(by: 1)
        XCTAssertEqual(arguments[probeListen], "0.0.0.0:8081")
        XCTAssertTrue(yaml.contains("containerPort: 8081"), "the probe port is the one serve's probes listen on")
        XCTAssertNotNil(yaml.range(of: #"terminationGracePeriodSeconds: \d+"#, options: .regularExpression))
        // The rest of the arguments, with both listeners on loopback ports.
        var rest = Array(arguments.dropFirst())
        rest.removeSubrange(listen - 2...listen - 1)  // the harness gives --listen itself
        if let index = rest.firstIndex(of: "--probe-listen") { rest[index + 1] = "127.0.0.1:0" }
        let service = try ServiceProcess(rest)
        XCTAssertNotEqual(service.probePort, 0)
        for path in probes {
            let answer = try HTTPClient.send(port: service.probePort, method: "GET", target: path, body: nil, type: nil, timeout: 30)
            XCTAssertEqual(answer.status, 200, "\(path): \(service.logText)")
        }
        XCTAssertTrue(service.logText.contains("(2 worker processes, queue 8, max body 1048576 bytes, timeout 10 s)"), service.logText)
        XCTAssertEqual(service.stop(), 0)
    }

    func testTheContainerServesOnThePortTheDeploymentUses() throws {
        let containerfile = try read("Containerfile")
        let stages = containerfile.split(separator: "\n").filter { $0.hasPrefix("FROM ") }
        XCTAssertEqual(stages, ["FROM swift:6.3-bookworm AS build", "FROM debian:bookworm-slim"], "built on Debian 12's Swift image, run on Debian 12 slim")
        XCTAssertTrue(containerfile.contains("RUN scripts/setup --no-build && scripts/install /opt/ipraster"))
        XCTAssertTrue(containerfile.contains("COPY --from=build /opt/ipraster /usr/local"))
        XCTAssertTrue(containerfile.contains("EXPOSE 8080"))
        XCTAssertTrue(containerfile.contains(#"CMD ["serve", "--listen", "0.0.0.0:8080"]"#))
        XCTAssertTrue(containerfile.contains(#"ENTRYPOINT ["tini", "--", "ipraster"]"#), "an init as PID 1 reaps orphans")
        XCTAssertTrue(containerfile.contains("/dev/tcp/127.0.0.1/8080"), "the health check asks the port served")
        let ignore = try read(".containerignore").split(separator: "\n").map(String.init)
        for local in [".build/", ".git/", "fonts/fonts.index"] { XCTAssertTrue(ignore.contains(local), "\(local) is left out of the build context") }
        let service = try read("deploy/kubernetes/service.yaml")
        XCTAssertTrue(service.contains("targetPort: http"))
        let hpa = try read("deploy/kubernetes/hpa.yaml")
        XCTAssertTrue(hpa.contains("kind: Deployment") && hpa.contains("name: ipraster"))
        let job = try read("deploy/kubernetes/corpus/job.yaml")
        XCTAssertTrue(job.contains("completionMode: Indexed"))
        XCTAssertTrue(job.contains(#"--shard "$((JOB_COMPLETION_INDEX + 1))/8""#) && job.contains("completions: 8"))
    }

    /// The corpus Job's own command, run here as its 8 pods would run it: the parts' annotation files, joined by
    /// concatenation, list every output of the manifest once (issue 60).
    func testTheCorpusJobsPodsWriteAnnotationsThatJoinByConcatenation() throws {
        let job = try read("deploy/kubernetes/corpus/job.yaml")
        let line = try XCTUnwrap(job.split(separator: "\n").first { $0.contains("'exec ipraster ") })
        let script = try XCTUnwrap(line.split(separator: "'").dropFirst().first.map(String.init), String(line))
        XCTAssertTrue(script.contains("--annotations"), script)
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var manifest: [String] = []
        for index in 0..<11 {
            try #"{"blocks": [{"type": "paragraph", "text": "message \#(index)"}]}"#.write(toFile: folder + "/m\(index).json", atomically: true, encoding: .utf8)
            manifest.append(#"{"input": "m\#(index).json", "output": "images/m\#(index).png"}"#)
        }
        try manifest.joined(separator: "\n").write(toFile: folder + "/corpus.jsonl", atomically: true, encoding: .utf8)
        let local = script.replacing("exec ipraster", with: "exec '\(TestEnvironment.executable)'").replacing("/corpus/", with: folder + "/")
        for pod in 0..<8 {
            let result = try TestEnvironment.runTool("/bin/sh", ["-c", local], environment: ["JOB_COMPLETION_INDEX": String(pod)])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        var outputs: [String] = []
        for part in 1...8 {
            let text = try String(contentsOfFile: folder + "/annotations.\(part)-of-8.jsonl", encoding: .utf8)
            for line in text.split(separator: "\n") {
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                outputs.append(try XCTUnwrap(object["output"] as? String))
            }
        }
        XCTAssertEqual(outputs, (0..<11).map { "images/m\($0).png" })
    }
}
