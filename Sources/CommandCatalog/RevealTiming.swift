import RenderOptions

/// `reveal`'s `--fps`, `--at`, `--loop` and `--start-number`, set by their rows in `CommandSpec.revealCommand`.
package struct RevealTiming {
    package var fps = 60.0
    package var at: Double?
    package var loop: Int?
    package var startNumber: Int?

    package init() {}

    package static func integer(_ value: OptionValue, in range: ClosedRange<Int>, what: String) throws -> Int {
        try value.integer(in: range, what: what, command: "reveal")
    }
}
