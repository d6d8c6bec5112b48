import Foundation
import GoldenSupport
import Layout
import ProcessSupport
import RenderOptions
@testable import Reveal
import RichMessageRenderer
import XCTest

/// Builds reveal streams and timelines from JSON text or the reveal fixtures, through the shared pipeline.
enum RevealFixtures {
    static let directory = TestEnvironment.root + "/Tests/RevealFixtures"

    static func settings(_ arguments: [String] = []) throws -> RenderSettings { try RenderOptions.parse(arguments).settings }

    static func stream(json: String, arguments: [String] = []) throws -> RevealStream {
        try stream(bytes: Array(json.utf8), arguments: arguments)
    }

    static func stream(fixture name: String, arguments: [String] = []) throws -> RevealStream {
        try stream(bytes: try FileContents.read(directory + "/" + name + ".json"), arguments: arguments)
    }

    static func stream(bytes: [UInt8], arguments: [String]) throws -> RevealStream {
        let settings = try settings(arguments)
        let input = try settings.decode(bytes, path: nil)
        let pipeline = TestEnvironment.pipeline
        return try RevealStream(input: input, pipeline: pipeline, settings: settings)
    }

    /// A page laid out with reveal rects from a single rich message's JSON.
    static func layout(_ json: String, arguments: [String] = []) throws -> PageLayout {
        var settings = try settings(arguments)
        settings.layout.revealRects = true
        let input = try InputDecoder.decode(bytes: Array(json.utf8), strict: true)
        return try TestEnvironment.pipeline.layout(input, settings: settings)
    }

    /// A Bot API draft element.
    static func draft(_ t: Double, _ blocks: String, id: Int = 1) -> String {
        #"{"t": \#(t), "chat_id": 1, "draft_id": \#(id), "rich_message": {"blocks": [\#(blocks)]}}"#
    }

    static func paragraph(_ text: String) -> String { #"{"type": "paragraph", "text": "\#(text)"}"# }
}
