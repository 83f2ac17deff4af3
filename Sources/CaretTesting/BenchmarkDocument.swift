// SPDX-License-Identifier: Apache-2.0
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

    /// Lines in the world's scripts and emoji sequences (the demo's notes), for the mixed document.
    public static let worldLines = [
        "Arabic: مرحبا بكم في متجرنا", "Hebrew: שלום, ברוכים הבאים", "Hindi: नमस्ते, आपका स्वागत है",
        "Thai: สวัสดีครับ ยินดีต้อนรับ", "Japanese: 日本語のテキストを入力できます", "Chinese: 欢迎使用中文输入",
        "Korean: 안녕하세요, 반갑습니다", "Russian: Привет, добро пожаловать", "Emoji: 👍🏽 👨‍👩‍👧 🇩🇪 1️⃣ 🎉",
    ]

    /// Line `i` of the mixed-script document: every other line is a world line, in turn.
    public static func mixedLine(_ i: Int) -> String { i % 2 == 1 ? worldLines[(i / 2) % worldLines.count] : line(i) }

    /// The mixed-script document of `lines` lines: `make`'s lines interleaved with world lines.
    public static func makeMixed(lines: Int) -> String { (0..<lines).map(mixedLine).joined(separator: "\n") }

    /// The UTF-16 offset the mixed benchmarks insert at: line N/2 (an ASCII one), column 25.
    public static func mixedInsertionOffset(lines: Int) -> Int {
        (0..<(lines / 2 / 2 * 2)).reduce(0) { $0 + mixedLine($1).utf16.count + 1 } + 25
    }

    /// Line `i` of the mixed-direction document: left-to-right lines with Arabic and Hebrew words
    /// and numbers inside, and every third line a right-to-left paragraph with English inside.
    public static func bidiLine(_ i: Int) -> String {
        let base = line(i)
        switch i % 3 {
        case 0: return String(base.prefix(30)) + " مرحبا بكم 123 " + String(base.dropFirst(30))
        case 1: return "الطلب رقم \(i % 1000) من Caret، شكرا لكم " + String(base.prefix(20))
        default: return String(base.prefix(24)) + " שלום email@example.com עולם"
        }
    }

    /// The mixed-direction document of `lines` lines.
    public static func makeBidi(lines: Int) -> String { (0..<lines).map(bidiLine).joined(separator: "\n") }

    /// The UTF-16 offset the mixed-direction benchmarks insert at: line N/2, column 25.
    public static func bidiInsertionOffset(lines: Int) -> Int {
        (0..<(lines / 2)).reduce(0) { $0 + bidiLine($1).utf16.count + 1 } + 25
    }
}
