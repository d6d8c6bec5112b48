import Foundation
import GoldenSupport
import XCTest

/// Issue 43, item 5: the Kubernetes manifests (deploy/kubernetes) meet Pod Security "restricted" on every pod
/// template, control by control; the Job's volume is writable by its pods and shareable by all of them; the probes
/// ask the service's probe listener; the image is named once; and the outside validators pass —
/// kubernetes-validate, yamllint and checkov (over the manifests and the Containerfile), from
/// `scripts/setup --dev-tools`. YAML is read with the dev tools' PyYAML (yamllint's own dependency) into JSON.
final class DeployManifestsSlowTests: XCTestCase {
    private static let folder = "deploy/kubernetes"

    private var manifestFiles: [String] {
        let base = TestEnvironment.root + "/" + Self.folder
        let names = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { base + "/" + $0 }
    }

    private struct Document {
        let file: String
        let object: [String: Any]
        var kind: String { object["kind"] as? String ?? "" }
        var name: String { (object["metadata"] as? [String: Any])?["name"] as? String ?? "" }
    }

    /// Every YAML document of the manifests' folder, through PyYAML's safe loader.
    private func documents() throws -> [Document] {
        let python = try TestEnvironment.devToolData(".build/venv/bin/python", what: "the dev tools' Python (PyYAML)")
        let files = manifestFiles
        XCTAssertGreaterThanOrEqual(files.count, 8, "\(files)")
        let script = "import json, sys, yaml\njson.dump([list(yaml.safe_load_all(open(f))) for f in sys.argv[1:]], sys.stdout)"
        let result = try TestEnvironment.runTool(python, ["-c", script] + files)
        XCTAssertEqual(result.status, 0, result.stderr)
        let perFile = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[Any]])
        return zip(files, perFile).flatMap { file, objects in
            objects.compactMap { $0 as? [String: Any] }.map { Document(file: String(file.dropFirst(TestEnvironment.root.count + 1)), object: $0) }
        }
    }

    private func podSpec(_ document: Document) -> [String: Any]? {
        let spec = document.object["spec"] as? [String: Any]
        switch document.kind {
        case "Pod": return spec
        case "CronJob":
            let job = (spec?["jobTemplate"] as? [String: Any])?["spec"] as? [String: Any]
            return (job?["template"] as? [String: Any])?["spec"] as? [String: Any]
        default: return (spec?["template"] as? [String: Any])?["spec"] as? [String: Any]
        }
    }

    private func at(_ object: Any?, _ path: String...) -> Any? {
        var current = object
        for key in path { current = (current as? [String: Any])?[key] }
        return current
    }

    /// Pod Security Standards, "restricted" (which includes "baseline"), as the Kubernetes documentation lists the
    /// controls, checked on one pod spec; plus a read-only root file system with /tmp on an emptyDir. The controls
    /// the spec breaks, each named (empty: it passes).
    private func restrictedViolations(_ pod: [String: Any]) -> [String] {
        var broken: [String] = []
        func require(_ condition: Bool, _ control: @autoclosure () -> String) { if !condition { broken.append(control()) } }
        for key in ["hostNetwork", "hostPID", "hostIPC"] { require(pod[key] as? Bool != true, key) }
        require(at(pod, "securityContext", "windowsOptions", "hostProcess") as? Bool != true, "hostProcess")
        let allowedVolumes: Set = ["configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected", "secret"]
        let volumes = pod["volumes"] as? [[String: Any]] ?? []
        for volume in volumes {
            let types = Set(volume.keys).subtracting(["name"])
            require(types.isSubset(of: allowedVolumes), "volume \(volume["name"] ?? "") of type \(types.sorted())")
        }
        let safeSysctls: Set = ["kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range", "net.ipv4.ip_unprivileged_port_start",
                                "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range", "net.ipv4.ip_local_reserved_ports",
                                "net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout", "net.ipv4.tcp_keepalive_intvl",
                                "net.ipv4.tcp_keepalive_probes"]
        for sysctl in at(pod, "securityContext", "sysctls") as? [[String: Any]] ?? [] {
            require(safeSysctls.contains(sysctl["name"] as? String ?? ""), "sysctl \(sysctl["name"] ?? "")")
        }
        let podRunAsNonRoot = at(pod, "securityContext", "runAsNonRoot") as? Bool
        let podSeccomp = at(pod, "securityContext", "seccompProfile", "type") as? String
        let allowedSeccomp: Set = ["RuntimeDefault", "Localhost"]
        require(podSeccomp.map(allowedSeccomp.contains) ?? true, "pod seccompProfile \(podSeccomp ?? "")")
        require(at(pod, "securityContext", "runAsUser") as? Int != 0, "pod runAsUser 0")
        broken += seLinuxAndAppArmorViolations(at(pod, "securityContext") as? [String: Any]).map { "pod " + $0 }

        let containers = ["containers", "initContainers", "ephemeralContainers"].flatMap { pod[$0] as? [[String: Any]] ?? [] }
        require(!containers.isEmpty, "no containers")
        let emptyDirs = Set(volumes.filter { $0["emptyDir"] != nil }.compactMap { $0["name"] as? String })
        for container in containers {
            let name = "container \(container["name"] ?? "")"
            let context = container["securityContext"] as? [String: Any] ?? [:]
            require(context["privileged"] as? Bool != true, "\(name): privileged")
            require(context["allowPrivilegeEscalation"] as? Bool == false, "\(name): allowPrivilegeEscalation is not false")
            require((context["runAsNonRoot"] as? Bool ?? podRunAsNonRoot) == true, "\(name): runAsNonRoot is not true")
            require(context["runAsUser"] as? Int != 0, "\(name): runAsUser 0")
            let seccomp = at(context, "seccompProfile", "type") as? String ?? podSeccomp
            require(seccomp.map(allowedSeccomp.contains) ?? false, "\(name): seccompProfile \(seccomp ?? "unset")")
            require((at(context, "capabilities", "drop") as? [String] ?? []).contains("ALL"), "\(name): capabilities.drop lacks ALL")
            let add = at(context, "capabilities", "add") as? [String] ?? []
            require(Set(add).isSubset(of: ["NET_BIND_SERVICE"]), "\(name): capabilities.add \(add)")
            require((context["procMount"] as? String).map { $0 == "Default" } ?? true, "\(name): procMount")
            broken += seLinuxAndAppArmorViolations(context).map { "\(name): " + $0 }
            for port in container["ports"] as? [[String: Any]] ?? [] { require((port["hostPort"] as? Int ?? 0) == 0, "\(name): hostPort") }
            require(context["readOnlyRootFilesystem"] as? Bool == true, "\(name): root file system not read-only")
            let mounts = container["volumeMounts"] as? [[String: Any]] ?? []
            require(mounts.contains { $0["mountPath"] as? String == "/tmp" && emptyDirs.contains($0["name"] as? String ?? "") },
                    "\(name): /tmp not on an emptyDir (ffmpeg's private temporary files)")
        }
        return broken
    }

    private func seLinuxAndAppArmorViolations(_ context: [String: Any]?) -> [String] {
        var broken: [String] = []
        if let type = at(context, "seLinuxOptions", "type") as? String,
           !["", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"].contains(type) { broken.append("SELinux type \(type)") }
        if at(context, "seLinuxOptions", "user") != nil { broken.append("SELinux user") }
        if at(context, "seLinuxOptions", "role") != nil { broken.append("SELinux role") }
        if let type = at(context, "appArmorProfile", "type") as? String, !["RuntimeDefault", "Localhost"].contains(type) { broken.append("AppArmor \(type)") }
        return broken
    }

    func testEveryPodTemplateMeetsTheRestrictedProfile() throws {
        let documents = try documents()
        let workloads = documents.filter { ["Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob"].contains($0.kind) }
        XCTAssertEqual(Set(workloads.map(\.kind)), ["Deployment", "Job"], "the service and the corpus Job")
        for workload in workloads {
            let pod = try XCTUnwrap(podSpec(workload), "\(workload.file): no pod template")
            XCTAssertEqual(restrictedViolations(pod), [], "\(workload.file) \(workload.kind) \(workload.name)")
            XCTAssertEqual(pod["automountServiceAccountToken"] as? Bool, false, "\(workload.file): no API token in the pod")
        }
        // The namespace the kustomizations put everything in enforces the profile.
        let namespace = try XCTUnwrap(documents.first { $0.kind == "Namespace" })
        let labels = at(namespace.object, "metadata", "labels") as? [String: String] ?? [:]
        XCTAssertEqual(labels["pod-security.kubernetes.io/enforce"], "restricted")
        for document in documents where document.kind != "Namespace" && document.kind != "Kustomization" && document.kind != "Component" {
            XCTAssertEqual(at(document.object, "metadata", "namespace") as? String, namespace.name, "\(document.file): namespace")
        }
    }

    /// The checks above name what an unsafe template breaks (so they can fail).
    func testTheRestrictedChecksCatchAnUnsafeTemplate() throws {
        let unsafe: [String: Any] = ["hostNetwork": true, "securityContext": ["seccompProfile": ["type": "Unconfined"]],
                                     "containers": [["name": "x", "securityContext": ["privileged": true, "runAsUser": 0,
                                                                                       "capabilities": ["add": ["SYS_ADMIN"]]],
                                                     "ports": [["containerPort": 80, "hostPort": 80]]]],
                                     "volumes": [["name": "root", "hostPath": ["path": "/"]]]]
        XCTAssertEqual(restrictedViolations(unsafe), [
            "hostNetwork", "volume root of type [\"hostPath\"]", "pod seccompProfile Unconfined", "container x: privileged",
            "container x: allowPrivilegeEscalation is not false", "container x: runAsNonRoot is not true", "container x: runAsUser 0",
            "container x: seccompProfile Unconfined", "container x: capabilities.drop lacks ALL", "container x: capabilities.add [\"SYS_ADMIN\"]",
            "container x: hostPort", "container x: root file system not read-only",
            "container x: /tmp not on an emptyDir (ffmpeg's private temporary files)"])
    }

    func testTheJobsVolumeIsWritableAndShared() throws {
        let documents = try documents()
        let job = try XCTUnwrap(documents.first { $0.kind == "Job" })
        let pod = try XCTUnwrap(podSpec(job))
        let runAs = try XCTUnwrap(at(pod, "securityContext", "runAsUser") as? Int)
        XCTAssertEqual(at(pod, "securityContext", "fsGroup") as? Int, runAs, "the volume's files are group-owned by the pods' user")
        let claims = (pod["volumes"] as? [[String: Any]] ?? []).compactMap { at($0, "persistentVolumeClaim", "claimName") as? String }
        XCTAssertEqual(claims.count, 1)
        let claim = try XCTUnwrap(documents.first { $0.kind == "PersistentVolumeClaim" && $0.name == claims.first }, "the claim is in the manifests")
        let parallelism = at(job.object, "spec", "parallelism") as? Int ?? 1
        XCTAssertGreaterThan(parallelism, 1)
        XCTAssertEqual(at(claim.object, "spec", "accessModes") as? [String], ["ReadWriteMany"], "parallel pods on several nodes mount it at once")
        // The claim, the Job and its NetworkPolicy are applied together.
        let corpus = try XCTUnwrap(documents.first { $0.kind == "Kustomization" && $0.file.hasSuffix("corpus/kustomization.yaml") })
        let resources = at(corpus.object, "resources") as? [String] ?? []
        for file in [claim.file, job.file] { XCTAssertTrue(resources.contains(URL(fileURLWithPath: file).lastPathComponent), file) }
    }

    func testProbesAskTheProbeListenerAndEveryPodHasANetworkPolicy() throws {
        let documents = try documents()
        let deployment = try XCTUnwrap(documents.first { $0.kind == "Deployment" })
        let container = try XCTUnwrap((podSpec(deployment)?["containers"] as? [[String: Any]])?.first)
        let arguments = container["args"] as? [String] ?? []
        let probeListen = try XCTUnwrap(arguments.firstIndex(of: "--probe-listen").map { arguments[$0 + 1] })
        let probePort = try XCTUnwrap(Int(probeListen.split(separator: ":").last ?? ""))
        let ports = Dictionary(uniqueKeysWithValues: (container["ports"] as? [[String: Any]] ?? []).compactMap { port in
            (port["name"] as? String).flatMap { name in (port["containerPort"] as? Int).map { (name, $0) } }
        })
        for probe in ["readinessProbe", "livenessProbe"] {
            let port = at(container, probe, "httpGet", "port")
            let number = (port as? Int) ?? (port as? String).flatMap { ports[$0] }
            XCTAssertEqual(number, probePort, "\(probe) asks the --probe-listen port")
        }
        // Every workload's pods are selected by a NetworkPolicy that refuses all egress.
        let policies = documents.filter { $0.kind == "NetworkPolicy" }
        for workload in documents where ["Deployment", "Job"].contains(workload.kind) {
            let labels = at(workload.object, "spec", "template", "metadata", "labels") as? [String: String] ?? [:]
            let policy = policies.first { policy in
                let selector = at(policy.object, "spec", "podSelector", "matchLabels") as? [String: String] ?? [:]
                return !selector.isEmpty && selector.allSatisfy { labels[$0.key] == $0.value }
            }
            XCTAssertNotNil(policy, "\(workload.file): no NetworkPolicy selects its pods")
            if let policy {
                XCTAssertEqual(at(policy.object, "spec", "policyTypes") as? [String], ["Ingress", "Egress"])
                XCTAssertEqual((at(policy.object, "spec", "egress") as? [Any])?.count, 0, "\(policy.file): no egress")
            }
        }
    }

    /// Issue 57: an operator's expectations — a PodDisruptionBudget that keeps a replica through a drain, and the
    /// metrics port scraped (pod annotations, and a Service port for an endpoints job or a ServiceMonitor) on the
    /// probe listener, where /metrics needs no token.
    func testDisruptionsLeaveAReplicaAndTheMetricsPortIsScraped() throws {
        let documents = try documents()
        let deployment = try XCTUnwrap(documents.first { $0.kind == "Deployment" })
        let labels = at(deployment.object, "spec", "template", "metadata", "labels") as? [String: String] ?? [:]
        let replicas = try XCTUnwrap(at(deployment.object, "spec", "replicas") as? Int)
        let budget = try XCTUnwrap(documents.first { $0.kind == "PodDisruptionBudget" }, "a PodDisruptionBudget")
        let selector = at(budget.object, "spec", "selector", "matchLabels") as? [String: String] ?? [:]
        XCTAssertFalse(selector.isEmpty)
        XCTAssertTrue(selector.allSatisfy { labels[$0.key] == $0.value }, "the budget selects the service's pods")
        let minimum = try XCTUnwrap(at(budget.object, "spec", "minAvailable") as? Int)
        XCTAssertTrue(minimum >= 1 && minimum < replicas, "one pod at a time may go, one always stays: \(minimum) of \(replicas)")
        let hpaMinimum = try XCTUnwrap(documents.first { $0.kind == "HorizontalPodAutoscaler" }.flatMap { at($0.object, "spec", "minReplicas") as? Int })
        XCTAssertLessThan(minimum, hpaMinimum, "the autoscaler's floor still lets a drain proceed")

        let container = try XCTUnwrap((podSpec(deployment)?["containers"] as? [[String: Any]])?.first)
        let probes = try XCTUnwrap((container["ports"] as? [[String: Any]])?.first { $0["name"] as? String == "probes" }?["containerPort"] as? Int)
        let podAnnotations = at(deployment.object, "spec", "template", "metadata", "annotations") as? [String: String] ?? [:]
        XCTAssertEqual(podAnnotations["prometheus.io/scrape"], "true")
        XCTAssertEqual(podAnnotations["prometheus.io/port"], String(probes))
        XCTAssertEqual(podAnnotations["prometheus.io/path"], "/metrics")
        let service = try XCTUnwrap(documents.first { $0.kind == "Service" })
        let metrics = try XCTUnwrap((at(service.object, "spec", "ports") as? [[String: Any]])?.first { $0["name"] as? String == "metrics" })
        XCTAssertEqual(metrics["targetPort"] as? String, "probes")
        XCTAssertEqual((at(service.object, "metadata", "annotations") as? [String: String])?["prometheus.io/port"], String(probes))
        let kustomization = try String(contentsOfFile: TestEnvironment.root + "/" + Self.folder + "/kustomization.yaml", encoding: .utf8)
        XCTAssertTrue(kustomization.contains("- pdb.yaml"), "the budget is applied with the rest")
    }

    func testTheImageIsNamedOnce() throws {
        let documents = try documents()
        let images = documents.compactMap { podSpec($0) }.flatMap { $0["containers"] as? [[String: Any]] ?? [] }.map { $0["image"] as? String }
        XCTAssertEqual(images.count, 2)
        XCTAssertTrue(images.allSatisfy { $0 == "ipraster" }, "every manifest says `image: ipraster`: \(images)")
        let definers = documents.filter { at($0.object, "images") != nil }
        XCTAssertEqual(definers.map(\.kind), ["Component"], "one place names the image")
        let component = try XCTUnwrap(definers.first)
        let entry = try XCTUnwrap((at(component.object, "images") as? [[String: Any]])?.first)
        XCTAssertEqual(entry["name"] as? String, "ipraster")
        XCTAssertNotNil(entry["newName"] as? String)
        let componentFolder = URL(fileURLWithPath: component.file).deletingLastPathComponent()
        for kustomization in documents where kustomization.kind == "Kustomization" {
            let folder = URL(fileURLWithPath: kustomization.file).deletingLastPathComponent()
            let components = (at(kustomization.object, "components") as? [String] ?? []).map { folder.appendingPathComponent($0).standardized.path }
            XCTAssertEqual(components, [componentFolder.standardized.path], "\(kustomization.file) takes the image component")
        }
    }

    func testKubernetesValidateAcceptsEveryManifest() throws {
        let validate = try TestEnvironment.devToolData(".build/venv/bin/kubernetes-validate", what: "kubernetes-validate")
        let resources = manifestFiles.filter { !$0.hasSuffix("kustomization.yaml") }
        let result = try TestEnvironment.runTool(validate, ["--strict", "--quiet"] + resources, timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        // Rendered as kubectl would apply them, where kubectl exists (its kustomize resolves the image component).
        guard let kubectl = ["/usr/bin/kubectl", "/usr/local/bin/kubectl"].first(where: FileManager.default.isExecutableFile) else { return }
        for folder in [Self.folder, Self.folder + "/corpus"] {
            let rendered = try TestEnvironment.runTool(kubectl, ["kustomize", TestEnvironment.root + "/" + folder])
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            XCTAssertTrue(rendered.stdoutText.contains("image: registry.example.com/ipraster:"), rendered.stdoutText)
            let file = try TestEnvironment.temporaryDirectory() + "/rendered.yaml"
            try Data(rendered.stdout).write(to: URL(fileURLWithPath: file))
            let check = try TestEnvironment.runTool(validate, ["--strict", "--quiet", file], timeoutSeconds: 300)
            XCTAssertEqual(check.status, 0, check.stdoutText + check.stderr)
        }
    }

    func testYamllintPasses() throws {
        let yamllint = try TestEnvironment.devToolData(".build/venv/bin/yamllint", what: "yamllint")
        let result = try TestEnvironment.runTool(yamllint, ["--strict", "-c", TestEnvironment.root + "/.yamllint.yaml", TestEnvironment.root + "/" + Self.folder])
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
    }

    /// checkov over the manifests and the Containerfile (copied as `Dockerfile`, the only name checkov's
    /// Dockerfile runner takes): no failed check, and every skipped one waived in its file with a reason.
    func testCheckovFindsNoFailedCheck() throws {
        let checkov = try TestEnvironment.devToolData(".build/venv/bin/checkov", what: "checkov")
        let work = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.copyItem(atPath: TestEnvironment.root + "/Containerfile", toPath: work + "/Dockerfile")
        try FileManager.default.copyItem(atPath: TestEnvironment.root + "/" + Self.folder, toPath: work + "/kubernetes")
        // --skip-download: no policy metadata from the vendor's servers (these machines have no way out).
        let result = try TestEnvironment.runTool(checkov, ["-d", work, "--framework", "kubernetes", "dockerfile", "--skip-download", "--output", "json"],
                                                 environment: ["BC_SKIP_MAPPING": "TRUE"], timeoutSeconds: 600)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout))
        let reports = (parsed as? [[String: Any]]) ?? [(parsed as? [String: Any]) ?? [:]]
        XCTAssertEqual(Set(reports.compactMap { $0["check_type"] as? String }), ["kubernetes", "dockerfile"], result.stderr)
        for report in reports {
            let type = report["check_type"] as? String ?? "?"
            XCTAssertGreaterThan(at(report, "summary", "passed") as? Int ?? 0, 10, type)
            let failed = at(report, "results", "failed_checks") as? [[String: Any]] ?? []
            XCTAssertEqual(failed.map { "\($0["check_id"] ?? "") \($0["resource"] ?? "")" }, [], "\(type): failed checks")
            for skipped in at(report, "results", "skipped_checks") as? [[String: Any]] ?? [] {
                let reason = at(skipped, "check_result", "suppress_comment") as? String ?? ""
                XCTAssertGreaterThan(reason.count, 20, "\(type): \(skipped["check_id"] ?? "") waived without a reason")
            }
        }
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
