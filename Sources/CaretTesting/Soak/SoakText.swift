// SPDX-License-Identifier: Apache-2.0
/// Text a soak types, pastes and composes: plain words and the hard cases of Unicode text
/// input — emoji sequences, combining marks (also with no base), variation selectors, every
/// line-break form, control characters, scripts in both directions — and raw bytes that are not
/// valid UTF-8.
enum SoakText {
    static let words = [
        "the", "quick", "brown", "fox", "a", "I", "hello", "Caret", "kiosk", "ok", "x", "42", "3.14", "-7",
        "user@example.com", "https://example.com/a?b=c", "+44 20 7946 0958", "(555)", "don't", "co-op", "naïve",
    ]

    /// Words as people mistype them: typed key by key on the on-screen keyboard, then a space,
    /// so that autocorrection (with dictionaries) has something to correct.
    static let misspellings = ["teh", "recieve", "adress", "wich", "thier", "becuase", "hte", "untill", "beleive", "tommorow"]

    static let hardPieces = [
        // Emoji: skin tone, family (ZWJ), flag, keycap, a lone regional indicator, a lone modifier.
        "👍🏽", "👨‍👩‍👧", "🇩🇪", "1️⃣", "🇯", "🏽", "❤️", "😀",
        // Combining marks, on a base and on nothing; a variation selector and joiners alone.
        "e\u{301}", "a\u{308}\u{301}", "\u{301}", "\u{301}\u{302}", "\u{FE0F}", "\u{200D}", "\u{200B}", "\u{2060}",
        // Hangul syllable and jamo, Devanagari with a vowel sign, Thai, CJK, Arabic, Hebrew.
        "한글", "\u{1100}\u{1161}", "कि", "नमस्ते", "ภาษาไทย", "日本語", "テキスト", "مرحبا", "שלום",
        // Every line-break form, tabs and controls.
        "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\t", "\u{0}", "\u{7F}", "\u{1B}",
        // Mixed directions and scripts in one piece: numbers inside right-to-left text, Latin
        // inside Arabic and Hebrew, a mark between runs.
        "abc مرحبا 123 def", "שלום, world 42!", "(مرحبا) [שלום]", "日本語 and العربية", "x\u{200F}y\u{200E}z",
        // Bidi controls and a BOM.
        "\u{202E}", "\u{2067}", "\u{FEFF}", " ", "  ",
    ]

    /// A short piece of text: a word, a hard case, or a few of them.
    static func piece(_ random: inout SoakRandom) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: return random.pick(words)
        case 4..<7: return random.pick(hardPieces)
        case 7: return String(random.pick(Array("abcdefghijklmnopqrstuvwxyz0123456789 .,;!?")))
        default:
            return (0..<Int.random(in: 2...5, using: &random)).map { _ in
                random.chance(0.5) ? random.pick(words) : random.pick(hardPieces)
            }.joined(separator: random.chance(0.5) ? " " : "")
        }
    }

    /// Text to paste, up to `maximumLength` UTF-16 units: mostly short, sometimes lines of text,
    /// rarely huge (one long line, or many lines).
    static func paste(_ random: inout SoakRandom, maximumLength: Int) -> String {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.7 { return (0..<Int.random(in: 1...8, using: &random)).map { _ in piece(&random) }.joined() }
        let length: Int
        if roll < 0.95 {
            length = Int.random(in: 100...min(maximumLength, 5_000), using: &random)
        } else {
            length = Int.random(in: min(maximumLength, 5_000)...maximumLength, using: &random)
        }
        let unit = random.chance(0.5) ? "lorem ipsum dolor sit amet 👍🏽 e\u{301} " : "line of text\n"
        let noBreaks = random.chance(0.3)
        var text = String(repeating: noBreaks ? "x" : unit, count: max(1, length / (noBreaks ? 1 : unit.utf16.count)))
        if random.chance(0.5) { text += random.pick(hardPieces) }
        return text
    }

    /// Bytes of a text event: valid UTF-8, truncated sequences, lone continuation bytes,
    /// overlong forms, surrogates encoded in UTF-8, and bytes that never occur in UTF-8.
    static func rawBytes(_ random: inout SoakRandom) -> [UInt8] {
        let samples: [[UInt8]] = [
            Array("ok".utf8), Array("é".utf8), Array("👍🏽".utf8),
            [0xE2, 0x82], [0xF0, 0x9F, 0x91], [0x80], [0xBF, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
            [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xC3, 0x28], [0x61, 0xCC],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            bytes += random.chance(0.8) ? random.pick(samples) : [UInt8.random(in: 1...255, using: &random)]
        }
        return Array(bytes.prefix(31))  // an SDL text event holds at most 31 bytes
    }

    /// Preedit strings of a composition, growing then converted (Korean, Japanese, Chinese).
    static func composition(_ random: inout SoakRandom) -> (steps: [String], commit: String) {
        let cases: [([String], String)] = [
            (["ㅎ", "하", "한"], "한"),
            (["ㄱ", "그", "글"], "글"),
            (["k", "か", "かn", "かん", "かんj", "かんじ"], "漢字"),
            (["n", "に", "にh", "にほ", "にほn", "にほん", "にほんご"], "日本語"),
            (["z", "zh", "zho", "zhong"], "中"),
            (["e", "é"], "é"),
            (["👍", "👍🏽"], "👍🏽"),
        ]
        let (steps, commit) = random.pick(cases)
        return (steps, commit)
    }
}
