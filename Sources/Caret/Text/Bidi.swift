// SPDX-License-Identifier: Apache-2.0
/// The direction text is written in (UIKit's `NSWritingDirection`).
public enum WritingDirection: Int, Hashable, Sendable {
    /// From the text: its first strong character's direction.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// The visual order of runs with embedding levels (UAX #9 rule L2): from the highest level down to
/// the lowest odd one, every sequence at that level or above is reversed. Returns indices into
/// `levels` from left to right.
public func visualOrder(ofLevels levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
    var level = highest
    while level >= lowestOdd {
        var i = 0
        while i < order.count {
            guard levels[order[i]] >= level else {
                i += 1
                continue
            }
            var j = i
            while j < order.count && levels[order[j]] >= level { j += 1 }
            order[i..<j].reverse()
            i = j
        }
        if level == 0 { break }
        level -= 1
    }
    return order
}
