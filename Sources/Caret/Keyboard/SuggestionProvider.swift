// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Word completions for the suggestion bar (docs/behaviour/changing-text.md) from a frequency-ranked word list: the
/// most frequent words that start with the partial word at the caret.
public struct SuggestionProvider: Sendable {
    /// Words in lower case, sorted by their UTF-8 bytes for prefix search, with their frequency
    /// rank (0 = most frequent). Bytes, not `String`'s Unicode ordering: a list of 10,000 Greek
    /// or Hindi words sorts in a third of the time.
    private let sorted: [(word: String, rank: Int)]
    /// Each word's rank by its lower-case form, for autocorrection's many lookups of one edit.
    private let ranks: [String: Int]
    /// The most frequent words of any run of `sorted` (what completes a prefix), in a tree of
    /// minima: completing a prefix costs the same whether thousands of words start with it or one.
    private let frequent: RankTree
    /// The letters the words are made of, most used first (what autocorrection tries in a word).
    let letters: [Character]
    /// The length of the longest word listed, in characters (no word one edit from a longer one is).
    let longestWord: Int
    /// The words with marks by their letters without them (typed "vie", offered "việt").
    let folding: FoldedWords

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
        var ranks: [String: Int] = [:]
        ranks.reserveCapacity(unique.count)
        for entry in unique { ranks[entry.word] = entry.rank }
        self.ranks = ranks
        frequent = RankTree(ranks: unique.map(\.rank))
        folding = FoldedWords(words: unique)
        longestWord = unique.reduce(0) { max($0, $1.word.count) }
        var counts: [Character: Int] = [:]
        for entry in unique.prefix(5_000) {
            for character in entry.word { counts[character, default: 0] += 1 }
        }
        letters = counts.filter { $0.key.isLetter || $0.key == "'" || $0.key == "’" }.sorted { $0.value > $1.value }.prefix(80).map(\.key)
    }

    /// The words in lower case, most frequent first (each once: what swipe typing decodes into).
    @_spi(Testing) public var wordsByFrequency: [String] { sorted.sorted { $0.rank < $1.rank }.map(\.word) }

    /// A word's frequency rank in the list (0: the most frequent), in lower case; nil when not listed.
    func rank(of word: String) -> Int? { ranks[Self.lowercased(word)] }

    /// The rank of a word already in lower case (autocorrection's edits of a lowered word).
    func rank(ofLowercased word: String) -> Int? { ranks[word] }

    /// How many words the list has.
    var wordCount: Int { sorted.count }

    /// The list's most frequent words, most frequent first (what may come after anything).
    func mostFrequentWords(limit: Int) -> [String] { frequent.mostFrequent(in: 0..<sorted.count, limit: limit).map { sorted[$0].word } }

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
    /// like it (a capital first letter, or all capitals). A prefix typed without marks also
    /// completes to the words that have them ("vie" → việt, "madc" → mädchen).
    public func completions(of partial: String, limit: Int = 3) -> [String] {
        guard !partial.isEmpty, limit > 0 else { return [] }
        let prefix = Self.lowercased(partial)
        let run = Self.prefixRun(of: prefix, count: sorted.count) { sorted[$0].word }
        let low = run.lowerBound, high = run.upperBound
        // The prefix itself is no completion (it sorts first in its run).
        let start = low < high && sorted[low].word.utf8.count == prefix.utf8.count ? low + 1 : low
        var found = frequent.mostFrequent(in: start..<high, limit: limit).map { sorted[$0] }
        // Merged by rank; a word with marks that starts with the prefix as typed is in both. A
        // prefix with some marks ("viê", Telex half-way) completes to words whose letters carry
        // those marks and more (việt, viết), not only to those that go on exactly as typed.
        let plain = LetterFolding.folded(prefix)
        let marked = folding.completions(of: plain ?? prefix, limit: plain == nil ? limit + 1 : limit * 16).filter { entry in
            entry.word != prefix && !found.contains { $0.word == entry.word }
                && (plain == nil || LetterFolding.marks(of: prefix, areIn: entry.word))
        }
        found = Array((found + marked).sorted { $0.rank < $1.rank }.prefix(limit))
        return found.map { Self.cased($0.word, like: partial) }
    }

    /// The most frequent words that go on from `prefix` with a character in `next` (Korean: the
    /// syllables whose first consonant was typed, 한 + ㄱ → 한국, 한글), as listed.
    func completions(of prefix: String, nextIn next: ClosedRange<Unicode.Scalar>, limit: Int) -> [String] {
        guard limit > 0, let after = Unicode.Scalar(next.upperBound.value + 1) else { return [] }
        let lower = Self.lowercased(prefix)
        let (from, to) = (lower + String(next.lowerBound), lower + String(after))
        func firstIndex(notBefore bound: String) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid].word.utf8.lexicographicallyPrecedes(bound.utf8) { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return frequent.mostFrequent(in: firstIndex(notBefore: from)..<firstIndex(notBefore: to), limit: limit).map { sorted[$0].word }
    }

    /// The run of a list sorted by UTF-8 bytes whose keys start with `prefix`, by two binary
    /// searches (`key`: the key at a position).
    static func prefixRun(of prefix: String, count: Int, key: (Int) -> String) -> Range<Int> {
        func firstIndex(where before: (String) -> Bool) -> Int {
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if before(key(mid)) { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let low = firstIndex { $0.utf8.lexicographicallyPrecedes(prefix.utf8) }
        let high = firstIndex { $0.utf8.lexicographicallyPrecedes(prefix.utf8) || $0.utf8.starts(with: prefix.utf8) }
        return low..<high
    }

    /// A listed word cased as the typed one was: a capital first letter, or all capitals.
    static func cased(_ word: String, like typed: String) -> String {
        if typed.count > 1, typed == typed.uppercased(), typed != typed.lowercased() { return word.uppercased() }
        if let first = typed.first, first.isLetter, String(first) == String(first).uppercased() { return capitalised(word) }
        return word
    }

    /// A word with a capital first letter ("i" → "I", "mädchen" → "Mädchen").
    static func capitalised(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}

/// The positions of the lowest ranks in any run of a list, by a tree of minima over it (each node
/// the position of the lowest rank below it): the `limit` most frequent words of a run in about
/// `limit × 2 log n` steps.
struct RankTree: Sendable {
    private let ranks: [Int32]
    /// Node i covers its children 2i and 2i+1; the leaves start at `leaves`. -1: no position.
    private let nodes: [Int32]
    private let leaves: Int

    init(ranks: [Int]) {
        self.ranks = ranks.map { Int32(clamping: $0) }
        var size = 1
        while size < ranks.count { size *= 2 }
        leaves = size
        var nodes = [Int32](repeating: -1, count: 2 * size)
        for i in ranks.indices { nodes[size + i] = Int32(i) }
        var i = size - 1
        while i >= 1 {
            nodes[i] = Self.better(nodes[2 * i], nodes[2 * i + 1], self.ranks)
            i -= 1
        }
        self.nodes = nodes
    }

    private static func better(_ a: Int32, _ b: Int32, _ ranks: [Int32]) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        return ranks[Int(b)] < ranks[Int(a)] ? b : a
    }

    /// The position of the lowest rank in a run, or nil for an empty run.
    func lowest(in range: Range<Int>) -> Int? {
        var low = range.lowerBound + leaves, high = range.upperBound + leaves
        var best: Int32 = -1
        while low < high {
            if low & 1 == 1 {
                best = Self.better(best, nodes[low], ranks)
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                best = Self.better(best, nodes[high], ranks)
            }
            low /= 2
            high /= 2
        }
        return best < 0 ? nil : Int(best)
    }

    /// The positions of the `limit` lowest ranks in a run, lowest first.
    func mostFrequent(in range: Range<Int>, limit: Int) -> [Int] {
        guard !range.isEmpty else { return [] }
        // Runs left to search, each with its lowest; take the lowest of all, split its run around it.
        var runs: [(range: Range<Int>, lowest: Int)] = lowest(in: range).map { [(range, $0)] } ?? []
        var found: [Int] = []
        while found.count < limit, let best = runs.indices.min(by: { ranks[runs[$0].lowest] < ranks[runs[$1].lowest] }) {
            let (run, position) = runs.remove(at: best)
            found.append(position)
            for part in [run.lowerBound..<position, (position + 1)..<run.upperBound] where !part.isEmpty {
                if let lowest = lowest(in: part) { runs.append((part, lowest)) }
            }
        }
        return found
    }
}
