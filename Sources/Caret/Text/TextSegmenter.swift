/// Unicode text segmentation (SPEC §9): words for double-click, Ctrl+arrows, Ctrl+Backspace and
/// the word the suggestion bar completes (UAX #29), and where lines may break (UAX #14). Offsets
/// are UTF-16. The backend's font provider gives one (ICU's, with CaretText); the core's own
/// `SimpleTextSegmenter` serves tests and views in no window.
public protocol TextSegmenter: Sendable {
    /// The segments of a text, in order and covering it: words (letters, digits, ideographs, kana)
    /// and the runs between them (spaces, punctuation).
    func wordSegments(in text: String) -> [(range: Range<Int>, isWord: Bool)]
    /// The offsets where a line may end (after the character before), the text's end excluded.
    func lineBreakOpportunities(in text: String) -> [Int]
}

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

extension FontProvider {
    /// Character-class segmentation, unless the provider gives a Unicode one.
    public var segmenter: TextSegmenter { SimpleTextSegmenter() }
}
