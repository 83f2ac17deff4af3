// SPDX-License-Identifier: Apache-2.0
import CCaretSpell
import Caret
import Foundation

/// Hunspell's dictionaries as the core's `SpellingDictionaries`: every `<language>.aff` and
/// `.dic` pair in the folders searched (Debian's `hunspell-*` packages install theirs in
/// `/usr/share/hunspell`; an app adds its own folders first). A dictionary opens the first time
/// its language is asked for; one that does not open is left out, with the reason in `problems`.
@preconcurrency @MainActor
public final class HunspellDictionaries: SpellingDictionaries {
    /// The folders searched, in order.
    public let folders: [String]
    /// Dictionaries that could not be opened.
    public private(set) var problems: [CaretError] = []
    private var paths: [String: (aff: String, dic: String)] = [:]
    private var opened: [String: UnsafeMutableRawPointer] = [:]

    /// Finds the dictionaries in app folders, then the system's.
    public init(folders: [String] = [], systemFolders: [String] = ["/usr/share/hunspell", "/usr/share/myspell/dicts"]) {
        self.folders = folders + systemFolders
        for folder in self.folders {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where name.hasSuffix(".dic") {
                let language = String(name.dropLast(4))
                let aff = folder + "/" + language + ".aff"
                guard paths[language] == nil, FileManager.default.fileExists(atPath: aff) else { continue }
                paths[language] = (aff, folder + "/" + name)
            }
        }
    }

    isolated deinit { for dictionary in opened.values { caret_spell_close(dictionary) } }

    /// The languages with a dictionary, sorted.
    public var availableLanguages: [String] { paths.keys.sorted() }

    /// The dictionary's language for a language asked for: itself, or for "de" (or "de-CH") the
    /// one of its country ("de_DE"), else the first of its language.
    func resolve(_ language: String) -> String? {
        if let known = resolved[language] { return known }
        let found = search(language)
        resolved[language] = .some(found)
        return found
    }

    /// Each language asked for, resolved once (a text asks for its language word after word).
    private var resolved: [String: String?] = [:]
    /// A language's usual country, where it is not the language's own code.
    private static let usualCountry = ["en": "US", "pt": "BR", "he": "IL", "el": "GR", "sv": "SE", "da": "DK", "uk": "UA", "cs": "CZ"]

    private func search(_ language: String) -> String? {
        let normalized = language.replacingOccurrences(of: "-", with: "_")
        if paths[normalized] != nil { return normalized }
        let base = String(normalized.prefix { $0 != "_" })
        if let country = Self.usualCountry[base], paths[base + "_" + country] != nil { return base + "_" + country }
        if paths[base + "_" + base.uppercased()] != nil { return base + "_" + base.uppercased() }
        if paths[base] != nil { return base }
        return paths.keys.sorted().first { $0.hasPrefix(base + "_") }
    }

    private func dictionary(_ language: String) -> UnsafeMutableRawPointer? {
        if let last, last.language == language { return last.dictionary }
        let found = open(language)
        last = found.map { (language, $0) }
        return found
    }

    /// The dictionary asked for last (words come one language at a time).
    private var last: (language: String, dictionary: UnsafeMutableRawPointer)?

    private func open(_ language: String) -> UnsafeMutableRawPointer? {
        guard let resolved = resolve(language), let path = paths[resolved] else { return nil }
        if let dictionary = opened[resolved] { return dictionary }
        var reason = [CChar](repeating: 0, count: 512)
        guard caret_spell_open_library(&reason, reason.count) == 0 else {
            let why = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let problem = CaretError.backendUnavailable(subsystem: "Hunspell", reason: why)
            if !problems.contains(problem) { problems.append(problem) }
            return nil
        }
        guard let dictionary = caret_spell_open(path.aff, path.dic) else {
            problems.append(.assetUnreadable(path: path.dic, reason: "Hunspell could not open this dictionary"))
            paths[resolved] = nil
            self.resolved = [:]
            return nil
        }
        if let problem = Self.problem(with: dictionary, dic: path.dic) {
            caret_spell_close(dictionary)
            problems.append(.assetUnreadable(path: path.dic, reason: problem))
            paths[resolved] = nil
            self.resolved = [:]
            return nil
        }
        opened[resolved] = dictionary
        return dictionary
    }

    /// Why an opened dictionary cannot be used, or nil: Hunspell opens a garbage `.dic` without
    /// a word and then calls every word misspelt, so the file must start with its word count and
    /// Hunspell must know words the file lists (sampled through it).
    static func problem(with dictionary: UnsafeMutableRawPointer, dic path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "unreadable" }
        // The encoding its .aff names (SET UTF-8): a UTF-8 dictionary that is not UTF-8 is garbage;
        // one in another encoding (SET KOI8-R) is Hunspell's to read, and its words are not sampled
        // here (they would all read as not letters).
        let aff = (path.hasSuffix(".dic") ? String(path.dropLast(4)) : path) + ".aff"
        let affText = (try? Data(contentsOf: URL(fileURLWithPath: aff))).map { String(decoding: $0.prefix(16_384), as: UTF8.self) } ?? ""
        let declared = affText.split(separator: "\n").first { $0.hasPrefix("SET ") }.map { $0.dropFirst(4).trimmingCharacters(in: .whitespaces) }
        let encoding: String.Encoding?
        switch declared?.uppercased().replacingOccurrences(of: "-", with: "") {
        case "UTF8": encoding = .utf8
        case nil, "ISO88591": encoding = .isoLatin1  // Hunspell's default
        default: encoding = nil
        }
        guard let encoding else { return nil }
        guard let text = String(data: data, encoding: encoding) else {
            return "not a Hunspell dictionary: it is not \(declared ?? "ISO8859-1"), as its .aff says"
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let first = lines.first, Int(first.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, lines.count > 1 else {
            return "not a Hunspell dictionary: its first line is not its word count"
        }
        // Up to 40 entries from across the file: a word (before its flags) made of letters.
        let step = max(1, (lines.count - 1) / 40)
        let sampled = Array(stride(from: 1, to: lines.count, by: step))
        let words = sampled.compactMap { index -> String? in
            let word = lines[index].prefix { $0 != "/" && $0 != "\t" && $0 != " " }
            return !word.isEmpty && word.allSatisfy(\.isLetter) ? String(word) : nil
        }
        // A count followed by no words (numbers, punctuation) was accepted silently.
        guard !words.isEmpty else {
            return "not a Hunspell dictionary: none of the \(sampled.count) entries sampled after its word count is a word"
        }
        let known = words.filter { caret_spell_check(dictionary, $0) == 1 }.count
        return known * 2 >= words.count
            ? nil : "Hunspell knows \(known) of \(words.count) words the file lists: the dictionary is corrupt or does not match its .aff"
    }

    /// Whether Hunspell knows the word; nil without a dictionary for the language.
    public func isCorrect(_ word: String, language: String) -> Bool? {
        guard let dictionary = dictionary(language) else { return nil }
        return caret_spell_check(dictionary, word) == 1
    }

    /// Hunspell's guesses.
    public func guesses(for word: String, language: String) -> [String] {
        guard let dictionary = dictionary(language), let list = caret_spell_suggest(dictionary, word) else { return [] }
        defer { caret_spell_free(list) }
        return String(cString: list).split(separator: "\u{1F}").map(String.init)
    }
}
