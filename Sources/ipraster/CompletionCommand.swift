import Foundation

/// `ipraster completion bash|zsh|fish`: a shell completion script. Commands come from `CLI.commands`; options
/// are every `--name` the help texts mention, so the completions follow the help.
enum CompletionCommand {
    static let shells = ["bash", "zsh", "fish"]

    static func run(_ arguments: [String]) throws -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Help.text(for: "completion"))
            return ExitCode.success
        }
        guard arguments.count == 1, shells.contains(arguments[0]) else {
            throw UsageError(message: "usage: ipraster completion \(shells.joined(separator: "|"))", command: "completion")
        }
        print(script(for: arguments[0]), terminator: "")
        return ExitCode.success
    }

    static var commands: [String] { CLI.commands + ["theme", "completion", "help"] }

    /// Every long option named in the help texts, sorted.
    static var options: [String] {
        let texts = [Help.main, Help.renderOptions] + commands.map { Help.text(for: $0) }
        var found = Set<String>()
        for text in texts {
            var scanner = Substring(text)
            while let range = scanner.range(of: "--") {
                let name = scanner[range.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
                if name.count > 3, name.dropFirst(2).first?.isLetter == true, !name.hasSuffix("-") { found.insert(String(name)) }
                scanner = scanner[range.upperBound...]
            }
        }
        return found.sorted()
    }

    static func script(for shell: String) -> String {
        let all = Set(options).union(["--help", "--version"]).sorted()
        let words = commands.joined(separator: " "), flags = all.joined(separator: " ")
        switch shell {
        case "bash":
            return """
            # ipraster completion for bash: source it, or put it in /etc/bash_completion.d/ipraster
            _ipraster() {
              local cur="${COMP_WORDS[COMP_CWORD]}"
              if [ "$COMP_CWORD" -eq 1 ] && [[ "$cur" != -* ]]; then
                COMPREPLY=($(compgen -W "\(words)" -- "$cur") $(compgen -f -- "$cur"))
              elif [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(flags)" -- "$cur"))
              else
                COMPREPLY=($(compgen -f -- "$cur"))
              fi
            }
            complete -o filenames -F _ipraster ipraster

            """
        case "zsh":
            return """
            #compdef ipraster
            # ipraster completion for zsh: put it on $fpath as _ipraster
            _ipraster() {
              if [[ $PREFIX == -* ]]; then
                compadd -- \(flags)
              elif (( CURRENT == 2 )); then
                compadd -- \(words)
                _files
              else
                _files
              fi
            }
            _ipraster "$@"

            """
        default:
            var lines = ["# ipraster completion for fish: put it in ~/.config/fish/completions/ipraster.fish",
                         "complete -c ipraster -n '__fish_use_subcommand' -a '\(words)'"]
            for option in all { lines.append("complete -c ipraster -l \(option.dropFirst(2))") }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
