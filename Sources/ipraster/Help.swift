/// `--help` texts: what each command does, its options with defaults, and examples.
enum Help {
    static let main = """
    ipraster — render Telegram rich messages (InstantPage V2) to PNG, SVG or PDF, as the iOS app draws them in a chat bubble.

    USAGE
      ipraster [render] INPUT -o OUTPUT [options]    render a message (the default command)
      ipraster [render] INPUT... -o OUTDIR/          render many: OUTDIR/<input's base name>.png (or --format)
      ipraster [render] --manifest FILE.jsonl        render the jobs of a manifest (one JSON object a line)
      ipraster layout INPUT [options]                print the layout JSON (frames, lines, baselines)
      ipraster compare EXPECTED.png ACTUAL.png [-o DIFF.png] [options]
                                                     compare two images (pixelmatch 7.2 semantics)
      ipraster check FIXTURES_DIR --golden DIR       render a fixture folder and compare with goldens
      ipraster reveal INPUT -o DIR/ [--fps N]        export the streaming reveal animation frame by frame
      ipraster bench INPUT... [--iterations N]       time decode, layout, paint and PNG in one process
      ipraster math 'LATEX' -o OUTPUT [options]      typeset one formula alone (PNG, SVG or PDF)
      ipraster markdown INPUT                        print the message as Markdown (the app's "copy")
      ipraster classify FILE.md [--json]             would the app send this Markdown as a rich message?
      ipraster fonts [--write-index]                 the font collection in use; write its index
      ipraster theme day|day-classic|night           print a built-in theme as a theme file to edit
      ipraster completion bash|zsh|fish              print a shell completion script
      ipraster COMMAND --help                        options of one command
      ipraster --version                             versions of ipraster, its libraries and fonts

    GLOBAL OPTIONS
      -q, --quiet       no warnings and no progress bars (errors still print)
      -v, --verbose     say what was written: size, bytes, milliseconds
      --                ends the options: what follows is an input (or math's formula) even if it starts with -
      Errors and warnings are coloured on a terminal unless NO_COLOR is set (no-color.org) or TERM=dumb.

    INPUT is a JSON file, or - for standard input. Accepted JSON (detected automatically):
      Bot API 10.3   a rich message {"blocks": [...]}, sendRichMessage / sendRichMessageDraft parameters,
                     a Message or Update carrying "rich_message", or an array of draft frames
      Telethon       to_dict()/to_json() output: RichMessage, Page, WebPage, Message, UpdateUserTyping

    EXAMPLES
      ipraster answer.json -o answer.png
      ipraster answer.json -o answer.png --theme night --outgoing --width 360 --scale 3
      ipraster layout answer.json | jq '.items[0].lines'
      ipraster compare golden.png actual.png -o diff.png --threshold 0.1
      ipraster check Tests/Fixtures --golden golden-images

    BATCHES
      Several inputs, or --manifest FILE.jsonl with lines like
        {"input": "a.json", "output": "out/a.png", "args": ["--theme", "night"]}
      (a line's args come after the command line's render options). Everything is checked first: two jobs
      writing one file, a bad line or option is exit 2 with nothing written. Then each job runs (--jobs N
      threads, default: cores; --shard I/N takes the I-th of N parts, for CI matrices), a failing input is
      reported with its name and the others go on; the exit code is the worst job's (3 > 2 > 0).

    EXIT CODES
      0 success (compare/check: images match)   1 compare/check: differences found
      2 usage error or invalid input             3 environment or I/O error (missing file or font)
    """

