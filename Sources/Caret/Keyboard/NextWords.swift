// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What may come after the text before the caret, for a language whose words are not separated
/// by spaces (Japanese): the bar's predictions once a conversion is committed
/// (docs/behaviour/world-input.md). A class bigram over IPADIC's connection costs and wordfreq's
/// ranks, built by `Scripts/words/build_next_words.py`: the longest listed word ending the text is
/// read as its likeliest analyses, whose right contexts list what follows them best.
struct NextWords: Sendable {
    /// Predictions by right context, best first, with their costs (lower is likelier).
    private let followers: [Int: [(word: String, cost: Int)]]
    /// The right contexts of each listed word, with the extra cost of reading it so.
    private let contexts: [String: [(context: Int, cost: Int)]]
    /// The longest listed word, in characters.
    private let longest: Int

    /// Reads a file of `=CONTEXT<TAB>word cost…` and `word<TAB>CONTEXT cost…` lines. A file that is
    /// not one (not UTF-8, a malformed line, a word naming a context the file does not list) is
    /// an error naming the line.
    static func load(contentsOf path: String) throws(CaretError) -> NextWords {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw CaretError.invalidUTF8(context: path) }
        var followers: [Int: [(word: String, cost: Int)]] = [:]
        var contexts: [String: [(context: Int, cost: Int)]] = [:]
        func pairs(_ fields: ArraySlice<Substring>, line: Int) throws(CaretError) -> [(String, Int)] {
            var result: [(String, Int)] = []
            for field in fields {
                let parts = field.split(separator: " ")
                guard parts.count == 2, !parts[0].isEmpty, let cost = Int(parts[1]) else {
                    throw CaretError.assetUnreadable(path: path, reason: "line \(line) is not “word cost” pairs")
                }
                result.append((String(parts[0]), cost))
            }
            return result
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields[0].hasPrefix("=") {
                guard let context = Int(fields[0].dropFirst()) else {
                    throw CaretError.assetUnreadable(path: path, reason: "line \(index + 1) names no context")
                }
                followers[context] = try pairs(fields.dropFirst(), line: index + 1).map { (word: $0.0, cost: $0.1) }
            } else {
                var readings: [(context: Int, cost: Int)] = []
                for (context, cost) in try pairs(fields.dropFirst(), line: index + 1) {
                    guard let context = Int(context), followers[context] != nil else {
                        throw CaretError.assetUnreadable(path: path, reason: "line \(index + 1) names a context not listed before it")
                    }
                    readings.append((context, cost))
                }
                guard fields.count > 1 else { throw CaretError.assetUnreadable(path: path, reason: "line \(index + 1) has no contexts") }
                contexts[String(fields[0])] = readings
            }
        }
        guard !contexts.isEmpty else { throw CaretError.assetUnreadable(path: path, reason: "lists no words") }
        return NextWords(followers: followers, contexts: contexts, longest: contexts.keys.map(\.count).max() ?? 0)
    }

    /// What may follow `text`, likeliest first: nothing when no listed word ends it.
    func predictions(after text: String, limit: Int = 8) -> [String] {
        let tail = Array(text.suffix(longest))
        for length in stride(from: tail.count, to: 0, by: -1) {
            guard let readings = contexts[String(tail.suffix(length))] else { continue }
            var best: [String: Int] = [:]
            for reading in readings {
                for follower in followers[reading.context] ?? [] {
                    best[follower.word] = min(best[follower.word] ?? .max, follower.cost + reading.cost)
                }
            }
            return best.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }.prefix(limit).map(\.key)
        }
        return []
    }
}

/// The bundled prediction files (`Assets/Words/<name>.txt`), read once per process.
@MainActor
enum BundledNextWords {
    private static var read: [String: Result<NextWords, CaretError>] = [:]

    /// The file by name; nil when the assets have none.
    static func named(_ name: String) -> Result<NextWords, CaretError>? {
        if let result = read[name] { return result }
        guard let path = try? Assets.path(for: "Words/\(name).txt") else { return nil }
        let result: Result<NextWords, CaretError>
        do throws(CaretError) { result = .success(try NextWords.load(contentsOf: path)) } catch { result = .failure(error) }
        read[name] = result
        return result
    }
}
