import Foundation
import GoldenKit
import RichMessageRenderer

/// The options `compare` and `check` share (`cli-contract.md`, "Compare / check options", documented in
/// `CommandSpec.compare`), read from a parsed command line.
struct CompareArguments {
    var options = PixelMatchOptions()
    var budget = GoldenHarness.Budget()

    init(_ parsed: ParsedArguments) throws {
        let command = parsed.command
        func number(_ name: String, _ text: String, _ range: ClosedRange<Double>) throws -> Double {
            guard let number = Double(text), range.contains(number) else {
                throw UsageError(message: "\(name) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)", command: command)
            }
            return number
        }
        func color(_ name: String, _ text: String) throws -> (UInt8, UInt8, UInt8) {
            let parts = text.split(separator: ",").compactMap { UInt8($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3 else { throw UsageError(message: "\(name) must be R,G,B with 0-255 each, not \(text)", command: command) }
            return (parts[0], parts[1], parts[2])
        }
        for (name, value) in parsed.options {
            let text = value ?? ""
            switch name {
            case "--threshold": options.threshold = try number(name, text, 0...1)
            case "--include-aa": options.includeAA = true
            case "--alpha": options.alpha = try number(name, text, 0...1)
            case "--aa-color": options.aaColor = try color(name, text)
            case "--diff-color": options.diffColor = try color(name, text)
            case "--diff-color-alt": options.diffColorAlt = try color(name, text)
            case "--diff-mask": options.diffMask = true
            case "--no-checkerboard": options.checkerboard = false
            case "--max-diff-pixels":
                let pixels = try number(name, text, 0...Double(Int32.max))
                guard pixels == pixels.rounded() else { throw UsageError(message: "--max-diff-pixels must be a whole number", command: command) }
                budget.maxDiffPixels = Int(pixels)
            case "--max-diff-ratio": budget.maxDiffRatio = try number(name, text, 0...1)
            default: break
            }
        }
    }
}
