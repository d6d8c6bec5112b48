@testable import Document
import XCTest

/// Entity detection against the cases of TDLib's `test/message_entities.cpp` (tdlib/td), taken as facts: each
/// row is an input and what TDLib's finder of that kind returns for it. Rows TDLib itself marks as a
/// to-do for the server are left out; so are the media-timestamp finder (captions only) and rows about
/// entity offsets rather than detection.
final class EntityFinderTests: XCTestCase {
    private typealias Finder = (EntityFinder) -> [EntityFinder.Entity]

    private func check(_ finder: Finder, _ rows: [(String, [String])], file: StaticString = #filePath, line: UInt = #line) {
        for (input, expected) in rows {
            let entityFinder = EntityFinder(input)
            let found = finder(entityFinder).map { entityFinder.string($0.range) }
            XCTAssertEqual(found, expected, "input \(input.debugDescription)", file: file, line: line)
        }
    }

    func testMentions() {
        check({ $0.mentions() }, [
            ("@mention", ["@mention"]), ("@mention ", ["@mention"]), (" @mention", ["@mention"]), (" @mention ", ["@mention"]),
            ("@abc @xyz @abc @xyz @xxx@yyy @ttt", []),
            ("@abcde @xyzxy @abcde @xyzxy @xxxxx@yyyyy @ttttt", ["@abcde", "@xyzxy", "@abcde", "@xyzxy", "@xxxxx", "@ttttt"]),
            ("no@mention", []), ("@n", []),
            ("@abcdefghijklmnopqrstuvwxyz123456", ["@abcdefghijklmnopqrstuvwxyz123456"]),
            ("@abcdefghijklmnopqrstuvwxyz1234567", []), ("нет@mention", []),
            ("@ya @gif @wiki @vid @bing @pic @bold @imdb @ImDb @coub @like @vote @giff @cap ya cap @y @yar @bingg @bin",
             ["@gif", "@wiki", "@vid", "@bing", "@pic", "@bold", "@imdb", "@ImDb", "@coub", "@like", "@vote", "@giff", "@bingg"]),
        ])
    }

    func testBotCommands() {
        check({ $0.botCommands() }, [
            ("/abc", ["/abc"]), (" /abc", ["/abc"]), ("/abc ", ["/abc"]), (" /abc ", ["/abc"]), ("/a@abc", ["/a@abc"]),
            ("/a@b", []), ("/@bfdsa", []), ("/test/", []),
        ])
    }

    func testHashtags() {
        let ones = { (n: Int) in String(repeating: "1", count: n) }
        check({ $0.hashtags() }, [
            ("", []), ("#", []), ("##", []), ("###", []), ("#a", ["#a"]), (" #a", ["#a"]), ("#a ", ["#a"]), (" #я ", ["#я"]),
            (" я#a ", []), (" #a# ", []), (" #123 ", []), (" #123a ", ["#123a"]), (" #a123 ", ["#a123"]), (" #123a# ", []),
            (" #" + ones(300), []), (" #" + ones(256), []), (" #" + ones(256) + "a ", []),
            (" #" + ones(255) + "a", ["#" + ones(255) + "a"]), (" #" + ones(255) + "Я", ["#" + ones(255) + "Я"]),
            (" #" + ones(255) + "a" + String(repeating: "b", count: 255) + "# ", []),
            ("#a#b #c #d", ["#c", "#d"]), ("#test", ["#test"]), ("#te·st", ["#te·st"]),
            ("\u{1F604}\u{1F604}\u{1F604}\u{1F604} \u{1F604}\u{1F604}\u{1F604}#" + ones(200) + "ООО" + String(repeating: "2", count: 200),
             ["#" + ones(200) + "ООО" + String(repeating: "2", count: 53)]),
            ("#a\u{2122}", ["#a"]), ("#a൹", ["#a"]), ("#aඁං෴ก฿", ["#aඁං෴ก"]),
        ])
    }

