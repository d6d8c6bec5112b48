import CommandCatalog
import Foundation
@testable import Commands
import RenderOptions
import RichMessageRenderer
import XCTest

/// Issue 36: an option is one row — name, help, shown default, scope and effect. Every row of `math` that sets its
/// job changes the job when applied (as every render option changes the render settings: RenderOptionsParseTests),
/// the shown defaults are the job's own, and parsing a command line applies the rows in order.
final class OptionRowTests: XCTestCase {
    private func dumped<T>(_ value: T) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    func testEveryMathRowWithAnEffectChangesTheJob() throws {
        let samples = ["--size": "30", "--color": "#FF0000", "--background": "#FFFFFF", "--scale": "3", "--padding": "5", "--locale": "ja"]
        let defaults = dumped(FormulaJob())
        var withEffect: [String] = []
        for option in CommandSpec.mathCommand.options where option.effect != nil {
            withEffect.append(option.name)
            var job = FormulaJob()
            if option.name == "--display" { job.display = false }
            let before = dumped(job)
            try option.apply(option.takesValue ? samples[option.name] : nil, to: &job)
            XCTAssertNotEqual(dumped(job), before, "\(option.name) changed nothing")
            if option.name != "--display" { XCTAssertNotEqual(dumped(job), defaults, option.name) }
        }
        XCTAssertEqual(Set(withEffect), ["--display", "--inline", "--size", "--color", "--background", "--scale", "--padding", "--locale", "--strict"])
        // A row's effect is on one settings type: math's rows leave render settings alone, and the other way round.
        var settings = RenderSettings()
        try CommandSpec.mathCommand.option("--scale")?.apply("3", to: &settings)
        XCTAssertEqual(settings.layout.scale, RenderSettings().layout.scale)
    }

    /// serve's, reveal's and compare's own rows set their commands' settings the same way.
    func testServeRevealAndCompareRowsChangeTheirSettings() throws {
        func check<Settings>(_ spec: CommandSpec, _ initial: Settings, _ samples: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
            var names: [String] = []
            for option in spec.allOptions where option.effect?.sets(Settings.self) == true {
                names.append(option.name)
                var settings = initial
                try option.apply(option.takesValue ? samples[option.name] : nil, to: &settings)
                XCTAssertNotEqual(dumped(settings), dumped(initial), "\(option.name) changed nothing", file: file, line: line)
            }
            XCTAssertEqual(Set(names), Set(samples.keys).union(names.filter { !spec.option($0)!.takesValue }), file: file, line: line)
        }
        try check(CommandSpec.serveCommand, ServeSettings(), ["--listen": "127.0.0.1:9", "--probe-listen": "127.0.0.1:10", "--workers": "3", "--queue": "7",
                                                               "--max-body": "99", "--timeout": "2", "--max-requests": "5", "--max-rss": "64",
                                                               "--max-connections": "9", "--max-connections-per-client": "2", "--header-timeout": "3",
                                                               "--min-body-rate": "1", "--media": "/tmp",
                                                               "--auth-token-file": "/tmp/token", "--log-format": "json"])
        try check(CommandSpec.revealCommand, RevealTiming(), ["--at": "1.5", "--fps": "30", "--loop": "2", "--start-number": "4"])
        try check(CommandSpec.compareCommand, CompareArguments(), ["--threshold": "0.5", "--max-diff-pixels": "3", "--max-diff-ratio": "0.5",
                                                                   "--alpha": "0.5", "--aa-color": "1,2,3", "--diff-color": "1,2,3", "--diff-color-alt": "1,2,3"])
        // Defaults shown by --help are the settings' own.
        XCTAssertEqual(CommandSpec.serveCommand.option("--listen")?.defaultValue, "127.0.0.1:8080")
        XCTAssertEqual(CommandSpec.serveCommand.option("--max-body")?.defaultValue, "1048576")
        XCTAssertEqual(CommandSpec.revealCommand.option("--fps")?.defaultValue, "60")
        XCTAssertEqual(CommandSpec.compareCommand.option("--threshold")?.defaultValue, "0.1", "pixelmatch's default threshold")
    }

    func testShownDefaultsAreReadFromTheJob() {
        let job = FormulaJob()
        XCTAssertEqual(CommandSpec.mathCommand.option("--size")?.defaultValue, "19.04", "17 pt × 1.12 (a message's formula size)")
        XCTAssertEqual(CommandSpec.mathCommand.option("--scale")?.defaultValue, job.scale.clean)
        XCTAssertEqual(CommandSpec.mathCommand.option("--locale")?.defaultValue, "en")
    }

    func testACommandLineAppliesItsRowsInOrder() throws {
        let parsed = try CommandSpec.mathCommand.parse(["x", "--size", "20", "--inline", "--size", "25", "--locale", "zh-HK"])
        let job = try FormulaJob(parsed)
        XCTAssertEqual(job.size, 25, "the later value wins")
        XCTAssertFalse(job.display)
        XCTAssertEqual(job.locale.hanRegion, .hongKong)
        // A value outside the row's domain is refused as the command line is read, before any effect.
        XCTAssertThrowsError(try CommandSpec.mathCommand.parse(["x", "--padding", "-1"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, #"--padding: expected a number in 0...1000, found "-1""#, "\(error)")
        }
        XCTAssertThrowsError(try CommandSpec.mathCommand.parse(["x", "--padding", "0x10"]), "hex is not a decimal number")
        XCTAssertThrowsError(try CommandSpec.mathCommand.parse(["x", "--size=nan"]))
    }
}
