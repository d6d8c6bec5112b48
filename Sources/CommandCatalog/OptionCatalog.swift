/// The options each command takes and the values of those with a fixed vocabulary, read from the command table
/// (`CommandSpec`): what a misspelt option's suggestion and the shell completions offer, so neither can name an
/// option the help does not show.
package enum OptionCatalog {
    /// The long options `command` takes, sorted.
    package static func options(for command: String) -> [String] {
        guard let spec = CommandSpec.named(command) else { return [] }
        return spec.allOptions.map(\.name).filter { $0.hasPrefix("--") }.sorted()
    }

    /// The values `option` accepts in `command` when they are a fixed list (empty: a file, a number or free text).
    package static func values(for option: String, command: String) -> [String] {
        CommandSpec.named(command)?.option(option)?.values ?? []
    }

    /// The option of `command` closest to the unknown `given` (`--widht` → `--width`, `-width` → `--width`), when
    /// one is close enough to be what was meant: at most a third of its letters wrong, or `given` a prefix of it.
    package static func suggestion(for given: String, command: String) -> String? {
        let name = given.split(separator: "=", maxSplits: 1).first.map(String.init) ?? given
        let bare = String(name.drop { $0 == "-" })
        guard !bare.isEmpty else { return nil }
        var best: (distance: Int, option: String)?
        for option in options(for: command) {
            let candidate = String(option.dropFirst(2))
            let distance = candidate.hasPrefix(bare) && bare.count >= 3 ? 0 : editDistance(bare, candidate)
            guard distance <= max(1, candidate.count / 3) else { continue }
            if best == nil || distance < best!.distance { best = (distance, option) }
        }
        guard let best, best.option != name else { return nil }
        return best.option
    }

    /// Levenshtein distance with adjacent transpositions counted once (`widht`/`width` is 1), for option and
    /// command names alike. Written here: a few lines on names of a dozen letters, where a library would be out of
    /// proportion.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}

extension UsageError {
    /// "unknown option --widht (did you mean --width?)".
    package static func unknownOption(_ option: String, command: String = "render", context: String = "") -> UsageError {
        let hint = OptionCatalog.suggestion(for: option, command: command).map { " (did you mean \($0)?)" } ?? ""
        return UsageError(message: context + "unknown option \(option)" + hint, command: command)
    }
}
