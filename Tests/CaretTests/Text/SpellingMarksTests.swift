@testable import Caret
import Testing

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
