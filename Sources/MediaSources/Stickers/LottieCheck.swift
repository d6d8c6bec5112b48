import Document
import FoundationEssentials
import Glibc

/// What a TGS file must pass before rlottie sees it (issue 41; custom-emoji-facts §1.2, §1.6): it is gunzipped into a
/// capped buffer, parsed by ipraster's own JSON reader, and refused when the app would refuse it (canvas over 1536 px,
/// frame rate over 360, longer than 9 s), when it holds any image (TGS forbids images; Debian's rlottie would read an
/// external image from its resource path or decode an embedded one, so a file could make it draw a local file), and
/// when it passes the bounds below, which keep rlottie's parse and render time and memory linear in what we accept
/// (nesting, layers, precomposition instances, keyframes, repeated keys, out-of-range numbers) and, in
/// `LottieCheck+Budget`, the paths a frame draws once copies multiply, the scales that compound and the dash
/// patterns that rlottie cannot draw in bounded memory. The authoring rules
/// (60 fps, a 512 canvas, 64 KB) are not enforced, as the app does not enforce them. Written by hand: no library
/// checks a Lottie document against such bounds.
public enum LottieCheck {
    /// The decompressed JSON's cap (the format's files are at most 64 KB gzipped; real ones unpack to a few hundred KB).
    public static let maxJSONBytes = 4 << 20
    /// The app's own limits (§1.6).
    public static let maxCanvas = 1536.0, maxFrameRate = 360.0, maxSeconds = 9.0
    /// Bounds of ours: JSON nesting, layers written in the file, layers drawn once precompositions are expanded,
    /// keyframes, and the magnitude of any number (rlottie's known hangs and overflows come from huge values).
    public static let maxDepth = 64, maxLayers = 2_000, maxLayerInstances = 10_000, maxKeyframes = 100_000
    public static let maxMagnitude = 1e6
    /// A repeater (forbidden in TGS but drawn by the app) multiplies its group: at most this many copies, and its
    /// per-copy scale compounded over them at most `maxRepeaterGrowth` (rlottie's time grows with the drawn size:
    /// a repeater scaling 900 % per copy takes seconds a frame).
    public static let maxRepeaterCopies = 1_000.0, maxRepeaterGrowth = 1_000.0

    /// What the check counted in an accepted file (tests read the caps against these).
    public struct Report: Sendable, Equatable {
        public var jsonBytes = 0
        public var depth = 0
        public var layers = 0
        public var layerInstances = 0
        public var keyframes = 0
        public var width = 0
        public var height = 0
        /// Frames per second as the file states it.
        public var frameRate = 0.0
        /// op − ip, rlottie's frame count.
        public var frames = 0
        /// Paths one frame draws, copies and precompositions counted, and the largest compound scale
        /// (`LottieCheck+Budget`).
        public var drawnPaths = 0.0
        public var largestScale = 1.0
    }

    /// The JSON of a TGS file that passes, with what was counted; a `StickerError` naming the first rule it breaks.
    public static func check(tgs: [UInt8]) throws -> (json: [UInt8], report: Report) {
        let json = try Gunzip.decompress(tgs, cap: maxJSONBytes)
        return (json, try check(json: json))
    }

    /// The checks on decompressed Lottie JSON.
    public static func check(json: [UInt8]) throws -> Report {
        let parsed: JSONParser.Result
        do {
            parsed = try JSONParser.parseReportingDuplicates(json)
        } catch {
            throw StickerError("its Lottie JSON does not parse (\(error))")
        }
        if let key = parsed.duplicateKeys.first { throw StickerError("its Lottie JSON repeats the key \(key)") }
        guard case .object(let root) = parsed.value else { throw StickerError("its Lottie JSON is not an object") }
        var report = Report()
        report.jsonBytes = json.count
        var walker = Walker()
        try walker.walk(parsed.value, key: nil, depth: 1)
        report.depth = walker.depth
        report.layers = walker.layers
        report.keyframes = walker.keyframes

        func number(_ key: String) throws -> Double {
            guard case .number(let text)? = root[key], let value = Double(text), value.isFinite else {
                throw StickerError("its Lottie JSON has no number \"\(key)\"")
            }
            return value
        }
        let width = try number("w"), height = try number("h"), frameRate = try number("fr"), first = try number("ip"), last = try number("op")
        guard width >= 1, height >= 1 else { throw StickerError("its canvas is empty (\(Int(width)) × \(Int(height)))") }
        guard width <= maxCanvas, height <= maxCanvas else {
            throw StickerError("its canvas is \(Int(width)) × \(Int(height)) px (the app draws at most \(Int(maxCanvas)) × \(Int(maxCanvas)))")
        }
        guard frameRate >= 1, frameRate <= maxFrameRate else { throw StickerError("its frame rate is \(frameRate) (the app draws 1 to \(Int(maxFrameRate)) fps)") }
        guard last > first else { throw StickerError("it has no frames (op \(last) ≤ ip \(first))") }
        guard (last - first) / frameRate <= maxSeconds else {
            throw StickerError("it lasts \(((last - first) / frameRate * 10).rounded() / 10) s (the app draws at most \(Int(maxSeconds)) s)")
        }
        report.width = Int(width)
        report.height = Int(height)
        report.frameRate = frameRate
        report.frames = Int(last - first)
        (report.layerInstances, report.drawnPaths, report.largestScale) = try drawingBudget(root)
        return report
    }

