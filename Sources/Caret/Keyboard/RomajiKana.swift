// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Romaji to hiragana as Japanese input methods convert it while typing (Hepburn and kunrei
/// spellings, "nn" and "n'" for ん, a doubled consonant for っ, "x" and "l" for small kana,
/// "-" for ー): letters in, kana out, with the letters that may still begin a kana kept pending.
package struct RomajiKana: Sendable {
    /// The kana typed so far.
    package private(set) var kana = ""
    /// Letters that do not make a kana yet ("k", "sh", "n").
    package private(set) var pending = ""

    /// Creates an empty converter.
    package init() {}

    /// What the preedit shows: the kana, then the pending letters.
    package var text: String { kana + pending }

    /// Whether nothing is typed.
    package var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// Types letters (or kana, or punctuation, which pass through).
    package mutating func type(_ text: String) {
        for character in text.lowercased() { type(character) }
    }

    private mutating func type(_ character: Character) {
        pending.append(character)
        while !pending.isEmpty {
            if let kana = Self.table[pending] {
                self.kana += kana
                pending = ""
                return
            }
            // A doubled consonant (not n): っ and the consonant again.
            let letters = Array(pending)
            if letters.count >= 2, letters[0] == letters[1], letters[0] != "n", Self.consonants.contains(letters[0]) {
                kana += "っ"
                pending.removeFirst()
                continue
            }
            // n before a consonant that does not make a kana with it: ん.
            if letters.count >= 2, letters[0] == "n", !Self.prefixes.contains(pending) {
                kana += "ん"
                pending.removeFirst()
                continue
            }
            if Self.prefixes.contains(pending) { return }
            // Not romaji: the first character passes through as typed.
            kana.append(letters[0])
            pending.removeFirst()
        }
    }

    /// Removes the last pending letter, else the last kana; false when there was nothing.
    package mutating func deleteBackward() -> Bool {
        if !pending.isEmpty {
            pending.removeLast()
            return true
        }
        if !kana.isEmpty {
            kana.removeLast()
            return true
        }
        return false
    }

    /// Turns the last kana into its voiced (゛), semi-voiced (゜) or small (小) form, as the kana
    /// keyboard's modifier keys do; false when it has none.
    package mutating func modifyLast(_ modifier: Character) -> Bool {
        guard pending.isEmpty, let last = kana.unicodeScalars.last else { return false }
        let table: [Unicode.Scalar: Unicode.Scalar]
        switch modifier {
        case "゛": table = Self.voiced
        case "゜": table = Self.semiVoiced
        case "小": table = Self.small
        default: return false
        }
        guard let modified = table[last] else { return false }
        kana.unicodeScalars.removeLast()
        kana.unicodeScalars.append(modified)
        return true
    }

    private static func pairs(_ plain: String, _ modified: String) -> [Unicode.Scalar: Unicode.Scalar] {
        Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, modified.unicodeScalars))
    }
    private static let voiced = pairs("かきくけこさしすせそたちつてとはひふへほうばびぶべぼ", "がぎぐげござじずぜぞだぢづでどばびぶべぼゔはひふへほ")
    private static let semiVoiced = pairs("はひふへほばびぶべぼぱぴぷぺぽ", "ぱぴぷぺぽぱぴぷぺぽはひふへほ")
    private static let small = pairs("あいうえおやゆよつわぁぃぅぇぉゃゅょっゎ", "ぁぃぅぇぉゃゅょっゎあいうえおやゆよつわ")

    /// The kana as it would be committed: a pending "n" becomes ん, other pending letters stay.
    package var finished: String { kana + (pending == "n" ? "ん" : pending) }

    /// Forgets everything.
    package mutating func clear() {
        kana = ""
        pending = ""
    }

    private static let consonants = Set("bcdfghjklmpqrstvwxyz")

    /// Romaji spellings and their kana.
    static let table: [String: String] = {
        var table: [String: String] = ["a": "あ", "i": "い", "u": "う", "e": "え", "o": "お", "-": "ー", "nn": "ん", "n'": "ん"]
        let rows: [(String, String)] = [
            ("k", "かきくけこ"), ("g", "がぎぐげご"), ("s", "さしすせそ"), ("z", "ざじずぜぞ"), ("t", "たちつてと"),
            ("d", "だぢづでど"), ("n", "なにぬねの"), ("h", "はひふへほ"), ("b", "ばびぶべぼ"), ("p", "ぱぴぷぺぽ"),
            ("m", "まみむめも"), ("r", "らりるれろ"), ("x", "ぁぃぅぇぉ"), ("l", "ぁぃぅぇぉ"),
        ]
        for (consonant, kana) in rows {
            for (vowel, character) in zip("aiueo", kana) { table[consonant + String(vowel)] = String(character) }
        }
        for (spelling, kana) in [
            ("ya", "や"), ("yu", "ゆ"), ("yo", "よ"), ("wa", "わ"), ("wo", "を"), ("shi", "し"), ("chi", "ち"), ("tsu", "つ"),
            ("fu", "ふ"), ("ji", "じ"), ("xya", "ゃ"), ("xyu", "ゅ"), ("xyo", "ょ"), ("lya", "ゃ"), ("lyu", "ゅ"), ("lyo", "ょ"),
            ("xtsu", "っ"), ("ltsu", "っ"), ("xtu", "っ"), ("ltu", "っ"), ("xwa", "ゎ"), ("vu", "ゔ"), ("ye", "いぇ"),
            ("fa", "ふぁ"), ("fi", "ふぃ"), ("fe", "ふぇ"), ("fo", "ふぉ"), ("ti", "てぃ"), ("di", "でぃ"), ("tu", "つ"),
            ("du", "づ"), ("si", "し"), ("zi", "じ"), ("hu", "ふ"), ("wi", "うぃ"), ("we", "うぇ"), ("va", "ゔぁ"), ("vi", "ゔぃ"),
            ("ve", "ゔぇ"), ("vo", "ゔぉ"), ("je", "じぇ"), ("she", "しぇ"), ("che", "ちぇ"),
        ] {
            table[spelling] = kana
        }
        // Contracted sounds: kya, sha, cha, ja, nya ...
        let small = ["a": "ゃ", "u": "ゅ", "o": "ょ"]
        for (prefix, base) in [
            ("ky", "き"), ("gy", "ぎ"), ("sy", "し"), ("sh", "し"), ("zy", "じ"), ("jy", "じ"), ("j", "じ"), ("ty", "ち"),
            ("ch", "ち"), ("cy", "ち"), ("dy", "ぢ"), ("ny", "に"), ("hy", "ひ"), ("by", "び"), ("py", "ぴ"), ("my", "み"),
            ("ry", "り"),
        ] {
            for (vowel, kana) in small { table[prefix + vowel] = base + kana }
        }
        return table
    }()

    /// Every proper prefix of a spelling: letters that may still become a kana.
    static let prefixes: Set<String> = {
        var prefixes = Set<String>()
        for spelling in table.keys {
            var prefix = ""
            for character in spelling.dropLast() {
                prefix.append(character)
                prefixes.insert(prefix)
            }
        }
        return prefixes
    }()
}
