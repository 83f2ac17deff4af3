import Foundation

/// Word completions for the suggestion bar (SPEC §7) from a frequency-ranked word list: the
/// most frequent words that start with the partial word at the caret.
public struct SuggestionProvider: Sendable {
    /// Words in lower case, sorted for prefix search, with their frequency rank (0 = most frequent).
    private let sorted: [(word: String, rank: Int)]

    /// Creates a provider from words, most frequent first.
    public init(wordsByFrequency: [String]) {
        var seen = Set<String>()
        var entries: [(String, Int)] = []
        for (rank, word) in wordsByFrequency.enumerated() {
            let lower = word.lowercased()
            if !lower.isEmpty, seen.insert(lower).inserted { entries.append((lower, rank)) }
        }
        sorted = entries.sorted { $0.0 < $1.0 }
    }

    /// The longest word a list may hold, in characters.
    public static let maximumWordLength = 64

    /// Loads a list of one word per line, most frequent first (`Assets/Words/en.txt`). A file
    /// that is not such a list (not UTF-8, no words, a line with spaces or control characters, or
    /// longer than `maximumWordLength`) is an error naming the line.
    public static func load(contentsOf path: String) throws(CaretError) -> SuggestionProvider {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
        }
        return try parse(data, path: path)
    }

    /// Parses a word list's contents (`path` names it in errors), as `load(contentsOf:)` does.
    public static func parse(_ data: Data, path: String) throws(CaretError) -> SuggestionProvider {
        guard let text = String(data: data, encoding: .utf8) else { throw CaretError.invalidUTF8(context: path) }
        var words: [String] = []
        // By Character: "\r\n" is one, so lists with either line ending read the same.
        for (index, word) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if word.isEmpty { continue }
            if let bad = word.unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0.properties.isWhitespace }) {
                throw CaretError.assetUnreadable(
                    path: path, reason: "line \(index + 1): not a word list (U+\(String(bad.value, radix: 16, uppercase: true)) in a word)")
            }
            if word.count > maximumWordLength {
                throw CaretError.assetUnreadable(
                    path: path, reason: "line \(index + 1): not a word list (a word of \(word.count) characters)")
            }
            words.append(String(word))
        }
        guard !words.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "not a word list: no words") }
        return SuggestionProvider(wordsByFrequency: words)
    }

    /// The English list bundled in `Assets/Words`.
    public static func bundledEnglish() throws(CaretError) -> SuggestionProvider {
        try load(contentsOf: Assets.path(for: "Words/en.txt"))
    }

    /// Up to `limit` completions of a partial word, most frequent first, longer than it and cased
    /// like it (a capital first letter, or all capitals).
    public func completions(of partial: String, limit: Int = 3) -> [String] {
        guard !partial.isEmpty, limit > 0 else { return [] }
        let prefix = partial.lowercased()
        // Binary search for the first word not below the prefix.
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].word < prefix { low = mid + 1 } else { high = mid }
        }
        var best: [(word: String, rank: Int)] = []
        var index = low
        while index < sorted.count, sorted[index].word.hasPrefix(prefix) {
            let entry = sorted[index]
            index += 1
            guard entry.word.count > prefix.count else { continue }
            best.append(entry)
            if best.count > limit {
                best.sort { $0.rank < $1.rank }
                best.removeLast()
            }
        }
        best.sort { $0.rank < $1.rank }
        let allCaps = partial.count > 1 && partial == partial.uppercased() && partial != partial.lowercased()
        let capitalised = partial.first.map { String($0) == String($0).uppercased() && $0.isLetter } ?? false
        return best.map { entry in
            if allCaps { return entry.word.uppercased() }
            if capitalised { return entry.word.prefix(1).uppercased() + entry.word.dropFirst() }
            return entry.word
        }
    }
}
