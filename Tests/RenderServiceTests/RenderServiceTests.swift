import Foundation
import HTTPService
@testable import RenderService
import XCTest

/// Issue 58: every route of the service answered in this process from a request built here — no binary, no argv:
/// the router's early answers as the service process gives them, the rest through a worker's operations.
final class RenderServiceTests: XCTestCase {
    nonisolated(unsafe) private static let worker = Result { try RenderWorker(media: nil) }
    private static let message = #"{"blocks": [{"type": "heading", "size": 1, "text": "Title"}, {"type": "paragraph", "text": "Some text."}]}"#

    /// What the service answers `request`: the router's early answer, else the worker's.
    private func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        if let early = ServiceRoutes().early(request) { return early }
        return try Self.worker.get().handle(request)
    }

    private func post(_ path: String, _ body: String, type: String?, query: [(name: String, value: String)] = []) -> HTTPRequest {
        HTTPRequest(method: "POST", path: path, query: query, headers: type.map { ["content-type": $0] } ?? [:], body: Array(body.utf8))
    }

    private func header(_ response: HTTPResponse, _ name: String) -> String? { response.headers.first { $0.name == name }?.value }

    func testEveryRouteAnswersInProcess() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        var answered = Set<String>()
        for route in ServiceRoute.table {
            let response: HTTPResponse
            switch route.path {
            case "/render":
                response = try answer(post(route.path, Self.message, type: "application/json"))
                XCTAssertEqual(Array(response.body.prefix(4)), png)
                XCTAssertEqual(header(response, WarningsHeader.name), "[]")
            case "/layout":
                response = try answer(post(route.path, Self.message, type: "application/json", query: [("compact", "1")]))
                let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
                XCTAssertEqual((object["items"] as? [Any])?.count, 2)
                XCTAssertEqual(object["warnings"] as? [String], [])
            case "/fallback":
                response = try answer(post(route.path, Self.message, type: "application/json"))
                let payloads = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
                XCTAssertEqual(payloads.first?["text"] as? String, "Title\n\nSome text.")
                XCTAssertEqual((payloads.first?["entities"] as? [[String: Any]])?.first?["type"] as? String, "bold")
            case "/markdown":
                response = try answer(post(route.path, Self.message, type: "application/json"))
                XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "# Title\n\nSome text.\n")
            case "/classify":
                response = try answer(post(route.path, "# Heading\n\ntext", type: "text/markdown", query: [("json", "1")]))
                XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"rich":true,"trigger":"heading"}"# + "\n")
            case "/math":
                response = try answer(post(route.path, "\\frac{a}{b}", type: "text/plain"))
                XCTAssertEqual(Array(response.body.prefix(4)), png)
            case "/openapi.json":
                response = try answer(HTTPRequest(method: "GET", path: route.path))
                let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
                XCTAssertEqual(document["openapi"] as? String, "3.1.0")
            default:
                XCTFail("a route this test does not know: \(route.path)")
                continue
            }
            XCTAssertEqual(response.status, 200, "\(route.path): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
            XCTAssertTrue(route.answers.contains { response.contentType.hasPrefix($0) }, "\(route.path) answered \(response.contentType)")
            answered.insert(route.path)
        }
        XCTAssertEqual(answered.count, ServiceRoute.table.count)
    }

    /// `alt-text=1` (issue 63): the alt text percent-encoded in its header, decodable to the layout's `altText`; a text
    /// over 8 KiB encoded is left out with a warning; `alt-text` names no file here; `format=webp` answers WebP.
    func testTheAltTextComesInAHeaderAndWebPAsItsType() throws {
        let message = #"{"blocks": [{"type": "heading", "size": 1, "text": "Größe & Ümlaut"}, {"type": "paragraph", "text": "50% of 🎉 — done."}]}"#
        let response = try answer(post("/render", message, type: "application/json", query: [("alt-text", "1"), ("format", "webp")]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.contentType, "image/webp")
        XCTAssertEqual(Array(response.body.prefix(4)), Array("RIFF".utf8))
        let encoded = try XCTUnwrap(header(response, AltTextHeader.name))
        XCTAssertTrue(encoded.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "%-._~".contains($0)) }, encoded)
        XCTAssertEqual(encoded.removingPercentEncoding, "Größe & Ümlaut\n\n50% of 🎉 — done.")
        let layout = try answer(post("/layout", message, type: "application/json"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(layout.body)) as? [String: Any])
        XCTAssertEqual(object["altText"] as? String, encoded.removingPercentEncoding)
        XCTAssertEqual(object["language"] as? String, "en")

        let plain = try answer(post("/render", message, type: "application/json"))
        XCTAssertNil(header(plain, AltTextHeader.name), "only when asked")

        let long = #"{"blocks": [{"type": "paragraph", "text": "\#(String(repeating: "ü ", count: 2_000))"}]}"#
        let cut = try answer(post("/render", long, type: "application/json", query: [("alt-text", "1")]))
        XCTAssertEqual(cut.status, 200)
        XCTAssertNil(header(cut, AltTextHeader.name))
        XCTAssertTrue(header(cut, WarningsHeader.name)?.contains("POST /layout answers it whole as altText") ?? false, "\(cut.headers)")

        let refused = try answer(post("/render", message, type: "application/json", query: [("alt-text", "out.txt")]))
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(String(decoding: refused.body, as: UTF8.self).contains("alt-text is a flag here"))
    }

    /// `/math?format=mathml` (issue 63): the formula as MathML Core, as `ipraster math --format mathml` writes it; a
    /// formula that does not parse is a 422 at its character.
    func testMathAnswersMathML() throws {
        let response = try answer(post("/math", "\\frac{a}{b}", type: "text/plain", query: [("format", "mathml")]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.contentType, "application/mathml+xml; charset=utf-8")
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.hasPrefix("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\" alttext=\"\\frac{a}{b}\">"), body)
        XCTAssertTrue(body.contains("<mfrac><mi>a</mi><mi>b</mi></mfrac>"), body)
        let inline = try answer(post("/math", "$x$", type: "text/plain", query: [("format", "mathml"), ("inline", "1")]))
        XCTAssertTrue(String(decoding: inline.body, as: UTF8.self).hasPrefix("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" alttext=\"$x$\">"))
        let broken = try answer(post("/math", "\\frac{a}{", type: "text/plain", query: [("format", "mathml")]))
        XCTAssertEqual(broken.status, 422)
        XCTAssertTrue(String(decoding: broken.body, as: UTF8.self).contains("character 10"), String(decoding: broken.body, as: UTF8.self))
    }

    /// Errors take the one mapping (`RenderWorker.response`): the request's faults 400 before any body is read, the
    /// message's 422 with its place, a multipart body's own statuses.
    func testErrorsAreAnsweredWithTheirKindsStatus() throws {
        let parameter = try answer(post("/render", Self.message, type: "application/json", query: [("width", "abc")]))
        XCTAssertEqual(parameter.status, 400)
        XCTAssertTrue(String(decoding: parameter.body, as: UTF8.self).contains(#""location":"width""#))
        let unreadable = try answer(post("/render", #"{"blocks": [{"type": "paragraph", "text": 5}]}"#, type: "application/json"))
        XCTAssertEqual(unreadable.status, 422)
        XCTAssertTrue(String(decoding: unreadable.body, as: UTF8.self).contains(#""location":"$.blocks[0].text""#), String(decoding: unreadable.body, as: UTF8.self))
        let refused = try answer(post("/render", #"{"blocks": [{"type": "hologram"}]}"#, type: "application/json", query: [("strict", "1")]))
        XCTAssertEqual(refused.status, 422)
        let noBoundary = try answer(post("/render", "x", type: "multipart/form-data"))
        XCTAssertEqual(noBoundary.status, 400)
        XCTAssertEqual(try answer(post("/nowhere", "", type: nil)).status, 404)
        XCTAssertEqual(try answer(HTTPRequest(method: "GET", path: "/render")).status, 405)
    }

    /// A multipart request's media reach the render as a value (no state left in the worker): a sticker sent with one
    /// request is not there for the next.
    func testRequestMediaDoNotOutliveTheirRequest() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": [{"type": "custom_emoji", "custom_emoji_id": "77", "alternative_text": "🙂"}]}]}"#
        let png = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/media/files/square.png"))
        let boundary = "b0undary"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"message\"\r\nContent-Type: application/json\r\n\r\n\(json)\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"77.png\"\r\n\r\n".utf8) + png + Data("\r\n--\(boundary)--\r\n".utf8)
        let multipart = HTTPRequest(method: "POST", path: "/render", headers: ["content-type": "multipart/form-data; boundary=\(boundary)"], body: [UInt8](body))
        XCTAssertEqual(multipart.contentType?.parameters["boundary"], boundary, "the type is parsed once, with its parameters")
        let with = try answer(multipart)
        XCTAssertEqual(with.status, 200, String(decoding: with.body.prefix(300), as: UTF8.self))
        XCTAssertEqual(header(with, WarningsHeader.name), "[]")
        // The next request sends another file only: 77's sticker is gone (its alternative text is drawn, and said).
        var other = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"message\"\r\nContent-Type: application/json\r\n\r\n\(json)\r\n".utf8)
        other += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"78.png\"\r\n\r\n".utf8) + png + Data("\r\n--\(boundary)--\r\n".utf8)
        let without = try answer(HTTPRequest(method: "POST", path: "/render", headers: ["content-type": "multipart/form-data; boundary=\(boundary)"],
                                             body: [UInt8](other)))
        XCTAssertEqual(without.status, 200)
        XCTAssertTrue(header(without, WarningsHeader.name)?.contains("custom emoji 77: no sticker file") ?? false, "\(without.headers)")
        XCTAssertNotEqual(with.body, without.body)
    }
}
