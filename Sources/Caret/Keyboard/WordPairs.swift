// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What follows each word of a language, as counted in a corpus: the bundled bigram tables
/// (`Assets/Words/<list>-pairs.txt`, built by `Scripts/words/build_word_pairs.py`), which the
/// suggestion bar's next words come from (docs/behaviour/changing-text.md, next words).
struct WordPairs: Sendable {
    /// The words seen after a context, most often first, and how often the context was seen.
    struct Followers: Sendable {
        /// How often the context was seen (what the counts are shares of).
        var total: Int
        /// The words seen after it and how often, most often first.
        var words: [(word: String, count: Int)]
    }

    /// Followers by their context in lower case; "" is the start of a sentence.
    private(set) var contexts: [String: Followers]

    init(contexts: [String: Followers]) { self.contexts = contexts }

    /// The followers of a context (a word in lower case, or "" for a sentence's start).
    func followers(of context: String) -> Followers? { contexts[context] }

    /// Reads a table of `context<TAB>total<TAB>word count…` lines (`#` lines are comments). A
    /// file that is not one (not UTF-8, a malformed line, no contexts) is an error naming the line.
    static func load(contentsOf path: String) throws(CaretError) -> WordPairs {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw CaretError.invalidUTF8(context: path) }
        var contexts: [String: Followers] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            func bad(_ reason: String) -> CaretError { .assetUnreadable(path: path, reason: "line \(index + 1): \(reason)") }
            guard fields.count >= 3, let total = Int(fields[1]), total > 0 else { throw bad("not “context, total, word count…”") }
            var words: [(word: String, count: Int)] = []
            for field in fields.dropFirst(2) {
                let parts = field.split(separator: " ")
                guard parts.count == 2, let count = Int(parts[1]), count > 0, count <= total else { throw bad("not a “word count” pair") }
                words.append((String(parts[0]), count))
            }
            contexts[String(fields[0])] = Followers(total: total, words: words)
        }
        guard !contexts.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "lists no contexts") }
        return WordPairs(contexts: contexts)
    }
}