    func testCashtags() {
        check({ $0.cashtags() }, [
            ("", []), ("$", []), ("$$", []), ("$$$", []), ("$a", []), (" $a", []), ("$a ", []), (" $я ", []), ("$ab", []),
            ("$abc", []), ("$A", ["$A"]), ("$AB", ["$AB"]), ("$ABС", []), ("$АBC", []), ("$АВС", []), ("$ABC", ["$ABC"]),
            ("$ABCD", ["$ABCD"]), ("$ABCDE", ["$ABCDE"]), ("$ABCDEF", ["$ABCDEF"]), ("$ABCDEFG", ["$ABCDEFG"]),
            ("$ABCDEFGH", ["$ABCDEFGH"]), ("$ABCDEFGHJ", []), ("$ABCDEFGH1", []), (" $XYZ", ["$XYZ"]), ("$XYZ ", ["$XYZ"]),
            (" $XYZ ", ["$XYZ"]), (" $$XYZ ", []), (" $XYZ$ ", []), (" $ABC1 ", []), (" $1ABC ", []), (" 1$ABC ", []),
            (" А$ABC ", []), ("$ABC$DEF $GHI $KLM", ["$GHI", "$KLM"]), ("$TEST", ["$TEST"]), ("$1INC", []),
            ("$1INCH", ["$1INCH"]), ("...$1INCH...", ["$1INCH"]), ("$1inch", []), ("$1INCHA", []), ("$1INCHА", []),
            ("$ABC\u{2122}", ["$ABC"]), ("\u{2122}$ABC", ["$ABC"]), ("\u{2122}$ABC\u{2122}", ["$ABC"]), ("$ABC൹", ["$ABC"]),
            ("$ABCඁ", []), ("$ABCං", []), ("$ABC෴", []), ("$ABCก", []), ("$ABC฿", ["$ABC"]),
        ])
    }

    func testBankCards() {
        check({ $0.bankCards() }, [
            ("", []), ("123456789015", []), ("1234567890120", []), ("1234567890121", []), ("1234567890122", []),
            ("1234567890123", []), ("1234567890124", []), ("1234567890125", []), ("1234567890126", []), ("1234567890127", []),
            ("1234567890128", ["1234567890128"]), ("1234567890129", []), ("12345678901500", ["12345678901500"]),
            ("123456789012800", ["123456789012800"]), ("1234567890151800", ["1234567890151800"]),
            ("12345678901280000", ["12345678901280000"]), ("123456789015009100", ["123456789015009100"]),
            ("1234567890128000000", ["1234567890128000000"]), ("12345678901500910000", []),
            (" - - - - 1 - -- 2 - - -- 34 - - - 56- - 7890150000  - - - -", []),
            (" - - - - 1 - -- 234 - - 56- - 7890150000  - - - -", ["1 - -- 234 - - 56- - 7890150000"]),
            ("4916-3385-0608-2832; 5280 9342 8317 1080 ;345936346788903", ["4916-3385-0608-2832", "5280 9342 8317 1080", "345936346788903"]),
            ("4556728228023269, 4916141675244747020, 49161416752447470, 4556728228023269", ["4556728228023269", "4916141675244747020", "4556728228023269"]),
            ("a1234567890128", []), ("1234567890128a", []), ("1234567890128а", []), ("а1234567890128", []), ("1234567890128_", []),
            ("_1234567890128", []), ("1234567890128/", ["1234567890128"]), ("\"1234567890128", ["1234567890128"]), ("+1234567890128", []),
        ])
    }

