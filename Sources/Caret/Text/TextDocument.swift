// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Attributed text stored as an array of paragraphs, each a Swift `String` with its attribute
/// runs. Offsets are UTF-16 code units, as `NSRange` counts them; a Fenwick tree maps offsets to
/// paragraphs in O(log n). An edit inside a paragraph costs O(paragraph + log n); splitting or
/// joining paragraphs re-indexes the paragraph array.
///
/// Chosen by measurement (see `Benchmarks`): a one-character insert in the middle of the 1 MB
/// benchmark document touches one 49-character paragraph, and a layout cache keyed by paragraph
/// re-lays out only that one.
public struct TextDocument: Equatable, Sendable {
    /// One paragraph: text without its line break, and attribute runs covering it.
    public struct Paragraph: Equatable, Sendable {
        /// The text, never containing a line break.
        public internal(set) var text: String
        /// UTF-16 length of `text`.
        public internal(set) var utf16Count: Int
        /// Attribute runs covering `text` (at least one, possibly of length 0).
        package internal(set) var runs: [AttributeRun]
        /// Bumped on every change, so layout caches know when to re-lay out.
        public internal(set) var revision: Int

        init(text: String, attributes: TextAttributes, revision: Int = 0) {
            self.init(text: text, sharingAttributesOf: AttributeRun(length: 0, attributes: attributes), revision: revision)
        }

        /// A paragraph in one run whose attributes are shared with `run`'s (`utf16Count` when
        /// the caller has counted it already).
        init(text: String, utf16Count: Int? = nil, sharingAttributesOf run: AttributeRun, revision: Int = 0) {
            self.text = text
            self.utf16Count = utf16Count ?? TextDocument.utf16Length(text)
            self.runs = [AttributeRun(length: self.utf16Count, sharingAttributesOf: run)]
            self.revision = revision
        }

        /// The length in code points (what AT-SPI counts): UTF-16's, less one per surrogate pair;
        /// ASCII text (as many UTF-8 bytes as UTF-16 units) is not walked.
        var scalarCount: Int { text.utf8.count == utf16Count ? utf16Count : text.unicodeScalars.count }
    }

    /// The paragraphs, at least one.
    package private(set) var paragraphs: ParagraphList
    private var index: FenwickTree<Int>  // paragraph lengths + 1 for the line break
    // Paragraph lengths in code points + 1, for assistive technology's offsets: built when first
    // asked for (`buildScalarIndex()`), kept by edits after; nil costs editing nothing.
    private var scalarIndex: FenwickTree<Int>?
    private var nextRevision = 1

    /// Which paragraphs an edit replaced: `removed` (old indices) became `inserted` new ones.
    public struct ParagraphEdit: Hashable, Sendable {
        /// The old paragraph indices replaced.
        public var removed: Range<Int>
        /// How many paragraphs took their place.
        public var inserted: Int
        /// For an edit inside one paragraph: the UTF-16 range of it that changed and the length
        /// of what is there now (layouts of long paragraphs follow it instead of starting over).
        public var local: LocalChange?
    }

    /// A change inside one paragraph: `range` (paragraph-relative UTF-16) now holds `length` units.
    public struct LocalChange: Hashable, Sendable {
        /// The range replaced, in the paragraph before the edit.
        public var range: Range<Int>
        /// The length of what replaced it.
        public var length: Int
    }

    /// A copy that starts a lineage of its own (layouts treat it as a new document, not an edit).
    public func detached() -> TextDocument {
        var copy = self
        copy.lineage = Lineage()
        copy.editCount = 0
        copy.recentEdits = []
        return copy
    }

    /// Identifies a document and its edited copies; a document made anew gets another one.
    public final class Lineage: Sendable {}
    /// The lineage of this document (shared by copies, so layout caches can follow edits).
    public private(set) var lineage = Lineage()

    /// Counts edits; layout caches compare it with the count they last saw.
    public private(set) var editCount = 0
    /// The most recent edits (at most 64), oldest first: `editCount - recentEdits.count` edits came before them.
    public private(set) var recentEdits: [ParagraphEdit] = []

    private mutating func log(_ edit: ParagraphEdit) {
        editCount += 1
        recentEdits.append(edit)
        if recentEdits.count > 64 { recentEdits.removeFirst(recentEdits.count - 64) }
    }

