import Foundation

/// Word completions for the suggestion bar (docs/behaviour/changing-text.md) from a frequency-ranked word list: the
/// most frequent words that start with the partial word at the caret.
public struct SuggestionProvider: Sendable {
    /// Words in lower case, sorted by their UTF-8 bytes for prefix search, with their frequency
    /// rank (0 = most frequent). Bytes, not `String`'s Unicode ordering: a list of 10,000 Greek
    /// or Hindi words sorts in a third of the time.
    private let sorted: [(word: String, rank: Int)]
    /// The letters the words are made of, most used first (what autocorrection tries in a word).
    let letters: [Character]
    /// The length of the longest word listed, in characters (no word one edit from a longer one is).
    let longestWord: Int

    /// Creates a provider from words, most frequent first.
    public init(wordsByFrequency: [String]) {
        var entries: [(word: String, rank: Int)] = []
        entries.reserveCapacity(wordsByFrequency.count)
        for (rank, word) in wordsByFrequency.enumerated() {
            let lower = Self.lowercased(word)
            if !lower.isEmpty { entries.append((lower, rank)) }
        }
        entries.sort { a, b in
            a.word.utf8.elementsEqual(b.word.utf8) ? a.rank < b.rank : a.word.utf8.lexicographicallyPrecedes(b.word.utf8)
        }
        // A word listed twice keeps its first (most frequent) place.
        var unique: [(word: String, rank: Int)] = []
        unique.reserveCapacity(entries.count)
        for entry in entries where unique.last.map({ !$0.word.utf8.elementsEqual(entry.word.utf8) }) ?? true {
            unique.append(entry)
        }
        sorted = unique
        longestWord = unique.reduce(0) { max($0, $1.word.count) }
        var counts: [Character: Int] = [:]
        for entry in unique.prefix(5_000) {
            for character in entry.word { counts[character, default: 0] += 1 }
        }
        letters = counts.filter { $0.key.isLetter || $0.key == "'" || $0.key == "’" }.sorted { $0.value > $1.value }.prefix(80).map(\.key)
    }

    /// A word's frequency rank in the list (0: the most frequent), in lower case; nil when not listed.
    func rank(of word: String) -> Int? {
        let lower = Self.lowercased(word)
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].word.utf8.lexicographicallyPrecedes(lower.utf8) { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low].word.utf8.elementsEqual(lower.utf8) ? sorted[low].rank : nil
    }

    /// `lowercased()`, with ASCII words (nearly all of most lists) done byte by byte, and words
    /// with nothing to lower (caseless scripts, lists already in lower case) kept as they are.
    private static func lowercased(_ word: String) -> String {
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else {
            return word.unicodeScalars.contains(where: \.properties.changesWhenLowercased) ? word.lowercased() : word
        }
        let isUpper = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A }
        guard word.utf8.contains(where: isUpper) else { return word }
        return String(decoding: word.utf8.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
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
        var words: [String] = []
        let failure: CaretError? = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> CaretError? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard String(validating: bytes, as: UTF8.self) != nil || bytes.isEmpty else { return .invalidUTF8(context: path) }
            var line = 0, start = 0, index = 0
            // Lines end at "\n", "\r", "\r\n" (one ending, as a Character would see it), VT or FF.
            while start <= bytes.count {
                while index < bytes.count, !(0x0A...0x0D).contains(bytes[index]) { index += 1 }
                line += 1
                if index > start {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    if let problem = check(word, line: line, path: path) { return problem }
                    words.append(String(decoding: word, as: UTF8.self))
                }
                if index < bytes.count, bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                start = index
            }
            return nil
        }
        if let failure { throw failure }
        guard !words.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "not a word list: no words") }
        return SuggestionProvider(wordsByFrequency: words)
    }

    /// Why a line is not a word (a control or space character, or too long), or nil.
    private static func check(_ word: UnsafeBufferPointer<UInt8>, line: Int, path: String) -> CaretError? {
        func bad(_ scalar: Unicode.Scalar) -> CaretError {
            .assetUnreadable(
                path: path, reason: "line \(line): not a word list (U+\(String(scalar.value, radix: 16, uppercase: true)) in a word)")
        }
        if word.allSatisfy({ $0 < 0x80 }) {  // ASCII: controls and the space by byte
            if let byte = word.first(where: { $0 <= 0x20 || $0 == 0x7F }) { return bad(Unicode.Scalar(byte)) }
            if word.count > maximumWordLength {
                return .assetUnreadable(path: path, reason: "line \(line): not a word list (a word of \(word.count) characters)")
            }
            return nil
        }
        let text = String(decoding: word, as: UTF8.self)
        if let scalar = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0.properties.isWhitespace }) {
            return bad(scalar)
        }
        if text.count > maximumWordLength {
            return .assetUnreadable(path: path, reason: "line \(line): not a word list (a word of \(text.count) characters)")
        }
        return nil
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
        // Binary search for the first word not below the prefix, byte by byte.
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].word.utf8.lexicographicallyPrecedes(prefix.utf8) { low = mid + 1 } else { high = mid }
        }
        var best: [(word: String, rank: Int)] = []
        var index = low
        while index < sorted.count, sorted[index].word.utf8.starts(with: prefix.utf8) {
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
        return best.map { Self.cased($0.word, like: partial) }
    }

    /// A listed word cased as the typed one was: a capital first letter, or all capitals.
    static func cased(_ word: String, like typed: String) -> String {
        if typed.count > 1, typed == typed.uppercased(), typed != typed.lowercased() { return word.uppercased() }
        if let first = typed.first, first.isLetter, String(first) == String(first).uppercased() {
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        return word
    }
}
