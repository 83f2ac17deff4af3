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
public final class TextLayout: TextLineMetrics {
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
    public private(set) var document: TextDocument
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
        didSet { if naturalDirection != oldValue { invalidateAll() } }
    }
    /// The width lines wrap at; `nil` for one unwrapped line per paragraph (text fields).
    public var wrapWidth: Double? { didSet { if wrapWidth != oldValue { invalidateAll() } } }
    /// Distance between tab stops.
    public var tabInterval: Double = 28 { didSet { if tabInterval != oldValue { invalidateAll() } } }

    private var paragraphs: [ParagraphLayout?] = []
    private var heights = FenwickTree<Double>()
    private var syncedEditCount = 0
    private var syncedLineage: TextDocument.Lineage?
    /// The advance of a UTF-16 unit, measured on what was laid out: what estimates use.
    private var averageAdvance: Double
    /// How many blocks (whole paragraphs, for short ones) were laid out since creation.
    public private(set) var paragraphLayoutCount = 0

    /// Creates a layout of a document.
    public init(document: TextDocument, font: Font, fontProvider: FontProvider, wrapWidth: Double? = nil) {
        self.document = document
        self.font = font
        self.fontProvider = fontProvider
        self.wrapWidth = wrapWidth
        averageAdvance = font.pointSize * 0.5
        invalidateAll()
    }

    // MARK: Following edits

    /// Follows an edited copy of the document, re-laying out only what its edits touched.
    /// Returns the vertical span (text coordinates) whose drawing changed: to infinity when
    /// heights changed and everything below moved; nil when nothing changed.
    @discardableResult
    public func update(_ newDocument: TextDocument) -> ClosedRange<Double>? {
        let edits = newDocument.editCount - syncedEditCount
        let follows = newDocument.lineage === syncedLineage && edits >= 0 && edits <= newDocument.recentEdits.count
        let old = document
        document = newDocument
        guard follows else {
            invalidateAll(keepingHeightsOf: old)
            return 0...Double.infinity
        }
        guard edits > 0 else { return nil }
        var dirty: ClosedRange<Double>?
        for edit in newDocument.recentEdits.suffix(edits) {
            let span: ClosedRange<Double>
            if edits == 1, let change = edit.local, edit.removed.count == 1, edit.inserted == 1,
                let existing = paragraphs[edit.removed.lowerBound],
                existing.blocks.count > 1 || newDocument.paragraphs[edit.removed.lowerBound].utf16Count > Self.blockLength * 3 / 2
            {
                span = followEdit(change, in: edit.removed.lowerBound, existing)
            } else {
                span = replaceParagraphs(edit, layOutNow: edits == 1 && edit.inserted <= 8)
            }
            dirty = dirty.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
        }
        syncedEditCount = newDocument.editCount
        if paragraphs.count != document.paragraphs.count { invalidateAll() }  // never out of step
        return dirty
    }

    /// Drops the layouts of edited paragraphs; with `layOutNow`, lays the new ones out at once so
    /// that, if their height held, only they are redrawn.
    private func replaceParagraphs(_ edit: TextDocument.ParagraphEdit, layOutNow: Bool) -> ClosedRange<Double> {
        let top = heights.prefixSum(edit.removed.lowerBound)
        let oldHeight = heights.prefixSum(edit.removed.upperBound) - top
        let inserted = edit.removed.lowerBound..<(edit.removed.lowerBound + edit.inserted)
        let estimates = inserted.map { estimatedHeight(ofParagraph: $0) }
        if edit.removed.count == edit.inserted {
            for (i, p) in edit.removed.enumerated() {
                paragraphs[p] = nil
                heights.set(p, to: estimates[i])
            }
        } else {
            paragraphs.replaceSubrange(edit.removed, with: Array(repeating: nil, count: edit.inserted))
            heights.replaceSubrange(edit.removed, with: estimates)
        }
        // Only short paragraphs are laid out now: a pasted megabyte waits until it is drawn.
        guard layOutNow, inserted.allSatisfy({ document.paragraphs[$0].utf16Count <= Self.blockLength * 4 }) else {
            return top...Double.infinity
        }
        var newHeight = 0.0
        for p in inserted {
            let made = paragraphLayout(p)
            for b in made.blocks.indices { _ = lines(p, b) }
            newHeight += heights.values[p]
        }
        return newHeight == oldHeight ? top...(top + newHeight) : top...Double.infinity
    }

    /// Follows an edit inside a long paragraph: the blocks around it are cut again and the
    /// others keep their lines.
    private func followEdit(_ change: TextDocument.LocalChange, in p: Int, _ layout: ParagraphLayout) -> ClosedRange<Double> {
        let paragraph = document.paragraphs[p]
        let delta = change.length - change.range.count
        var first = layout.block(containing: change.range.lowerBound)
        var last = layout.block(containing: max(change.range.lowerBound, change.range.upperBound - 1))
        var lower = layout.blocks[first].range.lowerBound
        var upper = layout.blocks[last].range.upperBound + delta
        // Only the edited block is cut again, unless the edit joined a cluster across one of its
        // boundaries (a combining mark typed at a block's start, a flag's pairing shifted).
        while first > 0, !TextDocument.isBoundary(lower, in: paragraph.text, count: paragraph.utf16Count) {
            first -= 1
            lower = layout.blocks[first].range.lowerBound
        }
        while last + 1 < layout.blocks.count, !TextDocument.isBoundary(upper, in: paragraph.text, count: paragraph.utf16Count) {
            last += 1
            upper = layout.blocks[last].range.upperBound + delta
        }
        lower = min(lower, upper)
        let ranges = Self.cut(paragraph.text, lower..<upper)
        // Where the edited block's lines started, and at which height: the new lines resynchronise there.
        let editBlock = layout.block(containing: change.range.lowerBound)
        var oldStarts: [Int: Double] = [:]
        if let oldLines = layout.blocks[editBlock].lines {
            var y = layout.extents.prefixSum(editBlock)
            for line in oldLines {
                oldStarts[line.range.lowerBound] = y
                y += line.height
            }
        }
        let top = heights.prefixSum(p)
        let oldTop = wrapWidth == nil ? 0 : layout.extents.prefixSum(first)
        let oldParagraphHeight = heights.values[p]
        for b in (last + 1)..<layout.blocks.count {
            let r = layout.blocks[b].range
            layout.blocks[b].range = (r.lowerBound + delta)..<(r.upperBound + delta)
            if let lines = layout.blocks[b].lines {
                layout.blocks[b].lines = lines.map { Self.shifted($0, by: delta) }
            }
        }
        layout.blocks.replaceSubrange(first...last, with: ranges.map { ParagraphLayout.Block(range: $0, lines: nil) })
        var extents = layout.extents.values
        extents.replaceSubrange(first...last, with: ranges.map { estimatedExtent(of: $0.count) })
        layout.extents = FenwickTree(extents)
        layout.revision = paragraph.revision
        setLineMetrics(layout, paragraph)
        if ranges.count <= 4 {
            for b in first..<(first + ranges.count) { _ = lines(p, b) }
        }
        syncHeight(p, layout)
        if wrapWidth == nil { return top...(top + heights.values[p]) }
        let blockTop = top + min(oldTop, layout.extents.prefixSum(first))
        guard heights.values[p] == oldParagraphHeight && ranges.count <= 4 else { return blockTop...Double.infinity }
        // The neighbours were cut again the same way and their lines are unchanged: what changed
        // runs from the line before the edit (a word may move up) to the end of the block the
        // edit ends in.
        let start = change.range.lowerBound, end = change.range.lowerBound + change.length
        let b0 = layout.block(containing: start), b1 = layout.block(containing: end)
        let startLines = lines(p, b0)
        let l = max(0, (startLines.lastIndex { $0.range.lowerBound <= start } ?? 0) - 1)
        let editTop = top + layout.extents.prefixSum(b0) + startLines[..<l].reduce(0) { $0 + $1.height }
        if b0 == b1 {
            // The first line after the edit that starts where an old one did, at the same height,
            // and everything below it, are as they were.
            var y = layout.extents.prefixSum(b0)
            for line in startLines {
                if line.range.lowerBound > end, oldStarts[line.range.lowerBound - delta] == y {
                    return editTop...(top + y)
                }
                y += line.height
            }
        }
        return editTop...(top + layout.extents.prefixSum(b1 + 1))
    }

    private static func shifted(_ line: Line, by delta: Int) -> Line {
        var moved = line
        moved.range = (line.range.lowerBound + delta)..<(line.range.upperBound + delta)
        moved.carets = line.carets.map { ($0.offset + delta, $0.x) }
        moved.clusters = line.clusters.map { cluster in
            var shifted = cluster
            shifted.range = (cluster.range.lowerBound + delta)..<(cluster.range.upperBound + delta)
            return shifted
        }
        return moved
    }

    /// Forgets every paragraph's layout.
    public func invalidateAll() { invalidateAll(keepingHeightsOf: nil) }

    /// Forgets every paragraph's layout. Where `previous` (the document laid out before) has
    /// paragraphs of the same lengths, as when only attributes changed (links detected, a mask
    /// revealed), their heights stay as the estimates: what is on screen, and a caret placed by
    /// them, does not jump while the lines are laid out again (soak seed 90261294).
    private func invalidateAll(keepingHeightsOf previous: TextDocument?) {
        let count = document.paragraphs.count
        let kept = previous.flatMap { old -> [Double]? in
            guard old.paragraphs.count == count, heights.values.count == count,
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
    private var defaultLineHeight: Double {
        if let known = cachedLineHeight, known.font == font { return known.height }
        let height = fontProvider.metrics(for: font).lineHeight
        cachedLineHeight = (font, height)
        return height
    }
    private var cachedLineHeight: (font: Font, height: Double)?

    /// A paragraph's height before it is laid out: its length at the measured advance, wrapped.
    private func estimatedHeight(ofParagraph p: Int) -> Double {
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
    private func estimatedExtent(of length: Int) -> Double {
        guard let width = wrapWidth, width > 0 else { return Double(length) * averageAdvance }
        return max(1, (Double(length) * averageAdvance / width).rounded(.up)) * defaultLineHeight
    }

    // MARK: Paragraphs and blocks

    /// A paragraph's layout (blocks cut, none laid out yet when new).
    private func paragraphLayout(_ p: Int) -> ParagraphLayout {
        let paragraph = document.paragraphs[p]
        if let cached = paragraphs[p], cached.revision == paragraph.revision { return cached }
        let ranges = Self.cut(paragraph.text, 0..<paragraph.utf16Count)
        let made = ParagraphLayout(
            blocks: ranges.map { .init(range: $0, lines: nil) }, extents: ranges.map { estimatedExtent(of: $0.count) },
            revision: paragraph.revision)
        setLineMetrics(made, paragraph)
        paragraphs[p] = made
        syncHeight(p, made)
        return made
    }

    /// An unwrapped paragraph's one line: as tall as its tallest font.
    private func setLineMetrics(_ layout: ParagraphLayout, _ paragraph: TextDocument.Paragraph) {
        let fonts = paragraph.runs.filter { $0.length > 0 }.map { $0.attributes.font ?? font }
        let metrics = (fonts.isEmpty ? [paragraph.runs.first?.attributes.font ?? font] : fonts).map { fontProvider.metrics(for: $0) }
        layout.ascent = metrics.map(\.ascender).max() ?? 0
        let descent = metrics.map { -$0.descender }.max() ?? 0
        layout.lineHeight = max(metrics.map(\.lineHeight).max() ?? 0, layout.ascent + descent)
    }

    private func paragraphHeight(_ layout: ParagraphLayout) -> Double {
        wrapWidth == nil ? layout.lineHeight : layout.extents.total
    }

    private func syncHeight(_ p: Int, _ layout: ParagraphLayout) {
        heights.set(p, to: paragraphHeight(layout))
    }

    /// The lines of a block, laid out on first use.
    private func lines(_ p: Int, _ b: Int) -> [Line] {
        let layout = paragraphLayout(p)
        if let lines = layout.blocks[b].lines { return lines }
        let range = layout.blocks[b].range
        let (lines, width) = makeLines(document.paragraphs[p], range, baseLevel: baseLevel(p, layout))
        layout.blocks[b].lines = lines
        layout.extents.set(b, to: wrapWidth == nil ? width : lines.reduce(0) { $0 + $1.height })
        syncHeight(p, layout)
        paragraphLayoutCount += 1
        if range.count > 64, width > 0 { averageAdvance = averageAdvance * 0.7 + width / Double(range.count) * 0.3 }
        return lines
    }

    /// A paragraph's embedding level: set by its first run's paragraph style or the layout's
    /// `baseWritingDirection`, else its first strong character's (searched in its first block).
    private func baseLevel(_ p: Int, _ layout: ParagraphLayout) -> UInt8 {
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

    // MARK: Making lines

    /// A cluster: its UTF-16 range in the paragraph, its box (x where it starts on the unwrapped
    /// line, its width), where it starts in logical order (the sum of the advances before it),
    /// whether it is white space, its embedding level, and which shaped piece it is in.
    private struct Cluster {
        var range: Range<Int>
        var x: Double
        var width: Double
        var logicalX: Double
        var isSpace: Bool
        var level: UInt8
        var piece: Int
    }

    /// The lines of a range of a paragraph (one line when unwrapped), and its unwrapped width.
    private func makeLines(_ paragraph: TextDocument.Paragraph, _ range: Range<Int>, baseLevel: UInt8) -> ([Line], Double) {
        let text = paragraph.text
        let rangeText = range == 0..<paragraph.utf16Count ? text : TextDocument.slice(text, range.lowerBound, range.upperBound)
        // Embedding levels of the range (UAX #9), one per UTF-16 unit.
        let levels = fontProvider.bidi.resolve(rangeText, direction: baseLevel & 1 == 1 ? .rightToLeft : .leftToRight).levels
        // Shape each attribute run's part once, at its levels; clusters carry their box along the
        // unwrapped range.
        var clusters: [Cluster] = []
        var shapes: [(run: TextRun, start: Int, attributes: TextAttributes)] = []
        var x = 0.0
        var logicalX = 0.0
        var runStart = 0
        for attributeRun in paragraph.runs {
            let runEnd = runStart + attributeRun.length
            defer { runStart = runEnd }
            let lo = max(runStart, range.lowerBound), hi = min(runEnd, range.upperBound)
            guard lo < hi else { continue }
            let piece = TextDocument.slice(text, lo, hi)
            let pieceLevels = Array(levels[(lo - range.lowerBound)..<(hi - range.lowerBound)])
            var shaped = fontProvider.shape(piece, font: attributeRun.attributes.font ?? font, levels: pieceLevels)
            // Tabs jump to the next tab stop: shift everything after them.
            if piece.contains("\t") { shaped = expandTabs(shaped, startX: x) }
            var offset = lo
            var scalarIndex = 0
            for character in piece {
                let first = scalarIndex
                scalarIndex += character.unicodeScalars.count
                let box = shaped.box(ofScalars: first..<scalarIndex)
                let length = character.utf16.count
                clusters.append(
                    Cluster(
                        range: offset..<(offset + length), x: x + box.x, width: box.width, logicalX: logicalX,
                        isSpace: character.isWhitespace, level: levels[offset - range.lowerBound], piece: shapes.count))
                logicalX += box.width
                offset += length
            }
            shapes.append((shaped, lo, attributeRun.attributes))
            x += shaped.width
        }
        let defaultMetrics = fontProvider.metrics(for: paragraph.runs.first?.attributes.font ?? font)

        // Break into lines, measuring advances in logical order, at line-break opportunities
        // (UAX #14: after spaces, between CJK characters, never inside an emoji sequence).
        var lineRanges: [Range<Int>] = []  // cluster index ranges
        if let width = wrapWidth, width > 0, !clusters.isEmpty, logicalX > width {
            let opportunities = Set(fontProvider.segmenter.lineBreakOpportunities(in: rangeText).map { $0 + range.lowerBound })
            var start = 0
            while start < clusters.count {
                var end = start
                let origin = clusters[start].logicalX
                while end < clusters.count
                    && (clusters[end].isSpace || clusters[end].logicalX + clusters[end].width - origin <= width)
                {
                    end += 1
                }
                if end < clusters.count {
                    // Back up to the last break opportunity on the line, if there is one.
                    if !clusters[end].isSpace,
                        let last = clusters[start..<end].lastIndex(where: { opportunities.contains($0.range.upperBound) })
                    {
                        end = last + 1
                    }
                    if end == start { end = start + 1 }  // one cluster wider than the line
                }
                lineRanges.append(start..<end)
                start = end
            }
        }
        if lineRanges.isEmpty { lineRanges = [0..<clusters.count] }

        var lines: [Line] = []
        for clusterRange in lineRanges {
            let utf16Start = clusterRange.isEmpty ? range.lowerBound : clusters[clusterRange.lowerBound].range.lowerBound
            let utf16End = clusterRange.isEmpty ? range.lowerBound : clusters[clusterRange.upperBound - 1].range.upperBound
            // The line's levels, with trailing white space at the paragraph's level (UAX #9 L1).
            var lineLevels = clusters[clusterRange].map(\.level)
            var t = lineLevels.count - 1
            while t >= 0 && clusters[clusterRange.lowerBound + t].isSpace {
                lineLevels[t] = baseLevel
                t -= 1
            }
            // Segments: runs of clusters of one shaped piece and one level. Each keeps its glyphs'
            // order (a right-to-left run's first characters are its right part, so a line holding
            // part of it shows that part); the segments go in visual order (L2).
            var segments: [(clusters: Range<Int>, level: UInt8)] = []
            var c = 0
            while c < lineLevels.count {
                var e = c + 1
                let piece = clusters[clusterRange.lowerBound + c].piece
                while e < lineLevels.count && lineLevels[e] == lineLevels[c] && clusters[clusterRange.lowerBound + e].piece == piece {
                    e += 1
                }
                segments.append(((clusterRange.lowerBound + c)..<(clusterRange.lowerBound + e), lineLevels[c]))
                c = e
            }
            var lineClusters = [LineCluster](repeating: LineCluster(range: 0..<0, x: 0, width: 0, level: 0), count: clusterRange.count)
            var pieces: [(run: TextRun, x: Double, attributes: TextAttributes)] = []
            var ascent = defaultMetrics.ascender, descent = -defaultMetrics.descender, lineGap = defaultMetrics.lineHeight
            if !segments.isEmpty {
                ascent = 0
                descent = 0
                lineGap = 0
            }
            var pen = 0.0
            for index in visualOrder(ofLevels: segments.map(\.level)) {
                let segment = segments[index]
                var minX = Double.infinity, maxX = -Double.infinity
                for k in segment.clusters {
                    minX = min(minX, clusters[k].x)
                    maxX = max(maxX, clusters[k].x + clusters[k].width)
                }
                for k in segment.clusters {
                    let cluster = clusters[k]
                    lineClusters[k - clusterRange.lowerBound] = LineCluster(
                        range: cluster.range, x: cluster.x - minX + pen, width: cluster.width, level: segment.level)
                }
                let shape = shapes[clusters[segment.clusters.lowerBound].piece]
                let piece = slice(
                    shape.run, from: clusters[segment.clusters.lowerBound].range.lowerBound - shape.start,
                    to: clusters[segment.clusters.upperBound - 1].range.upperBound - shape.start)
                pieces.append((piece, pen, shape.attributes))
                ascent = max(ascent, piece.metrics.ascender)
                descent = max(descent, -piece.metrics.descender)
                lineGap = max(lineGap, piece.metrics.lineHeight)
                pen += maxX - minX
            }
            // A caret before each cluster sits at its leading edge; the end's after the last one.
            var carets: [(Int, Double)] = lineClusters.map { ($0.range.lowerBound, $0.leadingX) }
            let isRTL = baseLevel & 1 == 1
            carets.append((utf16End, lineClusters.last?.trailingX ?? 0))
            // The visible width leaves out trailing spaces.
            var visibleWidth = pen
            var w = clusterRange.upperBound - 1
            while w >= clusterRange.lowerBound && clusters[w].isSpace {
                visibleWidth -= clusters[w].width
                w -= 1
            }
            let alignedX = wrapWidth.map { alignment.offset(lineWidth: visibleWidth, in: $0, rightToLeft: isRTL) } ?? 0
            var line = Line(
                range: utf16Start..<utf16End, carets: carets, x: max(0, alignedX), width: max(0, visibleWidth),
                ascent: ascent, height: max(lineGap, ascent + descent), pieces: pieces)
            line.clusters = lineClusters
            line.isRightToLeft = isRTL
            lines.append(line)
        }
        return (lines, x)
    }

    /// Moves everything after each tab to the next tab stop.
    private func expandTabs(_ run: TextRun, startX: Double) -> TextRun {
        var offsets = run.scalarOffsets
        var widths = run.scalarWidths
        var shifts = [Double](repeating: 0, count: offsets.count)
        var utf16Scalar: [Int: Int] = [:]  // a scalar's UTF-16 offset to its index, for the glyphs
        var shift = 0.0
        var utf16 = 0
        for (i, scalar) in run.text.unicodeScalars.enumerated() {
            utf16Scalar[utf16] = i
            utf16 += scalar.utf16.count
            offsets[i] += shift
            shifts[i] = shift
            if scalar == "\t" {
                let position = startX + offsets[i]
                let next = ((position / tabInterval).rounded(.down) + 1) * tabInterval
                let advance = run.scalarWidth(i)
                shift += (next - position) - advance
                if !widths.isEmpty { widths[i] = next - position }
            }
        }
        offsets[offsets.count - 1] += shift
        let glyphs = run.glyphs.map { glyph in
            var moved = glyph
            moved.x += shifts[utf16Scalar[glyph.cluster] ?? 0]
            return moved
        }
        return TextRun(
            text: run.text, font: run.font, scalarOffsets: offsets, scalarWidths: widths, scalarLevels: run.scalarLevels,
            glyphs: glyphs, metrics: run.metrics)
    }

    /// The part of a shaped run between two UTF-16 offsets, positioned from its left edge at 0.
    private func slice(_ run: TextRun, from: Int, to: Int) -> TextRun {
        if from == 0 && to == run.text.utf16.count { return run }
        let text = TextDocument.slice(run.text, from, to)
        let u = run.text.utf16
        let firstScalar = run.text.unicodeScalars.distance(from: run.text.startIndex, to: u.index(u.startIndex, offsetBy: from))
        let count = text.unicodeScalars.count
        let scalars = firstScalar..<(firstScalar + count)
        let box = run.box(ofScalars: scalars)
        let base = box.x
        var offsets = scalars.map { run.scalarOffsets[$0] - base }
        offsets.append(box.width)
        let glyphs = run.glyphs.compactMap { glyph -> ShapedGlyph? in
            guard glyph.cluster >= from && glyph.cluster < to else { return nil }
            var moved = glyph
            moved.x -= base
            moved.cluster -= from
            return moved
        }
        return TextRun(
            text: text, font: run.font, scalarOffsets: offsets,
            scalarWidths: run.scalarWidths.isEmpty ? [] : Array(run.scalarWidths[scalars]),
            scalarLevels: run.scalarLevels.isEmpty ? [] : Array(run.scalarLevels[scalars]), glyphs: glyphs, metrics: run.metrics)
    }

    // MARK: Geometry

    /// The y where a paragraph starts (estimated above paragraphs not laid out yet).
    public func paragraphTop(_ p: Int) -> Double { heights.prefixSum(p) }

    /// The total height (estimated for paragraphs not laid out yet).
    public var height: Double { heights.total }

    /// Lays out what precedes an offset until `covering` points of it are laid out — lines above
    /// (wrapped) or text to the left (unwrapped) — so positions up to the offset no longer rest on
    /// estimates there and do not move when that part is drawn.
    public func layOutLines(before offset: Int, covering: Double) {
        let (p0, local) = document.paragraphPosition(of: offset)
        var covered = 0.0
        if wrapWidth == nil {
            let layout = paragraphLayout(p0)
            var b = layout.block(containing: local)
            while b >= 0 && covered < covering {
                _ = lines(p0, b)
                covered += layout.extents.values[b]
                b -= 1
            }
            return
        }
        var p = p0
        while p >= 0 && covered < covering {
            let layout = paragraphLayout(p)
            var b = p == p0 ? layout.block(containing: local) : layout.blocks.count - 1
            while b >= 0 && covered < covering {
                _ = lines(p, b)
                covered += layout.extents.values[b]
                b -= 1
            }
            p -= 1
        }
    }

    /// The first offset of the line at a height (nil above the text), laying out only that line's block.
    public func lineStart(at y: Double) -> Int? {
        guard y >= 0, y < height else { return nil }
        let offset = self.offset(at: Point(x: 0, y: y))
        return lineRange(containing: offset).lowerBound
    }

    /// The y of the top of the line holding an offset.
    public func lineTop(at offset: Int) -> Double {
        let (p, b, l, _) = locate(offset)
        return lineTop(p, b, l)
    }

    /// Where an offset is: paragraph, block, line in the block, offset in the paragraph.
    private func locate(_ offset: Int) -> (paragraph: Int, block: Int, line: Int, local: Int) {
        let (p, local) = document.paragraphPosition(of: offset)
        let b = paragraphLayout(p).block(containing: local)
        let blockLines = lines(p, b)
        // The last line starting at or before the offset: a caret at a soft wrap goes to the next line.
        let l = blockLines.lastIndex { $0.range.lowerBound <= local } ?? 0
        return (p, b, l, local)
    }

    /// A line as drawn: an unwrapped block's line moved to its place and given the paragraph's line metrics.
    private func placed(_ p: Int, _ b: Int, _ l: Int) -> Line {
        var line = lines(p, b)[l]
        if wrapWidth == nil {
            let layout = paragraphLayout(p)
            line.x += layout.extents.prefixSum(b)
            line.ascent = layout.ascent
            line.height = layout.lineHeight
        }
        return line
    }

    /// The y of a line's top.
    private func lineTop(_ p: Int, _ b: Int, _ l: Int) -> Double {
        var y = paragraphTop(p)
        guard wrapWidth != nil else { return y }
        let layout = paragraphLayout(p)
        y += layout.extents.prefixSum(b)
        let blockLines = lines(p, b)
        for i in 0..<l { y += blockLines[i].height }
        return y
    }

    /// The x of a caret at an offset, in the text's coordinates.
    public func caretX(at offset: Int) -> Double { caretX(at: offset, upstream: false) }

    /// The x of a caret at an offset with an affinity: at a direction boundary, `upstream` puts it
    /// against the character before (the run typed last), else against the character after.
    public func caretX(at offset: Int, upstream: Bool) -> Double {
        let (p, b, l, local) = locate(offset)
        let line = placed(p, b, l)
        return line.x + Self.caretX(on: line, at: local, upstream: upstream)
    }

    /// The caret rectangle at an offset: 2 points wide, as tall as the line.
    public func caretRect(at offset: Int) -> Rect { caretRect(at: offset, upstream: false) }

    /// The caret rectangle at an offset with an affinity (see `caretX(at:upstream:)`).
    public func caretRect(at offset: Int, upstream: Bool) -> Rect {
        let (p, b, l, _) = locate(offset)
        let x = caretX(at: offset, upstream: upstream)
        return Rect(x: x, y: lineTop(p, b, l), width: 2, height: placed(p, b, l).height)
    }

    /// A caret's x on a line (line coordinates) at a paragraph-relative offset.
    static func caretX(on line: Line, at local: Int, upstream: Bool) -> Double {
        let clusters = line.clusters
        guard !clusters.isEmpty else { return line.carets.first { $0.offset >= local }?.x ?? line.carets.last?.x ?? 0 }
        let after = cluster(startingAt: local, in: clusters)
        let before = after.map { $0 - 1 } ?? clusters.lastIndex { $0.range.upperBound <= local }
        if upstream || after == nil, let before, before >= 0, clusters[before].range.upperBound == local {
            return clusters[before].trailingX
        }
        if let after { return clusters[after].leadingX }
        return line.carets.first { $0.offset >= local }?.x ?? line.carets.last?.x ?? 0
    }

    /// The index of the cluster starting at or containing an offset (binary search), nil past the end.
    private static func cluster(startingAt local: Int, in clusters: [LineCluster]) -> Int? {
        var low = 0, high = clusters.count
        while low < high {
            let mid = (low + high) / 2
            if clusters[mid].range.upperBound <= local { low = mid + 1 } else { high = mid }
        }
        return low < clusters.count ? low : nil
    }

    /// The boxes covering the clusters of `lo..<hi` on a line, merged where they touch on screen.
    static func visualPieces(of line: Line, from lo: Int, to hi: Int) -> [(x: Double, width: Double)] {
        guard lo < hi else { return [] }
        if line.clusters.isEmpty {
            let x0 = line.carets.first { $0.offset >= lo }?.x ?? 0
            let x1 = line.carets.first { $0.offset >= hi }?.x ?? line.width
            return [(min(x0, x1), abs(x1 - x0))]
        }
        let boxes = line.clusters.filter { $0.range.lowerBound >= lo && $0.range.upperBound <= hi }
            .map { (x: $0.x, width: $0.width) }.sorted { $0.x < $1.x }
        var merged: [(x: Double, width: Double)] = []
        for box in boxes {
            if let last = merged.last, box.x <= last.x + last.width + 0.01 {
                merged[merged.count - 1].width = max(last.width, box.x + box.width - last.x)
            } else {
                merged.append(box)
            }
        }
        return merged
    }

    // MARK: Visual caret movement (SPEC §9)

    /// Where a caret lands one grapheme to the left or right on screen: across direction
    /// boundaries in the arrow's direction; at a line's end, on to the next line in reading order.
    /// Returns the new offset and whether it sits against the character before it (upstream).
    public func visualMove(from offset: Int, upstream: Bool, toRight: Bool) -> (offset: Int, upstream: Bool) {
        let (p, b, l, local) = locate(offset)
        let line = placed(p, b, l)
        let start = document.startOffset(ofParagraph: p)
        let visual = line.clusters.indices.sorted { line.clusters[$0].x < line.clusters[$1].x }
        // The stop the caret is at: 0 is the line's left end, visual.count its right end.
        let x = Self.caretX(on: line, at: local, upstream: upstream)
        var stop = 0
        var best = Double.infinity
        for k in 0...visual.count {
            let edge = k == visual.count ? (visual.last.map { line.clusters[$0].x + line.clusters[$0].width } ?? 0)
                : line.clusters[visual[k]].x
            if abs(edge - x) < best {
                best = abs(edge - x)
                stop = k
            }
        }
        if toRight, stop < visual.count {
            let crossed = line.clusters[visual[stop]]
            return crossed.isRightToLeft ? (start + crossed.range.lowerBound, false) : (start + crossed.range.upperBound, true)
        }
        if !toRight, stop > 0 {
            let crossed = line.clusters[visual[stop - 1]]
            return crossed.isRightToLeft ? (start + crossed.range.upperBound, true) : (start + crossed.range.lowerBound, false)
        }
        // At the line's end: on in reading order (right in a left-to-right paragraph), or back:
        // first to the line's logical edge, then one grapheme past it.
        if toRight != line.isRightToLeft {
            let lineEnd = start + line.range.upperBound
            if offset < lineEnd { return (lineEnd, false) }
            return lineEnd < document.utf16Count ? (document.graphemeBoundary(after: lineEnd), false) : (offset, upstream)
        }
        let lineStart = start + line.range.lowerBound
        if offset > lineStart { return (lineStart, false) }
        return lineStart > 0 ? (document.graphemeBoundary(before: lineStart), false) : (offset, upstream)
    }

    /// The caret at the start (`end` false) or end of the visual line holding a caret, in its
    /// paragraph's direction (the right end starts a right-to-left line), with its affinity.
    public func visualLineBoundary(at offset: Int, upstream: Bool, end: Bool) -> (offset: Int, upstream: Bool) {
        let (p, b, l, _) = locate(offset)
        let line = placed(p, b, l)
        let start = document.startOffset(ofParagraph: p)
        guard let leftmost = line.clusters.min(by: { $0.x < $1.x }), let rightmost = line.clusters.max(by: { $0.x < $1.x })
        else { return (start + line.range.lowerBound, false) }
        let right = end != line.isRightToLeft
        let cluster = right ? rightmost : leftmost
        // The outer edge of the outermost cluster on that side.
        if right {
            return cluster.isRightToLeft ? (start + cluster.range.lowerBound, false) : (start + cluster.range.upperBound, true)
        }
        return cluster.isRightToLeft ? (start + cluster.range.upperBound, true) : (start + cluster.range.lowerBound, false)
    }

    /// Whether any part of the line holding an offset runs right to left.
    public func lineHasRightToLeftText(at offset: Int) -> Bool {
        let (p, b, l, _) = locate(offset)
        let line = placed(p, b, l)
        return line.isRightToLeft || line.clusters.contains { $0.level != 0 }
    }

    /// The last line of paragraph `p`, laid out (for tests and tools; drawing uses `forEachLine`).
    @_spi(Testing) public func lastLine(forTesting p: Int) -> Line {
        let layout = paragraphLayout(p)
        return placed(p, layout.blocks.count - 1, lines(p, layout.blocks.count - 1).count - 1)
    }

    /// The width of a paragraph laid out on one line (unwrapped layouts; blocks not laid out yet
    /// count as estimated).
    public func unwrappedWidth(ofParagraph p: Int) -> Double { paragraphLayout(p).extents.total }

    /// Whether the paragraph holding an offset runs right to left.
    public func isRightToLeftParagraph(at offset: Int) -> Bool {
        let (p, _) = document.paragraphPosition(of: offset)
        return baseLevel(p, paragraphLayout(p)) & 1 == 1
    }

    /// The UTF-16 range of the visual line holding an offset.
    public func lineRange(containing offset: Int) -> Range<Int> {
        let (p, b, l, _) = locate(offset)
        let start = document.startOffset(ofParagraph: p)
        if wrapWidth == nil { return start..<(start + document.paragraphs[p].utf16Count) }
        let range = lines(p, b)[l].range
        return (start + range.lowerBound)..<(start + range.upperBound)
    }

    /// Whether a line is its paragraph's last.
    private func isLastLine(_ p: Int, _ b: Int, _ l: Int) -> Bool {
        let layout = paragraphLayout(p)
        return b == layout.blocks.count - 1 && l == lines(p, b).count - 1
    }

    /// The offset of the grapheme boundary nearest to `x` on a line of a paragraph.
    private func nearestOffset(paragraph p: Int, block: Int, line l: Int, x: Double) -> Int {
        nearestPosition(paragraph: p, block: block, line: l, x: x).offset
    }

    /// The grapheme boundary nearest to `x` on a line, and whether a caret there sits against the
    /// character before it (the edge of the cluster under `x` that is nearer).
    private func nearestPosition(paragraph p: Int, block: Int, line l: Int, x: Double) -> (offset: Int, upstream: Bool) {
        var b = block
        if wrapWidth == nil {
            // Unwrapped: the block under x (laying it out may move it: look again once).
            let layout = paragraphLayout(p)
            for _ in 0..<2 {
                b = layout.extents.index(containing: max(0, x))
                _ = lines(p, b)
            }
        }
        let line = placed(p, b, l)
        let localX = x - line.x
        let start = document.startOffset(ofParagraph: p)
        let isLast = wrapWidth == nil || isLastLine(p, b, l)
        guard !line.clusters.isEmpty else { return (start + (line.carets.first?.offset ?? line.range.lowerBound), false) }
        // The cluster under x (or the nearest one), and its nearer edge.
        var hit = line.clusters[0]
        var distance = Double.infinity
        for cluster in line.clusters {
            let d = localX < cluster.x ? cluster.x - localX : max(0, localX - (cluster.x + cluster.width))
            if d < distance || (d == 0 && distance == 0 && cluster.width > 0 && localX >= cluster.x) {
                distance = d
                hit = cluster
            }
        }
        let leftEdge = localX <= hit.x + hit.width / 2
        var position: (offset: Int, upstream: Bool) =
            leftEdge == hit.isRightToLeft ? (hit.range.upperBound, true) : (hit.range.lowerBound, false)
        // The end of a wrapped line is the next line's start: not a place to put the caret.
        if position.offset == line.range.upperBound && !isLast, let last = line.clusters.last {
            position = (last.range.lowerBound, false)
        }
        return (start + position.offset, position.upstream)
    }

    /// The last line of a paragraph.
    private func lastLine(of p: Int) -> (block: Int, line: Int) {
        let layout = paragraphLayout(p)
        let b = layout.blocks.count - 1
        return (b, lines(p, b).count - 1)
    }

    /// The offset nearest to a point (clamped into the text).
    public func offset(at point: Point) -> Int { position(at: point).offset }

    /// The grapheme boundary nearest to a point, and whether a caret there sits against the
    /// character before it: at a direction boundary, the side that was touched.
    public func position(at point: Point) -> (offset: Int, upstream: Bool) {
        guard point.y >= 0 else { return (0, false) }
        if point.y >= height {
            let p = document.paragraphs.count - 1
            let (b, l) = lastLine(of: p)
            return nearestPosition(paragraph: p, block: b, line: l, x: point.x)
        }
        var p = heights.index(containing: point.y)
        _ = paragraphLayout(p)  // may change this paragraph's height
        p = heights.index(containing: point.y)
        let layout = paragraphLayout(p)
        guard wrapWidth != nil else { return nearestPosition(paragraph: p, block: 0, line: 0, x: point.x) }
        var b = 0
        for _ in 0..<2 {  // laying the block out may change its height: look again once
            b = layout.extents.index(containing: point.y - paragraphTop(p))
            _ = lines(p, b)
        }
        var y = paragraphTop(p) + layout.extents.prefixSum(b)
        let blockLines = lines(p, b)
        for (l, line) in blockLines.enumerated() {
            if point.y < y + line.height || l == blockLines.count - 1 {
                return nearestPosition(paragraph: p, block: b, line: l, x: point.x)
            }
            y += line.height
        }
        return (document.startOffset(ofParagraph: p), false)
    }

    /// The offset nearest to `x` on the line `delta` lines away from the one holding `offset`.
    public func offset(onLineOffsetBy delta: Int, from offset: Int, x: Double) -> Int? {
        var (p, b, l, _) = locate(offset)
        var remaining = delta
        while remaining != 0 {
            if remaining > 0 {
                if l + 1 < lines(p, b).count {
                    l += 1
                } else if b + 1 < paragraphLayout(p).blocks.count {
                    b += 1
                    l = 0
                } else if p + 1 < document.paragraphs.count {
                    p += 1
                    b = 0
                    l = 0
                } else {
                    return nil
                }
                remaining -= 1
            } else {
                if l > 0 {
                    l -= 1
                } else if b > 0 {
                    b -= 1
                    l = lines(p, b).count - 1
                } else if p > 0 {
                    p -= 1
                    (b, l) = lastLine(of: p)
                } else {
                    return nil
                }
                remaining += 1
            }
        }
        return nearestOffset(paragraph: p, block: b, line: l, x: x)
    }

    /// Rectangles covering a range, one per line it touches; with `span`, only lines in that
    /// vertical span (a huge selection then costs what the screen shows).
    public func selectionRects(for range: Range<Int>, in span: ClosedRange<Double>? = nil) -> [Rect] {
        guard !range.isEmpty else { return [] }
        let (p0, _) = document.paragraphPosition(of: range.lowerBound)
        let (p1, _) = document.paragraphPosition(of: range.upperBound)
        var rects: [Rect] = []
        var p = p0
        if let span { p = max(p0, heights.index(containing: max(0, span.lowerBound))) }
        while p <= p1 {
            defer { p += 1 }
            if let span, paragraphTop(p) > span.upperBound { break }
            let start = document.startOffset(ofParagraph: p)
            let lo = max(range.lowerBound - start, 0), hi = min(range.upperBound - start, document.paragraphs[p].utf16Count)
            // A selected line break shows as a little extra width at the end of the line.
            let includesBreak = p < p1
            if wrapWidth == nil {
                let top = paragraphTop(p)
                let layout = paragraphLayout(p)
                let b0 = layout.block(containing: lo), b1 = layout.block(containing: max(lo, hi - 1))
                if b0 == b1 {
                    // One block: a rectangle per visual piece (a range across a direction change
                    // is two or more pieces on screen).
                    let line = placed(p, b0, 0)
                    var pieces = Self.visualPieces(of: line, from: lo, to: hi)
                    if includesBreak {
                        let end = line.clusters.last?.trailingX ?? 0
                        if let k = pieces.firstIndex(where: { abs($0.x + $0.width - end) < 0.01 }) {
                            pieces[k].width += 6
                        } else {
                            pieces.append((end, 6))
                        }
                    }
                    for piece in pieces {
                        rects.append(Rect(x: line.x + piece.x, y: top, width: piece.width, height: layout.lineHeight))
                    }
                    continue
                }
                let x0 = caretX(at: start + lo), x1 = caretX(at: start + hi)
                rects.append(
                    Rect(x: min(x0, x1), y: top, width: abs(x1 - x0) + (includesBreak ? 6 : 0), height: layout.lineHeight))
                continue
            }
            let layout = paragraphLayout(p)
            for b in layout.block(containing: lo)...layout.block(containing: hi) {
                var y = paragraphTop(p) + layout.extents.prefixSum(b)
                if let span, y > span.upperBound { break }
                // A block above the span is not laid out to be skipped.
                if let span, paragraphTop(p) + layout.extents.prefixSum(b + 1) < span.lowerBound { continue }
                let blockLines = lines(p, b)
                for (l, line) in blockLines.enumerated() {
                    defer { y += line.height }
                    if let span, y + line.height < span.lowerBound { continue }
                    let lineLo = max(lo, line.range.lowerBound), lineHi = min(hi, line.range.upperBound)
                    let isLast = isLastLine(p, b, l)
                    let breakHere = includesBreak && isLast
                    guard lineLo < lineHi || (breakHere && lineLo <= lineHi && lo <= line.range.upperBound) else { continue }
                    var pieces = Self.visualPieces(of: line, from: lineLo, to: lineHi)
                    if breakHere {
                        // The selected line break: a little width at the line's end, in its direction.
                        let end = line.clusters.last?.trailingX ?? (line.carets.first { $0.offset >= lineLo }?.x ?? 0)
                        if line.isRightToLeft {
                            if let k = pieces.firstIndex(where: { abs($0.x - end) < 0.01 }) {
                                pieces[k] = (pieces[k].x - 6, pieces[k].width + 6)
                            } else {
                                pieces.append((end - 6, 6))
                            }
                        } else if let k = pieces.firstIndex(where: { abs($0.x + $0.width - end) < 0.01 }) {
                            pieces[k].width += 6
                        } else {
                            pieces.append((end, 6))
                        }
                    }
                    for piece in pieces {
                        rects.append(Rect(x: line.x + piece.x, y: y, width: piece.width, height: line.height))
                    }
                }
            }
        }
        return rects
    }

    /// Calls `body` with each line that intersects a vertical span (and, for unwrapped text, a
    /// horizontal one): its paragraph's start offset, the line, and its top y. Lays out only those.
    public func forEachLine(in span: ClosedRange<Double>, x xSpan: ClosedRange<Double>? = nil, _ body: (Int, Line, Double) -> Void) {
        guard !document.paragraphs.isEmpty else { return }
        var p = heights.index(containing: max(0, span.lowerBound))
        while p < document.paragraphs.count {
            if paragraphTop(p) > span.upperBound { break }
            let layout = paragraphLayout(p)
            let start = document.startOffset(ofParagraph: p)
            if wrapWidth == nil {
                let y = paragraphTop(p)
                if y + layout.lineHeight >= span.lowerBound {
                    var b = xSpan.map { layout.extents.index(containing: max(0, $0.lowerBound)) } ?? 0
                    while b < layout.blocks.count {
                        _ = lines(p, b)
                        let line = placed(p, b, 0)
                        if let xSpan, line.x > xSpan.upperBound { break }
                        body(start, line, y)
                        b += 1
                    }
                }
            } else {
                var b = 0
                while b < layout.blocks.count {
                    if paragraphTop(p) + layout.extents.prefixSum(b) > span.upperBound { break }
                    if paragraphTop(p) + layout.extents.prefixSum(b + 1) < span.lowerBound {
                        b += 1
                        continue
                    }
                    let blockLines = lines(p, b)
                    var y = paragraphTop(p) + layout.extents.prefixSum(b)
                    for line in blockLines {
                        if y + line.height >= span.lowerBound && y <= span.upperBound { body(start, line, y) }
                        y += line.height
                    }
                    b += 1
                }
            }
            p += 1
        }
    }

    /// Draws the lines in a vertical span (and horizontal, for unwrapped text) at `origin` in the
    /// context, in each run's colour (`defaultColor` where none is set), with backgrounds and underlines.
    public func draw(
        in context: GraphicsContext, at origin: Point, span: ClosedRange<Double>, x xSpan: ClosedRange<Double>? = nil,
        defaultColor: Color, linkAttributes: TextAttributes? = nil
    ) {
        forEachLine(in: span, x: xSpan) { _, line, y in
            for piece in line.pieces {
                var attributes = piece.attributes
                if attributes.link != nil, let link = linkAttributes {
                    attributes.foregroundColor = link.foregroundColor ?? attributes.foregroundColor
                    attributes.underlineStyle = link.underlineStyle ?? attributes.underlineStyle
                }
                let x = origin.x + line.x + piece.x
                if let xSpan, x - origin.x > xSpan.upperBound || x - origin.x + piece.run.width < xSpan.lowerBound { continue }
                let top = origin.y + y
                if let background = attributes.backgroundColor {
                    context.fill(Rect(x: x, y: top, width: piece.run.width, height: line.height), color: background)
                }
                let color = attributes.foregroundColor ?? defaultColor
                // Baselines line up across fonts: each run sits so that its ascent meets the line's.
                let runTop = top + line.ascent - piece.run.metrics.ascender
                context.drawText(piece.run, at: Point(x: x, y: runTop), color: color)
                if let underline = attributes.underlineStyle, underline != .none {
                    let baseline = top + line.ascent
                    let thickness = underline == .thick ? 2.0 : 1.0
                    context.fill(
                        Rect(x: x, y: (baseline + 1.5).rounded(.down), width: piece.run.width, height: thickness), color: color)
                    if underline == .double {
                        context.fill(
                            Rect(x: x, y: (baseline + 3.5).rounded(.down), width: piece.run.width, height: 1), color: color)
                    }
                }
            }
        }
    }
}

extension TextDocument {
    /// Whether a paragraph-relative offset is a grapheme boundary of a paragraph's text.
    static func isBoundary(_ offset: Int, in text: String, count: Int) -> Bool {
        offset <= 0 || offset >= count || index(text, offset).samePosition(in: text) != nil
    }
}
