// SPDX-License-Identifier: Apache-2.0
import CCaretText
import CaretTesting
import Testing

/// Text with no right-to-left character, Arabic number or explicit embedding, in a left-to-right
/// paragraph, is resolved without ICU (all level 0), so an app showing only such text never opens
/// ICU's libraries. ICU itself is the oracle: every code point, seeded random text, and text just
/// outside the shortcut.
@Suite struct BidiShortcutTests {
    /// (paragraph level, levels) from the shortcut's entry and from ICU directly.
    private func both(_ units: [UInt16], base: Int32) -> (shortcut: [Int], icu: [Int]) {
        var fast = [UInt8](repeating: 9, count: units.count)
        var slow = [UInt8](repeating: 9, count: units.count)
        let a = caret_bidi_levels(units, Int32(units.count), base, &fast)
        let b = caret_bidi_levels_icu(units, Int32(units.count), base, &slow)
        return ([Int(a)] + fast.map(Int.init), [Int(b)] + slow.map(Int.init))
    }

    /// Each code point between a letter and a digit ("a", it, "1"): where the shortcut answers
    /// (all level 0), ICU must agree, so none it lets through is right to left, an Arabic number
    /// or an embedding; where it does not, ICU answers through it.
    @Test func everyCodePointBetweenALetterAndADigitHasICUsLevels() {
        var units = [UInt16](repeating: 0, count: 4)
        var fast = [UInt8](repeating: 9, count: 4)
        var slow = [UInt8](repeating: 9, count: 4)
        var differing: [String] = []
        var rightToLeft = 0
        for value in UInt32(0)..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates are no code point
            var count = 1
            units[0] = 0x61
            for unit in scalar.utf16 {
                units[count] = unit
                count += 1
            }
            units[count] = 0x31
            count += 1
            let a = caret_bidi_levels(units, Int32(count), -1, &fast)
            let b = caret_bidi_levels_icu(units, Int32(count), -1, &slow)
            if a != b || fast[0..<count] != slow[0..<count] { differing.append(String(value, radix: 16)) }
            if slow[0..<count].contains(where: { $0 != 0 }) { rightToLeft += 1 }
        }
        #expect(differing.isEmpty, "U+\(differing.prefix(20))")
        // ICU did see right-to-left text among them (the Hebrew and Arabic blocks alone hold over 1,000).
        #expect(rightToLeft > 1_000)
    }

    /// Seeded random text of characters the shortcut answers for (Latin, Greek, Cyrillic, CJK,
    /// punctuation, arrows, emoji, line and paragraph breaks, marks, the soft hyphen).
    @Test func randomTextItAnswersForHasICUsLevels() {
        let pool: [UInt16] =
            Array(0x20...0x7E) + [0x09, 0x0A, 0x0D, 0x00AD, 0x00A0, 0x0300, 0x036F, 0x058F, 0x2014, 0x2019, 0x2026, 0x2192, 0x2029]
            + [0x200E, 0x3042, 0x4E2D, 0xAC00, 0xFF01] + Array(0x00C0...0x00FF) + Array(0x0391...0x03C9) + Array(0x0410...0x044F)
        let emoji: [UInt16] = [0xD83D, 0xDE00]
        var random = SoakRandom(seed: 0x0590)
        for length in [0, 1, 2, 3, 8, 40, 200] {
            for _ in 0..<40 {
                var units: [UInt16] = []
                while units.count < length { units += Bool.random(using: &random) ? [pool.randomElement(using: &random)!] : emoji }
                for base: Int32 in [0, -1] {
                    let (shortcut, icu) = both(units, base: base)
                    #expect(shortcut == icu, "base \(base): \(units.map { String($0, radix: 16) })")
                    #expect(icu.allSatisfy { $0 == 0 })
                }
            }
        }
    }

    /// Where the shortcut does not hold, ICU answers: a Hebrew letter, an Arabic digit, a
    /// right-to-left mark, an embedding, a right-to-left letter beyond the BMP, or a paragraph that
    /// is or falls back to right to left.
    @Test func textItCannotDecideGoesToICU() {
        let latin = Array("Name 42".utf16)
        let cases: [([UInt16], Int32)] = [
            (latin + [0x05D0], 0), (latin + [0x0661], -1), (latin + [0x200F], -1), ([0x202B] + latin, -1),
            (latin + [0xD802, 0xDD00], -1), (latin, 1), (Array("42".utf16), -2),
        ]
        for (units, base) in cases {
            let (shortcut, icu) = both(units, base: base)
            #expect(shortcut == icu, "base \(base): \(units.map { String($0, radix: 16) })")
            #expect(icu.contains { $0 != 0 }, "not a case the shortcut could answer: \(icu)")
        }
    }
}
