import Foundation
import GoldenKit
import RichMessageRenderer

/// The options `compare` and `check` share (`cli-contract.md`, "Compare / check options").
struct CompareArguments {
    var options = PixelMatchOptions()
    var budget = GoldenHarness.Budget()
    var remaining: [String] = []

    static func parse(_ arguments: [String], command: String) throws -> CompareArguments {
        var result = CompareArguments()
        var index = 0
        func value(_ name: String) throws -> String {
            guard index + 1 < arguments.count else { throw UsageError(message: "\(name) needs a value", command: command) }
            index += 1
            return arguments[index]
        }
        func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double {
            let text = try value(name)
            guard let number = Double(text), range.contains(number) else {
                throw UsageError(message: "\(name) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)", command: command)
            }
            return number
        }
        func color(_ name: String) throws -> (UInt8, UInt8, UInt8) {
            let text = try value(name)
            let parts = text.split(separator: ",").compactMap { UInt8($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3 else { throw UsageError(message: "\(name) must be R,G,B with 0-255 each, not \(text)", command: command) }
            return (parts[0], parts[1], parts[2])
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--threshold": result.options.threshold = try number(argument, 0...1)
            case "--include-aa": result.options.includeAA = true
            case "--alpha": result.options.alpha = try number(argument, 0...1)
            case "--aa-color": result.options.aaColor = try color(argument)
            case "--diff-color": result.options.diffColor = try color(argument)
            case "--diff-color-alt": result.options.diffColorAlt = try color(argument)
            case "--diff-mask": result.options.diffMask = true
            case "--no-checkerboard": result.options.checkerboard = false
            case "--max-diff-pixels":
                let pixels = try number(argument, 0...Double(Int32.max))
                guard pixels == pixels.rounded() else { throw UsageError(message: "--max-diff-pixels must be a whole number", command: command) }
                result.budget.maxDiffPixels = Int(pixels)
            case "--max-diff-ratio": result.budget.maxDiffRatio = try number(argument, 0...1)
            default: result.remaining.append(argument)
            }
            index += 1
        }
        return result
    }
}
