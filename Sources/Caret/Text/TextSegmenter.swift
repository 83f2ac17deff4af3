// SPDX-License-Identifier: Apache-2.0
/// Unicode text segmentation (docs/behaviour/world-text.md): words for double-click, Ctrl+arrows, Ctrl+Backspace and
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

extension FontProvider {
    /// Character-class segmentation, unless the provider gives a Unicode one.
    public var segmenter: TextSegmenter { SimpleTextSegmenter() }
}
