import GoldenKit
import HTTPService
import Layout
import RenderOptions
import RichMessageRenderer

/// The tool's commands and options: the one table `--help`, the man page, completions, suggestions and parsing read.
extension CommandSpec {
    package static let globalOptions: [OptionSpec] = [
        OptionSpec("--help", aliases: ["-h"], help: "the options of the command"),
        OptionSpec("--quiet", aliases: ["-q"], help: "no warnings and no progress bars (errors still print)"),
        OptionSpec("--verbose", aliases: ["-v"], help: "say what was written: size, bytes, milliseconds"),
    ]

    package static let outputOption = OptionSpec("--output", aliases: ["-o"], value: "FILE", help: "where to write; - writes to standard output")

    package static let render = SharedSection(title: "RENDER OPTIONS", options: RenderOptions.table, notes: """
        Theme files name a base theme and override colours ("#RRGGBB" or "#RRGGBBAA"):
          {"base": "day", "wallpaper": "#202830",
           "incoming": {"primaryText": "#111111", "fillTop": "#FFFFFF"}}
        `ipraster theme day` prints every key; themes/ holds the built-in themes as files.
        """)

    private static let comparing = CompareArguments()
    private static func rgb(_ color: (UInt8, UInt8, UInt8)) -> String { "\(color.0),\(color.1),\(color.2)" }

    package static let compare = SharedSection(title: "COMPARE OPTIONS", options: [
        OptionSpec("--threshold", value: "T", help: "per-pixel colour distance 0-1", defaultValue: comparing.options.threshold.clean,
                   effect: .on(CompareArguments.self) { $0.options.threshold = try $1.number(0...1) }),
        OptionSpec("--include-aa", help: "count anti-aliased pixels as differences",
                   effect: .on(CompareArguments.self) { arguments, _ in arguments.options.includeAA = true }),
        OptionSpec("--max-diff-pixels", value: "N", help: "allowed differing pixels", defaultValue: String(comparing.budget.maxDiffPixels ?? 0),
                   effect: .on(CompareArguments.self) { $0.budget.maxDiffPixels = try CompareArguments.pixels($1) }),
        OptionSpec("--max-diff-ratio", value: "R", help: "allowed ratio of differing pixels (with both, the smaller applies)",
                   effect: .on(CompareArguments.self) { $0.budget.maxDiffRatio = try $1.number(0...1) }),
        OptionSpec("--alpha", value: "A", help: "opacity of the original under the diff", defaultValue: comparing.options.alpha.clean,
                   effect: .on(CompareArguments.self) { $0.options.alpha = try $1.number(0...1) }),
        OptionSpec("--aa-color", value: "R,G,B", help: "colour of anti-aliased pixels", defaultValue: rgb(comparing.options.aaColor),
                   effect: .on(CompareArguments.self) { $0.options.aaColor = try CompareArguments.color($1) }),
        OptionSpec("--diff-color", value: "R,G,B", help: "colour of differing pixels", defaultValue: rgb(comparing.options.diffColor),
                   effect: .on(CompareArguments.self) { $0.options.diffColor = try CompareArguments.color($1) }),
        OptionSpec("--diff-color-alt", value: "R,G,B", help: "colour where ACTUAL is darker", defaultValue: "= --diff-color",
                   effect: .on(CompareArguments.self) { $0.options.diffColorAlt = try CompareArguments.color($1) }),
        OptionSpec("--diff-mask", help: "draw only the differences, on transparency",
                   effect: .on(CompareArguments.self) { arguments, _ in arguments.options.diffMask = true }),
        OptionSpec("--no-checkerboard", help: "blend translucent pixels over white, not a checkerboard",
                   effect: .on(CompareArguments.self) { arguments, _ in arguments.options.checkerboard = false }),
    ], notes: "")

    package static let jobsOption = OptionSpec("--jobs", value: "N", help: "inputs or cases rendered in parallel", defaultValue: "cores")
    package static let shardOption = OptionSpec("--shard", value: "I/N", help: """
        only the I-th of N equal parts (in name order), as in Playwright: N CI jobs with 1/N … N/N cover everything once
        """)

    package static let all: [CommandSpec] = [renderCommand, layoutCommand, revealCommand, compareCommand, checkCommand, mergeReportsCommand, benchCommand,
                                     mathCommand, markdownCommand, classifyCommand, fallbackCommand, serveCommand, fontsCommand, themeCommand, completionCommand]

    package static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    /// `--fps N` of an export (reveal) or an animation (render): a rate from 1 to `upTo`, handed to `set`.
    package static func fpsOption<Timing>(_ type: Timing.Type, help: String, upTo limit: Double, shown: Double, command: String,
                                  set: @escaping @Sendable (inout Timing, Double) -> Void) -> OptionSpec {
        OptionSpec("--fps", value: "N", help: "\(help), 1-\(limit.clean)", defaultValue: shown.clean, domain: .number(1...limit),
                   effect: .on(type) { timing, value in set(&timing, try value.number()) })
    }

