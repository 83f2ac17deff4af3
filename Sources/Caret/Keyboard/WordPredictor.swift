// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The suggestion bar's words in context (docs/behaviour/changing-text.md, next words): after a
/// space, the likeliest next words; while a word is typed, its completions ranked by the word
/// before it. A word's likelihood after a context mixes what the guest has typed after it (when
/// anything), the language's bigram table and the word list's frequency (Zipf's law over the rank):
/// `p = μ·learned + (1 − μ)·(λ·pair + (1 − λ)·list)`, λ = 0.8 where the table knows the context,
/// μ = n / (n + 2) after n learned uses of it.
struct WordPredictor {
    /// The word list (frequency ranks and completions of a prefix).
    let provider: SuggestionProvider
    /// The language's bigram table, if it has one.
    let pairs: WordPairs?
    /// What the guest has typed after each context, in the same form.
    let learned: WordPairs?

    /// The table's weight against the list where it knows the context.
    static let pairWeight = 0.8
    /// Candidates taken from the list for a completion, before they are ranked in context.
    static let listCandidates = 16

    /// The context of the word at the end of `text` (the text before it): "" at the start of a
    /// sentence (nothing before it, or a full stop, question or exclamation mark, or a new line),
    /// else the word before it in lower case; nil when something other than a word comes before.
    static func context(before text: Substring, segmenter: TextSegmenter) -> String? {
        let trimmed = text.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }
        guard let last = trimmed.first else { return "" }
        if last.isNewline || ".!?。！？؟।".contains(last) { return "" }
        let before = String(trimmed.drop { $0.isPunctuation && $0 != "'" && $0 != "’" }.reversed())
        let word = InputSuggestion.partialWord(before: before, segmenter: segmenter)
        return word.isEmpty ? nil : word.lowercased()
    }

    /// A word's likelihood after a context (nil: no context known).
    func probability(of word: String, after context: String?) -> Double {
        let lower = word.lowercased()
        let count = Double(provider.wordCount)
        let rank = Double(provider.rank(ofLowercased: lower) ?? provider.wordCount)
        let list = 1 / ((rank + 10) * log(count + 10))
        var value = list
        if let context, let followers = pairs?.followers(of: context) {
            let seen = Double(followers.words.first { $0.word == lower }?.count ?? 0)
            value = Self.pairWeight * seen / Double(followers.total) + (1 - Self.pairWeight) * list
        }
        if let context, let mine = learned?.followers(of: context) {
            let uses = Double(mine.total), mu = uses / (uses + 2)
            let seen = Double(mine.words.first { $0.word == lower }?.count ?? 0)
            value = mu * seen / uses + (1 - mu) * value
        }
        return value
    }

    /// The likeliest words after a context, most likely first.
    func predictions(after context: String?, limit: Int = 3) -> [String] {
        // The list's most frequent words, but never the word just typed again ("ich ich").
        var candidates = provider.mostFrequentWords(limit: limit + 1).filter { $0 != context }
        if let context {
            candidates += (learned?.followers(of: context)?.words ?? []).map(\.word)
            candidates += (pairs?.followers(of: context)?.words ?? []).map(\.word)
        }
        return ranked(candidates, after: context, limit: limit)
    }

    /// Completions of the word being typed, likeliest after its context first (cased as typed).
    func completions(of partial: String, after context: String?, limit: Int = 3) -> [String] {
        guard !partial.isEmpty else { return [] }
        let lower = partial.lowercased()
        var candidates = provider.completions(of: lower, limit: Self.listCandidates)
        if let context {
            let followers = (learned?.followers(of: context)?.words ?? []) + (pairs?.followers(of: context)?.words ?? [])
            candidates += followers.map(\.word).filter { $0.hasPrefix(lower) && $0 != lower }
        }
        return ranked(candidates, after: context, limit: limit).map { SuggestionProvider.cased($0, like: partial) }
    }

    private func ranked(_ candidates: [String], after context: String?, limit: Int) -> [String] {
        var seen = Set<String>()
        let unique = candidates.filter { seen.insert($0.lowercased()).inserted }
        let scored = unique.map { (word: $0, p: probability(of: $0, after: context)) }
        return scored.enumerated().sorted { $0.element.p != $1.element.p ? $0.element.p > $1.element.p : $0.offset < $1.offset }
            .prefix(limit).map(\.element.word)
    }
}

/// What the guest has typed after each word, per word list: learned as words are finished, never
/// in secure fields or fields that turned autocorrection or spell checking off, forgotten when a
/// kiosk resets, and kept in a file only where the app asks (`KeyboardController.learnedWordsPath`).
@MainActor
final class LearnedWordPairs {
    /// Counts by list, context and word.
    private var counts: [String: [String: [String: Int]]] = [:]
    /// Tables made from the counts, by list (remade after each change).
    private var tables: [String: WordPairs] = [:]
    /// The file the counts are kept in, if any.
    var path: String? {
        didSet {
            counts = [:]
            tables = [:]
            if let path { read(path) }
        }
    }

    /// What was learned for a list, as a bigram table; nil when nothing was.
    func table(for list: String) -> WordPairs? { tables[list] }

    /// Learns that `word` followed `context` ("" for a sentence's start) in a list's language.
    func learn(_ word: String, after context: String, list: String) {
        let lower = word.lowercased()
        guard !lower.isEmpty, lower.count <= SuggestionProvider.maximumWordLength, lower.contains(where: \.isLetter),
            !lower.contains(where: { $0.isWhitespace || $0 == "\t" })
        else { return }
        counts[list, default: [:]][context, default: [:]][lower, default: 0] += 1
        remake(list)
        save()
    }

    /// Forgets everything learned (and empties the file, if any).
    func forgetAll() {
        guard !counts.isEmpty else { return }
        counts = [:]
        tables = [:]
        save()
    }

    private func remake(_ list: String) {
        let contexts = (counts[list] ?? [:]).mapValues { words in
            WordPairs.Followers(
                total: words.values.reduce(0, +),
                words: words.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) })
        }
        tables[list] = contexts.isEmpty ? nil : WordPairs(contexts: contexts)
    }

    /// The file: a line per pair, `list<TAB>context<TAB>word<TAB>count`.
    private func save() {
        guard let path else { return }
        var lines: [String] = []
        for (list, contexts) in counts.sorted(by: { $0.key < $1.key }) {
            for (context, words) in contexts.sorted(by: { $0.key < $1.key }) {
                for (word, count) in words.sorted(by: { $0.key < $1.key }) { lines.append("\(list)\t\(context)\t\(word)\t\(count)") }
            }
        }
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if !FileManager.default.createFile(atPath: path, contents: Data(lines.map { $0 + "\n" }.joined().utf8)) {
            ConsoleLog.write("Caret: cannot write learned words to \(path)")
        }
    }

    /// Reads the file; lines that are not pairs are skipped, and a file that is not UTF-8 is read as empty.
    private func read(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        guard let text = String(validating: data, as: UTF8.self) else {
            ConsoleLog.write("Caret: learned words at \(path) are not UTF-8: not read")
            return
        }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let count = Int(fields[3]), count > 0, !fields[2].isEmpty else { continue }
            counts[String(fields[0]), default: [:]][String(fields[1]), default: [:]][String(fields[2]), default: 0] += count
        }
        for list in counts.keys { remake(list) }
    }
}
