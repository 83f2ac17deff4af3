// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The letters, numbers and symbols of one language, and the alternates a long press offers.
public struct KeyboardLanguage: Decodable, Hashable, Sendable {
    /// A short code ("en", "de", "fr").
    public var identifier: String
    /// The name in the language itself ("Deutsch").
    public var name: String
    /// What the space bar shows while more than one language is offered ("DE").
    public var shortName: String
    /// The space bar's label.
    public var space: String
    /// Rows of the letters plane.
    public var letters: [[String]]
    /// Rows of the numbers plane.
    public var numbers: [[String]]
    /// Rows of the symbols plane.
    public var symbols: [[String]]
    /// Alternates by key text, in the order offered ("e": "éèêë").
    public var alternates: [String: String]
    /// Whether the language is written right to left (Arabic, Hebrew, Persian): an empty field
    /// being typed into with it starts at the right, and no English suggestions are offered.
    public var rightToLeft: Bool?
    /// The label of the key back to the letters ("ABC"; "أبج" in Arabic).
    public var lettersLabel: String?
    /// What a key shows where its text cannot be seen, by key text (Persian's zero-width
    /// non-joiner, U+200C: "نیم‌فاصله"); such a key is 1.5 units wide unless its row says.
    public var labels: [String: String]?
    /// The language as BCP 47 (`TextInputMode.primaryLanguage`: "en-US", "ko-KR", "zh-Hans").
    public var locale: String?
    /// The decimal pad's separator while this language is shown ("," in German, "٫" in Arabic).
    public var decimalSeparator: String?
    /// What shift turns a key into where case mapping does not say it (Turkish i → İ, the
    /// second layer of InScript and Kedmanee keys, Korean double consonants).
    public var shifted: [String: String]?
    /// Whether the script has no case: shift gives only what `shifted` lists (Georgian, whose
    /// capitals are not typed; Korean, Thai, Indic scripts).
    public var caseless: Bool?
    /// Whether autocapitalisation may turn shift on (by default it may, unless the script is
    /// caseless): false where a capital is another letter (ITRANS: "n" is न, "N" is ण).
    public var shiftsAutomatically: Bool?
    /// The word list of the suggestion bar (`Assets/Words/<words>.txt`; by default the
    /// identifier's, then its language part's: "pt-BR" uses "pt").
    public var words: String?
    /// What the bar predicts after a committed word, where words are not separated by spaces
    /// (`Assets/Words/<nextWords>.txt`: "ja-next"); nil: no predictions.
    public var nextWords: String?
    /// The composition engine the keys feed (Korean, Japanese, Chinese), or nil: keys type.
    public var composition: KeyboardComposition?
    /// The handwriting model of a writing pad in place of the letters ("ja", "zh-Hans", "latin",
    /// "greek", "cyrillic"), or nil: the letters are keys.
    public var handwriting: String?
}

/// How a language's keys compose: the engine, its schema, and what each key sends it.
public struct KeyboardComposition: Decodable, Hashable, Sendable {
    /// The engine: "hangul" (libhangul), "rime" (librime), "anthy" (anthy), "m17n" (libm17n).
    public var engine: String
    /// The engine's layout or schema ("2": two-set Hangul; "luna_pinyin_simp", "bopomofo_tw",
    /// "cangjie5"; "romaji" or "kana" for anthy; m17n-db's method, "vi-telex", "hi-itrans").
    public var schema: String
    /// The engine's key for a key's text, where it differs (ㅂ → "q", ㄅ → "1", 日 → "a").
    public var keys: [String: String]?
    /// The space bar's label while a reading is composed, where space converts it ("変換").
    public var convertLabel: String?
    /// The space bar's label while a clause is converted, where space steps its candidates ("次候補").
    public var nextCandidateLabel: String?
    /// The return key's label while composing, where Return confirms ("確定").
    public var confirmLabel: String?

    /// Creates a composition description.
    public init(engine: String, schema: String, keys: [String: String]? = nil) {
        self.engine = engine
        self.schema = schema
        self.keys = keys
    }
}
