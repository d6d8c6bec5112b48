import Foundation
import GoldenSupport
import HTTPTestSupport
import ProcessSupport
import XCTest
@testable import Commands

/// Issue 42, item 4: the OpenAPI document — served, printed and committed alike, in step with the route and option
/// tables.
final class OpenAPITests: XCTestCase {
    private var committed: String { get throws { try String(contentsOfFile: TestEnvironment.root + "/docs/openapi.json", encoding: .utf8) } }

    func testTheCommittedDocumentIsTheCurrentOneAndNamesEveryRouteAndParameter() throws {
        let printed = try TestEnvironment.run(["serve", "--openapi"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdoutText, try committed, "docs/openapi.json is out of date: .build/release/ipraster serve --openapi > docs/openapi.json")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try committed.utf8)) as? [String: Any])
        XCTAssertEqual(document["openapi"] as? String, "3.1.0")
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        XCTAssertEqual(Set(paths.keys), Set(ServiceRoute.table.map(\.path) + ["/healthz", "/readyz", "/metrics", "/openapi.json"]))
        for route in ServiceRoute.table {
            let operation = try XCTUnwrap((paths[route.path] as? [String: Any])?[route.method.lowercased()] as? [String: Any], route.path)
            let parameters = try XCTUnwrap(operation["parameters"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            XCTAssertEqual(Set(parameters), Set(ServiceParameters.names(route.command)), route.path)
            XCTAssertFalse(parameters.contains("media") || parameters.contains("o") || parameters.contains("fps"), "refused parameters are left out")
            let body = try XCTUnwrap((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])
            XCTAssertEqual(Set(body.keys), Set(route.mediaTypes.keys), route.path)
        }
        // Issue 56: every JSON answer is described by an object schema, never as a string.
        let schemas = try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for (path, methods) in paths {
            for case let operation as [String: Any] in (methods as? [String: Any] ?? [:]).values {
                let content = ((operation["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any] ?? [:]
                guard let json = content["application/json"] as? [String: Any], let schema = json["schema"] as? [String: Any] else { continue }
                if let reference = schema["$ref"] as? String {
                    let name = String(reference.split(separator: "/").last ?? "")
                    XCTAssertEqual((schemas[name] as? [String: Any])?["type"] as? String, "object", "\(path): \(name)")
                } else {
                    XCTAssertEqual(schema["type"] as? String, "object", path)
                }
            }
        }
        let layout = try XCTUnwrap(schemas["Layout"] as? [String: Any])
        XCTAssertEqual(Set(try XCTUnwrap(layout["required"] as? [String])), ["version", "canvas", "page", "bubble", "status", "items"],
                       "cli-contract.md's required fields")
    }

    func testTheServiceServesIt() throws {
        let service = try ServiceProcess(["--workers", "1"])
        defer { _ = service.stop() }
        let answer = try service.request("GET", "/openapi.json")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.headers["content-type"], "application/json")
        XCTAssertEqual(answer.text, try committed)
        XCTAssertEqual(try service.request("POST", "/openapi.json", body: [1], type: "text/plain").status, 405)
    }
}