    /// Creates a document from plain text with one set of attributes; line endings become "\n"
    /// and control characters other than tab are dropped.
    public init(_ string: String = "", attributes: TextAttributes = .plain) {
        let clean = TextDocument.sanitize(string)
        let style = AttributeRun(length: 0, attributes: attributes)
        let paragraphs = Self.lines(clean).map { Paragraph(text: $0, sharingAttributesOf: style) }
        self.paragraphs = ParagraphList(paragraphs)
        index = FenwickTree(paragraphs.map { $0.utf16Count + 1 })
    }

    /// Creates a document from UTF-8 bytes; invalid sequences become U+FFFD.
    public init(utf8 bytes: some Collection<UInt8>, attributes: TextAttributes = .plain) {
        self.init(String(decoding: Array(bytes), as: UTF8.self), attributes: attributes)
    }

    public static func == (lhs: TextDocument, rhs: TextDocument) -> Bool {
        lhs.paragraphs.count == rhs.paragraphs.count
            && zip(lhs.paragraphs, rhs.paragraphs).allSatisfy { $0.text == $1.text && $0.runs == $1.runs }
    }

    // MARK: Size and text

    /// The length in UTF-16 code units (line breaks count 1).
    public var utf16Count: Int { index.total - 1 }

    /// Whether the document has no text.
    public var isEmpty: Bool { paragraphs.count == 1 && paragraphs[0].utf16Count == 0 }

    /// The whole text, paragraphs joined by "\n".
    public var string: String { paragraphs.map(\.text).joined(separator: "\n") }

    /// Builds the code-point index the offsets below use (once; edits keep it after). Without it
    /// they walk the text before the offset.
    public mutating func buildScalarIndex() {
        if scalarIndex == nil { scalarIndex = FenwickTree(paragraphs.map { $0.scalarCount + 1 }) }
    }

    /// The code points before paragraph `p` (line breaks count 1) and the paragraph's own count.
    private func scalars(before p: Int) -> (start: Int, own: Int) {
        if let scalarIndex { return (scalarIndex.prefixSum(p), scalarIndex[p] - 1) }
        return (paragraphs[..<p].reduce(0) { $0 + $1.scalarCount + 1 }, paragraphs[p].scalarCount)
    }

    /// The length in code points (line breaks count 1), as assistive technology counts.
    public var scalarCount: Int {
        scalarIndex.map { $0.total - 1 } ?? scalars(before: paragraphs.count - 1).start + paragraphs[paragraphs.count - 1].scalarCount
    }

