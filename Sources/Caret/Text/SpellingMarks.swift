// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The spelling state of one text: the misspelt words found (sorted, disjoint UTF-16 ranges)
/// and the parts still to check. An edit moves the marks after it, drops those it touched and
/// leaves its place to check again, so a keystroke re-checks only the words it touched; what is
/// left unchecked is checked on screen first, the rest in idle time.
struct SpellingMarks: Sendable {
    /// The misspelt words, sorted.
    var misspelled: [Range<Int>] {
        pendingFrom >= stored.count ? stored : Array(stored[..<pendingFrom]) + stored[pendingFrom...].map { shifted($0, by: pendingDelta) }
    }
    /// The marks as stored: those from `pendingFrom` on are `pendingDelta` units behind where
    /// they are. Typing moves every mark after the caret; they are moved when read instead, so
    /// a keystroke in a long text marked nearly word by word (a foreign language) costs the same
    /// as in a short one. An edit elsewhere settles what lies between the two places.
    private var stored: [Range<Int>] = []
    private var pendingFrom = Int.max
    private var pendingDelta = 0
    /// What is still to check, sorted and disjoint (raw edit ranges: widened to whole words when taken).
    private(set) var unchecked: [Range<Int>] = []
    /// Words left unchecked until the caret leaves them (unfinished words), as checked last.
    private(set) var postponed: [Range<Int>] = []

    /// How much text an idle step takes at a time (UTF-16 units, widened to the next space); it
    /// takes slices until `stepBudget` is spent.
    static let chunk = 256
    /// The real time an idle step may spend checking: a slice of foreign text (every word
    /// misspelt, the dictionary's slowest case) takes about a millisecond, so a step never holds a
    /// frame or a keystroke up by more than a few (sized in characters it took 30 ms a step).
    static let stepBudget = Duration.milliseconds(3)
    /// How far a range is widened to reach a space, at most (a longer word is no word to check).
    static let reach = 128

    /// Forgets every mark: all of a text of `length` units is to check.
    mutating func reset(length: Int) {
        stored = []
        (pendingFrom, pendingDelta) = (.max, 0)
        unchecked = length > 0 ? [0..<length] : []
        postponed = []
    }

    /// Forgets every mark and checks nothing (checking is off).
    mutating func clear() {
        stored = []
        (pendingFrom, pendingDelta) = (.max, 0)
        unchecked = []
        postponed = []
    }

    /// Leaves an unfinished word (the caret at its end) until the caret or the text moves.
    mutating func postpone(_ word: Range<Int>) { postponed.append(word) }

    /// The caret or the text moved: the postponed words are to check again.
    mutating func resumePostponed() {
        for word in postponed { insertUnchecked(word) }
        postponed = []
    }

    /// Whether something is left to check.
    var isComplete: Bool { unchecked.isEmpty }

    /// A range of the text was replaced by `inserted` units: the marks after it move, those it
    /// touches go, and its place (with the words at its ends) is to check again.
    mutating func replace(_ range: Range<Int>, inserted: Int) {
        let delta = inserted - range.count
        let shift = { (r: Range<Int>) -> Range<Int> in (r.lowerBound + delta)..<(r.upperBound + delta) }
        // The marks before the edit stay; those it touches go (checked again with the words
        // around it); those after move, in place: a keystroke in a long text with thousands of
        // marks costs a tight loop, not a new array.
        let first = firstMark(endingAtOrAfter: range.lowerBound)
        var end = first
        while end < stored.count, mark(atIndex: end).lowerBound <= range.upperBound { end += 1 }
        removeMarks(first..<end)
        if delta != 0 { shiftMarks(from: first, by: delta) }
        var moved: [Range<Int>] = []
        for part in unchecked {
            if part.upperBound < range.lowerBound {
                moved.append(part)
            } else if part.lowerBound > range.upperBound {
                moved.append(shift(part))
            } else {
                // Overlapping the edit: what is left of it on either side, joined to the new text.
                let lower = min(part.lowerBound, range.lowerBound)
                let upper = max(part.upperBound + delta, range.lowerBound + inserted)
                moved.append(lower..<max(lower, upper))
            }
        }
        unchecked = moved
        insertUnchecked(range.lowerBound..<(range.lowerBound + inserted))
    }

