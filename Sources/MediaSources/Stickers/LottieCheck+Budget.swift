import Document

/// The drawing budget of a Lottie document (issue 56), checked before rlottie sees it: what a frame costs rlottie
/// is the number of paths it draws, and copies multiply — a repeater repeats everything above it in its group,
/// nested groups multiply their repeaters, and a precomposition draws its layers once per layer that shows it — so
/// the check counts the paths a frame draws through all of that and refuses a file over `maxDrawnPaths`, where a
/// per-repeater cap let 1,000 × 1,000 copies through. rlottie's work also grows with the drawn size of a path (its
/// flattening and its rasteriser), so the scales that compound from layers, parents, precompositions and groups
/// are bounded by `maxScale`; and a stroke whose dash pattern can go negative makes rlottie's dasher allocate
/// without end, so a dash value below zero (or an easing that can carry it there) is refused.
extension LottieCheck {
    /// Paths one frame draws at most, copies and precompositions counted (a complex real sticker draws a few
    /// hundred; rlottie holds about 1 KB a drawn path).
    public static let maxDrawnPaths = 20_000.0
    /// The largest scale a path is drawn at, compounded from the transforms above it (100 000 %; real stickers stay
    /// under 10×).
    public static let maxScale = 1_000.0

    /// What one frame of the layers of `root` draws: layer instances once every precomposition layer (ty 0) is
    /// replaced by its asset's layers, paths, and the largest compound scale; a `StickerError` over a bound or for a
    /// precomposition that contains itself.
    static func drawingBudget(_ root: JSONObject) throws -> (instances: Int, paths: Double, scale: Double) {
        var budget = Budget()
        if case .array(let list)? = root["assets"] {
            for case .object(let asset) in list {
                guard case .string(let id)? = asset["id"], case .array(let layers)? = asset["layers"] else { continue }
                budget.assets[id] = layers
            }
        }
        guard case .array(let top)? = root["layers"] else { throw StickerError("its Lottie JSON has no layers") }
        let cost = try budget.cost(of: top)
        return (cost.instances, cost.paths, cost.scale)
    }

    /// What a list of layers or shapes draws.
    struct Cost {
        var instances = 0
        var paths = 0.0
        /// The largest scale inside it, relative to the list's space.
        var scale = 1.0

        /// Throws when a bound is passed.
        func check() throws {
            guard instances <= maxLayerInstances else {
                throw StickerError("it draws more than \(maxLayerInstances) layers once its precompositions are expanded")
            }
            guard paths <= maxDrawnPaths else { throw StickerError("it draws more than \(Int(maxDrawnPaths)) paths a frame once its copies are counted") }
            guard scale <= maxScale else { throw StickerError("it draws a path scaled \(LottieCheck.percent(scale)) (at most \(Int(maxScale * 100)) %)") }
        }
    }

    private struct Budget {
        var assets: [String: [JSONValue]] = [:]
        /// Each precomposition's cost, once computed.
        var memo: [String: Cost] = [:]
        var open: Set<String> = []

        /// The cost of a list of layers.
        mutating func cost(of layers: [JSONValue]) throws -> Cost {
            var scales: [String: Double] = [:]
            var byIndex: [String: JSONObject] = [:]
            for case .object(let layer) in layers {
                if case .number(let index)? = layer["ind"] { byIndex[index] = layer }
            }
            // A layer's scale times its parents' (a chain longer than the list is a cycle: counted once more at most).
            func layerScale(_ layer: JSONObject, depth: Int) -> Double {
                var scale = LottieCheck.scale(of: layer["ks"])
                if depth < layers.count, case .number(let parent)? = layer["parent"], let above = byIndex[parent] {
                    if let known = scales[parent] { scale *= known } else {
                        let value = layerScale(above, depth: depth + 1)
                        scales[parent] = value
                        scale *= value
                    }
                }
                return scale
            }
            var total = Cost()
            for case .object(let layer) in layers {
                var inner = Cost(instances: 0, paths: 0, scale: 1)
                switch layer["ty"] {
                case .number("0")?:
                    if case .string(let reference)? = layer["refId"], assets[reference] != nil { inner = try precomposition(reference) }
                case .number("1")?:
                    inner.paths = 1
                case .number("4")?:
                    if case .array(let shapes)? = layer["shapes"] { inner = try LottieCheck.cost(ofShapes: shapes, scale: 1) }
                default:
                    break
                }
                total.instances += 1 + inner.instances
                total.paths += inner.paths
                total.scale = max(total.scale, layerScale(layer, depth: 0) * inner.scale)
                try total.check()
            }
            return total
        }

        mutating func precomposition(_ id: String) throws -> Cost {
            if let known = memo[id] { return known }
            guard let layers = assets[id], open.insert(id).inserted else { throw StickerError("its precomposition \(id) contains itself") }
            let value = try cost(of: layers)
            open.remove(id)
            memo[id] = value
            return value
        }
    }

    /// The paths a shape list draws and the largest scale inside it: each geometry draws a path; a group draws its
    /// items under its transform; a repeater multiplies everything above it in the list by its copies.
    static func cost(ofShapes items: [JSONValue], scale: Double) throws -> Cost {
        var total = Cost(instances: 0, paths: 0, scale: scale)
        for case .object(let item) in items {
            guard case .string(let type)? = item["ty"] else { continue }
            switch type {
            case "gr":
                guard case .array(let inner)? = item["it"] else { continue }
                var groupScale = scale
                for case .object(let transform) in inner where transform["ty"] == .string("tr") { groupScale *= LottieCheck.scale(of: .object(transform)) }
                let group = try cost(ofShapes: inner, scale: groupScale)
                total.paths += group.paths
                total.scale = max(total.scale, group.scale)
            case "sh", "rc", "el", "sr":
                total.paths += 1
            case "rp":
                total.paths *= max(1, reach(item["c"]))
            default:
                break
            }
            try total.check()
        }
        return total
    }

    /// The largest factor a transform's scale (`s`, in per cent, under `ks` or a group's `tr`) can reach.
    static func scale(of transform: JSONValue?) -> Double {
        guard case .object(let object)? = transform else { return 1 }
        return object["s"] == nil ? 1 : reach(object["s"]) / 100
    }

    static func percent(_ factor: Double) -> String {
        factor.isFinite && factor < 1e15 ? "\(Int((factor * 100).rounded())) %" : "beyond any bound"
    }

    /// A stroke's dash pattern (`d`: dash, gap and offset entries) must stay at or above zero: every number of
    /// every entry's value non-negative, and an animated value's easing kept within its keyframes (a Bézier control
    /// point's y outside 0…1 carries the value past them, below zero included).
    static func checkDashes(_ stroke: JSONObject) throws {
        guard case .array(let entries)? = stroke["d"] else { return }
        for case .object(let entry) in entries {
            guard let value = entry["v"] else { continue }
            let numbers = PropertyNumbers(value)
            if numbers.smallest < 0 { throw StickerError("its stroke has a negative dash length") }
            if numbers.easingLeavesRange { throw StickerError("its stroke's dash length is eased past its keyframes (it can go negative)") }
        }
    }
}
