// SPDX-License-Identifier: Apache-2.0
import Foundation

extension KeyboardView {
    /// The letters plane's keys as swipe typing sees them: each letter key's centre, each of its
    /// long-press alternates on the same centre, and the keys' width (median); nil off the
    /// letters plane or with no letter keys.
    @_spi(Testing) public var swipeGeometry: SwipeKeyboardGeometry? {
        guard model.plane == .letters else { return nil }
        var centres: [Character: Point] = [:]
        var widths: [Double] = []
        var alternates: [(Character, Point)] = []
        for (key, frame) in keyFrames {
            guard case let .text(text) = key.action, text.count == 1, let letter = text.lowercased().first, letter.isLetter else { continue }
            let centre = Point(x: frame.midX, y: frame.midY)
            centres[letter] = centre
            widths.append(frame.width)
            for alternate in key.alternates where alternate.count == 1 {
                if let character = alternate.lowercased().first { alternates.append((character, centre)) }
            }
        }
        // An alternate that is a key of its own elsewhere (Swedish å) keeps its own key.
        for (character, centre) in alternates where centres[character] == nil { centres[character] = centre }
        guard !widths.isEmpty else { return nil }
        return SwipeKeyboardGeometry(centres: centres, keyWidth: widths.sorted()[widths.count / 2])
    }
}
