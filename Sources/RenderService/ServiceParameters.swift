import CommandCatalog
import HTTPService
import Layout
import Primitives
import RenderOptions
import RichMessageRenderer

/// Query parameters as a command's options: `?theme=night&width=360&rtl=1` is `--theme night --width 360 --rtl`,
/// read with the command's own table, so the service takes exactly the options the command line documents —
/// less the ones that name files or belong to a process (`o`, `media`, `manifest`, `jobs`, `shard`), which a
/// request may not set. Every value is checked here, before the body is read, and a refused one names its
/// parameter as the error's location.
enum ServiceParameters {
    /// A parameter the service refuses (400), with the parameter as its location.
    struct Problem: ClassifiedError {
        let message: String
        let location: String?
        var kind: FailureKind { .usage }
        var description: String { message }
    }

    /// Options no request sets, and why.
    static let refused: [String: String] = [
        "o": "the answer is the response body: no output file",
        "output": "the answer is the response body: no output file",
        "media": "media come from the service's --media folder, by id",
        "manifest": "one input per request: post each job",
        "jobs": "the service's --workers render in parallel",
        "shard": "one input per request: post each job",
        "annotations": "the answer is the image: annotations come from ipraster render --annotations, libipraster or the Python package",
        "annotation-clusters": "the answer is the image: annotations come from ipraster render --annotations, libipraster or the Python package",
        "help": "see ipraster serve --help",
        "quiet": "a process option, not a request's",
        "verbose": "a process option, not a request's",
        "redact": "redaction is for golden tests and documentation shots (the command line and the snapshot library)",
    ]

    /// Options that name a file on the command line and are a flag of the service (1, 0, true or false), with what the
    /// flag asks for: the answer is the body, so the file's content comes in a header.
    static let serviceFlags: [String: String] = [
        "alt-text": "1: also answer the message's alt text (docs/accessibility.md) in X-Ipraster-Alt-Text, percent-encoded UTF-8, when that is at "
            + "most 8 KiB (else a warning says so: POST /layout answers it whole as altText)",
    ]

    /// How refusals name what was given: a route's query parameters, or the C library's options object (issue 59),
    /// which also takes names the table leaves out (`media`: a host may name its own folder).
    struct Vocabulary {
        let noun: String
        /// What precedes the list of accepted names: "/render takes ", "the options are ".
        let listIntro: String
        let scope: String
        let extraNames: [String]

        static func query(_ route: ServiceRoute) -> Vocabulary {
            Vocabulary(noun: "parameter", listIntro: "\(route.path) takes ", scope: route.path, extraNames: [])
        }

        static let libraryOptions = Vocabulary(noun: "option", listIntro: "the options are ", scope: "a render", extraNames: ["media"])
    }

    /// The options a route's parameters may name, without `--`.
    static func names(_ spec: CommandSpec) -> [String] {
        spec.allOptions.map { String($0.name.dropFirst(2)) }.filter { refused[$0] == nil }
    }

    /// The command-line arguments `query` stands for, parsed with the route's command and checked as the command
    /// checks them.
    static func parse(_ query: [(name: String, value: String)], route: ServiceRoute, vocabulary: Vocabulary? = nil) throws -> ServiceArguments {
        let vocabulary = vocabulary ?? .query(route)
        do {
            return try checked(query, route: route, vocabulary: vocabulary)
        } catch let problem as Problem {
            throw problem
        } catch {
            let message = (error as? any ClassifiedError)?.failureMessage ?? "\(error)"
            throw Problem(message: message, location: location(of: query, route: route, vocabulary: vocabulary))
        }
    }

    /// The parameter a refusal is about: the first one refused on its own; else (a refused combination) the last
    /// one given.
    private static func location(of query: [(name: String, value: String)], route: ServiceRoute, vocabulary: Vocabulary) -> String? {
        query.first { parameter in (try? checked([parameter], route: route, vocabulary: vocabulary)) == nil }?.name ?? query.last?.name
    }

