// SPDX-License-Identifier: Apache-2.0

/// Segmentation by character classes: a word is a run of letters, digits, marks and `_`; a line
/// may break after white space. What the core uses when no backend gives better.
public struct SimpleTextSegmenter: TextSegmenter {
    /// Creates the segmenter.
    public init() {}

    /// Whether a character belongs to a word (letters, digits, marks, connector punctuation).
    public static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
            || character.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    public func wordSegments(in text: String) -> [(range: Range<Int>, isWord: Bool)] {
        var segments: [(range: Range<Int>, isWord: Bool)] = []
        var offset = 0
        var kind = -1
        for character in text {
            let k = Self.isWordCharacter(character) ? 0 : (character.isWhitespace ? 1 : 2)
            let length = character.utf16.count
            if k == kind, let last = segments.last {
                segments[segments.count - 1].range = last.range.lowerBound..<(offset + length)
            } else {
                segments.append((offset..<(offset + length), k == 0))
            }
            kind = k
            offset += length
        }
        return segments
    }

    public func lineBreakOpportunities(in text: String) -> [Int] {
        var result: [Int] = []
        var offset = 0
        var previousIsSpace = false
        for character in text {
            if previousIsSpace && !character.isWhitespace { result.append(offset) }
            previousIsSpace = character.isWhitespace
            offset += character.utf16.count
        }
        return result
    }
}