    /// The numbers of an animatable property (its keyframes' values, without times, indices and expressions), and
    /// the y of its easings' Bézier control points (y outside 0…1 carries the value past its keyframes).
    struct PropertyNumbers {
        var largest = 0.0
        var smallest = Double.infinity
        var largestEasing = 0.0
        var easingLeavesRange = false

        init(_ property: JSONValue?) {
            if let property { visit(property, key: nil) }
        }

        private mutating func visit(_ value: JSONValue, key: String?) {
            switch value {
            case .number(let text):
                let number = Double(text) ?? .nan
                if key == "y" {
                    largestEasing = max(largestEasing, abs(number))
                    easingLeavesRange = easingLeavesRange || !(number >= 0 && number <= 1)
                } else {
                    largest = max(largest, abs(number))
                    smallest = number.isNaN ? -.infinity : min(smallest, number)
                }
            case .array(let items): for item in items { visit(item, key: key) }
            case .object(let object):
                for name in object.keys where name != "t" && name != "x" && name != "ix" && name != "a" {
                    if let inner = object[name] { visit(inner, key: name == "i" || name == "o" ? "easing" : (key == "easing" ? name : nil)) }
                }
            default: break
            }
        }
    }

    /// The largest magnitude an animatable property can take: its values, stretched by its easing's overshoot.
    static func reach(_ property: JSONValue?) -> Double {
        let numbers = PropertyNumbers(property)
        return numbers.largest * max(1, 1 + numbers.largestEasing)
    }

    private static func checkRepeater(_ repeater: JSONObject) throws {
        let copies = reach(repeater["c"])
        guard copies <= maxRepeaterCopies else { throw StickerError("its repeater makes up to \(Int(copies)) copies (at most \(Int(maxRepeaterCopies)))") }
        var scale = 1.0
        if case .object(let transform)? = repeater["tr"] { scale = max(1, reach(transform["s"]) / 100) }
        let growth = pow(scale, copies)
        guard growth <= maxRepeaterGrowth else { throw StickerError("its repeater scales its copies up to \(growth.isFinite ? String(Int(min(growth, 1e18))) : "∞")× (at most \(Int(maxRepeaterGrowth))×)") }
    }

    /// One pass over the whole document: depth, layers, keyframes, images, numbers, repeaters.
    private struct Walker {
        var depth = 0, layers = 0, keyframes = 0

        mutating func walk(_ value: JSONValue, key: String?, depth level: Int) throws {
            depth = max(depth, level)
            guard level <= maxDepth else { throw StickerError("its Lottie JSON nests deeper than \(maxDepth) levels") }
            switch value {
            case .number(let text):
                guard let number = Double(text), abs(number) <= maxMagnitude else {
                    throw StickerError("its Lottie JSON has the number \(text.prefix(24)) (at most ±\(Int(maxMagnitude)))")
                }
            case .array(let items):
                for item in items {
                    if key == "layers" {
                        layers += 1
                        guard layers <= maxLayers else { throw StickerError("it has more than \(maxLayers) layers") }
                        if case .object(let layer) = item, case .number(let type)? = layer["ty"], type == "2" {
                            throw StickerError("it has an image layer (TGS files have no images)")
                        }
                    }
                    if key == "assets", case .object(let asset) = item, asset["layers"] == nil || asset["p"] != nil || asset["u"] != nil || asset["e"] != nil {
                        throw StickerError("it has an image asset (TGS files have no images)")
                    }
                    if key == "k", case .object(let frame) = item, frame["t"] != nil {
                        keyframes += 1
                        guard keyframes <= maxKeyframes else { throw StickerError("it has more than \(maxKeyframes) keyframes") }
                    }
                    try walk(item, key: nil, depth: level + 1)
                }
            case .object(let object):
                if case .string("rp")? = object["ty"] { try checkRepeater(object) }
                if case .string(let type)? = object["ty"], type == "st" || type == "gs" { try checkDashes(object) }
                for name in object.keys {
                    guard let inner = object[name] else { continue }
                    try walk(inner, key: name, depth: level + 1)
                }
            case .null, .bool, .string:
                break
            }
        }
    }
}