    func testTelegramURLs() {
        check({ $0.tgURLs() }, [
            ("", []), ("tg://", []), ("tg://a", ["tg://a"]), ("a", []), ("stg://a", ["tg://a"]),
            ("asd  asdas das ton:asd tg:test ton://resolve tg://resolve TON://_-RESOLVE_- TG://-_RESOLVE-_",
             ["ton://resolve", "tg://resolve", "TON://_-RESOLVE_-", "TG://-_RESOLVE-_"]),
            ("tg:test/", []), ("tg:/test/", []), ("tg://test/", ["tg://test/"]), ("tg://test/?", ["tg://test/"]),
            ("tg://test/#", ["tg://test/#"]), ("tg://test?", ["tg://test"]), ("tg://test#", ["tg://test"]),
            ("tg://test/―asd―?asd=asd&asdas=―#――――", ["tg://test/―asd―?asd=asd&asdas=―#――――"]), ("tg://test/?asd", ["tg://test/?asd"]),
            ("tg://test/?.:;,('?!`.:;,('?!`", ["tg://test/"]), ("tg://test/#asdf", ["tg://test/#asdf"]), ("tg://test?asdf", ["tg://test?asdf"]),
            ("tg://test#asdf", ["tg://test#asdf"]), ("tg://test?as‖df", ["tg://test?as"]), ("tg://test?sa<df", ["tg://test?sa"]),
            ("tg://test?as>df", ["tg://test?as"]), ("tg://test?as\"df", ["tg://test?as"]), ("tg://test?as«df", ["tg://test?as"]),
            ("tg://test?as»df", ["tg://test?as"]), ("tg://test?as(df", ["tg://test?as(df"]), ("tg://test?as)df", ["tg://test?as)df"]),
            ("tg://test?as[df", ["tg://test?as[df"]), ("tg://test?as]df", ["tg://test?as]df"]), ("tg://test?as{df", ["tg://test?as{df"]),
            ("tg://test?as'df", ["tg://test?as'df"]), ("tg://test?as}df", ["tg://test?as}df"]), ("tg://test?as$df", ["tg://test?as$df"]),
            ("tg://test?as%df", ["tg://test?as%df"]), ("tg://%30/sccct", []), ("tg://test:asd@google.com:80", ["tg://test"]),
            ("tg://google.com", ["tg://google"]), ("tg://google/.com", ["tg://google/.com"]), ("tg://127.0.0.1", ["tg://127"]),
            ("tg://б.а.н.а.на", []),
        ])
    }

    func testEmailAddressShape() {
        let rows: [(String, Bool)] = [
            ("telegram.org", false), ("security@telegram.org", true), ("security.telegram.org", false), ("", false), ("@", false),
            ("A@a.a.a.ab", true), ("A@a.ab", true), ("Test@aa.aa.aa.aa", true), ("Test@test.abd", true), ("a@a.a.a.ab", true),
            ("test@test.abd", true), ("test@test.com", true), ("test.abd", false), ("a.ab", false), ("a.bc@d.ef", true),
        ]
        for (input, expected) in rows { XCTAssertEqual(EntityFinder.isEmailAddress(input), expected, input) }
        // TDLib's cross product of user parts and domains: only good × good is an address.
        let badUsers = ["", "a.a.a.a.a.a.a.a.a.a.a.a", "+.+.+.+.+.+", "*.a.a", "a.*.a", "a.a.*", "a.a.", "a.a.abcdefghijklmnopqrstuvwxyz0123456789",
                        "a.abcdefghijklmnopqrstuvwxyz0.a", "abcdefghijklmnopqrstuvwxyz0.a.a"]
        let goodUsers = ["a.a.a.a.a.a.a.a.a.a.a", "a+a+a+a+a+a+a+a+a+a+a", "+.+.+.+.+._", "aozAQZ0-5-9_+-aozAQZ0-5-9_.aozAQZ0-5-9_.-._.+-", "a.a.a",
                         "a.a.abcdefghijklmnopqrstuvwxyz012345678", "a.abcdefghijklmnopqrstuvwxyz.a", "a..a", "abcdefghijklmnopqrstuvwxyz.a.a", ".a.a"]
        let badDomains = ["", ".", "abc", "localhost", "a.a.a.a.a.a.a.ab", ".......", "a.a.a.a.a.a+ab", "a+a.a.a.a.a.ab", "a.a.a.a.a.a.a",
                          "a.a.a.a.a.a.abcdefghi", "a.a.a.a.a.a.ab0yz", "a.a.a.a.a.a.ab9yz", "a.a.a.a.a.a.ab-yz", "a.a.a.a.a.a.ab_yz",
                          "a.a.a.a.a.a.ab*yz", ".ab", ".a.ab", "a..ab", "a.a.a..a.ab", ".a.a.a.a.ab", "abcdefghijklmnopqrstuvwxyz01234.ab",
                          "ab0cd.abd.aA*sd.0.9.0-9.ABOYZ", "ab*cd.abd.aAasd.0.9.0-9.ABOYZ", "ab0cd.abd.aAasd.0.9.0*9.ABOYZ",
                          "*b0cd.ab_d.aA-sd.0.9.0-9.ABOYZ", "ab0c*.ab_d.aA-sd.0.9.0-9.ABOYZ", "ab0cd.ab_d.aA-sd.0.9.0-*.ABOYZ",
                          "ab0cd.ab_d.aA-sd.0.9.*-9.ABOYZ", "-b0cd.ab_d.aA-sd.0.9.0-9.ABOYZ", "ab0c-.ab_d.aA-sd.0.9.0-9.ABOYZ",
                          "ab0cd.ab_d.aA-sd.-.9.0-9.ABOYZ", "ab0cd.ab_d.aA-sd.0.9.--9.ABOYZ", "ab0cd.ab_d.aA-sd.0.9.0--.ABOYZ",
                          "_b0cd.ab_d.aA-sd.0.9.0-9.ABOYZ", "ab0c_.ab_d.aA-sd.0.9.0-9.ABOYZ", "ab0cd.ab_d.aA-sd._.9.0-9.ABOYZ",
                          "ab0cd.ab_d.aA-sd.0.9._-9.ABOYZ", "ab0cd.ab_d.aA-sd.0.9.0-_.ABOYZ", "-.ab_d.aA-sd.0.9.0-9.ABOYZ",
                          "ab0cd.ab_d.-.0.9.0-9.ABOYZ", "ab0cd.ab_d.aA-sd.0.9.-.ABOYZ", "_.ab_d.aA-sd.0.9.0-9.ABOYZ",
                          "ab0cd.ab_d._.0.9.0-9.ABOYZ", "ab0cd.ab_d.aA-sd.0.9._.ABOYZ"]
        let goodDomains = ["a.a.a.a.a.a.ab", "a.a.a.a.a.a.abcdef", "a.a.a.a.a.a.aboyz", "a.a.a.a.a.a.ABOYZ", "a.a.a.a.a.a.AbOyZ",
                           "abcdefghijklmnopqrstuvwxyz0123.ab", "ab0cd.ab_d.aA-sd.0.9.0-9.ABOYZ", "A.Z.aA-sd.a.z.0-9.ABOYZ"]
        for user in badUsers + goodUsers {
            for domain in badDomains + goodDomains {
                let expected = goodUsers.contains(user) && goodDomains.contains(domain)
                XCTAssertEqual(EntityFinder.isEmailAddress(user + "@" + domain), expected, user + "@" + domain)
                XCTAssertFalse(EntityFinder.isEmailAddress(user + domain), user + domain)
            }
        }
    }

