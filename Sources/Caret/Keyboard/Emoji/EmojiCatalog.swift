// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The emoji the panel offers (docs/keyboard.md, emoji): those the colour font draws, in Unicode's
/// order, by category, with their skin tones (`Assets/Emoji/emoji.txt`, built by
/// `Scripts/emoji/build_emoji.py`).
struct EmojiCatalog: Sendable {
    /// One emoji and the forms a long press offers.
    struct Entry: Sendable, Equatable {
        /// The emoji as the panel shows it.
        var emoji: String
        /// Its category's CLDR label type ("smileys_people", "flags"…).
        var category: String
        /// Its five skin-tone forms, lightest first; empty when it has none.
        var tones: [String]
    }

    /// Every emoji, in order.
    let entries: [Entry]
    /// The categories in order.
    let categories: [String]

    /// The emoji of a category, in order.
    func entries(in category: String) -> [Entry] { entries.filter { $0.category == category } }

    /// The entry of an emoji or of one of its skin-tone forms.
    func entry(for emoji: String) -> Entry? { entries.first { $0.emoji == emoji || $0.tones.contains(emoji) } }

    /// Reads `category<TAB>emoji[<TAB>tone tone tone tone tone]` lines; a file that is not one is an
    /// error naming the line.
    static func load(contentsOf path: String) throws(CaretError) -> EmojiCatalog {
        var entries: [Entry] = []
        var categories: [String] = []
        for (number, fields) in try EmojiFile.lines(of: path) {
            guard fields.count == 2 || fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw CaretError.assetUnreadable(path: path, reason: "line \(number): not “category, emoji, skin tones”")
            }
            let tones = fields.count == 3 ? fields[2].split(separator: " ").map(String.init) : []
            guard tones.isEmpty || tones.count == 5 else {
                throw CaretError.assetUnreadable(path: path, reason: "line \(number): not five skin tones")
            }
            if !categories.contains(fields[0]) { categories.append(fields[0]) }
            entries.append(Entry(emoji: fields[1], category: fields[0], tones: tones))
        }
        guard !entries.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "lists no emoji") }
        return EmojiCatalog(entries: entries, categories: categories)
    }
}

/// Emoji names and keywords in one language, from CLDR's annotations (`Assets/Emoji/<language>.txt`):
/// what the panel's search finds emoji by and what a screen reader says for each.
struct EmojiNames: Sendable {
    /// Each emoji's short name.
    let names: [String: String]
    /// Each emoji's keywords.
    let keywords: [String: [String]]
    /// The categories' names (CLDR's character labels), by their type.
    let categoryNames: [String: String]

    /// Reads `=category<TAB>name` and `emoji<TAB>name<TAB>keyword|keyword…` lines.
    static func load(contentsOf path: String) throws(CaretError) -> EmojiNames {
        var names: [String: String] = [:]
        var keywords: [String: [String]] = [:]
        var categories: [String: String] = [:]
        for (number, fields) in try EmojiFile.lines(of: path) {
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw CaretError.assetUnreadable(path: path, reason: "line \(number): not “emoji, name, keywords”")
            }
            if fields[0].hasPrefix("=") {
                categories[String(fields[0].dropFirst())] = fields[1]
            } else {
                names[fields[0]] = fields[1]
                keywords[fields[0]] = fields.count > 2 ? fields[2].split(separator: "|").map(String.init) : []
            }
        }
        guard !names.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "names no emoji") }
        return EmojiNames(names: names, keywords: keywords, categoryNames: categories)
    }

    /// The emoji whose name or keywords match every word of `query` (each word the start of one of
    /// theirs, case and accents aside), best first: a name that is the query, a name that begins
    /// with it, a word of the name, then keywords; in the catalog's order within each.
    func search(_ query: String, in catalog: EmojiCatalog, limit: Int = 40) -> [String] {
        let wanted = Self.words(of: query)
        guard !wanted.isEmpty else { return [] }
        let whole = Self.folded(query.trimmingCharacters(in: .whitespaces))
        var found: [(emoji: String, rank: Int, order: Int)] = []
        for (order, entry) in catalog.entries.enumerated() {
            guard let name = names[entry.emoji] else { continue }
            let nameWords = Self.words(of: name)
            let keywordWords = (keywords[entry.emoji] ?? []).flatMap(Self.words(of:))
            let all = nameWords + keywordWords
            guard wanted.allSatisfy({ word in all.contains { $0.hasPrefix(word) } }) else { continue }
            let folded = Self.folded(name)
            let rank: Int
            if folded == whole {
                rank = 0
            } else if folded.hasPrefix(whole) {
                rank = 1
            } else if wanted.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) {
                rank = 2
            } else if wanted.allSatisfy({ word in keywordWords.contains(word) }) {
                rank = 3
            } else {
                rank = 4
            }
            found.append((entry.emoji, rank, order))
        }
        return found.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.prefix(limit).map(\.emoji)
    }

    /// A text's words, folded (lower case, no accents), split at anything not a letter or digit.
    static func words(of text: String) -> [String] {
        folded(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// The lines of an emoji data file, split at tabs (`#` lines and empty ones skipped).
enum EmojiFile {
    static func lines(of path: String) throws(CaretError) -> [(number: Int, fields: [String])] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw CaretError.invalidUTF8(context: path) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.isEmpty || line.hasPrefix("#") ? nil : (index + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
        }
    }
}

/// The bundled emoji data, read once per process: the catalog and each language's names.
@MainActor
enum BundledEmoji {
    private static var catalogRead: Result<EmojiCatalog, CaretError>?
    private static var namesRead: [String: Result<EmojiNames, CaretError>] = [:]

    /// The catalog; a failure when the assets have none or it is broken.
    static var catalog: Result<EmojiCatalog, CaretError> {
        if let catalogRead { return catalogRead }
        let result: Result<EmojiCatalog, CaretError>
        do throws(CaretError) {
            result = .success(try EmojiCatalog.load(contentsOf: try Assets.path(for: "Emoji/emoji.txt")))
        } catch { result = .failure(error) }
        catalogRead = result
        return result
    }

    /// The names in a language ("pt-BR" falls back to "pt", anything unnamed to English); nil
    /// when the assets have none.
    static func names(for language: String) -> Result<EmojiNames, CaretError>? {
        let candidates = [language, String(language.split(separator: "-").first ?? ""), "en"]
        for name in candidates where !name.isEmpty {
            if let result = namesRead[name] { return result }
            guard let path = try? Assets.path(for: "Emoji/\(name).txt") else { continue }
            let result: Result<EmojiNames, CaretError>
            do throws(CaretError) { result = .success(try EmojiNames.load(contentsOf: path)) } catch { result = .failure(error) }
            namesRead[name] = result
            return result
        }
        return nil
    }
}
