import CommandCatalog
import FoundationEssentials
import RichMessageRenderer

/// `ipraster completion bash|zsh|fish`: a shell completion script. Commands come from `CLI.commands`; each
/// command completes its own options (`OptionCatalog`: the `--name`s its help documents) and, after an option with a
/// fixed vocabulary (themes, formats, record modes, reporters, input formats …), that option's values.
enum CompletionCommand {
    static let shells = CommandSpec.completionShells

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

    /// The commands whose options are completed: the default command (render) and every named one.
    private static var optionCommands: [String] { CLI.commands }

    /// Every long option of every command, sorted (what `--` completes before a command is named).
    static var options: [String] {
        Set(optionCommands.flatMap(OptionCatalog.options(for:)) + ["--version"]).sorted()
    }

    /// (command, option, values) for every option with a fixed vocabulary.
    private static var valueLists: [(String, String, [String])] {
        optionCommands.flatMap { command in
            OptionCatalog.options(for: command).compactMap { option in
                let values = OptionCatalog.values(for: option, command: command)
                return values.isEmpty ? nil : (command, option, values)
            }
        }
    }

    /// Words completed as the command's argument: `completion SHELL`, `theme NAME`, `help COMMAND`.
    private static var positionalValues: [(String, [String])] {
        [("completion", shells), ("theme", Theme.builtInNames), ("help", CLI.commands + ["theme", "completion"])]
    }

    static func script(for shell: String) -> String {
        let words = commands.joined(separator: " ")
        switch shell {
        case "bash":
            let optionCases = optionCommands.map { "    \($0)) opts=\"\(OptionCatalog.options(for: $0).joined(separator: " "))\" ;;" }
            let valueCases = valueLists.map { "    \($0.0):\($0.1)) COMPREPLY=($(compgen -W \"\($0.2.joined(separator: " "))\" -- \"$cur\")); return ;;" }
            let positionalCases = positionalValues.map { "    \($0.0)) COMPREPLY=($(compgen -W \"\($0.1.joined(separator: " "))\" -- \"$cur\")); return ;;" }
            return """
            # ipraster completion for bash: source it, or put it in /etc/bash_completion.d/ipraster
            # Per command: its options after -, the values of options that take a fixed list, files otherwise.
            _ipraster() {
              local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmd=render named="" i opts
              for ((i = 1; i < COMP_CWORD; i++)); do
                case " \(words) " in *" ${COMP_WORDS[i]} "*) cmd="${COMP_WORDS[i]}"; named=1; break ;; esac
              done
              case "$cmd:$prev" in
            \(valueCases.joined(separator: "\n"))
              esac
              if [ -n "$named" ] && [ "$COMP_CWORD" -eq 2 ] && [[ "$cur" != -* ]]; then
                case "$cmd" in
            \(positionalCases.joined(separator: "\n"))
                esac
              fi
              if [ "$COMP_CWORD" -eq 1 ] && [[ "$cur" != -* ]]; then
                COMPREPLY=($(compgen -W "\(words)" -- "$cur") $(compgen -f -- "$cur"))
              elif [[ "$cur" == -* ]]; then
                case "$cmd" in
            \(optionCases.joined(separator: "\n"))
                  *) opts="\(options.joined(separator: " "))" ;;
                esac
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
              else
                COMPREPLY=($(compgen -f -- "$cur"))
              fi
            }
            complete -o filenames -F _ipraster ipraster

            """
        case "zsh":
            let optionCases = optionCommands.map { "    \($0)) opts=(\(OptionCatalog.options(for: $0).joined(separator: " "))) ;;" }
            let valueCases = valueLists.map { "    \($0.0):\($0.1)) compadd -- \($0.2.joined(separator: " ")); return ;;" }
            let positionalCases = positionalValues.map { "      \($0.0)) compadd -- \($0.1.joined(separator: " ")); return ;;" }
            return """
            #compdef ipraster
            # ipraster completion for zsh: put it on $fpath as _ipraster
            # Per command: its options after -, the values of options that take a fixed list, files otherwise.
            _ipraster() {
              local cmd=render named="" i
              local -a opts known
              known=(\(words))
              for ((i = 2; i < CURRENT; i++)); do
                if (( ${known[(Ie)$words[i]]} )); then cmd=$words[i]; named=1; break; fi
              done
              case "$cmd:$words[CURRENT-1]" in
            \(valueCases.joined(separator: "\n"))
              esac
              if [[ -n $named ]] && (( CURRENT == 3 )) && [[ $PREFIX != -* ]]; then
                case "$cmd" in
            \(positionalCases.joined(separator: "\n"))
                esac
              fi
              if [[ $PREFIX == -* ]]; then
                case "$cmd" in
            \(optionCases.joined(separator: "\n"))
                  *) opts=(\(options.joined(separator: " "))) ;;
                esac
                compadd -- $opts
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
            let others = CLI.commands.filter { $0 != "render" } + ["theme", "completion", "help"]
            func condition(_ command: String) -> String {
                // Render is also the command when none is named.
                command == "render" ? "not __fish_seen_subcommand_from \(others.joined(separator: " "))" : "__fish_seen_subcommand_from \(command)"
            }
            var lines = ["# ipraster completion for fish: put it in ~/.config/fish/completions/ipraster.fish",
                         "# Per command: its options, the values of options that take a fixed list, files otherwise.",
                         "complete -c ipraster -n '__fish_use_subcommand' -a '\(words)'"]
            for command in optionCommands {
                for option in OptionCatalog.options(for: command) {
                    let values = OptionCatalog.values(for: option, command: command)
                    lines.append("complete -c ipraster -n '\(condition(command))' -l \(option.dropFirst(2))" + (values.isEmpty ? "" : " -xa '\(values.joined(separator: " "))'"))
                }
            }
            for (command, values) in positionalValues {
                lines.append("complete -c ipraster -n '__fish_seen_subcommand_from \(command)' -xa '\(values.joined(separator: " "))'")
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