    package static let renderCommand = CommandSpec(
        "render",
        synopsis: ["[render] INPUT -o OUTPUT [options]", "[render] INPUT... -o OUTDIR/ [options]",
                   "[render] --manifest FILE.jsonl [options]"],
        summary: "render a message as a chat bubble (the default command)",
        description: """
            Renders a rich message (the last message of a draft stream) as a chat bubble. The format follows \
            OUTPUT's extension (.png, .svg, .pdf) or --format; -o - writes to standard output. The file is \
            written atomically: a failed run leaves nothing behind and never truncates an existing file.

            Several inputs with -o OUTDIR/ write OUTDIR/<input's base name>.png (or --format). --manifest takes \
            one JSON object a line, {"input": "a.json", "output": "out/a.png", "args": ["--theme", "night"]}; a \
            line's args come after the command line's render options. Everything is checked first: two jobs \
            writing one file, a bad line or option is exit 2 with nothing written. Then each job runs, a failing \
            input is reported with its name and the others go on; the exit code is the worst job's (3 > 2 > 0).
            """,
        options: [outputOption.with(help: "the image (.png, .svg, .pdf), an animation (.gif, .apng, .mp4), OUTDIR/ for several inputs, or - for standard output"),
                  OptionSpec("--manifest", value: "FILE.jsonl", help: "render the jobs of a manifest (one JSON object a line)"),
                  jobsOption, shardOption,
                  OptionSpec("--annotations", value: "FILE", help: """
                      also write the image's ground truth as JSON (docs/annotations.md): its blocks in reading order, lines, \
                      words (ICU word boundaries) with their ink boxes in the image's pixels, inline attachments, table cells \
                      and the settings used. With several inputs or --manifest give no FILE: one JSON line per output \
                      ({"output", "sha256", "annotations"}) goes to annotations.jsonl beside the manifest or in OUTDIR/ \
                      (annotations.I-of-N.jsonl with --shard I/N, so the shards' files join by concatenation)
                      """, label: "--annotations [FILE]", valueOptional: true),
                  OptionSpec("--annotation-clusters", help: "annotations: also every grapheme cluster with ink, with its box and word"),
                  OptionSpec("--alt-text", value: "FILE", help: """
                      also write the message's alt text to FILE (- for standard output): its words in reading order as plain \
                      UTF-8 text, as the PNG, SVG or PDF embeds them (docs/accessibility.md)
                      """),
                  fpsOption(AnimationTiming.self, help: "animations: frames per second (a GIF's frame delays are whole "
                            + "hundredths of a second: 30 is written as 33.33, 3 cs a frame)", upTo: 120,
                            shown: AnimationTiming().fps, command: "render") { timing, fps in
                      timing.fps = fps
                      timing.fpsGiven = true
                  },
                  OptionSpec("--duration", value: "SECONDS", help: "animations: how long they play, 0.01-60 (default: one loop of the longest emoji, at most 3 s)",
                             domain: .number(0.01...60),
                             effect: .on(AnimationTiming.self) { timing, value in timing.duration = try value.number() })],
        shared: [render],
        notes: """
            An animated output (.gif, .apng, .mp4 or --format apng|gif|mp4) shows the finished message with its custom \
            emoji playing from their sticker files in --media, every copy of one emoji in step, for one loop of the \
            longest (at most 3 s) or --duration; a message without animated emoji is one frame (an MP4: a still of \
            --duration, 1 s by default). It needs ffmpeg, as reveal exports do. Still outputs show each emoji's frame 0.
            """,
        examples: ["ipraster answer.json -o answer.png",
                   "ipraster answer.json -o answer.png --theme night --outgoing --scale 3",
                   "ipraster answer.json -o answer.gif --media emoji/ --fps 30",
                   "cat update.json | ipraster render - -o - --theme night > bubble.png",
                   "ipraster a.json b.json c.md -o out/ --jobs 4"])

    package static let layoutCommand = CommandSpec(
        "layout",
        synopsis: ["layout INPUT [-o FILE] [--compact] [options]"],
        summary: "print the layout JSON (frames, lines, baselines)",
        description: """
            Prints the layout JSON: canvas and page size, bubble and status frames, and every item with its \
            frame; text items with their first font's metrics and their lines (frame, baseline, UTF-16 range, \
            direction). Frames are [x, y, width, height] in points, page coordinates = bubble-body coordinates; \
            line frames are item-local.
            """,
        options: [outputOption.with(help: "write the JSON to FILE (atomically) instead of standard output"),
                  OptionSpec("--compact", help: "print the JSON on one line")],
        shared: [render],
        examples: ["ipraster layout answer.json | jq '.items[0].lines'"])

