// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// Caret's own words in one language, read from `Assets/Strings/<language>.json`
/// (docs/behaviour/localisation.md): each key holds a text, or texts by plural category.
/// Placeholders are `{name}` and are filled in by name.
struct StringTable: Sendable {
    enum Entry: Sendable, Equatable {
        case text(String)
        case plural([String: String])
    }

    let language: String
    let entries: [String: Entry]

    /// Reads a table; a file that is not one is an error naming the file and the place.
    init(contentsOf path: String, language: String) throws(CaretError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
        }
        try self.init(data: data, path: path, language: language)
    }

    init(data: Data, path: String, language: String) throws(CaretError) {
        self.language = language
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CaretError.assetUnreadable(path: path, reason: JSONFileError.describe(error, in: data))
        }
        guard let dictionary = object as? [String: Any] else {
            throw CaretError.assetUnreadable(path: path, reason: "not a string table: not an object of keys")
        }
        var entries: [String: Entry] = [:]
        for (key, value) in dictionary where !key.hasPrefix("//") {
            if let text = value as? String {
                entries[key] = .text(text)
            } else if let forms = value as? [String: Any], let texts = forms as? [String: String], texts["other"] != nil {
                entries[key] = .plural(texts)
            } else {
                throw CaretError.assetUnreadable(
                    path: path, reason: "\(key): neither a text nor plural forms with \"other\"")
            }
        }
        self.entries = entries
    }

    /// The text of a key, its plural form chosen by `count` under `rules`; nil when the table lacks it.
    /// A key's text from the first of `tables` that has it (a language's, then English's), its
    /// plural form chosen by `count`, placeholders filled in (`{count}` in the language's digits);
    /// the key itself when none has it.
    static func text(_ key: String, from tables: [StringTable], language: String, count: Int?, _ arguments: [String: String]) -> String {
        var arguments = arguments
        if let count, arguments["count"] == nil { arguments["count"] = Localization.number(count, language: language) }
        for table in tables {
            // The plural rules are read only for a count: a plain text (a key's label) needs none.
            let rules = count == nil ? nil : Localization.pluralRules(table.language)
            if let text = table.text(key, count: count, rules: rules) { return fill(text, arguments) }
        }
        return key
    }

    func text(_ key: String, count: Int?, rules: PluralRules?) -> String? {
        switch entries[key] {
        case .text(let text): return text
        case .plural(let forms):
            let category = count.map { rules?.category(for: $0) ?? ($0 == 1 ? "one" : "other") } ?? "other"
            return forms[category] ?? forms["other"]
        case nil: return nil
        }
    }

    /// The placeholders a text names (`{count}`), for checking translations against English.
    static func placeholders(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// A text with its placeholders filled in.
    static func fill(_ text: String, _ arguments: [String: String]) -> String {
        guard text.contains("{") else { return text }
        var result = text
        for (name, value) in arguments { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }
}

/// An app's own words in many languages, kept as Caret keeps its own (docs/behaviour/localisation.md):
/// a folder of `<language>.json` tables of keys to texts or CLDR plural forms, `{name}`
/// placeholders, English (`en.json`) where a language or a key is missing. Foundation on Linux
/// has no working plural forms (`.stringsdict`), and a kiosk changes language per guest.
public struct LocalizedStrings: Sendable {
    /// Each language's table file.
    private let files: [String: String]
    private let english: StringTable
    /// The other languages' tables, read when first asked (nil: it could not be read).
    private let read: ReadTables

    private final class ReadTables: Sendable {
        let tables = Mutex<[String: StringTable?]>([:])
    }

    /// Reads English's table, the fallback of every other, and finds the others: each is read the
    /// first time its words are asked, so an app offering sixty languages reads one or two. A
    /// table that cannot be read then is reported once on the console and English is used, as
    /// for Caret's own words; an English table that cannot be read is an error naming it and the place.
    public init(folder: String) throws(CaretError) {
        var files: [String: String] = [:]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasSuffix(".json") {
            files[String(file.dropLast(5))] = (folder as NSString).appendingPathComponent(file)
        }
        guard let englishFile = files["en"] else {
            throw CaretError.assetUnreadable(path: folder, reason: "no en.json: English is every table's fallback")
        }
        english = try StringTable(contentsOf: englishFile, language: "en")
        self.files = files
        read = ReadTables()
    }

    /// The languages with a table.
    public var languages: Set<String> { Set(files.keys) }

    /// A language's table, read the first time it is asked; nil when it has none or it cannot be read.
    private func table(_ language: String) -> StringTable? {
        if language == "en" { return english }
        guard let file = files[language] else { return nil }
        if let known = read.tables.withLock({ $0[language] }) { return known }
        var table: StringTable?
        do {
            table = try StringTable(contentsOf: file, language: language)
        } catch {
            Localization.report("\(error); its words are shown in English")
        }
        read.tables.withLock { $0[language] = .some(table) }
        return table
    }

    /// The process's preferred languages, as Caret's own words follow them: those the environment
    /// names as gettext reads it (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), then Foundation's.
    public static var processLanguages: [String] {
        Localization.environmentLanguages(ProcessEnvironment.values(Localization.environmentLanguageNames)) + Locale.preferredLanguages
    }

    /// The table language that serves a list of preferred languages ("de-AT" → "de"); English when none does.
    public func language(for preferred: [String]) -> String {
        for tag in preferred {
            for candidate in Localization.candidates(for: tag) where files[candidate] != nil { return candidate }
        }
        return "en"
    }

    /// A key's text in a language, its plural form chosen by `count`, placeholders filled in
    /// (`{count}` in the language's digits); the key itself when no table has it.
    public func string(_ key: String, language: String, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        StringTable.text(key, from: [table(language), english].compactMap { $0 }, language: language, count: count, arguments)
    }
}
