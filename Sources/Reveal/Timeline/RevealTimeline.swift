import Layout

/// The reveal simulated on a 60 Hz display link (`v2-reveal-facts.md` §4.5): which chunk is shown, where
/// the cursor is and how tall the bubble is at every tick, plus when each cursor value was first reached
/// (the pop-in clocks). A value: built once per export, read by every frame.
public struct RevealTimeline: Sendable {
    public static let tickRate = 60.0
    /// After the reveal has caught up: the last snippets' blur (0.22 s), the status fade (0.2 s) and the
    /// bubble's size tween (0.15 s) have all finished by then.
    public static let settleDuration = 0.25
    /// A guard against streams that never catch up (cannot happen with the finalize rule) or huge gaps.
    public static let maxDuration = 3600.0
    static let bubbleTweenDuration = 0.15

    public enum Phase: String, Sendable { case streaming, finalizing, done }

    public struct Tick: Sendable, Equatable {
        public var time: Double
        public var cursor: Int
        public var chunk: Int
        public var phase: Phase
        /// Bubble body height and width (points); 0 with --no-bubble.
        public var bubbleHeight: Double
        public var bubbleWidth: Double
    }

    /// The first time the cursor reached `cursor`; `animated` is false for an unanimated jump (a new draft
    /// id replacing the shown one).
    struct Mark: Sendable, Equatable {
        var time: Double
        var cursor: Int
        var animated: Bool
    }

    public let stream: RevealStream
    public private(set) var ticks: [Tick] = []
    var marks: [Mark] = []
    /// When the reveal caught up (the status starts fading in).
    public private(set) var completionTime = 0.0
    public var endTime: Double { completionTime + Self.settleDuration }
    /// The canvas every frame shares: big enough for the largest bubble, the bubble anchored at the top.
    public private(set) var canvas: Canvas

    public init(stream: RevealStream) throws {
        self.stream = stream
        canvas = stream.finalLayout.canvas
        try simulate()
        canvas = sharedCanvas()
    }

    private mutating func simulate() throws {
        var controller: TextRevealController?
        // The display link: registered once the total cost is above 0 (§4.5: "toCount == 0 → no link"), so a
        // controller does not tick while there is nothing to reveal and its first tick has dt = 0 (§4.4).
        var linked = false
        var eventIndex = 0
        var chunk = 0
        var phase = Phase.streaming
        var tweens: (width: BubbleTween, height: BubbleTween)?
        var completion: Double?
        let finalBubble = stream.finalLayout.bubble?.frame
        for k in 0... {
            let now = Double(k) / Self.tickRate
            guard now <= Self.maxDuration else {
                throw StreamError(path: "$", message: "the reveal does not finish within \(Int(Self.maxDuration)) s")
            }
            while eventIndex < stream.events.count, stream.events[eventIndex].time <= now + 1e-9 {
                let (time, event) = stream.events[eventIndex]
                eventIndex += 1
                switch event {
                case .update(let index, let replace):
                    chunk = index
                    let total = stream.chunks[index].map.total
                    if replace || controller == nil {
                        let start = replace ? total : 0
                        controller = TextRevealController(initialRevealedCount: start, initialLength: total)
                        linked = false
                        if replace { marks.append(Mark(time: now, cursor: total, animated: false)) }
                    }
                    controller?.observeUpdate(latestLength: total, at: time)
                case .finalize(let index):
                    chunk = index
                    controller?.finalize(finalLength: stream.chunks[index].map.total)
                    if phase == .streaming { phase = .finalizing }
                }
            }
            guard var running = controller else {
                // Before the first element arrives: an empty bubble.
                let empty = stream.finalLayout.bubble == nil ? 0.0 : Bubble.minimumSize.height
                ticks.append(Tick(time: now, cursor: 0, chunk: 0, phase: phase, bubbleHeight: empty,
                                  bubbleWidth: stream.finalLayout.bubble == nil ? 0 : Bubble.minimumSize.width))
                continue
            }
            if !linked && running.latestLength > 0 && !(running.isFinalizing && running.revealedCount >= Double(running.latestLength)) {
                linked = true
            }
            let (cursor, complete) = linked ? running.tick(at: now)
                : (running.currentCount, running.isFinalizing && running.revealedCount >= Double(running.latestLength))
            controller = running
            if cursor > (marks.last?.cursor ?? -1) { marks.append(Mark(time: now, cursor: cursor, animated: true)) }
            if complete && phase != .done {
                phase = .done
                completion = now
            }
            let layout = stream.chunks[chunk].layout
            var height = 0.0, width = 0.0
            if let finalBubble {
                if phase == .streaming {
                    // While a draft streams: revealed height + 2 + 6; the status never widens the bubble.
                    let revealed = RevealExtent.revealedHeight(layout, stream.chunks[chunk].map, cursor: cursor)
                    height = max(revealed + 2 + 6, Bubble.minimumSize.height)
                    width = max(layout.page.width, Bubble.minimumSize.width)
                } else {
                    height = finalBubble.height
                    width = finalBubble.width
                }
                if tweens == nil { tweens = (BubbleTween(width, at: now), BubbleTween(height, at: now)) }
                tweens?.width.retarget(width, at: now)
                tweens?.height.retarget(height, at: now)
                width = tweens?.width.value(at: now) ?? width
                height = tweens?.height.value(at: now) ?? height
            }
            ticks.append(Tick(time: now, cursor: cursor, chunk: chunk, phase: phase, bubbleHeight: height, bubbleWidth: width))
            if let completion, now >= completion + Self.settleDuration - 1e-9 {
                completionTime = completion
                return
            }
        }
    }

    private func sharedCanvas() -> Canvas {
        var canvas = stream.finalLayout.canvas
        if let bubble = stream.finalLayout.bubble {
            let extraWidth = canvas.width - bubble.frame.width, extraHeight = canvas.height - bubble.frame.height
            let maxWidth = max(bubble.frame.width, ticks.map(\.bubbleWidth).max() ?? 0)
            let maxHeight = max(bubble.frame.height, ticks.map(\.bubbleHeight).max() ?? 0)
            canvas.width = maxWidth + extraWidth
            canvas.height = maxHeight + extraHeight
        } else {
            for chunk in stream.chunks {
                canvas.width = max(canvas.width, chunk.layout.canvas.width)
                canvas.height = max(canvas.height, chunk.layout.canvas.height)
            }
        }
        canvas.pixelWidth = max(canvas.pixelWidth, Int((canvas.width * canvas.scale - 1e-9).rounded(.up)))
        canvas.pixelHeight = max(canvas.pixelHeight, Int((canvas.height * canvas.scale - 1e-9).rounded(.up)))
        return canvas
    }

    /// The last tick at or before `time`.
    public func tick(at time: Double) -> Tick {
        let index = Int((max(0, time) * Self.tickRate + 1e-6).rounded(.down))
        return ticks[min(max(index, 0), ticks.count - 1)]
    }

    /// When the cursor first reached `cursor`: nil if it has not by the end; `animated` false for a jump.
    func revealTime(of cursor: Int) -> (time: Double, animated: Bool)? {
        var low = 0, high = marks.count
        while low < high {
            let mid = (low + high) / 2
            if marks[mid].cursor >= cursor { high = mid } else { low = mid + 1 }
        }
        guard low < marks.count else { return nil }
        return (marks[low].time, marks[low].animated)
    }
}
