// SPDX-License-Identifier: Apache-2.0
/// The units a screen reader reads by, as ATK defines them: a word or sentence runs from its
/// start to the start of the next (so the spaces after it belong to it). Each looks at the
/// paragraph around the offset only.
extension TextDocument {
    /// The word holding an offset with the spaces after it; an offset in spaces before any word of
    /// its paragraph gets those spaces.
    public func accessibilityWordRange(at offset: Int, segmenter: TextSegmenter = SimpleTextSegmenter()) -> Range<Int> {
        let (p, o) = paragraphPosition(of: offset)
        let base = startOffset(ofParagraph: p), count = paragraphs[p].utf16Count
        guard count > 0 else { return base..<base }
        let segments = wordSegments(p, around: o, segmenter: segmenter)
        let words = segments.filter(\.isWord).map(\.range.lowerBound)
        let start = words.last { $0 <= o } ?? segments.first?.range.lowerBound ?? 0
        let end = words.first { $0 > o } ?? segments.last?.range.upperBound ?? count
        return (base + start)..<(base + max(start, end))
    }

    /// The sentence holding an offset with the spaces after it: a sentence ends after ".", "!",
    /// "?" (with any closing quotes) and a space, or after an ideographic or fullwidth stop, and
    /// takes the spaces that follow.
    public func accessibilitySentenceRange(at offset: Int) -> Range<Int> {
        let (p, o) = paragraphPosition(of: offset)
        let base = startOffset(ofParagraph: p)
        var starts = [0]  // UTF-16 offsets in the paragraph where sentences start
        var afterStop = false, spaced = false, position = 0
        for scalar in paragraphs[p].text.unicodeScalars {
            if scalar.properties.isWhitespace {
                spaced = afterStop
            } else if afterStop && spaced {
                starts.append(position)  // "Hi. There": a stop, spaces, then more
                afterStop = false
            } else if afterStop && !Self.closesSentence(scalar) {
                afterStop = false  // "3.14", "e.g": no space after the stop
            }
            if Self.stopsSentence(scalar) {
                afterStop = true
                spaced = Self.stopsWithoutSpace(scalar)
            }
            position += scalar.utf16.count
        }
        let start = starts.last { $0 <= o } ?? 0
        let end = starts.first { $0 > o } ?? paragraphs[p].utf16Count
        return (base + start)..<(base + end)
    }

    private static func stopsSentence(_ scalar: Unicode.Scalar) -> Bool {
        ".!?\u{3002}\u{FF01}\u{FF1F}\u{FF0E}\u{0964}\u{061F}".unicodeScalars.contains(scalar)
    }

    /// Ideographic and fullwidth stops end a sentence without a space after them.
    private static func stopsWithoutSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x3000 }

    private static func closesSentence(_ scalar: Unicode.Scalar) -> Bool {
        "\"')]\u{201D}\u{2019}\u{300D}\u{300F}".unicodeScalars.contains(scalar) || stopsSentence(scalar)
    }

    /// The paragraph holding an offset with its line break (none after the last).
    public func accessibilityParagraphRange(at offset: Int) -> Range<Int> {
        let range = paragraphRange(at: offset)
        return range.lowerBound..<min(utf16Count, range.upperBound + 1)
    }
}