    static let renderOptions = """
    RENDER OPTIONS
      --width PT            the widest the bubble body may be (layout bounding width)      [320]
      --scale N             device scale 1-4: output pixels = ceil(points × N)             [2]
      --theme NAME|FILE     day, day-classic, night, or a theme JSON file                  [day]
      --outgoing            draw an outgoing bubble (colours, tail on the right)           [incoming]
      --time TEXT           the status text                                                [12:34]
      --no-status           hide the status (time and ticks)
      --no-bubble           the page only: no bubble, tail or status; transparent background
      --margin PT           canvas margin around the bubble                                [8]
      --author-color N      incoming: use default name colour N (0-6) as the accent
      --background COLOR    #RRGGBB[AA] or transparent                                     [theme wallpaper]
      --now UNIX            "now" for relative dates                                       [1767225600]
      --locale TAG          date locale; Han forms: zh-Hant/zh-TW, zh-HK, ja, ko, else SC  [en]
      --rtl                 right-to-left, for Markdown/HTML files and JSON without is_rtl
      --timezone TZ         date time zone                                                 [UTC]
      --strict              unknown block or text types, Bot API limits and formulas that cannot be
                            typeset are errors (exit 2)
      --from FORMAT         the input format (json, markdown, html), instead of the extension or sniffing
      --math-delimiters M   how Markdown pairs $: strict (the app's rule; .md files) or loose (the
                            server's; Bot API markdown)
      --reveal-rects        layout: include per-character ink rects
      --media DIR           where local media files are looked up (PNG, JPEG, WebP; GIF, MP4,
                            WebM by their first frame through ffmpeg)
      --expand-details      render every details block open
      --table-offset PT     scroll overflowing tables and formulas by PT                   [0]
                            (documentation shots)
      --show-spoilers       draw spoilers revealed
    Theme files name a base theme and override colours ("#RRGGBB" or "#RRGGBBAA"):
      {"base": "day", "wallpaper": "#202830", "incoming": {"primaryText": "#111111", "fillTop": "#FFFFFF"}}
    `ipraster theme day` prints every key; themes/ holds the built-in themes as files.
    """