    private static func checked(_ query: [(name: String, value: String)], route: ServiceRoute, vocabulary: Vocabulary) throws -> ServiceArguments {
        let noun = vocabulary.noun
        guard let spec = route.command else {
            if let first = query.first { throw Problem(message: "\(route.path) takes no parameter", location: first.name) }
            return ServiceArguments(parsed: ParsedArguments(command: "serve", options: [], positional: []), settings: RenderSettings(), job: FormulaJob(),
                                    format: nil, timing: AnimationTiming(), flags: [])
        }
        let allowed = names(spec)
        var arguments: [String] = []
        var flags: Set<String> = []
        for (name, value) in query {
            if let reason = refused[name] { throw Problem(message: "\(noun) \(name) is not accepted here: \(reason)", location: name) }
            if let misplaced = spec.misplacedOption("--" + name) {
                let routes = ServiceRoute.table.filter { $0.command?.option(misplaced.name) != nil }.map(\.path)
                throw Problem(message: "\(noun) \(name) does not apply to \(vocabulary.scope)"
                              + (routes.isEmpty ? ": it is a command-line option only" : ": it is a parameter of \(routes.joined(separator: ", "))"), location: name)
            }
            guard allowed.contains(name), let option = spec.option("--" + name) else {
                let near = allowed.map { ($0, OptionCatalog.editDistance(name.lowercased(), $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
                throw Problem(message: "unknown \(noun) \(name)" + (near.map { " (did you mean \($0)?)" } ?? "")
                              + "; " + vocabulary.listIntro + (vocabulary.extraNames + allowed).joined(separator: ", "), location: name)
            }
            if option.takesValue, serviceFlags[name] != nil {
                switch value {
                case "1", "true": flags.insert(name)
                case "0", "false": flags.remove(name)
                default: throw Problem(message: "\(noun) \(name) is a flag here: 1, 0, true or false, not \(value)", location: name)
                }
            } else if option.takesValue {
                if name == "theme", !Theme.builtInNames.contains(value) {
                    throw Problem(message: "theme must be " + Theme.builtInNames.joined(separator: ", ") + ": a request names no theme file", location: name)
                }
                arguments += ["--" + name, value]
            } else {
                switch value {
                case "1", "true": arguments.append("--" + name)
                case "0", "false": break
                default: throw Problem(message: "\(noun) \(name) is a flag: 1, 0, true or false, not \(value)", location: name)
                }
            }
        }
        let parsed = try spec.parse(arguments)
        // Each value is read once, here, into the typed value its route uses (`/render`'s animations, apng, gif and
        // mp4, are in `settings.animation`; `format` is the still one).
        let settings = try parsed.renderSettings()
        // `mathml` is /math's text answer, not an image format; /markdown's formats are texts too.
        let textFormats = ["mathml", "markdown", "html"]
        let format = settings.animation == nil && !textFormats.contains(parsed.value("--format") ?? "") ? try OutputFormat.option(parsed.value("--format")) : nil
        return ServiceArguments(parsed: parsed, settings: settings, job: try FormulaJob(parsed), format: format,
                                timing: try parsed.settings(AnimationTiming()), flags: flags)
    }
}

/// A request's parameters, read once: the command line they stand for and the typed values the routes use.
struct ServiceArguments {
    let parsed: ParsedArguments
    /// The render settings of a document route (defaults elsewhere).
    let settings: RenderSettings
    /// The formula job of `/math` (defaults elsewhere).
    let job: FormulaJob
    /// `format=` of `/render` and `/math` (a still format).
    let format: Renderer.Format?
    /// `fps=` and `duration=` of an animated `/render` (`format=apng|gif|mp4`).
    let timing: AnimationTiming
    /// The `serviceFlags` set to 1, without `--`.
    let flags: Set<String>

    func has(_ name: String) -> Bool { parsed.has(name) }
}