    /// The code-point offset of a UTF-16 offset (one inside a surrogate pair counts its scalar as
    /// before it); O(log n) plus a walk of one non-ASCII paragraph once the index is built.
    public func scalarOffset(ofUTF16 offset: Int) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        let paragraph = paragraphs[p]
        let (start, own) = scalars(before: p)
        guard own != paragraph.utf16Count else { return start + o }  // no surrogate pairs
        let units = paragraph.text.utf16
        let end = units.index(units.startIndex, offsetBy: o)
        return start + paragraph.text.unicodeScalars[..<end].count
    }

    /// The UTF-16 offset of a code-point offset (clamped to the text).
    public func utf16Offset(ofScalar offset: Int) -> Int {
        let clamped = max(0, min(offset, scalarCount))
        var copy = self
        copy.buildScalarIndex()  // shares the text; only the index is made when this one has none
        let p = copy.scalarIndex!.index(containing: clamped)
        let (start, own) = copy.scalars(before: p)
        let o = clamped - start
        let paragraph = paragraphs[p]
        guard own != paragraph.utf16Count else { return startOffset(ofParagraph: p) + o }
        let scalars = paragraph.text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: o)
        return startOffset(ofParagraph: p) + paragraph.text.utf16.distance(from: paragraph.text.utf16.startIndex, to: end)
    }

    /// The UTF-16 offset where a paragraph starts.
    public func startOffset(ofParagraph i: Int) -> Int { index.prefixSum(i) }

    /// The paragraph holding an offset and the offset inside it (an offset at a line break
    /// belongs to the paragraph it ends).
    public func paragraphPosition(of offset: Int) -> (paragraph: Int, offset: Int) {
        let clamped = max(0, min(offset, utf16Count))
        let i = index.index(containing: clamped)
        return (i, clamped - index.prefixSum(i))
    }

    /// The text of a UTF-16 range; ends inside a surrogate pair are moved out of it.
    public func substring(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, utf16Count)), upper = max(lower, min(range.upperBound, utf16Count))
        let (p0, o0) = paragraphPosition(of: lower)
        let (p1, o1) = paragraphPosition(of: upper)
        if p0 == p1 { return Self.slice(paragraphs[p0].text, o0, o1) }
        var parts = [Self.slice(paragraphs[p0].text, o0, paragraphs[p0].utf16Count)]
        if p1 > p0 + 1 { parts += paragraphs[(p0 + 1)..<p1].map(\.text) }
        parts.append(Self.slice(paragraphs[p1].text, 0, o1))
        return parts.joined(separator: "\n")
    }

    static func slice(_ text: String, _ from: Int, _ to: Int) -> String {
        let u = text.utf16
        let a = u.index(u.startIndex, offsetBy: from), b = u.index(u.startIndex, offsetBy: to)
        return String(text[a..<b])
    }

    // MARK: Attributes

    /// The attributes at an offset (of the character after it; at a paragraph's end, of the last one).
    public func attributes(at offset: Int) -> TextAttributes {
        let (p, o) = paragraphPosition(of: offset)
        var start = 0
        let runs = paragraphs[p].runs
        for run in runs {
            if o < start + run.length { return run.attributes }
            start += run.length
        }
        return runs.last?.attributes ?? .plain
    }

    /// Sets attributes on a range.
    public mutating func setAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        let lower = max(0, range.lowerBound), upper = min(utf16Count, range.upperBound)
        guard lower < upper else { return }
        let (p0, o0) = paragraphPosition(of: lower)
        let (p1, o1) = paragraphPosition(of: upper)
        for p in p0...p1 {
            let from = p == p0 ? o0 : 0
            let to = p == p1 ? o1 : paragraphs[p].utf16Count
            guard from < to else { continue }
            paragraphs[p].runs = Self.replacingRuns(
                paragraphs[p].runs, from: from, to: to,
                with: [AttributeRun(length: to - from, attributes: attributes)])
            touch(p, from..<to)
        }
    }

    /// Runs with `[from, to)` replaced by `inserted`, merged where neighbours have equal attributes.
    static func replacingRuns(_ runs: [AttributeRun], from: Int, to: Int, with inserted: [AttributeRun]) -> [AttributeRun] {
        var before: [AttributeRun] = [], after: [AttributeRun] = []
        var position = 0
        for run in runs {
            let start = position, end = position + run.length
            position = end
            if start < from { before.append(AttributeRun(length: min(end, from) - start, sharingAttributesOf: run)) }
            if end > to { after.append(AttributeRun(length: end - max(start, to), sharingAttributesOf: run)) }
        }
        var merged: [AttributeRun] = []
        for run in before + inserted + after where run.length > 0 {
            if let last = merged.last, last.attributes == run.attributes {
                merged[merged.count - 1].length += run.length
            } else {
                merged.append(run)
            }
        }
        if merged.isEmpty {
            merged = [AttributeRun(length: 0, attributes: inserted.first?.attributes ?? runs.first?.attributes ?? .plain)]
        }
        return merged
    }

    // MARK: Editing

    /// Replaces a UTF-16 range with text (sanitised) carrying `attributes` (default: those at the
    /// start of the range). Returns the range the new text occupies.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with string: String, attributes: TextAttributes? = nil) -> Range<Int> {
        let text = Self.sanitize(string)
        let lower = max(0, min(range.lowerBound, utf16Count)), upper = max(lower, min(range.upperBound, utf16Count))
        let attrs = attributes ?? self.attributes(at: lower > 0 && lower == upper ? lower - 1 : lower)
        let (p0, o0) = paragraphPosition(of: lower)
        let (p1, o1) = paragraphPosition(of: upper)
        let pieces = Self.lines(text)
        let first = paragraphs[p0], last = paragraphs[p1]
        let u0 = first.text.utf16, u1 = last.text.utf16
        let head = String(first.text[..<u0.index(u0.startIndex, offsetBy: o0)])
        let tail = String(last.text[u1.index(u1.startIndex, offsetBy: o1)...])
        let headRuns = Self.replacingRuns(first.runs, from: o0, to: first.utf16Count, with: [])
        let tailRuns = Self.replacingRuns(last.runs, from: 0, to: o1, with: [])

        var newParagraphs: [Paragraph] = []
        let style = AttributeRun(length: 0, attributes: attrs)
        // Each piece counted once (a pasted megabyte is not walked again for every string it joins).
        let counts = pieces.map(Self.utf16Length)
        for (i, piece) in pieces.enumerated() {
            var text = piece
            var count = counts[i]
            var runs = [AttributeRun(length: count, sharingAttributesOf: style)]
            if i == 0 {
                let headCount = Self.utf16Length(head)
                text = head + text
                count += headCount
                runs = Self.replacingRuns(headRuns, from: headCount, to: headCount, with: runs)
            }
            if i == pieces.count - 1 {
                let prefix = count
                text += tail
                count += Self.utf16Length(tail)
                runs = Self.replacingRuns(runs + tailRuns, from: prefix, to: prefix, with: [])
            }
            var paragraph = Paragraph(text: text, utf16Count: count, sharingAttributesOf: style, revision: nextRevision)
            nextRevision += 1
            paragraph.runs = runs
            newParagraphs.append(paragraph)
        }
        if p0 == p1 && newParagraphs.count == 1 {
            let local = LocalChange(range: o0..<o1, length: newParagraphs[0].utf16Count - (first.utf16Count - (o1 - o0)))
            paragraphs[p0] = newParagraphs[0]
            index.set(p0, to: newParagraphs[0].utf16Count + 1)
            scalarIndex?.set(p0, to: newParagraphs[0].scalarCount + 1)
            log(ParagraphEdit(removed: p0..<(p1 + 1), inserted: 1, local: local))
        } else {
            paragraphs.replaceSubrange(p0..<(p1 + 1), with: newParagraphs)
            index.replaceSubrange(p0..<(p1 + 1), with: newParagraphs.map { $0.utf16Count + 1 })
            scalarIndex?.replaceSubrange(p0..<(p1 + 1), with: newParagraphs.map { $0.scalarCount + 1 })
            log(ParagraphEdit(removed: p0..<(p1 + 1), inserted: newParagraphs.count))
        }
        return lower..<(lower + counts.reduce(pieces.count - 1, +))
    }

    private mutating func touch(_ p: Int, _ range: Range<Int>) {
        paragraphs[p].revision = nextRevision
        nextRevision += 1
        log(ParagraphEdit(removed: p..<(p + 1), inserted: 1, local: LocalChange(range: range, length: range.count)))
    }

    // MARK: Boundaries
    //
    // Queries walk the text around the offset only (Swift's `String` rounds indices to grapheme
    // clusters locally), so they cost the same in a 10-character line and a 10-million-character one.

    /// The `String.Index` of a paragraph-relative UTF-16 offset.
    static func index(_ text: String, _ offset: Int) -> String.Index {
        text.utf16.index(text.utf16.startIndex, offsetBy: offset)
    }

    /// The UTF-16 offset of a `String.Index`.
    static func offset(_ text: String, _ index: String.Index) -> Int {
        text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// UTF-16 offsets (paragraph-relative) where each grapheme cluster of a paragraph starts, plus its end.
    public func graphemeBoundaries(ofParagraph p: Int) -> [Int] {
        var result = [0]
        var offset = 0
        for character in paragraphs[p].text {
            offset += character.utf16.count
            result.append(offset)
        }
        return result
    }

    /// Whether an offset falls between grapheme clusters.
    public func isGraphemeBoundary(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= utf16Count else { return false }
        let (p, o) = paragraphPosition(of: offset)
        let text = paragraphs[p].text
        if o == 0 || o == paragraphs[p].utf16Count { return true }
        return Self.index(text, o).samePosition(in: text) != nil
    }

    /// The boundary at or before a paragraph-relative offset.
    static func boundary(atOrBefore o: Int, in text: String, count: Int) -> Int {
        if o <= 0 { return 0 }
        if o >= count { return count }
        let i = index(text, o)
        if i.samePosition(in: text) != nil { return o }
        return offset(text, text.index(before: text.index(after: i)))
    }

    /// The nearest boundary at or before an offset.
    public func graphemeBoundary(atOrBefore offset: Int) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        return startOffset(ofParagraph: p) + Self.boundary(atOrBefore: o, in: paragraphs[p].text, count: paragraphs[p].utf16Count)
    }

    /// The nearest boundary at or after an offset.
    public func graphemeBoundary(atOrAfter offset: Int) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        let count = paragraphs[p].utf16Count
        let before = Self.boundary(atOrBefore: o, in: paragraphs[p].text, count: count)
        if before == o { return startOffset(ofParagraph: p) + o }
        let text = paragraphs[p].text
        return startOffset(ofParagraph: p) + Self.offset(text, text.index(after: Self.index(text, before)))
    }

    /// The boundary after an offset (the document end at most); a line break is one step.
    public func graphemeBoundary(after offset: Int) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        let count = paragraphs[p].utf16Count
        if o >= count { return min(utf16Count, offset + 1) }
        let text = paragraphs[p].text
        let start = Self.boundary(atOrBefore: o, in: text, count: count)
        return startOffset(ofParagraph: p) + Self.offset(text, text.index(after: Self.index(text, start)))
    }

    /// The boundary before an offset (0 at least); a line break is one step.
    public func graphemeBoundary(before offset: Int) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        if o == 0 { return max(0, offset - 1) }
        let text = paragraphs[p].text
        let start = Self.boundary(atOrBefore: o, in: text, count: paragraphs[p].utf16Count)
        if start < o { return startOffset(ofParagraph: p) + start }
        return startOffset(ofParagraph: p) + Self.offset(text, text.index(before: Self.index(text, o)))
    }

    /// The word segments of the part of paragraph `p` around a local offset: at most `window`
    /// UTF-16 units each side (cut at grapheme boundaries), so a word step in a huge paragraph
    /// costs what it does in a short one. Ranges are paragraph-relative.
    func wordSegments(
        _ p: Int, around o: Int, segmenter: TextSegmenter, window: Int = 1024
    ) -> [(range: Range<Int>, isWord: Bool)] {
        let text = paragraphs[p].text
        let count = paragraphs[p].utf16Count
        let lo = o - window <= 0 ? 0 : Self.boundary(atOrBefore: o - window, in: text, count: count)
        let hi = o + window >= count ? count : Self.boundary(atOrBefore: o + window, in: text, count: count)
        let piece = lo == 0 && hi == count ? text : Self.slice(text, lo, hi)
        return segmenter.wordSegments(in: piece).map { (($0.range.lowerBound + lo)..<($0.range.upperBound + lo), $0.isWord) }
    }

    /// The end of the word at or after an offset (skipping non-word characters first), within the paragraph
    /// or at the next one's start when already at a paragraph end.
    public func wordBoundary(after offset: Int, segmenter: TextSegmenter = SimpleTextSegmenter()) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        let count = paragraphs[p].utf16Count
        if o >= count { return min(utf16Count, offset + 1) }
        let segments = wordSegments(p, around: o, segmenter: segmenter)
        let end = segments.first { $0.isWord && $0.range.upperBound > o }?.range.upperBound ?? segments.last?.range.upperBound ?? count
        return startOffset(ofParagraph: p) + max(end, Self.boundary(atOrBefore: o, in: paragraphs[p].text, count: count))
    }

    /// The start of the word at or before an offset (skipping non-word characters first).
    public func wordBoundary(before offset: Int, segmenter: TextSegmenter = SimpleTextSegmenter()) -> Int {
        let (p, o) = paragraphPosition(of: offset)
        if o == 0 { return max(0, offset - 1) }
        let segments = wordSegments(p, around: o, segmenter: segmenter)
        let start = segments.last { $0.isWord && $0.range.lowerBound < o }?.range.lowerBound ?? segments.first?.range.lowerBound ?? 0
        return startOffset(ofParagraph: p) + start
    }

    /// The word (or run of non-word characters, or of spaces) around an offset, for double-click selection.
    public func wordRange(at offset: Int, segmenter: TextSegmenter = SimpleTextSegmenter()) -> Range<Int> {
        let (p, o) = paragraphPosition(of: offset)
        let base = startOffset(ofParagraph: p)
        let count = paragraphs[p].utf16Count
        guard count > 0 else { return base..<base }
        let segments = wordSegments(p, around: min(o, count), segmenter: segmenter)
        guard var i = segments.firstIndex(where: { $0.range.contains(min(o, count - 1)) }) else { return base..<base }
        // At the end of a word, the word before the caret wins (as on every desktop).
        if i > 0, segments[i].range.lowerBound == o, !segments[i].isWord, segments[i - 1].isWord { i -= 1 }
        if o >= count, let last = segments.indices.last { i = last }
        return (base + segments[i].range.lowerBound)..<(base + segments[i].range.upperBound)
    }

    /// The paragraph around an offset, without its line break.
    public func paragraphRange(at offset: Int) -> Range<Int> {
        let (p, _) = paragraphPosition(of: offset)
        let start = startOffset(ofParagraph: p)
        return start..<(start + paragraphs[p].utf16Count)
    }
}