    static func text(for command: String) -> String {
        switch command {
        case "layout":
            return """
            ipraster layout INPUT [-o FILE] [options] [--compact]

            Prints the layout JSON: canvas and page size, bubble and status frames, and every item with its
            frame; text items with their first font's metrics and their lines (frame, baseline, UTF-16 range,
            direction). Frames are [x, y, width, height] in points, page coordinates = bubble-body coordinates;
            line frames are item-local. --compact prints one line; -o FILE writes it to FILE (atomically)
            instead of standard output.

            """ + renderOptions
        case "math":
            return #"""
            ipraster math 'LATEX' -o OUTPUT [options]
            ipraster math 'LATEX' --json [-o OUTPUT] [options]

            Typesets one LaTeX formula on its own, as the message renderer does (TeX's layout rules on Latin Modern
            Math; for characters it lacks Noto Sans Math, Symbols, Symbols 2, then Noto Serif and the script's
            face) and writes it as PNG, SVG or PDF (vector glyphs). LATEX may be wrapped in $…$, $$…$$, \(…\) or
            \[…\]; - reads it from standard input. A formula that cannot be typeset is an error (exit 2) naming
            the character where it went wrong; a character no installed font draws is a warning (a box).
            Everything of KaTeX's support table but \href, \url, \includegraphics, the \html commands and
            {CD} typesets, macros defined in the formula included (\def, \newcommand; at most 1000 expansions);
            \tag{…} sets an equation number a quad to the right.

            OPTIONS
              --display             display style, as a block formula                                  [default]
              --inline              text style, as a formula inside a paragraph
              --size PT             the formula's font size (a message uses the text size × 1.12)      [19.04]
              --color #RRGGBB       glyphs and rules                                                   [#000000]
              --background COLOR    #RRGGBB[AA] or transparent                                         [transparent]
              --scale N             output pixels per point (PNG)                                      [2]
              --padding PT          room around the formula's box                                      [2]
              --format FORMAT       png, svg or pdf, instead of OUTPUT's extension
              --locale TAG          Han forms in \text: zh-Hans, zh-Hant, zh-HK, ja, ko …              [en]
              --strict              a character no font draws is an error (exit 2)
              --json                print the box as JSON: width, height (above the baseline), depth (below),
                                    baseline (from the image's top edge, padding included) in points,
                                    pixelWidth, pixelHeight, scale, fallback; -o is then optional

            EXAMPLES
              ipraster math '\int_0^1 x^2\,dx = \frac{1}{3}' -o integral.png
              ipraster math '\begin{pmatrix} a & b \\ c & d \end{pmatrix}' -o matrix.svg --size 30
              echo '$e^{i\pi}+1=0$' | ipraster math - -o euler.pdf --inline --color #1f6feb
              ipraster math '\sum_{k=1}^n k = \frac{n(n+1)}{2} \tag{1}' --json -o sum.png
            """#
        case "markdown":
            return """
            ipraster markdown INPUT [--from FORMAT] [--math-delimiters strict|loose]

            Prints the message of INPUT (JSON, Markdown or HTML) as Markdown, the way the Telegram app copies a rich
            message: blocks separated by blank lines, compact ">>" for nested quotes, one fence per code block,
            pipe tables, custom emoji as [alt](tg://emoji?id=…) markers, formulas as $…$ and $$…$$, and Rich
            HTML tags where Markdown has no syntax (underline, sub/superscript, details, maps, buttons).
            Known losses: an ordered item with a checkbox loses its number; detected entities become plain text
            (Telegram finds them again).
            """
        case "classify":
            return """
            ipraster classify FILE.md [--json]

            Says whether the Telegram app would send this Markdown as a rich message ("rich (trigger)") or as a
            normal message with entities ("plain"). Headings, lists, tables and formulas (strict $ rule: $5-$10
            stays text) make it rich; bold, italic, code, links, quotes, code blocks and dividers do not.
            --json prints {"rich": true|false, "trigger": "heading"|…|null}.
            """
        case "compare":
            return """
            ipraster compare EXPECTED.png ACTUAL.png [-o DIFF.png] [--json] [options]

            Compares two PNGs with pixelmatch 7.2 semantics (YIQ colour metric "yiq-7.2", anti-aliasing
            detection). Prints "identical" or "N pixels (ratio R) differ"; --json prints
            {"match", "reason", "diffPixels", "diffRatio", "width", "height", "bbox"}.
            Exit code 0 when within budget, 1 when not (or the sizes differ).

            OPTIONS
              -o DIFF.png             write the diff image (- for stdout)
              --threshold T           per-pixel colour distance 0-1                 [0.1]
              --include-aa            count anti-aliased pixels as differences
              --max-diff-pixels N     allowed differing pixels                      [0]
              --max-diff-ratio R      allowed ratio of differing pixels (with both, the smaller applies)
              --alpha A               opacity of the original under the diff        [0.1]
              --aa-color R,G,B        colour of anti-aliased pixels                 [255,255,0]
              --diff-color R,G,B      colour of differing pixels                    [255,0,0]
              --diff-color-alt R,G,B  colour where ACTUAL is darker                 [= --diff-color]
              --diff-mask             draw only the differences, on transparency
              --no-checkerboard       blend translucent pixels over white, not a checkerboard
            """
        case "check":
            return """
            ipraster check FIXTURES_DIR --golden DIR [--record MODE] [--reporter NAME[=FILE]]... [options]

            Renders every FIXTURES_DIR/**/CASE.json, .md or .html (with the render options in CASE.args beside
            it, if any) and compares it with DIR/CASE.png. Prints one line per failing case and
            "N passed, N failed". Failures write CASE.expected.png, CASE.actual.png, CASE.diff.png and
            CASE.panels.png into .build/golden-artifacts/ beside the golden folder (in its parent), or
            $IPRASTER_ARTIFACTS, or --artifacts DIR; a case that passes again loses its old artifacts.

            OPTIONS
              --golden DIR         the accepted images (same relative paths as the fixtures)
              --record MODE        all | missing | failed | never                                 [missing]
                                   also $IPRASTER_RECORD (the flag wins); failed rewrites only failing
                                   goldens; under $CI nothing is ever recorded and a missing golden fails
              --reporter NAME[=FILE]
                                   list | json | junit | html, to FILE or standard output (html needs a
                                   FILE); repeatable. The list stays on standard output unless another
                                   reporter writes there. json: {"passed", "failed", "recorded", "cases":
                                   [{"name", "status", "diffPixels", "diffRatio", "reason", "artifacts"}]},
                                   paths relative to the report. html: images copied to FILE's
                                   NAME-files/ folder, so the folder can be uploaded and opened anywhere.
              --report FILE        the same as --reporter html=FILE
              --shard I/N          only the I-th of N equal parts of the cases (in name order), as in
                                   Playwright: run N CI jobs with 1/N … N/N to check every case once
              --jobs N             cases rendered in parallel                                     [cores]
              --artifacts DIR      where failure images go
              render options       (--width, --theme, …) defaults for every case; a case's .args win
              and the compare options (--threshold, --max-diff-pixels, --max-diff-ratio, ...)

            EXAMPLES
              ipraster check Tests/Fixtures --golden golden-images --reporter junit=reports/junit.xml \\
                  --reporter html=reports/check.html
              ipraster check Tests/Fixtures --golden golden-images --shard 2/4 --theme night
            """
        case "fonts":
            return """
            ipraster fonts [--write-index [-o FILE]]

            Prints the font collection in use: its folder (IPRASTER_FONTS_DIR, or beside the binary), whether
            the font index is current, how many listed files of each role are installed, the missing ones with
            the Debian package that has them, and the families drawn with synthesised bold or italic because
            Debian has no such face.

            The font index (fonts.index beside fonts.list) is what fontconfig reads from each listed file, so a
            run opens only the faces it draws with. scripts/setup and scripts/install write it; without it, or
            for a file that changed since, ipraster scans the file at start-up (slower, same pixels).

            OPTIONS
              --write-index         write the index now (scans every listed file)
              -o FILE               with --write-index: write it there instead of the fonts folder

            EXAMPLES
              ipraster fonts
              sudo ipraster fonts --write-index     after installing or upgrading font packages
            """
        case "completion":
            return """
            ipraster completion bash|zsh|fish

            Prints a completion script for the shell: command names first, then every option the help texts
            name, and file names.

            EXAMPLES
              ipraster completion bash > /etc/bash_completion.d/ipraster
              ipraster completion zsh > "${fpath[1]}/_ipraster"
              ipraster completion fish > ~/.config/fish/completions/ipraster.fish
            """
        case "theme":
            return """
            ipraster theme day|day-classic|night

            Prints a built-in theme as a theme file: every colour key with its value. Save it, change what you
            need (a file may keep only the keys it changes, with "base" naming the theme it starts from) and
            pass it with --theme FILE. themes/ in the repository holds the same files.

            EXAMPLES
              ipraster theme night > my-night.json
              ipraster answer.json -o answer.png --theme my-night.json
            """
        case "bench":
            return """
            ipraster bench INPUT... [--iterations N] [render options]
            ipraster bench --reveal INPUT... [render options]

            Renders each INPUT N times (default 50, after one warm-up pass) in this one process and prints the
            median milliseconds of decode, layout, raster (paint and PNG encoding, overlapped strip by strip) and
            of the whole page, then the peak resident memory. scripts/bench runs it beside the C floor of
            shared/bench.

            --reveal exports each INPUT's reveal at 60 fps in memory, three ways: on every core skipping frames
            that repeat the one before (as `reveal -o DIR/` does), on every core painting every frame, and on
            one thread; it prints frames per second of each and whether all three gave the same bytes.
            """
        case "reveal":
            return """
            ipraster reveal INPUT -o DIR/|FILE [options]

            Exports the AI-streaming reveal of a rich message frame by frame, as the iOS app animates it:
            the cursor paced by the chunks' arrival times, letters popping in (blur, fade, rise, scale),
            emoji and media fading in, table rows growing in, the bubble growing, the status fading in at
            the end. All frames share one canvas (the largest bubble, anchored at the top); the last frame is
            the static render of the final message.

            INPUT is one message (it arrives whole at t = 0, then the reveal catches up) or a stream: a JSON
            array of Bot API sendRichMessageDraft parameters (same draft_id animates, a new id replaces) ending
            with an optional sendRichMessage, or Telethon UpdateUserTyping objects with
            SendMessageRichMessageDraftAction / SendMessageStopDraftAction. An element's "t" is its arrival in
            seconds (default: 0.5 s after the previous one).

            OPTIONS
              -o DIR/               write DIR/frame_00000.png, frame_00001.png, ... and DIR/timeline.json
              -o FILE.apng|.gif|.mp4
                                    an animation, encoded by ffmpeg (exit 3 when ffmpeg is not installed)
              --at SECONDS -o FILE.png
                                    render the single frame at that time (-o - writes it to stdout)
              --fps N               frames per second of the export, 1-240                      [60]
              --format png|apng|gif|mp4
                                    instead of guessing from -o
              --json                print the timeline (per frame: time, cursor, phase, revealed items,
                                    bubble size, status opacity) instead of writing images
              --loop N              GIF and APNG: play N times; 0 = forever                       [0]
              --start-number N      PNG sequences: number the first file N (frame_<N>.png)        [0]
            A GIF's frame delays are whole hundredths of a second (and at least 2): it runs at the rate 100/n
            nearest --fps (60 fps becomes 50, 30 becomes 33.3) and says so.

            EXAMPLES
              ipraster reveal stream.json -o frames/
              ipraster reveal stream.json --at 1.5 -o frame.png --scale 3
              ipraster reveal stream.json --json | jq '.frames[-1]'
              ipraster reveal stream.json -o reveal.gif --fps 30

            """ + renderOptions
        default:
            return """
            ipraster [render] INPUT -o OUTPUT [options]

            Renders a rich message (the last message of a draft stream) as a chat bubble. The format follows
            OUTPUT's extension (.png, .svg, .pdf) or --format; -o - writes to stdout. The file is written
            atomically: a failed run leaves nothing behind and never truncates an existing file.

            EXAMPLES
              ipraster answer.json -o answer.png
              cat update.json | ipraster render - -o - --theme night > bubble.png

            """ + renderOptions + "\n  --format png|svg|pdf   override the output extension"
        }
    }
}