    package static let revealCommand = CommandSpec(
        "reveal",
        synopsis: ["reveal INPUT -o DIR/|FILE [options]", "reveal INPUT --at SECONDS -o FILE.png [options]",
                   "reveal INPUT --json [options]"],
        summary: "export the streaming reveal animation frame by frame",
        description: """
            Exports the AI-streaming reveal of a rich message frame by frame, as the iOS app animates it: the \
            cursor paced by the chunks' arrival times, letters popping in (blur, fade, rise, scale), emoji and \
            media fading in, table rows growing in, the bubble growing, the status fading in at the end. All \
            frames share one canvas (the largest bubble, anchored at the top); the last frame is the static \
            render of the final message.

            INPUT is one message (it arrives whole at t = 0, then the reveal catches up) or a stream: a JSON \
            array of Bot API sendRichMessageDraft parameters (same draft_id animates, a new id replaces) ending \
            with an optional sendRichMessage, or Telethon UpdateUserTyping objects with \
            SendMessageRichMessageDraftAction / SendMessageStopDraftAction. An element's "t" is its arrival in \
            seconds (default: 0.5 s after the previous one).
            """,
        options: [outputOption.with(value: "DIR/|FILE", help: """
                      DIR/ writes DIR/frame_00000.png, frame_00001.png, ... and DIR/timeline.json; FILE.apng, .gif or \
                      .mp4 an animation encoded by ffmpeg (exit 3 when it is not installed); with --at, one PNG (- for \
                      standard output)
                      """),
                  OptionSpec("--at", value: "SECONDS", help: "render the single frame at that time",
                             effect: .on(RevealTiming.self) { timing, value in
                                 let text = try value.text()
                                 guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                                     throw UsageError(message: "--at must be a time in seconds ≥ 0, not \(text)", command: "reveal")
                                 }
                                 timing.at = seconds
                             }),
                  fpsOption(RevealTiming.self, help: "frames per second of the export", upTo: 240, shown: RevealTiming().fps,
                            command: "reveal") { timing, fps in timing.fps = fps },
                  OptionSpec("--format", value: "FORMAT", help: "png, apng, gif or mp4, instead of guessing from -o",
                             domain: .choice(["png", "apng", "gif", "mp4"])),
                  OptionSpec("--json", help: """
                      print the timeline (per frame: time, cursor, phase, revealed items, bubble size, status \
                      opacity) instead of writing images
                      """),
                  OptionSpec("--loop", value: "N", help: "GIF and APNG: play N times; 0 = forever", defaultValue: "0",
                             effect: .on(RevealTiming.self) { timing, value in
                                 timing.loop = try RevealTiming.integer(value, in: 0...65_535, what: "a whole number from 0 (forever) to 65535")
                             }),
                  OptionSpec("--start-number", value: "N", help: "PNG sequences: number the first file N (frame_<N>.png)", defaultValue: "0",
                             effect: .on(RevealTiming.self) { timing, value in
                                 timing.startNumber = try RevealTiming.integer(value, in: 0...9_999_999, what: "a whole number from 0")
                             })],
        shared: [render],
        notes: """
            A GIF's frame delays are whole hundredths of a second (and at least 2): it runs at the rate 100/n \
            nearest --fps (60 fps becomes 50, 30 becomes 33.3) and says so.
            """,
        examples: ["ipraster reveal stream.json -o frames/",
                   "ipraster reveal stream.json --at 1.5 -o frame.png --scale 3",
                   "ipraster reveal stream.json --json | jq '.frames[-1]'",
                   "ipraster reveal stream.json -o reveal.gif --fps 30"])

    package static let compareCommand = CommandSpec(
        "compare",
        synopsis: ["compare EXPECTED.png ACTUAL.png [-o DIFF.png] [--json] [options]"],
        summary: "compare two images (pixelmatch 7.2 semantics)",
        description: """
            Compares two PNGs with pixelmatch 7.2 semantics (YIQ colour metric "yiq-7.2", anti-aliasing \
            detection). Prints "identical" or "N pixels (ratio R) differ"; --json prints {"match", "reason", \
            "diffPixels", "diffRatio", "width", "height", "bbox"}. Exit code 0 when within budget, 1 when not (or \
            the sizes differ).
            """,
        options: [outputOption.with(value: "DIFF.png", help: "write the diff image (- for standard output)"),
                  OptionSpec("--json", help: "print the verdict as JSON")],
        shared: [compare],
        examples: ["ipraster compare golden.png actual.png -o diff.png --threshold 0.1"])

    package static let checkCommand = CommandSpec(
        "check",
        synopsis: ["check FIXTURES_DIR --golden DIR [--record MODE] [--reporter NAME[=FILE]]... [options]"],
        summary: "render a fixture folder and compare it with goldens",
        description: """
            Renders every FIXTURES_DIR/**/CASE.json, .md or .html (with the render options in CASE.args beside \
            it, if any) and compares it with DIR/CASE.png. Prints one line per failing case and "N passed, N \
            failed". Failures write CASE.expected.png, CASE.actual.png, CASE.diff.png and CASE.panels.png into \
            .build/golden-artifacts/ beside the golden folder (in its parent), or $IPRASTER_ARTIFACTS, or \
            --artifacts DIR; a case that passes again loses its old artifacts. A JSON or JUnit report written \
            to a file takes copies of the failing cases' images into its NAME-artifacts/ folder (HTML: NAME-files/), \
            so uploading the report's folder uploads its images; no report holds an absolute path. Render options \
            given here are defaults for every case; a case's .args win.
            """,
        options: [OptionSpec("--golden", value: "DIR", help: "the accepted images (same relative paths as the fixtures)"),
                  OptionSpec("--record", value: "MODE", help: """
                      all, missing, failed or never; also $IPRASTER_RECORD (the option wins). failed rewrites only \
                      failing goldens; under $CI nothing is ever recorded and a missing golden fails
                      """, defaultValue: "missing", values: GoldenHarness.RecordMode.allCases.map(\.rawValue)),
                  OptionSpec("--reporter", value: "NAME[=FILE]", help: """
                      list, json, junit or html, to FILE or standard output (html needs a FILE); repeatable. The \
                      list stays on standard output unless another reporter writes there. json: {"passed", \
                      "failed", "recorded", "cases": [{"name", "status", "diffPixels", "diffRatio", "reason", \
                      "artifacts"}]}, paths relative to the report. junit: [[ATTACHMENT|path]] lines, paths \
                      relative to --attachments-base. html: images copied to FILE's NAME-files/ folder, so the \
                      folder can be uploaded and opened anywhere. github (standard output, no FILE): the list after \
                      GitHub Actions annotations (::error file=FIXTURE,title=…::reason) for failed cases
                      """, values: ReporterKind.allCases.map(\.rawValue)),
                  attachmentsBaseOption,
                  OptionSpec("--report", value: "FILE", help: "the same as --reporter html=FILE"),
                  OptionSpec("--update", help: "the same as --record failed: rewrite the goldens of failing cases (exit 0 when every one was rewritten)"),
                  OptionSpec("--grep", value: "REGEX", help: """
                      only the cases whose name (fixture path without extension, sub/case) the regular expression \
                      matches; with none selected, a warning, empty reports and exit 0
                      """),
                  OptionSpec("--grep-invert", value: "REGEX", help: "leave out the cases whose name the regular expression matches"),
                  IgnoreRegion.option,
                  shardOption, jobsOption,
                  OptionSpec("--artifacts", value: "DIR", help: "where failure images go")],
        shared: [compare, render],
        examples: ["ipraster check Tests/Fixtures --golden golden-images",
                   "ipraster check fixtures --golden goldens --grep '^table/' --update",
                   "ipraster check Tests/Fixtures --golden golden-images \\\n    --reporter junit=junit.xml --reporter html=report/check.html",
                   "ipraster check Tests/Fixtures --golden golden-images --shard 2/4"])

    package static let mergeReportsCommand = CommandSpec(
        "merge-reports",
        synopsis: ["merge-reports REPORT.json|FOLDER... [--reporter NAME[=FILE]]..."],
        summary: "join the JSON reports of check's shards into one report",
        description: """
            Reads the JSON reports that `check --reporter json=FILE` wrote (one per shard or CI job; a FOLDER \
            stands for every report in it and its subfolders, as a CI job uploaded it) and writes one report of all \
            their cases, in name order, with any reporter check has (list by default). Artifacts the reports link \
            are copied beside each report written to a file (JSON and JUnit: into NAME-artifacts/), so the merged \
            report can be uploaded and opened on its own, as Playwright's merged blob reports can. Reports are \
            checked as untrusted input: an artifact path must stay inside its report's folder and a case name must \
            be a relative path of plain names (else exit 2 naming the report and the field); an image that is \
            missing or not a PNG is left out with a warning. A case in two reports is an error. Exit code 0 when \
            no case failed, 1 when one did.
            """,
        options: [OptionSpec("--reporter", value: "NAME[=FILE]", help: "list, json, junit, html or github, as for check; repeatable",
                             values: ReporterKind.allCases.map(\.rawValue)),
                  attachmentsBaseOption],
        examples: ["ipraster merge-reports shard-*/check.json \\\n    --reporter junit=junit.xml --reporter html=report/check.html",
                   "ipraster merge-reports downloaded/shard-1 downloaded/shard-2 \\\n    --reporter junit=merged/junit.xml"])

    /// Where CI resolves JUnit attachment paths from: GitLab from the project folder ($CI_PROJECT_DIR), Jenkins'
    /// attachments plugin from the workspace; both are the job's working folder unless the job changes folder.
    package static let attachmentsBaseOption = OptionSpec("--attachments-base", value: "DIR", help: """
        the folder JUnit attachment paths are written relative to: where the CI server resolves them (GitLab: the \
        project folder, $CI_PROJECT_DIR; Jenkins: the workspace)
        """, defaultValue: "the current folder")

    package static let benchCommand = CommandSpec(
        "bench",
        synopsis: ["bench INPUT... [--iterations N] [options]", "bench --reveal INPUT... [options]"],
        summary: "time decode, layout, paint and PNG in one process",
        description: """
            Renders each INPUT N times (after one warm-up pass) in this one process and prints the median \
            milliseconds of decode, layout, raster (paint and PNG encoding, overlapped strip by strip) and of the \
            whole page, then the peak resident memory. scripts/bench runs it beside the C floor.

            --reveal exports each INPUT's reveal at 60 fps in memory, three ways: on every core skipping frames \
            that repeat the one before (as `reveal -o DIR/` does), on every core painting every frame, and on one \
            thread; it prints frames per second of each and whether all three gave the same bytes.
            """,
        options: [OptionSpec("--iterations", value: "N", help: "renders of each input", defaultValue: "50"),
                  OptionSpec("--reveal", help: "time reveal export instead of one render")],
        shared: [render],
        examples: ["ipraster bench Tests/Data/samples/chat.json --iterations 200"])

    package static let mathCommand = CommandSpec(
        "math",
        synopsis: ["math 'LATEX' -o OUTPUT [options]", "math 'LATEX' --json [-o OUTPUT] [options]", "math 'LATEX' --format mathml [-o FILE]"],
        summary: "typeset one formula alone (PNG, WebP, SVG or PDF), or write it as MathML",
        description: #"""
            Typesets one LaTeX formula on its own, as the message renderer does (TeX's layout rules on Latin \#
            Modern Math; for characters it lacks Noto Sans Math, Symbols, Symbols 2, then Noto Serif and the \#
            script's face) and writes it as PNG, SVG or PDF (vector glyphs). LATEX may be wrapped in $…$, $$…$$, \#
            \(…\) or \[…\]; - reads it from standard input. A formula that cannot be typeset is an error (exit 2) \#
            naming the character where it went wrong; a character no installed font draws is a warning (a box).

            Everything of KaTeX's support table but \href, \url, \includegraphics, the \html commands and {CD} \#
            typesets, macros defined in the formula included (\def, \newcommand; at most 1000 expansions); \#
            \tag{…} sets an equation number a quad to the right. Chemistry: \ce{…} and \pu{…} (mhchem 4).

            --format mathml (or -o FILE.mml) writes the formula as MathML Core instead: <math> with alttext (the \#
            TeX), its presentation and an <annotation encoding="application/x-tex">; docs/formulas.md lists what \#
            MathML Core cannot say and what is written instead.
            """#,
        options: [outputOption.with(help: "the image (.png, .svg, .pdf), or - for standard output"),
                  OptionSpec("--display", help: "display style, as a block formula", defaultValue: "default",
                             effect: .on(FormulaJob.self) { job, _ in job.display = true }),
                  OptionSpec("--inline", help: "text style, as a formula inside a paragraph",
                             effect: .on(FormulaJob.self) { job, _ in job.display = false }),
                  OptionSpec("--size", value: "PT", help: "the formula's font size (a message uses the text size × 1.12)",
                             defaultValue: ((FormulaJob().size * 100).rounded() / 100).clean, domain: .number(1...1000), effect: .on(FormulaJob.self) { $0.size = try $1.number() }),
                  OptionSpec("--color", value: "#RRGGBB", help: "glyphs and rules", defaultValue: "#000000", domain: .hexColor,
                             effect: .on(FormulaJob.self) { $0.color = try FormulaJob.colour($1, transparent: false) ?? .black }),
                  OptionSpec("--background", value: "COLOR", help: "#RRGGBB[AA] or transparent", defaultValue: "transparent",
                             values: ["transparent"], domain: .backgroundColor, effect: .on(FormulaJob.self) { $0.background = try FormulaJob.colour($1, transparent: true) }),
                  OptionSpec("--scale", value: "N", help: "output pixels per point (PNG), 0.25-8", defaultValue: FormulaJob().scale.clean,
                             domain: .number(0.25...8), effect: .on(FormulaJob.self) { $0.scale = try $1.number() }),
                  OptionSpec("--padding", value: "PT", help: "room around the formula's box", defaultValue: FormulaJob().padding.clean,
                             domain: .number(0...1000), effect: .on(FormulaJob.self) { $0.padding = try $1.number() }),
                  OptionSpec("--format", value: "FORMAT", help: "png, webp, svg or pdf, instead of OUTPUT's extension; mathml: MathML Core (standard output without -o)",
                             domain: .choice(Renderer.Format.allCases.map(\.rawValue) + ["mathml"])),
                  OptionSpec("--locale", value: "TAG", help: "Han forms in \\text: zh-Hans, zh-Hant, zh-HK, ja, ko",
                             defaultValue: FormulaJob().locale.identifier, values: ["en", "zh-Hans", "zh-Hant", "zh-HK", "ja", "ko"],
                             domain: .localeTag, effect: .on(FormulaJob.self) { job, value in
                                 do { job.locale = try TextLocale(try value.text()) } catch let error as TextLocale.Invalid {
                                     throw OptionError(option: value.option, message: error.reason)
                                 }
                             }),
                  OptionSpec("--strict", help: "a character no font draws is an error (exit 2)",
                             effect: .on(FormulaJob.self) { job, _ in job.strict = true }),
                  OptionSpec("--json", help: """
                      print the box as JSON: width, height (above the baseline), depth (below), baseline (from the \
                      image's top edge, padding included) in points, pixelWidth, pixelHeight, scale, fallback; -o is \
                      then optional
                      """)],
        examples: [#"ipraster math '\int_0^1 x^2\,dx = \frac{1}{3}' -o integral.png"#,
                   #"ipraster math '\begin{pmatrix} a & b \\ c & d \end{pmatrix}' -o m.svg"#,
                   #"echo '$e^{i\pi}+1=0$' | ipraster math - -o euler.pdf --inline"#,
                   #"ipraster math '\ce{CH4 + 2 O2 -> CO2 + 2 H2O}' -o combustion.png"#,
                   #"ipraster math '\sum_{k=1}^n k = \frac{n(n+1)}{2} \tag{1}' --json"#])

    /// The render options that reading an input uses (markdown prints no image).
    private static let inputOptions = renderOptions(["--from", "--math-delimiters", "--rtl", "--strict"])

    /// The render options named, in the table's order.
    private static func renderOptions(_ names: Set<String>) -> [OptionSpec] { RenderOptions.table.filter { names.contains($0.name) } }

    package static let markdownCommand = CommandSpec(
        "markdown",
        synopsis: ["markdown INPUT [--lossless] [--from FORMAT] [--math-delimiters strict|loose]", "markdown INPUT --format html [--locale TAG]"],
        summary: "print the message as Markdown (the app's \"copy\")",
        description: """
            Prints the message of INPUT (JSON, Markdown or HTML) as Markdown, the way the Telegram app copies a \
            rich message: blocks separated by blank lines, compact ">>" for nested quotes, one fence per code \
            block, pipe tables, custom emoji as [alt](tg://emoji?id=…) markers, formulas as $…$ and $$…$$, and \
            Rich HTML tags where Markdown has no syntax (underline, sub/superscript, details, maps, buttons). \
            Known losses: an ordered item with a checkbox loses its number; detected entities become plain text \
            (Telegram finds them again).

            --format html prints a web page instead: an HTML5 document (lang from --locale, the title the alt \
            text's first line) whose <article> holds the blocks as Rich HTML, every formula as MathML Core with \
            its TeX as alttext (docs/accessibility.md). ipraster reads it back.
            """,
        options: [OptionSpec("--lossless", help: """
                      round-trip exactly: a block is Markdown when it reads back as the very same block, else Rich \
                      HTML with ipraster's ipr- extensions (media, ids, sizes, list labels, entity kinds), so \
                      rendering the copy gives the same bytes as rendering INPUT
                      """),
                  OptionSpec("--format", value: "FORMAT", help: "markdown, or html: a web page with formulas as MathML",
                             defaultValue: "markdown", domain: .choice(["markdown", "html"]))]
            + inputOptions + renderOptions(["--locale"]),
        examples: ["ipraster markdown answer.json > answer.md", "ipraster markdown answer.md --format html --locale de > answer.html"])

    package static let fallbackCommand = CommandSpec(
        "fallback",
        synopsis: ["fallback INPUT [-o FILE] [--from FORMAT] [--locale TAG] [--timezone TZ]"],
        summary: "print the message as plain Bot API messages (sendMessage payloads)",
        description: """
            Writes the message of INPUT as a JSON array of Bot API sendMessage payloads, {"text", "entities"}, for \
            clients that cannot show a rich message or a message over the rich limits: headings bold, code as pre \
            with its language, quotes as blockquote, details as an expandable_blockquote under a bold title, links \
            (http, https, tg), custom emoji, spoilers; formulas as their TeX in code, media as a line with the \
            caption, tables as an aligned monospace pre block when 40 characters hold them, else one line a row \
            (standard error says which). Each payload is at most 4,096 UTF-16 code units, cut at block boundaries, \
            then line breaks, sentences and spaces, never inside an entity unless one entity alone is longer; \
            every payload is checked against the Bot API's entity rules before it is written.
            """,
        options: [outputOption.with(help: "where to write the JSON (default: standard output)")]
            + inputOptions + renderOptions(["--locale", "--timezone", "--now"]),
        examples: ["ipraster fallback answer.md > payloads.json", "ipraster fallback answer.json --locale de --timezone Europe/Berlin"])

    package static let classifyCommand = CommandSpec(
        "classify",
        synopsis: ["classify FILE.md [--json]"],
        summary: "would the app send this Markdown as a rich message?",
        description: """
            Says whether the Telegram app would send this Markdown as a rich message ("rich (trigger)") or as a \
            normal message with entities ("plain"). Headings, lists, tables and formulas (strict $ rule: $5-$10 \
            stays text) make it rich; bold, italic, code, links, quotes, code blocks and dividers do not.
            """,
        options: [OptionSpec("--json", help: "print {\"rich\": true|false, \"trigger\": \"heading\"|…|null}")],
        examples: ["ipraster classify answer.md --json"])

    private static let serving = ServeSettings()

    package static let serveCommand = CommandSpec(
        "serve",
        synopsis: ["serve [--listen ADDR] [--probe-listen ADDR] [--workers N] [--queue N] [--max-body BYTES] [--timeout S] [--media DIR]"],
        summary: "answer render requests over HTTP (a warm render service)",
        description: """
            Serves the commands over HTTP with fonts loaded once: POST /render, /layout, /markdown, /classify \
            and /math take the input as the body (Content-Type application/json, text/markdown or text/html; \
            none, text/plain or application/octet-stream is sniffed) and the command's options as query \
            parameters without "--" (/render?theme=night&width=360&rtl=1; flags are 1, 0, true or false). The \
            answer has the same bytes as the command line's; /render?format=gif|apng|mp4 (with fps and duration) \
            answers the message with its custom emoji playing. Errors are JSON {"error", "location"}: 400 a \
            parameter, header or multipart part, 413 body too large, 414 and 431 request target or head too \
            long, 415 content type, 422 a message that cannot be read or is refused (malformed JSON, a wrong type \
            at a JSON path, a formula that does not parse, strict=1, an image too large), 429 queue full, 500 the \
            render worker ended, 501 an unsupported Transfer-Encoding, 504 past --timeout. GET or HEAD /healthz, /readyz \
            (after every worker's warm-up render, not while draining) and /metrics (Prometheus), also on \
            --probe-listen; GET /openapi.json describes every route (--openapi prints it). Requests name no file: media come from --media by id, or with the request: a \
            multipart/form-data body with a part named message and one part per media file named by its id (at most \
            50 parts of 16 MiB; they win over --media's).

            Renders run in worker processes the service starts (this executable again), each warm with its own \
            fonts: a render that crashes ends only its worker (the request gets 500), one past its deadline is \
            killed (504), and either is replaced at once; a worker is also replaced after --max-requests requests \
            or when it holds more than --max-rss MB. A client may keep --max-connections-per-client connections \
            open; a request's head must arrive within --header-timeout seconds and its body at --min-body-rate \
            bytes a second, or the connection is shut. SIGTERM or SIGINT stops accepting, answers what was \
            received and exits 0. One line per request goes to standard error (--log-format json: one JSON object \
            a line) with its X-Request-Id, the client's (letters, digits and -_.:, at most 128) or one made here, \
            which every answer echoes. With --auth-token-file every route but /healthz and /readyz needs \
            Authorization: Bearer TOKEN (401 otherwise; /metrics needs none on --probe-listen); SIGHUP re-reads the \
            file.
            """,
        options: [OptionSpec("--listen", value: "ADDR", help: "HOST:PORT (port 0 picks one) or unix:/path", defaultValue: serving.listen.map(String.init(describing:)),
                             effect: .on(ServeSettings.self) { $0.listen = try ServeSettings.address($1) }),
                  OptionSpec("--probe-listen", value: "ADDR", help: "a second address answering only /healthz, /readyz and /metrics",
                             effect: .on(ServeSettings.self) { $0.probeListen = try ServeSettings.address($1) }),
                  OptionSpec("--workers", value: "N", help: "render worker processes, each with its own fonts and surfaces", defaultValue: "cores",
                             effect: .on(ServeSettings.self) { $0.workers = try ServeSettings.integer($1, in: 1...256, what: "a whole number from 1 to 256") }),
                  OptionSpec("--queue", value: "N", help: "requests that may wait for a worker before 429", defaultValue: "4 × workers",
                             effect: .on(ServeSettings.self) { $0.queue = try ServeSettings.integer($1, in: 0...100_000, what: "a whole number from 0 to 100000") }),
                  OptionSpec("--max-body", value: "BYTES", help: "the largest request body; larger is 413", defaultValue: String(serving.maxBody),
                             effect: .on(ServeSettings.self) { $0.maxBody = try ServeSettings.integer($1, in: 1...(1 << 30), what: "a byte count from 1 to 1073741824") }),
                  OptionSpec("--timeout", value: "S", help: "seconds from a request's head to its 504", defaultValue: serving.timeout.clean,
                             effect: .on(ServeSettings.self) { $0.timeout = try ServeSettings.seconds($1) }),
                  OptionSpec("--max-requests", value: "N", help: "requests a worker answers before it is replaced (0: never)",
                             defaultValue: String(serving.maxRequests), effect: .on(ServeSettings.self) {
                                 $0.maxRequests = try ServeSettings.integer($1, in: 0...1_000_000_000, what: "a whole number from 0 (never) to 1000000000")
                             }),
                  OptionSpec("--max-rss", value: "MB", help: "a worker holding more after a request is replaced (0: no limit)",
                             defaultValue: String(serving.maxRSS), effect: .on(ServeSettings.self) {
                                 $0.maxRSS = try ServeSettings.integer($1, in: 0...1_000_000, what: "megabytes from 0 (no limit) to 1000000")
                             }),
                  OptionSpec("--max-connections", value: "N", help: "connections open at once", defaultValue: String(serving.maxConnections),
                             effect: .on(ServeSettings.self) {
                                 $0.maxConnections = try ServeSettings.integer($1, in: 1...100_000, what: "a whole number from 1 to 100000")
                             }),
                  OptionSpec("--max-connections-per-client", value: "N", help: "connections open at once from one address (0: no limit)",
                             defaultValue: String(serving.maxConnectionsPerClient), effect: .on(ServeSettings.self) {
                                 $0.maxConnectionsPerClient = try ServeSettings.integer($1, in: 0...100_000, what: "a whole number from 0 (no limit) to 100000")
                             }),
                  OptionSpec("--header-timeout", value: "S", help: "seconds a request's head may take to arrive", defaultValue: serving.headerTimeout.clean,
                             effect: .on(ServeSettings.self) { $0.headerTimeout = try ServeSettings.seconds($1) }),
                  OptionSpec("--min-body-rate", value: "BYTES", help: "bytes a second a body must average after --header-timeout (0: none)",
                             defaultValue: String(serving.minBodyRate), effect: .on(ServeSettings.self) {
                                 $0.minBodyRate = try ServeSettings.integer($1, in: 0...(1 << 30), what: "bytes per second from 0 to 1073741824")
                             }),
                  OptionSpec("--media", value: "DIR", help: "where media ids are looked up, for every request",
                             effect: .on(ServeSettings.self) { $0.media = try $1.text() }),
                  OptionSpec("--auth-token-file", value: "FILE", help: "requests need Authorization: Bearer <the file's first line>; SIGHUP re-reads it",
                             effect: .on(ServeSettings.self) { $0.tokenFile = try $1.text() }),
                  OptionSpec("--log-format", value: "FORMAT", help: "text or json (one object a line)", defaultValue: serving.logFormat.rawValue,
                             values: ServiceLogFormat.allCases.map(\.rawValue), effect: .on(ServeSettings.self) {
                                 $0.logFormat = try $1.choice(ServiceLogFormat.self)
                             }),
                  OptionSpec("--openapi", help: "print the service's OpenAPI 3.1 document (also GET /openapi.json) and exit",
                             effect: .on(ServeSettings.self) { settings, _ in settings.printOpenAPI = true })],
        examples: ["ipraster serve --listen 127.0.0.1:8080 --workers 2",
                   "ipraster serve --listen 0.0.0.0:8080 --probe-listen 0.0.0.0:8081",
                   "curl -s --data-binary @answer.md -H 'Content-Type: text/markdown' \\",
                   "  'http://127.0.0.1:8080/render?theme=night' -o answer.png"])

    package static let fontsCommand = CommandSpec(
        "fonts",
        synopsis: ["fonts [--write-index [-o FILE]]", "fonts --mappings INPUT"],
        summary: "the font collection in use; write its index",
        description: """
            Prints the font collection in use: its folder (IPRASTER_FONTS_DIR, or beside the binary), whether the \
            font index is current, how many listed files of each role are installed, the missing ones with the \
            Debian package that has them, and the families drawn with synthesised bold or italic because Debian \
            has no such face.

            The font index (fonts.index beside fonts.list) is what fontconfig reads from each listed file, so a \
            run opens only the faces it draws with. scripts/setup and scripts/install write it; without it, or \
            for a file that changed since, ipraster scans the file at start-up (slower, same pixels).

            --mappings renders INPUT in memory (default options) and then prints each font file the process has \
            mapped, with how many mappings it has: "COUNT PATH", one a line. In the ipraster program every count \
            is 1 (HarfBuzz, FreeType and ipraster share one mapping of each file); a program using ipraster's \
            library products maps a file Pango and Cairo open once more for each of them.
            """,
        options: [OptionSpec("--write-index", help: "write the index now (scans every listed file)"),
                  outputOption.with(help: "with --write-index: write it there instead of the fonts folder"),
                  OptionSpec("--mappings", value: "INPUT", help: "render INPUT in memory, then list the font files mapped and how often")],
        examples: ["ipraster fonts", "sudo ipraster fonts --write-index   # after a font upgrade",
                   "ipraster fonts --mappings examples/hello.json"])

    package static let themeCommand = CommandSpec(
        "theme",
        synopsis: ["theme " + Theme.builtInNames.joined(separator: "|")],
        summary: "print a built-in theme as a theme file to edit",
        description: """
            Prints a built-in theme as a theme file: every colour key with its value. Save it, change what you \
            need (a file may keep only the keys it changes, with "base" naming the theme it starts from) and pass \
            it with --theme FILE. themes/ in the repository holds the same files.
            """,
        examples: ["ipraster theme night > my-night.json", "ipraster answer.json -o answer.png --theme my-night.json"])

    package static let completionCommand = CommandSpec(
        "completion",
        synopsis: ["completion " + CommandSpec.completionShells.joined(separator: "|")],
        summary: "print a shell completion script",
        description: """
            Prints a completion script for the shell: command names first, then each command's own options, the \
            values of options that take a fixed list (themes, formats, record modes, reporters), and file names.
            """,
        examples: ["ipraster completion bash > /etc/bash_completion.d/ipraster",
                   "ipraster completion zsh > \"${fpath[1]}/_ipraster\"",
                   "ipraster completion fish > ~/.config/fish/completions/ipraster.fish"])
}
