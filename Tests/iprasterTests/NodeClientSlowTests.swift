import Foundation
import GoldenSupport
import ProcessSupport
import XCTest

/// Issue 43, items 2 and 3: the Node client package (clients/node) against live services, and its TypeScript
/// declarations checked with Debian's node-typescript (both from `scripts/setup --dev-tools`).
final class NodeClientSlowTests: XCTestCase {
    private func tool(_ name: String) throws -> String {
        if let found = TestEnvironment.program(name) { return found }
        let message = "\(name) is missing: scripts/setup --dev-tools installs Debian's nodejs and node-typescript"
        if TestEnvironment.isCI { throw TestEnvironment.DevToolMissing(message: message) }
        throw XCTSkip(message)
    }

    func testTheNodeClientAgainstALiveService() throws {
        let node = try tool("node")
        let services = try ServicePair(token: "node-token")
        let result = try TestEnvironment.runTool(node, [TestEnvironment.root + "/clients/node/test/live_test.mjs"] + services.clientArguments,
                                                 timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stdoutText.contains("all checks passed"), result.stdoutText)
    }

    func testTheTypeScriptDeclarationsCompile() throws {
        let tsc = try tool("tsc")
        let result = try TestEnvironment.runTool(tsc, ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022",
                                                       TestEnvironment.root + "/clients/node/test/types.ts"], timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
    }
}