    /// Adds a range to check (merged with its neighbours).
    mutating func insertUnchecked(_ range: Range<Int>) {
        let index = unchecked.firstIndex { $0.upperBound >= range.lowerBound } ?? unchecked.count
        var merged = range
        var end = index
        while end < unchecked.count, unchecked[end].lowerBound <= merged.upperBound {
            merged = min(merged.lowerBound, unchecked[end].lowerBound)..<max(merged.upperBound, unchecked[end].upperBound)
            end += 1
        }
        unchecked.replaceSubrange(index..<end, with: [merged])
    }

    /// Takes the unchecked text within `range` (a part of it: at most `limit` units), widened to
    /// whole words in `document`; nil when none is left there.
    mutating func take(within range: Range<Int>, limit: Int = .max, in document: TextDocument) -> Range<Int>? {
        guard let index = unchecked.firstIndex(where: { $0.upperBound > range.lowerBound || ($0.isEmpty && $0.lowerBound >= range.lowerBound) })
        else { return nil }
        let part = unchecked[index]
        // Every take consumes some of the part (an empty part whole), so a loop of takes ends.
        guard part.isEmpty ? part.lowerBound <= range.upperBound : part.lowerBound < range.upperBound else { return nil }
        let lower = Self.spaceBefore(max(part.lowerBound, range.lowerBound), in: document)
        let start = max(part.lowerBound, range.lowerBound)
        var upper = min(part.upperBound, range.upperBound, limit > Int.max - start ? Int.max : start + limit)
        upper = Self.spaceAfter(upper, in: document)
        let taken = lower..<max(lower, upper)
        // What of the part lies outside the taken text stays unchecked.
        var rest: [Range<Int>] = []
        if part.lowerBound < taken.lowerBound { rest.append(part.lowerBound..<taken.lowerBound) }
        if part.upperBound > taken.upperBound { rest.append(taken.upperBound..<part.upperBound) }
        unchecked.replaceSubrange(index...index, with: rest)
        // Other unchecked parts the widening swallowed are taken too.
        unchecked = unchecked.compactMap { other in
            guard other.overlaps(taken) || (other.isEmpty && taken.contains(other.lowerBound)) else { return other }
            if other.lowerBound < taken.lowerBound { return other.lowerBound..<taken.lowerBound }
            if other.upperBound > taken.upperBound { return taken.upperBound..<other.upperBound }
            return nil
        }
        // Marks inside the taken text are found again (found by binary search: a long foreign
        // text holds a mark for nearly every word, and this runs in the keystroke's frame).
        var first = firstMark(endingAtOrAfter: taken.lowerBound)
        while first < stored.count, !mark(atIndex: first).overlaps(taken), mark(atIndex: first).lowerBound < taken.upperBound { first += 1 }
        var end = first
        while end < stored.count, mark(atIndex: end).overlaps(taken) { end += 1 }
        removeMarks(first..<end)
        return taken
    }

    /// Records a misspelt word found by a check.
    mutating func mark(_ word: Range<Int>) {
        // The first mark starting at or after the word (binary search: marks are in order).
        var index = 0, high = stored.count
        while index < high {
            let mid = (index + high) / 2
            if mark(atIndex: mid).lowerBound < word.lowerBound { index = mid + 1 } else { high = mid }
        }
        if index < stored.count, mark(atIndex: index) == word { return }
        if index >= pendingFrom {
            stored.insert(shifted(word, by: -pendingDelta), at: index)  // inside the moved part
        } else {
            stored.insert(word, at: index)
            if pendingFrom != .max { pendingFrom += 1 }
        }
    }

