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
    /// Read as UTF-8 bytes (validated first): split as a `String`, by characters, the English
    /// table (1 MB) had cost 1.3 billion instructions on the thread that prefetches it.
    static func load(contentsOf path: String) throws(CaretError) -> WordPairs {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
        }
        guard String(validating: data, as: UTF8.self) != nil else { throw CaretError.invalidUTF8(context: path) }
        let bytes = [UInt8](data)
        var contexts: [String: Followers] = [:]
        for (index, whole) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = whole.last == UInt8(ascii: "\r") ? whole.dropLast() : whole  // a table saved with CRLF
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            func bad(_ reason: String) -> CaretError { .assetUnreadable(path: path, reason: "line \(index + 1): \(reason)") }
            guard fields.count >= 3, let total = number(fields[1]), total > 0 else { throw bad("not “context, total, word count…”") }
            var words: [(word: String, count: Int)] = []
            words.reserveCapacity(fields.count - 2)
            for field in fields.dropFirst(2) {
                let parts = field.split(separator: UInt8(ascii: " "))
                guard parts.count == 2, let count = number(parts[1]), count > 0, count <= total else { throw bad("not a “word count” pair") }
                words.append((String(decoding: parts[0], as: UTF8.self), count))
            }
            contexts[String(decoding: fields[0], as: UTF8.self)] = Followers(total: total, words: words)
        }
        guard !contexts.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "lists no contexts") }
        return WordPairs(contexts: contexts)
    }

    /// A count written in ASCII digits; nil for anything else, or one too large for an `Int`.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowed else { return nil }
            value = sum
        }
        return value
    }
}
