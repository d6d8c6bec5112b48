import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GoldenSupport
import Images
import XCTest

/// WebP output (issue 63): lossless by default, decoded by libwebp's own `dwebp` to exactly the PNG's pixels,
/// transparent ones included; `--quality N` lossy; WebP's 16,383 px side refused with a hint.
final class CLIWebPTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        let message = #"{"blocks": [{"type": "heading", "size": 2, "text": "WebP"}, {"type": "paragraph", "text": "Lossless: every pixel as in the PNG, 🎉 العربية."}]}"#
        try Data(message.utf8).write(to: URL(fileURLWithPath: directory + "/m.json"))
    }

    /// The pixels of a PAM file dwebp writes (RGB_ALPHA, 8 bits).
    private func pam(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let marker = Array("ENDHDR\n".utf8)
        let end = try XCTUnwrap((0..<(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        func field(_ name: String) -> Int? {
            header.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.dropFirst(name.count + 1)) }
        }
        XCTAssertTrue(header.contains("TUPLTYPE RGB_ALPHA"), header)
        return (try XCTUnwrap(field("WIDTH")), try XCTUnwrap(field("HEIGHT")), Array(bytes[(end + marker.count)...]))
    }

    private func decoded(_ webp: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let dwebp = try TestEnvironment.requireProgram("dwebp", package: "webp")
        let result = try TestEnvironment.runTool(dwebp, [directory + "/" + webp, "-pam", "-o", directory + "/" + webp + ".pam"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try pam(directory + "/" + webp + ".pam")
    }

    func testALosslessWebPDecodesToThePNGsPixels() throws {
        for (name, options) in [("opaque", ["--theme", "night"]), ("transparent", ["--no-bubble"]), ("margin", ["--background", "transparent", "--scale", "3"])] {
            for format in ["png", "webp"] {
                let result = try TestEnvironment.run(["m.json", "-o", "\(name).\(format)"] + options, currentDirectory: directory)
                XCTAssertEqual(result.status, 0, result.stderr)
            }
            let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/\(name).png"))))
            let webp = try decoded("\(name).webp")
            XCTAssertEqual(webp.width, png.width, name)
            XCTAssertEqual(webp.height, png.height, name)
            XCTAssertTrue(webp.pixels == png.pixels, "\(name): the WebP's pixels are the PNG's")
            if name != "opaque" {
                XCTAssertTrue(stride(from: 3, to: png.pixels.count, by: 4).contains { png.pixels[$0] == 0 }, "\(name) has transparent pixels to keep")
            }
        }
    }

    /// The RIFF chunks of a WebP file: four-character type and payload.
    private func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(type: String, data: [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard offset + 8 + size <= bytes.count else { break }
            result.append((String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), Array(bytes[(offset + 8)..<(offset + 8 + size)])))
            offset += 8 + size + size % 2
        }
        return result
    }

    func testAWebPCarriesTheAltTextInXMP() throws {
        let result = try TestEnvironment.run(["m.json", "-o", "a.webp", "--locale", "ar", "--alt-text", "a.txt"], currentDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/a.webp")))
        XCTAssertEqual(chunks(bytes).map(\.type), ["VP8X", "VP8L", "XMP "])
        let webpinfo = try TestEnvironment.requireProgram("webpinfo", package: "webp")
        let info = try TestEnvironment.runTool(webpinfo, [directory + "/a.webp"])
        XCTAssertTrue(info.stdoutText.contains("XMP: 1") && info.stdoutText.contains("No error detected."), info.stdoutText)
        // The packet is XML: the IPTC accessibility alt text and the description are the alt text, in both languages.
        final class Reader: NSObject, XMLParserDelegate {
            var path: [String] = []
            var texts: [(element: String, language: String?, text: String)] = []
            var language: String?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                path.append(name)
                if name == "rdf:li" { language = attributes["xml:lang"]; texts.append((path[path.count - 3], language, "")) }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if path.last == "rdf:li", !texts.isEmpty { texts[texts.count - 1].text += string }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { path.removeLast() }
        }
        let xmp = try XCTUnwrap(chunks(bytes).first { $0.type == "XMP " }).data
        let reader = Reader()
        let parser = XMLParser(data: Data(xmp))
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), String(describing: parser.parserError))
        let altText = try String(contentsOfFile: directory + "/a.txt", encoding: .utf8).trimmingCharacters(in: .newlines)
        let accessible = reader.texts.filter { $0.element == "Iptc4xmpCore:AltTextAccessibility" }
        XCTAssertEqual(accessible.map(\.language), ["x-default", "ar"])
        XCTAssertEqual(accessible.map(\.text), [altText, altText])
        XCTAssertEqual(reader.texts.filter { $0.element == "dc:description" }.map(\.text), [altText, altText])
        XCTAssertEqual(reader.texts.filter { $0.element == "dc:title" }.first?.text, "WebP")

        let plain = try TestEnvironment.run(["m.json", "-o", "plain.webp", "--no-alt-text"], currentDirectory: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(chunks(try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/plain.webp")))).map(\.type), ["VP8L"])
    }

    func testQualityMakesALossyWebPOfTheSameSize() throws {
        let lossy = try TestEnvironment.run(["m.json", "-o", "q.webp", "--quality", "60"], currentDirectory: directory)
        XCTAssertEqual(lossy.status, 0, lossy.stderr)
        XCTAssertEqual(try TestEnvironment.run(["m.json", "-o", "q.png"], currentDirectory: directory).status, 0)
        let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/q.png"))))
        let webp = try decoded("q.webp")
        XCTAssertEqual([webp.width, webp.height], [png.width, png.height])
        XCTAssertFalse(webp.pixels == png.pixels, "lossy is not the PNG's pixels")
        // A lossy WebP is still the page: no channel is far off on average.
        let error = zip(webp.pixels, png.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThan(Double(error) / Double(png.pixels.count), 8)
    }

    func testOversizedAndMisusedWebPAreUsageErrorsThatWriteNothing() throws {
        // One line of text wider than 4,096 pt: the bubble takes the whole --width 5000, 20,000 px at scale 4.
        let words = Array(repeating: "wide", count: 1_500).joined(separator: " ")
        try Data(#"{"blocks": [{"type": "paragraph", "text": "\#(words)"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/wide.json"))
        let cases: [([String], String)] = [
            (["wide.json", "-o", "big.webp", "--width", "5000", "--scale", "4"], "more than WebP's 16383 px a side: --scale 3."),
            (["m.json", "-o", "a.png", "--quality", "80"], "--quality is WebP's"),
            (["m.json", "-o", "a.webp", "--quality", "101"], "--quality"),
        ]
        for (arguments, message) in cases {
            let result = try TestEnvironment.run(arguments, currentDirectory: directory)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["m.json", "wide.json"])
    }
}
