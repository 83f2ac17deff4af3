// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Caret

/// Word boundaries (UAX #29) and line-break opportunities (UAX #14) from the system's ICU:
/// "日本語のテキスト" has the words 日本語, の and テキスト; a line may break between CJK
/// characters and after spaces, never before closing punctuation or inside an emoji sequence.
public struct ICUTextSegmenter: TextSegmenter {
    /// Creates the segmenter.
    public init() {}

    /// Boundaries and their ICU rule statuses, or nil when ICU failed (then the simple rules serve).
    private func boundaries(_ kind: Int32, _ text: String) -> [(offset: Int, status: Int32)]? {
        let units = Array(text.utf16)
        var capacity = max(16, units.count / 3 + 2)
        while true {
            var offsets = [Int32](repeating: 0, count: capacity)
            var statuses = [Int32](repeating: 0, count: capacity)
            let count = units.withUnsafeBufferPointer { buffer in
                caret_boundaries(kind, buffer.baseAddress, Int32(buffer.count), &offsets, &statuses, Int32(capacity))
            }
            if count < 0 { return nil }
            if count <= capacity { return (0..<Int(count)).map { (Int(offsets[$0]), statuses[$0]) } }
            capacity = Int(count)
        }
    }

    public func wordSegments(in text: String) -> [(range: Range<Int>, isWord: Bool)] {
        guard let found = boundaries(0, text) else { return SimpleTextSegmenter().wordSegments(in: text) }
        // A segment's status is the rule status of the boundary that ends it: 0..<100 means none
        // (spaces, punctuation); numbers, letters, kana and ideographs are 100 and above.
        return zip(found, found.dropFirst()).map { (start, end) in (start.offset..<end.offset, end.status >= 100) }
    }

    public func lineBreakOpportunities(in text: String) -> [Int] {
        guard let found = boundaries(1, text) else { return SimpleTextSegmenter().lineBreakOpportunities(in: text) }
        let length = text.utf16.count
        return found.map(\.offset).filter { $0 > 0 && $0 < length }
    }
}
