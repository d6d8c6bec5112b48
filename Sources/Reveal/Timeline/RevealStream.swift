import Layout
import RichMessageRenderer

/// A decoded input as the reveal plays it: the page layouts of its chunks and when they arrive.
public struct RevealStream: Sendable {
    public struct Chunk: Sendable {
        /// Seconds since the first element.
        public var time: Double
        /// Laid out with per-character ink rects.
        public var layout: PageLayout
        public var map: RevealCostMap
        /// A draft's id; nil for a final message.
        public var draftId: String?
    }

    public enum Event: Sendable, Equatable {
        /// Chunk `index` arrives; `replace` = a new draft id that replaces the shown one without animation.
        case update(chunk: Int, replace: Bool)
        /// The stream ends (final message, stop action or end of input): the reveal catches up to `chunk`.
        case finalize(chunk: Int)
    }

    public var chunks: [Chunk]
    public var events: [(time: Double, event: Event)]
    /// The message `render` draws (no reveal rects): what the export ends on.
    public var finalLayout: PageLayout
    public var warnings: [String]

    /// Elements without `"t"` come 0.5 s after the previous one.
    public static let defaultSpacing = 0.5

    /// The input's elements laid out by `pipeline` with `settings`, with reveal rects for the chunks. The Han forms
    /// are chosen once, from the final frame's text (README Decisions, fourth review), so they never change while the
    /// message streams in.
    public init(input: DecodedInput, pipeline: RenderPipeline, settings: RenderSettings) throws {
        var settings = settings
        if settings.layout.text.hanRegion == nil, let document = Self.finalFrame(of: input)?.document {
            settings.layout.text.hanRegion = LayoutEngine.hanRegion(of: document, locale: settings.layout.text.locale)
        }
        try self.init(input: input) { frame, revealRects in
            var frameSettings = settings
            frameSettings.layout.revealRects = revealRects
            return try pipeline.layout(frame, settings: frameSettings)
        }
    }

    /// The element the export ends on, as `init(input:layout:)` finds it: the first final message, else the draft
    /// shown last before a stop action or the end of the input.
    static func finalFrame(of input: DecodedInput) -> MessageFrame? {
        var final: MessageFrame?
        for frame in input.frames {
            switch frame.kind {
            case .draft:
                if frame.document != nil { final = frame }
            case .message:
                if frame.document != nil { return frame }
            case .stop:
                if final != nil { return final }
            }
        }
        return final
    }

    /// `layout(frame, revealRects)` lays out one element's document.
    public init(input: DecodedInput, layout: (MessageFrame, Bool) throws -> PageLayout) throws {
        var chunks: [Chunk] = []
        var events: [(time: Double, event: Event)] = []
        var warnings = input.warnings
        func append(_ frame: MessageFrame, time: Double, draftId: String?) throws {
            let laidOut = try layout(frame, true)
            chunks.append(Chunk(time: time, layout: laidOut, map: RevealCostMap(items: laidOut.items), draftId: draftId))
        }
        var previousTime: Double?
        var draftId: String?
        var finalFrame: MessageFrame?
        for (index, frame) in input.frames.enumerated() {
            let path = input.isStream ? "$[\(index)].t" : "$.t"
            let time = frame.time ?? (previousTime.map { $0 + Self.defaultSpacing } ?? 0)
            if let given = frame.time {
                guard given.isFinite, given >= 0 else { throw StreamError(path: path, message: "a time must be a number of seconds ≥ 0, got \(given)") }
                if let previousTime, given < previousTime {
                    throw StreamError(path: path, message: "times must not decrease: \(given) comes after \(previousTime)")
                }
                guard given <= 3600 else { throw StreamError(path: path, message: "a stream longer than an hour (\(given) s) is not exported") }
            }
            previousTime = time
            switch frame.kind {
            case .draft(let id):
                guard frame.document != nil else { continue }
                let replace = draftId != nil && draftId != id
                draftId = id
                try append(frame, time: time, draftId: id)
                events.append((time, .update(chunk: chunks.count - 1, replace: replace)))
                finalFrame = frame
            case .message:
                guard frame.document != nil else { continue }
                try append(frame, time: time, draftId: nil)
                events.append((time, .update(chunk: chunks.count - 1, replace: false)))
                events.append((time, .finalize(chunk: chunks.count - 1)))
                finalFrame = frame
                if index < input.frames.count - 1 {
                    warnings.append("$[\(index + 1)]: elements after the final message are ignored")
                }
            case .stop:
                guard !chunks.isEmpty else { continue }
                events.append((time, .finalize(chunk: chunks.count - 1)))
                if index < input.frames.count - 1 {
                    warnings.append("$[\(index + 1)]: elements after the stop action are ignored")
                }
            }
            if case .finalize = events.last?.event { break }
        }
        guard let finalFrame, !chunks.isEmpty else { throw StreamError(path: "$", message: "the stream holds no message to draw") }
        if case .finalize = events.last?.event {} else {
            events.append((previousTime ?? 0, .finalize(chunk: chunks.count - 1)))
        }
        finalLayout = try layout(finalFrame, false)
        // The final message's page warnings (characters no font draws, formulas shown as source), once per export.
        for warning in finalLayout.warnings where !warnings.contains(warning) { warnings.append(warning) }
        self.chunks = chunks
        self.events = events
        self.warnings = warnings
    }
}