    /// `find_urls`: URLs and, separately, e-mail addresses.
    private func checkURLs(_ rows: [(String, [String], [String])], file: StaticString = #filePath, line: UInt = #line) {
        for (input, urls, emails) in rows {
            let finder = EntityFinder(input)
            let found = finder.urls()
            XCTAssertEqual(found.filter { $0.kind == .url }.map { finder.string($0.range) }, urls, "URLs in \(input.debugDescription)", file: file, line: line)
            XCTAssertEqual(found.filter { $0.kind == .email }.map { finder.string($0.range) }, emails, "e-mails in \(input.debugDescription)", file: file, line: line)
        }
    }

    func testURLs() {
        let long = "http://" + String(repeating: "abcdefghijk", count: 80) + ".com"
        checkURLs([
            ("telegram.org", ["telegram.org"], []), ("(telegram.org)", ["telegram.org"], []), ("\ntelegram.org)", ["telegram.org"], []),
            (" telegram.org)", ["telegram.org"], []), (".telegram.org)", [], []), ("()telegram.org/?q=()", ["telegram.org/?q=()"], []),
            ("\"telegram.org\"", ["telegram.org"], []), (" telegram. org. www. com... telegram.org... ...google.com...", ["telegram.org"], []),
            (" telegram.org ", ["telegram.org"], []),
            ("Такой сайт: http://www.google.com или такой telegram.org ", ["http://www.google.com", "telegram.org"], []),
            (" telegram.org. ", ["telegram.org"], []), ("http://google,.com", [], []),
            ("http://telegram.org/?asd=123#123.", ["http://telegram.org/?asd=123#123"], []),
            ("[http://google.com](test)", ["http://google.com"], []), ("", [], []), (".", [], []), ("http://@google.com", [], []),
            ("http://@@google.com", [], []), ("http://a@google.com", ["http://a@google.com"], []),
            ("http://test@google.com", ["http://test@google.com"], []), ("google.com:᪉᪉᪉᪉᪉", ["google.com"], []),
            ("https://telegram.org", ["https://telegram.org"], []), ("http://telegram.org", ["http://telegram.org"], []),
            ("ftp://telegram.org", ["ftp://telegram.org"], []), ("ftps://telegram.org", [], []), ("sftp://telegram.org", [], []),
            ("hTtPs://telegram.org", ["hTtPs://telegram.org"], []), ("HTTP://telegram.org", ["HTTP://telegram.org"], []),
            ("аHTTP://telegram.org", ["HTTP://telegram.org"], []), ("sHTTP://telegram.org", [], []), ("://telegram.org", [], []),
            ("google.com:᪀᪀", ["google.com"], []), (long, [], []), ("http://  .com", [], []), ("URL:     .com", [], []),
            ("URL: .com", [], []), (".com", [], []), ("http://  .", [], []), ("http://.", [], []), ("http://.com", [], []),
            (",ahttp://google.com", ["http://google.com"], []), (".ahttp://google.com", [], []), ("http://1.0", [], []),
            ("http://a.0", [], []), ("http://a.a", [], []), ("google.com:1#ab c", ["google.com:1#ab"], []),
            ("google.com:1#", ["google.com:1"], []), ("google.com:1#1", ["google.com:1#1"], []),
            ("google.com:00000001/abs", ["google.com:00000001/abs"], []), ("google.com:000000065535/abs", ["google.com:000000065535/abs"], []),
            ("google.com:000000065536/abs", ["google.com"], []), ("google.com:000000080/abs", ["google.com:000000080/abs"], []),
            ("google.com:0000000/abs", ["google.com"], []), ("google.com:0/abs", ["google.com"], []), ("google.com:/abs", ["google.com"], []),
            ("google.com:65535", ["google.com:65535"], []), ("google.com:65536", ["google.com"], []), ("google.com:99999", ["google.com"], []),
            ("google.com:100000", ["google.com"], []), ("127.001", [], []), ("127.0.0.1", ["127.0.0.1"], []), ("127.0.0.01", [], []),
            ("127.0.0.256", [], []), ("127.0.0.300", [], []), ("127.0.0.1000", [], []), ("127.0.0.260", [], []), ("1.0", [], []),
            ("www.🤙.tk", ["www.🤙.tk"], []), ("a.ab", [], []), ("test.abd", [], []), ("ТеСт.Москва", [], []), ("ТеСт.МоСкВΑ", [], []),
            ("ТеСт.МоСкВа", ["ТеСт.МоСкВа"], []), ("ТеСт.МоСкВач", [], []), ("http://ÀТеСт.МоСкВач", ["http://ÀТеСт.МоСкВач"], []),
            ("ÀÁ.com. ÀÁ.com.", ["ÀÁ.com", "ÀÁ.com"], []), ("ÀÁ.com,ÀÁ.com.", ["ÀÁ.com", "ÀÁ.com"], []), ("teiegram.org/test", [], []),
            ("TeiegraM.org/test", [], []), ("http://test.google.com/?q=abc()}[]def", ["http://test.google.com/?q=abc()"], []),
            ("http://test.google.com/?q=abc([{)]}def", ["http://test.google.com/?q=abc([{)]}def"], []),
            ("http://test.google.com/?q=abc(){}]def", ["http://test.google.com/?q=abc(){}"], []),
            ("http://test.google.com/?q=abc){}[]def", ["http://test.google.com/?q=abc"], []),
            ("http://test.google.com/?q=abc(){}[]def", ["http://test.google.com/?q=abc(){}[]def"], []),
            ("http://test-.google.com", [], []), ("http://test_.google.com", ["http://test_.google.com"], []), ("http://google_.com", [], []),
            ("http://google._com_", [], []), ("tg://resolve", [], []), ("/.b/..a    @.....@/. a.ba", ["a.ba"], []), ("bbbbbbbbbbbbbb.@.@", [], []),
            ("http://google.com/", ["http://google.com/"], []), ("http://google.com?", ["http://google.com"], []),
            ("http://google.com#", ["http://google.com"], []), ("http://google.com##", ["http://google.com##"], []),
            ("http://google.com/?", ["http://google.com/"], []), ("https://www.google.com/ab,", ["https://www.google.com/ab"], []), ("@.", [], []),
            ("https://t.…", [], []), ("('http://telegram.org/a-b/?br=ie&lang=en',)", ["http://telegram.org/a-b/?br=ie&lang=en"], []),
            ("https://ai.telegram.org/bot%20bot/test-...", ["https://ai.telegram.org/bot%20bot/test-"], []),
            ("a.bc@c.com", [], ["a.bc@c.com"]), ("https://a.bc@c.com", ["https://a.bc@c.com"], []),
            ("https://a.de[bc@c.com", ["https://a.de"], ["bc@c.com"]), ("https://a.de/bc@c.com", ["https://a.de/bc@c.com"], []),
            ("https://a.de]bc@c.com", ["https://a.de"], ["bc@c.com"]), ("https://a.de{bc@c.com", ["https://a.de"], ["bc@c.com"]),
            ("https://a.de}bc@c.com", ["https://a.de"], ["bc@c.com"]), ("https://a.de(bc@c.com", ["https://a.de"], ["bc@c.com"]),
            ("https://a.de)bc@c.com", ["https://a.de"], ["bc@c.com"]), ("https://a.debc@c.com", ["https://a.debc@c.com"], []),
            ("https://a.de'bc@c.com", ["https://a.de"], ["bc@c.com"]), ("https://a.de`bc@c.com", ["https://a.de"], ["bc@c.com"]),
            ("https://a.bcde.fg@c.com", ["https://a.bcde.fg@c.com"], []), ("https://a:h.bcde.fg@c.com", ["https://a:h.bcde.fg@c.com"], []),
            ("https://abc@c.com", ["https://abc@c.com"], []), ("https://de[bc@c.com", [], ["bc@c.com"]), ("https://de/bc@c.com", [], []),
            ("https://de]bc@c.com", [], ["bc@c.com"]), ("https://de{bc@c.com", [], ["bc@c.com"]), ("https://de}bc@c.com", [], ["bc@c.com"]),
            ("https://de(bc@c.com", [], ["bc@c.com"]), ("https://de)bc@c.com", [], ["bc@c.com"]), ("https://de\\bc@c.com", ["https://de\\bc@c.com"], []),
            ("https://de'bc@c.com", [], ["bc@c.com"]), ("https://de`bc@c.com", [], ["bc@c.com"]), ("https://bc:defg@c.com", ["https://bc:defg@c.com"], []),
            ("https://a:hbc:defg@c.com", ["https://a:hbc:defg@c.com"], []), ("https://a.bc@test.com:cd.com", ["https://a.bc@test.com", "cd.com"], []),
            ("telegram.Org", [], []), ("telegram.ORG", ["telegram.ORG"], []), ("a.b.c.com.a.b.c", [], []), (".views.py", [], []),
            ("'views.py'", ["views.py"], []), ("//AB.C.D.E.F.GH//", [], []),
            ("<http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>", ["http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"], []),
            ("Look mailto:test@example.com", [], ["test@example.com"]), ("http://test.com#a", ["http://test.com#a"], []),
            ("http://test.com#", ["http://test.com"], []), ("http://test.com?#", ["http://test.com?#"], []), ("http://test.com/?#", ["http://test.com/?#"], []),
            ("https://t.me/abcdef…", ["https://t.me/abcdef"], []), ("https://t.me…", ["https://t.me"], []), ("https://t.m…", [], []),
            ("https://t…", [], []), ("👉http://ab.com/cdefgh-1IJ", ["http://ab.com/cdefgh-1IJ"], []), (".?", [], []),
            ("http://test―‑@―google―.―com―/―–―‐―/―/―/―?―‑―#―――", ["http://test―‑@―google―.―com―/―–―‐―/―/―/―?―‑―#―――"], []),
            ("http://google.com/‖", ["http://google.com/"], []), ("a@b@c.com", [], []), ("abc@c.com@d.com", [], []),
            ("a@b.com:c@1", [], ["a@b.com"]), ("test@test.software", [], ["test@test.software"]), ("a:b?@gmail.com", [], []),
            ("a?:b@gmail.com", [], []), ("a#:b@gmail.com", [], []), ("a:b#@gmail.com", [], []), ("a!:b@gmail.com", ["a!:b@gmail.com"], []),
            ("a:b!@gmail.com", ["a:b!@gmail.com"], []), ("http://test_.com", [], []), ("test_.com", [], []), ("_test.com", [], []),
            ("_.test.com", ["_.test.com"], []),
        ])
    }

