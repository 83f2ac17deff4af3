/// The benchmark document of `shared/bench/gen_doc.py`: N lines of 49 ASCII characters joined by
/// "\n". Line i is its 5-digit number, a space, and the first 43 characters of a pangram rotated
/// left by (7 · i) mod 86. 20,000 lines make 999,999 bytes.
public enum BenchmarkDocument {
    static let phrase = Array("The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. ")

    /// Line `i` of the document.
    public static func line(_ i: Int) -> String {
        let r = (7 * i) % phrase.count
        let rotated = phrase[r...] + phrase[..<r]
        let number = String(i % 100_000)
        return String(repeating: "0", count: 5 - number.count) + number + " " + String(rotated.prefix(43))
    }

    /// The whole document of `lines` lines.
    public static func make(lines: Int) -> String { (0..<lines).map(line).joined(separator: "\n") }

    /// The UTF-16 offset the benchmarks insert at: line N/2, column 25.
    public static func insertionOffset(lines: Int) -> Int { (lines / 2) * 50 + 25 }
}
