// SPDX-License-Identifier: Apache-2.0
/// Lays a `TextDocument` out in lines: word wrap falling back to character wrap, hard breaks,
/// tabs, fonts and colours per attribute run, alignment. Offsets are UTF-16, positions are in the
/// text's own coordinates (origin at the top-left of the first line).
///
/// It keeps its own copy of the document it laid out (`update(_:)` follows the owner's edits), so
/// every query sees text and lines that belong together. Only what is asked for is laid out:
///
/// - Paragraphs are laid out when first needed (drawing, caret queries) and again only when an
///   edit touches them; the others keep an estimated height until then.
/// - A paragraph longer than `blockLength` is laid out in blocks of about that size, cut after a
///   space where there is one near (else at a grapheme boundary). Each block is laid out on its
///   own: in a wrapped paragraph it starts a new line, in an unwrapped one (a text field) blocks
///   sit side by side. An edit re-lays out the block it touched, so a keystroke in a ten-million
///   character field or a million-character line costs what it does in a short one.
@MainActor
package final class TextLayout: TextLineMetrics {
    /// One laid-out line.
    public struct Line: Sendable {
        /// The line's UTF-16 range, relative to its paragraph.
        public var range: Range<Int>
        /// Grapheme boundaries in the line (paragraph-relative) with their x, from `range.lowerBound`
        /// to `range.upperBound`.
        public var carets: [(offset: Int, x: Double)]
        /// Where the line's content starts (alignment; in an unwrapped paragraph, the block's place).
        public var x: Double
        /// Width of the visible content (trailing spaces excluded).
        public var width: Double
        /// Distance from the line's top to its baseline.
        public var ascent: Double
        /// The line's height.
        public var height: Double
        /// Text pieces to draw: a shaped run, its x in the line, its attributes.
        public var pieces: [(run: TextRun, x: Double, attributes: TextAttributes)]
        /// The line's grapheme clusters in logical order, each with its box on the line and its
        /// embedding level: what visual caret movement, affinity and selection pieces read.
        public var clusters: [LineCluster] = []
        /// Whether the line's paragraph runs right to left.
        public var isRightToLeft = false
    }

    /// A grapheme cluster on a line: its UTF-16 range (paragraph-relative), its box and its level.
    public struct LineCluster: Sendable, Hashable {
        /// The cluster's UTF-16 range in its paragraph.
        public var range: Range<Int>
        /// The left edge of its box on the line.
        public var x: Double
        /// The box's width.
        public var width: Double
        /// Its embedding level (odd: right to left).
        public var level: UInt8

        /// Whether it runs right to left.
        public var isRightToLeft: Bool { level & 1 == 1 }
        /// The edge a caret before it sits at: left for left-to-right text, right for right-to-left.
        public var leadingX: Double { isRightToLeft ? x + width : x }
        /// The edge a caret after it sits at.
        public var trailingX: Double { isRightToLeft ? x : x + width }
    }

    /// Paragraphs longer than this many UTF-16 units are laid out in blocks of about this size.
    nonisolated public static let blockLength = 2048

    /// A paragraph's blocks and the lines of those laid out.
    final class ParagraphLayout {
        struct Block {
            var range: Range<Int>
            var lines: [Line]?
            /// How far edits before the block moved it since its lines were made: applied to the
            /// lines when they are next read, so an edit costs nothing in the blocks after it.
            var pendingShift = 0
        }
        var blocks: [Block]
        /// Per block: its height (wrapped) or its width (unwrapped); estimates until laid out.
        var extents: FenwickTree<Double>
        /// The paragraph revision it was made for.
        var revision: Int
        /// An unwrapped paragraph is one line: its ascent and height, from all its runs' fonts.
        var ascent = 0.0
        var lineHeight = 0.0
        /// The paragraph's embedding level (UAX #9), found when its first block is laid out.
        var baseLevel: UInt8?
        /// When its lines were last read (the layout's use count then), for evicting the oldest.
        var lastUse = 0

        init(blocks: [Block], extents: [Double], revision: Int) {
            self.blocks = blocks
            self.extents = FenwickTree(extents)
            self.revision = revision
        }

        /// The block holding a paragraph-relative offset (a block boundary belongs to the next block).
        func block(containing offset: Int) -> Int {
            var low = 0, high = blocks.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if blocks[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
            }
            return low
        }
    }

    /// The text laid out (the layout's own copy; `update(_:)` replaces it).
    public internal(set) var document: TextDocument
    /// Shapes text and gives font metrics.
    public let fontProvider: FontProvider
    /// The font of text with no font attribute.
    public var font: Font { didSet { if font != oldValue { invalidateAll() } } }
    /// Line alignment.
    public var alignment: TextAlignment = .natural { didSet { if alignment != oldValue { invalidateAll() } } }
    /// The base direction of paragraphs whose first run's paragraph style sets none: `.natural`
    /// takes each paragraph's first strong character (UAX #9 P2, P3).
    public var baseWritingDirection: WritingDirection = .natural {
        didSet { if baseWritingDirection != oldValue { invalidateAll() } }
    }
    /// What `.natural` means for a paragraph with no strong character (empty, digits only):
    /// right to left in a right-to-left interface.
    public var naturalDirection: WritingDirection = .leftToRight {
        didSet { if naturalDirection != oldValue { naturalDirectionDidChange() } }
    }
    /// The width lines wrap at; `nil` for one unwrapped line per paragraph (text fields).
    public var wrapWidth: Double? { didSet { if wrapWidth != oldValue { invalidateAll() } } }
    /// Distance between tab stops.
    public var tabInterval: Double = 28 { didSet { if tabInterval != oldValue { invalidateAll() } } }

    var paragraphs: [ParagraphLayout?] = []
    /// About how many bytes laid-out lines may take: past it, the lines read longest ago are
    /// dropped (their heights stay measured) and made again when needed, so memory follows what
    /// is shown, not what was ever shown.
    public var lineCacheLimit = 4 << 20
    /// About how many bytes the laid-out lines take (recounted at each eviction).
    private var laidOutCost = 0
    /// Reads of lines so far: the clock of `ParagraphLayout.lastUse`.
    private var useCount = 0
    /// Paragraphs whose lines were dropped to stay within `lineCacheLimit`.
    public private(set) var evictionCount = 0
    var heights = FenwickTree<Double>()
    var syncedEditCount = 0
    var syncedLineage: TextDocument.Lineage?
    /// The advance of a UTF-16 unit, measured on what was laid out: what estimates use.
    var averageAdvance: Double
    /// How many blocks (whole paragraphs, for short ones) were laid out since creation.
    public internal(set) var paragraphLayoutCount = 0
    /// UTF-16 units made into lines so far (what an edit's relayout costs, for tests).
    public internal(set) var unitsLaidOut = 0
    /// Counts every change of what is laid out (an edit followed, lines made, everything
    /// forgotten): a caller that measured at one count knows nothing moved while it stays.
    public internal(set) var changeCount = 0

    /// Creates a layout of a document.
    public init(document: TextDocument, font: Font, fontProvider: FontProvider, wrapWidth: Double? = nil) {
        self.document = document
        self.font = font
        self.fontProvider = fontProvider
        self.wrapWidth = wrapWidth
        averageAdvance = font.pointSize * 0.5
        invalidateAll()
    }

    /// Forgets every paragraph's layout.
    public func invalidateAll() { invalidateAll(keepingHeightsOf: nil) }

    /// Forgets every paragraph's layout. Where `previous` (the document laid out before) has
    /// paragraphs of the same lengths, as when only attributes changed (links detected, a mask
    /// revealed), their heights stay as the estimates: what is on screen, and a caret placed by
    /// them, does not jump while the lines are laid out again (soak seed 90261294).
    func invalidateAll(keepingHeightsOf previous: TextDocument?) {
        changeCount += 1
        let count = document.paragraphs.count
        let kept = previous.flatMap { old -> [Double]? in
            guard old.paragraphs.count == count, heights.count == count,
                zip(old.paragraphs, document.paragraphs).allSatisfy({ $0.utf16Count == $1.utf16Count })
            else { return nil }
            return heights.values
        }
        paragraphs = Array(repeating: nil, count: count)
        heights = FenwickTree(kept ?? (0..<count).map { estimatedHeight(ofParagraph: $0) })
        syncedEditCount = document.editCount
        syncedLineage = document.lineage
    }

    // MARK: Estimates

    /// The default font's line height (asked for once per paragraph estimate: kept).
    var defaultLineHeight: Double {
        if let known = cachedLineHeight, known.font == font { return known.height }
        let height = fontProvider.metrics(for: font).lineHeight
        cachedLineHeight = (font, height)
        return height
    }
    var cachedLineHeight: (font: Font, height: Double)?

    /// A paragraph's height before it is laid out: its length at the measured advance, wrapped.
    func estimatedHeight(ofParagraph p: Int) -> Double {
        let length = document.paragraphs[p].utf16Count
        guard let width = wrapWidth, width > 0 else { return defaultLineHeight }
        var height = 0.0
        var remaining = length
        repeat {
            let block = min(remaining, Self.blockLength)
            height += estimatedExtent(of: block)
            remaining -= block
        } while remaining > 0
        return height
    }

    /// A block's height (wrapped) or width (unwrapped) before it is laid out.
    func estimatedExtent(of length: Int) -> Double {
        guard let width = wrapWidth, width > 0 else { return Double(length) * averageAdvance }
        return max(1, (Double(length) * averageAdvance / width).rounded(.up)) * defaultLineHeight
    }

    /// Makes lines with the layout's fonts, alignment, wrap width and tab stops.
    var lineMaker: LineMaker {
        LineMaker(fontProvider: fontProvider, font: font, alignment: alignment, wrapWidth: wrapWidth, tabInterval: tabInterval)
    }

    // MARK: Paragraphs and blocks

    /// A paragraph's layout (blocks cut, none laid out yet when new).
    func paragraphLayout(_ p: Int) -> ParagraphLayout {
        let paragraph = document.paragraphs[p]
        if let cached = paragraphs[p], cached.revision == paragraph.revision { return cached }
        let ranges = Self.cut(paragraph.text, 0..<paragraph.utf16Count)
        // One wrapped block starts at the height the paragraph has now: measured before, if its
        // lines were dropped to save memory, else estimated (no jump when they are made again).
        let extents =
            wrapWidth != nil && ranges.count == 1 && p < heights.count
            ? [heights[p]] : ranges.map { estimatedExtent(of: $0.count) }
        let made = ParagraphLayout(blocks: ranges.map { .init(range: $0, lines: nil) }, extents: extents, revision: paragraph.revision)
        setLineMetrics(made, paragraph)
        paragraphs[p] = made
        syncHeight(p, made)
        return made
    }

    /// An unwrapped paragraph's one line: as tall as its tallest font.
    func setLineMetrics(_ layout: ParagraphLayout, _ paragraph: TextDocument.Paragraph) {
        let fonts = paragraph.runs.filter { $0.length > 0 }.map { $0.attributes.font ?? font }
        let metrics = (fonts.isEmpty ? [paragraph.runs.first?.attributes.font ?? font] : fonts).map { fontProvider.metrics(for: $0) }
        layout.ascent = metrics.map(\.ascender).max() ?? 0
        let descent = metrics.map { -$0.descender }.max() ?? 0
        layout.lineHeight = max(metrics.map(\.lineHeight).max() ?? 0, layout.ascent + descent)
    }

    func paragraphHeight(_ layout: ParagraphLayout) -> Double {
        wrapWidth == nil ? layout.lineHeight : layout.extents.total
    }

    func syncHeight(_ p: Int, _ layout: ParagraphLayout) {
        heights.set(p, to: paragraphHeight(layout))
    }

    /// The lines of a block, laid out on first use.
    func lines(_ p: Int, _ b: Int) -> [Line] {
        let layout = paragraphLayout(p)
        layout.lastUse = useCount
        useCount += 1
        if let lines = settledLines(layout, b) { return lines }
        let range = layout.blocks[b].range
        let (lines, width) = lineMaker.makeLines(document.paragraphs[p], range, baseLevel: baseLevel(p, layout))
        unitsLaidOut += range.count
        layout.blocks[b].lines = lines
        layout.extents.set(b, to: wrapWidth == nil ? width : lines.reduce(0) { $0 + $1.height })
        syncHeight(p, layout)
        paragraphLayoutCount += 1
        changeCount += 1
        if range.count > 64, width > 0 { averageAdvance = averageAdvance * 0.7 + width / Double(range.count) * 0.3 }
        laidOutCost += Self.cost(units: range.count, lines: lines.count)
        if laidOutCost > lineCacheLimit { evictLeastRecentlyUsed() }
        return lines
    }

    /// About how many bytes a block's lines take: carets, clusters and glyphs per unit, and each
    /// line's arrays and pieces.
    private static func cost(units: Int, lines: Int) -> Int { units * 120 + lines * 400 }

    /// Drops the lines read longest ago until the rest take half of `lineCacheLimit`; lines read
    /// in the last 512 reads (what a frame shows and its neighbours) always stay. A paragraph of
    /// one block goes whole (its height stays in `heights`); a longer one keeps its blocks' extents.
    private func evictLeastRecentlyUsed() {
        var candidates: [(use: Int, p: Int, cost: Int)] = []
        var total = 0
        for (p, layout) in paragraphs.enumerated() {
            guard let layout else { continue }
            var cost = 0
            for block in layout.blocks { if let lines = block.lines { cost += Self.cost(units: block.range.count, lines: lines.count) } }
            guard cost > 0 else { continue }
            total += cost
            candidates.append((layout.lastUse, p, cost))
        }
        let protected = useCount - 512
        if total > lineCacheLimit / 2 {
            candidates.sort { $0.use < $1.use }
            for candidate in candidates where candidate.use < protected {
                guard let layout = paragraphs[candidate.p] else { continue }
                if layout.blocks.count == 1 && wrapWidth != nil {
                    paragraphs[candidate.p] = nil
                } else {
                    for b in layout.blocks.indices { layout.blocks[b].lines = nil }
                }
                evictionCount += 1
                total -= candidate.cost
                if total <= lineCacheLimit / 2 { break }
            }
        }
        laidOutCost = total
    }

    /// The natural direction changed: only the paragraphs whose direction it gives (no strong
    /// character in their first block: empty lines, digits) are laid out again, keeping their
    /// heights and their blocks' extents as estimates, so nothing on screen and no caret jumps
    /// (world soak, seed 261120484: switching the keyboard away from Arabic laid out a 130,000-unit
    /// paragraph anew, and its estimated height moved the caret line off screen).
    private func naturalDirectionDidChange() {
        changeCount += 1
        for (p, layout) in paragraphs.enumerated() {
            guard let layout, layout.baseLevel != nil else { continue }
            let paragraph = document.paragraphs[p]
            let direction = paragraph.runs.first?.attributes.paragraphStyle?.baseWritingDirection ?? baseWritingDirection
            guard direction == .natural else { continue }
            let first = layout.blocks[0].range
            let text = TextDocument.slice(paragraph.text, first.lowerBound, first.upperBound)
            let bidi = fontProvider.bidi
            guard
                bidi.resolve(text, direction: .natural, fallback: .leftToRight).baseLevel
                    != bidi.resolve(text, direction: .natural, fallback: .rightToLeft).baseLevel
            else { continue }
            layout.baseLevel = nil
            for b in layout.blocks.indices { layout.blocks[b].lines = nil }
        }
    }

    /// A paragraph's embedding level: set by its first run's paragraph style or the layout's
    /// `baseWritingDirection`, else its first strong character's (searched in its first block).
    func baseLevel(_ p: Int, _ layout: ParagraphLayout) -> UInt8 {
        if let known = layout.baseLevel { return known }
        let paragraph = document.paragraphs[p]
        let direction = paragraph.runs.first?.attributes.paragraphStyle?.baseWritingDirection ?? baseWritingDirection
        let level: UInt8
        switch direction {
        case .leftToRight: level = 0
        case .rightToLeft: level = 1
        case .natural:
            let first = layout.blocks[0].range
            let text = TextDocument.slice(paragraph.text, first.lowerBound, first.upperBound)
            level = fontProvider.bidi.resolve(text, direction: .natural, fallback: naturalDirection).baseLevel
        }
        layout.baseLevel = level
        return level
    }

    /// Where a long paragraph's blocks start and end: every `blockLength` units or so, after a
    /// space found in the last eighth of a block, else at a grapheme boundary.
    static func cut(_ text: String, _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        while range.upperBound - start > blockLength * 3 / 2 {
            let target = start + blockLength
            var end = TextDocument.boundary(atOrBefore: target, in: text, count: range.upperBound)
            var i = TextDocument.index(text, end)
            let floor = TextDocument.index(text, max(start, target - blockLength / 8))
            while i > floor {
                let previous = text.index(before: i)
                if text[previous].isWhitespace {
                    end = TextDocument.offset(text, i)
                    break
                }
                i = previous
            }
            if end <= start {
                end = TextDocument.offset(text, text.index(after: TextDocument.index(text, start)))
            }
            result.append(start..<end)
            start = end
        }
        result.append(start..<range.upperBound)
        return result
    }

}

extension TextDocument {
    /// Whether a paragraph-relative offset is a grapheme boundary of a paragraph's text.
    static func isBoundary(_ offset: Int, in text: String, count: Int) -> Bool {
        offset <= 0 || offset >= count || index(text, offset).samePosition(in: text) != nil
    }
}