    /// Forgets the marks of the words a test says are now right (a learned or ignored word).
    mutating func unmark(where isRight: (Range<Int>) -> Bool) {
        stored = misspelled.filter { !isRight($0) }
        (pendingFrom, pendingDelta) = (.max, 0)
    }

    // MARK: Marks moved when read

    private func shifted(_ r: Range<Int>, by delta: Int) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }

    /// The mark at an index, where it is now.
    private func mark(atIndex i: Int) -> Range<Int> { i >= pendingFrom ? shifted(stored[i], by: pendingDelta) : stored[i] }

    /// Removes marks by index, keeping the moved part's start at the same mark.
    private mutating func removeMarks(_ indices: Range<Int>) {
        guard !indices.isEmpty else { return }
        stored.removeSubrange(indices)
        if pendingFrom == .max { return }
        if pendingFrom >= indices.upperBound {
            pendingFrom -= indices.count
        } else if pendingFrom > indices.lowerBound {
            pendingFrom = indices.lowerBound
        }
        if pendingFrom >= stored.count { (pendingFrom, pendingDelta) = (.max, 0) }
    }

    /// Moves every mark from an index on by `delta`: only the marks between this place and the
    /// last edit's are touched.
    private mutating func shiftMarks(from index: Int, by delta: Int) {
        guard index < stored.count else { return }
        if pendingFrom == .max {
            (pendingFrom, pendingDelta) = (index, 0)
        } else if pendingFrom < index {
            // The marks between the last edit and this one have moved for good.
            for i in pendingFrom..<index { stored[i] = shifted(stored[i], by: pendingDelta) }
            pendingFrom = index
        } else if pendingFrom > index {
            // The marks between this edit and the last were not moved: they are stored as if they were.
            for i in index..<pendingFrom { stored[i] = shifted(stored[i], by: -pendingDelta) }
            pendingFrom = index
        }
        pendingDelta += delta
    }

    /// The marks that intersect a range.
    func marks(in range: Range<Int>) -> [Range<Int>] {
        let low = firstMark(endingAtOrAfter: range.lowerBound)
        var end = low
        while end < stored.count, mark(atIndex: end).lowerBound <= range.upperBound { end += 1 }
        return (low..<end).map(mark(atIndex:))
    }

    /// Whether no word is marked.
    var isEmpty: Bool { stored.isEmpty }

    /// The index of the first mark that ends at or after an offset (binary search).
    private func firstMark(endingAtOrAfter offset: Int) -> Int {
        var low = 0, high = stored.count
        while low < high {
            let mid = (low + high) / 2
            if mark(atIndex: mid).upperBound < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The misspelt word at an offset (its ends included), if any.
    func mark(at offset: Int) -> Range<Int>? {
        marks(in: offset..<offset).first { $0.lowerBound <= offset && offset <= $0.upperBound }
    }

    // MARK: Word ends

    /// The offset after the last space (or line break) before `offset`, looking back `reach` units.
    static func spaceBefore(_ offset: Int, in document: TextDocument) -> Int {
        let start = max(0, offset - reach)
        let text = document.substring(start..<offset)
        var position = offset
        for unit in text.utf16.reversed() {
            if isSpace(unit) { return position }
            position -= 1
        }
        return start
    }

    /// The offset of the first space (or line break) at or after `offset`, looking ahead `reach` units.
    static func spaceAfter(_ offset: Int, in document: TextDocument) -> Int {
        let end = min(document.utf16Count, offset + reach)
        guard offset < end else { return min(offset, document.utf16Count) }
        var position = offset
        for unit in document.substring(offset..<end).utf16 {
            if isSpace(unit) { return position }
            position += 1
        }
        return end
    }

    private static func isSpace(_ unit: UTF16.CodeUnit) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0xA0 || unit == 0x3000 || unit == 0x2029 || unit == 0x2028
    }
}