    /// TDLib's long mixed paragraph: every URL of it, in order.
    func testURLsInAParagraph() {
        let text = "a.b.google.com dfsknnfs gsdfgsg http://códuia.de/ dffdg,\" 12)(cpia.de/())(\" http://гришка.рф/ sdufhdf "
            + "http://xn--80afpi2a3c.xn--p1ai/ I have a good time.Thanks, guys!\n\n(hdfughidufhgdis) go#ogle.com гришка.рф "
            + "hsighsdf gi почта.рф\n\n✪df.ws/123      xn--80afpi2a3c.xn--p1ai\n\nhttp://foo.com/blah_blah\nhttp://foo.com/blah_blah/\n(Something like "
            + "http://foo.com/blah_blah)\nhttp://foo.com/blah_blah_(wikipedi8989a_Вася)\n(Something like "
            + "http://foo.com/blah_blah_(Стакан_007))\nhttp://foo.com/blah_blah.\nhttp://foo.com/blah_blah/.\n<http://foo.com/"
            + "blah_blah>\n<http://fo@@@@@@@@@^%#*@^&@$#*@#%^*&!^#o.com/blah_blah/>\nhttp://foo.com/blah_blah,\nhttp://"
            + "www.example.com/wpstyle/?p=364.\nhttp://✪df.ws/123\nrdar://1234\nrdar:/1234\nhttp://"
            + "userid:password@example.com:8080\nhttp://userid@example.com\nhttp://userid@example.com:8080\nhttp://"
            + "userid:password@example.com\nhttp://example.com:8080 x-yojimbo-item://6303E4C1-xxxx-45A6-AB9D-3A908F59AE0E\nmessage://"
            + "%3c330e7f8409726r6a4ba78dkf1fd71420c1bf6ff@mail.gmail.com%3e\nhttp://➡️.ws/䨹\nwww.➡️.ws/"
            + "䨹\n<tag>http://example.com</tag>\nJust a www.example.com link.\n\n➡️.ws/"
            + "䨹\n\nabcdefghijklmnopqrstuvwxyz0123456789qwe_sdfsdf.aweawe-sdfs.com\nwww.🤙.tk:1\ngoogle.com:"
            + "᪉᪉᪉᪉\ngoogle.com:᪀᪀\nhttp://  .com\nURL:     .com\nURL: "
            + ".com\n\ngoogle.com?qwe\ngoogle.com#qwe\ngoogle.com/?\ngoogle.com/#\ngoogle.com?\ngoogle.com#\n"
        let expected = ["a.b.google.com", "http://códuia.de/", "cpia.de/()", "http://гришка.рф/", "http://xn--80afpi2a3c.xn--p1ai/", "гришка.рф",
                        "почта.рф", "✪df.ws/123", "xn--80afpi2a3c.xn--p1ai", "http://foo.com/blah_blah", "http://foo.com/blah_blah/",
                        "http://foo.com/blah_blah", "http://foo.com/blah_blah_(wikipedi8989a_Вася)", "http://foo.com/blah_blah_(Стакан_007)",
                        "http://foo.com/blah_blah", "http://foo.com/blah_blah/", "http://foo.com/blah_blah", "http://foo.com/blah_blah",
                        "http://www.example.com/wpstyle/?p=364", "http://✪df.ws/123", "http://userid:password@example.com:8080",
                        "http://userid@example.com", "http://userid@example.com:8080", "http://userid:password@example.com", "http://example.com:8080",
                        "http://➡️.ws/䨹", "www.➡️.ws/䨹", "http://example.com", "www.example.com", "➡️.ws/䨹",
                        "abcdefghijklmnopqrstuvwxyz0123456789qwe_sdfsdf.aweawe-sdfs.com", "www.🤙.tk:1", "google.com", "google.com", "google.com?qwe",
                        "google.com#qwe", "google.com/", "google.com/#", "google.com", "google.com"]
        checkURLs([(text, expected, [])])
    }
}
