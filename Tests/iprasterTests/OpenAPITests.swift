import Foundation
import GoldenSupport
import HTTPTestSupport
import ProcessSupport
@testable import RenderService
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
        for route in ServiceRoute.table where route.early == nil {
            let command = try XCTUnwrap(route.command, route.path)
            let operation = try XCTUnwrap((paths[route.path] as? [String: Any])?[route.method.lowercased()] as? [String: Any], route.path)
            let parameters = try XCTUnwrap(operation["parameters"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            XCTAssertEqual(Set(parameters), Set(ServiceParameters.names(command)), route.path)
            XCTAssertFalse(parameters.contains("media") || parameters.contains("o") || parameters.contains("redact"), "refused parameters are left out")
            XCTAssertEqual(parameters.contains("fps"), route.path == "/render", "animations are /render's (issue 57)")
            let body = try XCTUnwrap((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])
            XCTAssertEqual(Set(body.keys), Set(route.mediaTypes.keys), route.path)
        }
        // Issue 56: every JSON answer is described by an object schema (or, issue 63's /fallback, an array of objects),
        // never as a string.
        let schemas = try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for (path, methods) in paths {
            for case let operation as [String: Any] in (methods as? [String: Any] ?? [:]).values {
                let content = ((operation["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any] ?? [:]
                guard let json = content["application/json"] as? [String: Any], let schema = json["schema"] as? [String: Any] else { continue }
                if let reference = schema["$ref"] as? String {
                    let name = String(reference.split(separator: "/").last ?? "")
                    let described = schemas[name] as? [String: Any]
                    let type = described?["type"] as? String == "array" ? (described?["items"] as? [String: Any])?["type"] as? String : described?["type"] as? String
                    XCTAssertEqual(type, "object", "\(path): \(name)")
                } else {
                    XCTAssertEqual(schema["type"] as? String, "object", path)
                }
            }
        }
        let layout = try XCTUnwrap(schemas["Layout"] as? [String: Any])
        XCTAssertEqual(Set(try XCTUnwrap(layout["required"] as? [String])), ["version", "canvas", "page", "bubble", "status", "items"],
                       "cli-contract.md's required fields")
    }

    /// Issue 56: a parameter's schema in the document and the service's parser agree on every value — the schema
    /// evaluated here as a JSON Schema validator would (numbers by their range, words by the enum, text by the
    /// ECMA pattern through NSRegularExpression and maxLength), the parser by the service's own code.
    func testEachParameterAcceptsExactlyWhatItsSchemaAllows() throws {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try committed.utf8)) as? [String: Any])
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let decimal = try NSRegularExpression(pattern: #"^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$"#)
        func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        var checked = 0
        for route in ServiceRoute.table where route.early == nil {
            let operation = try XCTUnwrap((paths[route.path] as? [String: Any])?["post"] as? [String: Any])
            for case let parameter as [String: Any] in try XCTUnwrap(operation["parameters"] as? [Any]) {
                let name = try XCTUnwrap(parameter["name"] as? String), schema = try XCTUnwrap(parameter["schema"] as? [String: Any])
                var candidates = ["", "abc", "1", "0", "-1", "1.5", "0x10", "nan", "inf", "1e1", " 5", "5 "]
                let allows: (String) -> Bool
                switch schema["type"] as? String {
                case "number", "integer":
                    let low = try XCTUnwrap(schema["minimum"] as? Double), high = try XCTUnwrap(schema["maximum"] as? Double)
                    let whole = schema["type"] as? String == "integer"
                    for value in [low, high, (low + high) / 2, low - 1, high + 1, low - 0.5, high + 0.5] {
                        candidates.append(whole && value == value.rounded() ? String(Int64(value)) : String(value))
                    }
                    allows = { text in
                        guard matches(decimal, text), let number = Double(text), number >= low, number <= high else { return false }
                        return !whole || (number == number.rounded() && !text.contains(".") && !text.lowercased().contains("e"))
                    }
                case "string":
                    if let words = schema["enum"] as? [String] {
                        candidates += words.prefix(40) + words.prefix(3).map { $0.uppercased() } + words.prefix(3).map { $0 + " " }
                        allows = { words.contains($0) }
                    } else if let pattern = schema["pattern"] as? String {
                        let regex = try NSRegularExpression(pattern: pattern), longest = try XCTUnwrap(schema["maxLength"] as? Int)
                        candidates += ["#000000", "#ABCDEF12", "#abcdef", "#fff", "ffffff", "#+fffff", "transparent", "Transparent", "en", "zh-Hant",
                                       "pt_BR", "yue-HK", "EN", "xx", "english", "en-", "en--US", "en-123456789", String(repeating: "en-a", count: 20)]
                        allows = { $0.count <= longest && matches(regex, $0) }
                    } else {
                        allows = { _ in true }
                    }
                default:
                    continue  // flags: 1, 0, true or false (ServeTests)
                }
                for value in candidates {
                    let accepted = (try? ServiceParameters.parse([(name: name, value: value)], route: route)) != nil
                    XCTAssertEqual(accepted, allows(value), "\(route.path)?\(name)=\(value)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
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
