// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// SpellingMarks keeps its marks in order and finds them by binary search (a long foreign text
/// holds one for nearly every word): the marks it keeps are the ones a plain list would.
struct SpellingMarksTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func marksAddedInAnyOrderAndTakenAgainMatchAPlainList(_ seed: UInt64) {
        var random = SplitMix(seed)
        // Words of 1 to 9 letters between single spaces.
        var words: [Range<Int>] = [], text = "", offset = 0
        for _ in 0..<400 {
            let length = Int(random.next() % 9) + 1
            words.append(offset..<(offset + length))
            text += String(repeating: "x", count: length) + " "
            offset += length + 1
        }
        let document = TextDocument(text)
        var marks = SpellingMarks()
        var expected: [Range<Int>] = []
        for word in words.shuffled(using: &random) where random.next() % 3 != 0 {
            marks.mark(word)
            marks.mark(word)  // twice: kept once
            expected.append(word)
        }
        expected.sort { $0.lowerBound < $1.lowerBound }
        #expect(marks.misspelled == expected)
        // Taking text to check again forgets exactly the marks it overlaps.
        for _ in 0..<30 {
            let saved = marks.misspelled
            let start = Int(random.next() % UInt64(document.utf16Count))
            marks.insertUnchecked(start..<min(document.utf16Count, start + Int(random.next() % 40)))
            guard let taken = marks.take(within: 0..<document.utf16Count, in: document) else { continue }
            #expect(marks.misspelled == saved.filter { !$0.overlaps(taken) }, "taken \(taken)")
        }
    }
}

extension SpellingMarksTests {
    /// Edits move the marks after them (lazily, as they are read): after any mix of edits in
    /// different places, new marks and marks read, every mark is where a plain list puts it.
    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func editsAnywhereMoveTheMarksAsAPlainListDoes(_ seed: UInt64) {
        var random = SplitMix(seed)
        var marks = SpellingMarks()
        var plain: [Range<Int>] = []
        var length = 5_000
        // Marks on every 10th offset to start with.
        for start in stride(from: 0, to: length - 5, by: 10) {
            marks.mark(start..<(start + 4))
            plain.append(start..<(start + 4))
        }
        for step in 0..<400 {
            switch random.next() % 4 {
            case 0, 1:
                // An edit: typing at one place mostly, sometimes elsewhere.
                let at = step % 7 == 0 ? Int(random.next() % UInt64(length)) : min(length, 2_000 + step)
                let removed = Int(random.next() % 3)
                let range = at..<min(length, at + removed)
                let inserted = Int(random.next() % 4)
                marks.replace(range, inserted: inserted)
                let delta = inserted - range.count
                plain = plain.compactMap { m in
                    if m.upperBound >= range.lowerBound && m.lowerBound <= range.upperBound { return nil }
                    return m.lowerBound > range.upperBound ? (m.lowerBound + delta)..<(m.upperBound + delta) : m
                }
                length += delta
            case 2:
                // A new mark in a gap between marks.
                let start = Int(random.next() % UInt64(max(1, length - 3)))
                let word = start..<(start + 2)
                if !plain.contains(where: { $0.lowerBound <= word.upperBound && word.lowerBound <= $0.upperBound }) {
                    marks.mark(word)
                    plain.append(word)
                    plain.sort { $0.lowerBound < $1.lowerBound }
                }
            default:
                // Reads in between: the marks in a range, and one at an offset.
                let start = Int(random.next() % UInt64(length))
                let range = start..<min(length, start + 50)
                let expected = plain.filter { $0.upperBound >= range.lowerBound && $0.lowerBound <= range.upperBound }
                #expect(marks.marks(in: range) == expected, "step \(step)")
            }
            #expect(marks.misspelled == plain, "step \(step)")
            if marks.misspelled != plain { return }
        }
    }
}

extension SpellingMarksTests {
    /// The marks a check changed, found by walking both sorted lists, are the symmetric difference.
    @Test(arguments: [21, 22, 23] as [UInt64]) @MainActor
    func theChangedMarksAreTheSymmetricDifference(_ seed: UInt64) {
        var random = SplitMix(seed)
        for _ in 0..<50 {
            func marks() -> [Range<Int>] {
                stride(from: 0, to: 300, by: 6).filter { _ in random.next() % 2 == 0 }.map { $0..<($0 + Int(random.next() % 3) + 1) }
            }
            let before = marks(), after = marks()
            let changed = SpellingState.changedMarks(before, after)
            #expect(Set(changed) == Set(before).symmetricDifference(after))
            #expect(changed.count == Set(changed).count)
        }
    }
}

/// A small seeded generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
