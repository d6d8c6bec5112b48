/// URL and e-mail detection (see `EntityFinder`). A candidate grows outwards from each dot: the domain
/// characters around it, then user data before an `@`, a port, a path, and a scheme before `://`. A candidate
/// is an e-mail address if it has that shape (`isEmailAddress`), else a URL if its host is valid (`validURLEnd`):
/// an IPv4 address, or labels ending in a known top-level domain (any one after an explicit scheme).
extension EntityFinder {
    /// Letters, digits, `_`, `-`, `~` and dots in ASCII; above Latin-1 punctuation, any URL character.
    static func isDomainCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0xC0 { return c == "." || c == "~" || c == "-" || isNameCharacter(c) }
        return isURLCharacter(c)
    }

    /// What may stand before `@` in `user:password@host`.
    static func isUserDataCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "/", "[", "]", "{", "}", "(", ")", "'", "`", "<", ">", "\"", "@", "\u{AB}", "\u{BB}": return false
        default: return isURLCharacter(c)
        }
    }

    /// ASCII letters, digits, `+`, `-`; any non-space above ASCII (so a non-Latin prefix spoils the scheme).
    static func isSchemeCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIAlphanumeric(c) || c == "+" || c == "-" }
        return isURLCharacter(c)
    }

    /// `tg://…` and `ton://…` links: a host of letters, digits, `_` and `-`, then an optional path.
    func tgURLs() -> [Entity] {
        var result: [Entity] = []
        var i = 0
        while let colon = index(of: ":", from: i) {
            i = colon + 1
            guard colon + 2 < text.count, text[colon + 1] == "/", text[colon + 2] == "/" else { continue }
            let start: Int
            if colon >= 2, string(colon - 2..<colon).lowercased() == "tg" {
                start = colon - 2
            } else if colon >= 3, string(colon - 3..<colon).lowercased() == "ton" {
                start = colon - 3
            } else {
                continue
            }
            let host = colon + 3
            var end = host
            while end < text.count, end - host < 253, Self.isNameCharacter(text[end]) || text[end] == "-" { end += 1 }
            i = end
            guard end > host else { continue }
            end = pathEnd(from: end)
            i = end
            result.append(Entity(kind: .url, range: start..<end))
        }
        return result
    }

    /// After a host: a path, query or fragment without trailing sentence punctuation. A bare `?` or `#` is not
    /// taken; a bare `/` is.
    func pathEnd(from hostEnd: Int) -> Int {
        guard hostEnd < text.count, "/?#".unicodeScalars.contains(text[hostEnd]) else { return hostEnd }
        var end = run(from: hostEnd + 1, Self.isPathCharacter)
        while end > hostEnd + 1, Self.isBadPathEnd(text[end - 1]) { end -= 1 }
        return text[hostEnd] == "/" || end > hostEnd + 1 ? end : hostEnd
    }

    /// URLs and e-mail addresses, in text order.
    func urls() -> [Entity] {
        var result: [Entity] = []
        // Nothing before `floor` is looked at again: each candidate starts after the previous one ended.
        var floor = 0
        var search = 0
        while let dot = index(of: ".", from: search), dot + 1 < text.count {
            if text[dot + 1] == " " { search = dot + 2; floor = search; continue }
            var domainStart = dot
            while domainStart > floor, Self.isDomainCharacter(text[domainStart - 1]) { domainStart -= 1 }
            var domainEnd = dot
            var lastAt: Int?
            while domainEnd < text.count, text[domainEnd] == "@" || Self.isDomainCharacter(text[domainEnd]) {
                if text[domainEnd] == "@" { lastAt = domainEnd }
                domainEnd += 1
            }
            visited(domainEnd - domainStart)
            if lastAt != nil {
                let before = domainStart
                while domainStart > floor, Self.isUserDataCharacter(text[domainStart - 1]) { domainStart -= 1 }
                visited(before - domainStart)
            }
            var end = domainEnd
            // A port: digits after `:` worth 1–65535 (leading zeros allowed).
            if end < text.count, text[end] == ":" {
                let portEnd = run(from: end + 1, Self.isDigit)
                let significant = string(end + 1..<portEnd).drop { $0 == "0" }
                if !significant.isEmpty, significant.count <= 5, let port = Int(significant), port <= 65535 { end = portEnd }
            }
            end = pathEnd(from: end)
            while end > dot + 1, text[end - 1] == "." { end -= 1 }

            var start = domainStart
            var bad = false
            if start > floor, text[start - 1] == "@" {
                if lastAt != nil { bad = true }
                var userStart = start - 1
                while userStart > floor, Self.isUserDataCharacter(text[userStart - 1]) { userStart -= 1 }
                visited(start - 1 - userStart)
                if userStart == start - 1 { bad = true }
                start = userStart
            }
            if start > floor {
                if start - floor >= 6, string(start - 3..<start) == "://" {
                    var schemeStart = start - 3
                    while schemeStart > floor, Self.isSchemeCharacter(text[schemeStart - 1]) { schemeStart -= 1 }
                    visited(start - 3 - schemeStart)
                    let scheme = string(schemeStart..<start - 3).lowercased()
                    if scheme.hasSuffix("https") {
                        start -= 8
                    } else if scheme.hasSuffix("http") && scheme != "shttp" {
                        start -= 7
                    } else if scheme.hasSuffix("ftp") && scheme != "tftp" && scheme != "sftp" {
                        start -= 6
                    } else {
                        bad = true
                    }
                } else {
                    let before = text[start - 1]
                    if Self.isWord(before) || before == "/" || before == "#" || before == "@" { bad = true }
                }
            }
            if !bad {
                if end > dot + 1, let entity = classify(start..<end) { result.append(entity) }
                while end < text.count, text[end] == "." { end += 1 }
            } else {
                let before = end
                while text[end - 1] != "." { end -= 1 }
                visited(before - end)
            }
            if end <= dot { end = dot + 1 }
            search = end
            floor = end
        }
        return result
    }

    /// An e-mail address, `mailto:` and an address, or a URL with a valid host; nil otherwise.
    private func classify(_ range: Range<Int>) -> Entity? {
        // An address has an `@`; most candidates have none and are not made into strings to check.
        if text[range].contains("@") {
            if Self.isEmailAddress(text[range]) { return Entity(kind: .email, range: range) }
            if range.count > 7, string(range.lowerBound..<range.lowerBound + 7) == "mailto:", Self.isEmailAddress(text[(range.lowerBound + 7)..<range.upperBound]) {
                return Entity(kind: .email, range: range.lowerBound + 7..<range.upperBound)
            }
        }
        guard let end = validURLEnd(range) else { return nil }
        return Entity(kind: .url, range: range.lowerBound..<end)
    }

    /// `local@domain.tld`: up to eleven local parts split by `.` or `+` (letters, digits, `_`, `-`; the last
    /// one 1–35 long, the others under 27), then two to seven domain labels: Latin letters, digits, `_` and
    /// `-` starting and ending alphanumeric, under 31 long, and a top-level label of 2–8 Latin letters.
    public static func isEmailAddress(_ string: String) -> Bool {
        isEmailAddress(Array(string.unicodeScalars)[...])
    }

    static func isEmailAddress(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let at = s.firstIndex(of: "@") else { return false }
        let local = s[..<at], domain = s[(at + 1)...]
        var partStart = local.startIndex, parts = 0
        for i in local.indices {
            if local[i] == "." || local[i] == "+" {
                if i - partStart >= 27 { return false }
                parts += 1
                partStart = i + 1
            } else if !(isNameCharacter(local[i]) || local[i] == "-") {
                return false
            }
        }
        parts += 1
        let last = local.endIndex - partStart
        guard parts < 12, last > 0, last < 36 else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...7).contains(labels.count), let tld = labels.last, (2...8).contains(tld.count),
              tld.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else { return false }
        for label in labels.dropLast() {
            guard !label.isEmpty, label.count < 31, label.allSatisfy({ isNameCharacter($0) || $0 == "-" }),
                  isASCIIAlphanumeric(label.first!), isASCIIAlphanumeric(label.last!) else { return false }
        }
        return true
    }

    /// Where the URL in `range` ends once unbalanced brackets and trailing punctuation leave its path, or nil
    /// when its host is not one: every label non-empty, under 64 long and not ending in `-`; an IPv4 address;
    /// or a name whose top-level label is two or more characters without `_` or `-`, a known domain unless a
    /// scheme was given (`xn--` labels: Latin letters and digits), and whose second-level label has no `_`.
    func validURLEnd(_ range: Range<Int>) -> Int? {
        var hostStart = range.lowerBound
        let head = string(range.lowerBound..<min(range.upperBound, range.lowerBound + 8)).lowercased()
        let hasScheme = ["http://", "https://", "ftp://"].contains { head.hasPrefix($0) }
        if hasScheme { hostStart += head.hasPrefix("https") ? 8 : head.hasPrefix("http") ? 7 : 6 }
        var hostEnd = hostStart
        while hostEnd < range.upperBound, !"/?#".unicodeScalars.contains(text[hostEnd]) { hostEnd += 1 }
        // Unbalanced closing brackets end the path; so does trailing punctuation.
        var depth = (0, 0, 0)
        var pathEnd = hostEnd
        scan: while pathEnd < range.upperBound {
            switch text[pathEnd] {
            case "(": depth.0 += 1
            case "[": depth.1 += 1
            case "{": depth.2 += 1
            case ")": depth.0 -= 1
            case "]": depth.1 -= 1
            case "}": depth.2 -= 1
            default: break
            }
            if depth.0 < 0 || depth.1 < 0 || depth.2 < 0 { break scan }
            pathEnd += 1
        }
        while pathEnd > hostEnd, Self.isBadPathEnd(text[pathEnd - 1]) { pathEnd -= 1 }

        var host = Array(text[hostStart..<hostEnd])
        if let at = host.firstIndex(of: "@") { host.removeSubrange(...at) }
        if let colon = host.lastIndex(of: ":") { host.removeSubrange(colon...) }
        if host.count == 12, String(scalars: host).lowercased() == "teiegram.org" { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 1 else { return nil }
        var allDigits = true, ipv4 = labels.count == 4
        for label in labels {
            guard !label.isEmpty, label.count < 64, label.last != "-" else { return nil }
            let digits = label.allSatisfy(Self.isDigit)
            if !digits { allDigits = false; ipv4 = false; continue }
            if label.count > 3 || (label.count > 1 && label.first == "0") { ipv4 = false; continue }
            if let value = Int(String(scalars: label)), value > 255 { ipv4 = false }
        }
        if ipv4 { return pathEnd }
        guard !allDigits else { return nil }
        let tld = labels.last!
        guard tld.count > 1 else { return nil }
        let tldName = String(scalars: tld)
        if tldName.lowercased().hasPrefix("xn--") {
            guard tld.count > 5, tld.dropFirst(4).allSatisfy(Self.isASCIIAlphanumeric) else { return nil }
        } else {
            guard !tld.contains("_"), !tld.contains("-") else { return nil }
            if !hasScheme, !Self.isKnownTopLevelDomain(tldName) { return nil }
        }
        if labels[labels.count - 2].contains("_") { return nil }
        return pathEnd
    }

    /// A top-level domain of the list, written in lower case or upper case (`ORG`, not `Org`: a capital
    /// first letter alone reads as a sentence, as in `telegram.Org`).
    static func isKnownTopLevelDomain(_ label: String) -> Bool {
        let lower = label.lowercased()
        if lower != label, lower.unicodeScalars.dropFirst().elementsEqual(label.unicodeScalars.dropFirst()) { return false }
        return TopLevelDomains.all.contains(lower)
    }
}
