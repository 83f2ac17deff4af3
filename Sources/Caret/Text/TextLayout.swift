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
    public private(set) var paragraphLayoutCount = 0
    /// UTF-16 units made into lines so far (what an edit's relayout costs, for tests).
    public private(set) var unitsLaidOut = 0
    /// Counts every change of what is laid out (an edit followed, lines made, everything
    /// forgotten): a caller that measured at one count knows nothing moved while it stays.
    public private(set) var changeCount = 0

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
        if newDocument.lineage !== syncedLineage || newDocument.editCount != syncedEditCount { changeCount += 1 }
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
                    || followsInPlace(change, existing, newDocument.paragraphs[edit.removed.lowerBound])
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
    func replaceParagraphs(_ edit: TextDocument.ParagraphEdit, layOutNow: Bool) -> ClosedRange<Double> {
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
    /// Whether an edit inside a one-block wrapped paragraph is followed in place (its lines made
    /// again around it) rather than the paragraph laid out anew: a long laid-out paragraph, edited
    /// past where its direction was found.
    private func followsInPlace(_ change: TextDocument.LocalChange, _ layout: ParagraphLayout, _ paragraph: TextDocument.Paragraph)
        -> Bool
    {
        wrapWidth != nil && layout.blocks.count == 1 && layout.blocks[0].lines != nil && layout.baseLevel != nil
            && paragraph.utf16Count > 256 && change.range.lowerBound > 64
    }

    func followEdit(_ change: TextDocument.LocalChange, in p: Int, _ layout: ParagraphLayout) -> ClosedRange<Double> {
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
        let oldBlockRange = layout.blocks[editBlock].range
        var editBlockLines = settledLines(layout, editBlock)
        if let oldLines = editBlockLines {
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
            if layout.blocks[b].lines != nil { layout.blocks[b].pendingShift += delta }
        }
        // One wrapped block edited inside: its lines are made again only around the edit.
        var remade: (lines: [Line], firstMade: Int)?
        if first == last, first == editBlock, ranges == [oldBlockRange.lowerBound..<(oldBlockRange.upperBound + delta)],
            wrapWidth != nil, var old = editBlockLines
        {
            // The old lines are the remake's alone now: the ones it keeps move in place.
            editBlockLines = nil
            layout.blocks[editBlock].lines = nil
            remade = remakeLines(&old, of: paragraph, in: ranges[0], after: change, baseLevel: baseLevel(p, layout))
        }
        layout.blocks.replaceSubrange(first...last, with: ranges.map { ParagraphLayout.Block(range: $0, lines: nil) })
        var extents = layout.extents.values
        extents.replaceSubrange(first...last, with: ranges.map { estimatedExtent(of: $0.count) })
        layout.extents = FenwickTree(extents)
        layout.revision = paragraph.revision
        setLineMetrics(layout, paragraph)
        if let remade {
            layout.blocks[first].lines = remade.lines
            layout.extents.set(first, to: remade.lines.reduce(0) { $0 + $1.height })
            paragraphLayoutCount += 1
            changeCount += 1
        } else if ranges.count <= 4 {
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
        // Lines remade in place start where they may differ (the edit's line, or the one before it
        // when a word may move up); otherwise the line before the edit's may have changed.
        let l = remade.map { b0 == first ? $0.firstMade : 0 }
            ?? max(0, (startLines.lastIndex { $0.range.lowerBound <= start } ?? 0) - 1)
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

    /// A block's lines with the shifts of edits before it applied (nil if not laid out).
    private func settledLines(_ layout: ParagraphLayout, _ b: Int) -> [Line]? {
        guard layout.blocks[b].lines != nil else { return nil }
        let shift = layout.blocks[b].pendingShift
        guard shift != 0 else { return layout.blocks[b].lines }
        // Moved in place: the block lets go of its lines first, so they are not copied.
        var moved = layout.blocks[b].lines ?? []
        layout.blocks[b].lines = nil
        for index in moved.indices { Self.shift(&moved[index], by: shift) }
        layout.blocks[b].lines = moved
        layout.blocks[b].pendingShift = 0
        return moved
    }

    /// The lines of a wrapped block after an edit inside it, made again from the line before the
    /// edit (a word may move up) only until a new line ends where an old one, moved by the edit,
    /// began: the lines after it are the old ones, moved. The window made grows until that
    /// happens or reaches the block's end. Text with tabs is made whole (tab stops count from the
    /// block's start). Keeps a keystroke's cost independent of the block's length.
    private func remakeLines(_ old: inout [Line], of paragraph: TextDocument.Paragraph, in block: Range<Int>,
        after change: TextDocument.LocalChange, baseLevel: UInt8) -> (lines: [Line], firstMade: Int)?
    {
        let delta = change.length - change.range.count
        let editStart = change.range.lowerBound, oldEditEnd = change.range.upperBound, newEditEnd = editStart + change.length
        guard let k = old.lastIndex(where: { $0.range.lowerBound <= editStart }) else { return nil }
        // The line before can change only when the edit deletes or falls in the line's first
        // word (that word, or a part of it cut off by a typed space, may then fit on it).
        let inFirstWord = !TextDocument.slice(paragraph.text, old[k].range.lowerBound, editStart).contains { $0.isWhitespace }
        let first = k > 0 && (change.range.count > 0 || inFirstWord) ? k - 1 : k
        let start = old[first].range.lowerBound
        guard start >= block.lowerBound else { return nil }
        // Old lines that begin after the edit, by where they begin now.
        var oldAfter: [Int: Int] = [:]
        for index in (k + 1)..<old.count where old[index].range.lowerBound >= oldEditEnd {
            oldAfter[old[index].range.lowerBound + delta] = index
        }
        // First the edit's line and a few units after it (its break needs the next word's start),
        // then lines to the one `extra` lines after it as they were (moved by the edit).
        var extra = 0
        while true {
            let last = k + extra
            var end = block.upperBound
            if last < old.count {
                let target = max(newEditEnd, old[last].range.upperBound + delta) + (extra == 0 ? 16 : 0)
                end = target >= block.upperBound
                    ? block.upperBound : TextDocument.boundary(atOrBefore: target, in: paragraph.text, count: block.upperBound)
            }
            if TextDocument.slice(paragraph.text, start, end).contains("\t") { return nil }
            let (made, _) = lineMaker.makeLines(paragraph, start..<end, baseLevel: baseLevel)
            unitsLaidOut += end - start
            if end == block.upperBound { return (Array(old[..<first]) + made, first) }
            // The window's last line may be cut short by its end: only the lines before it count.
            for index in 0..<max(0, made.count - 1) {
                let next = made[index].range.upperBound
                if next >= newEditEnd, let resumed = oldAfter[next] {
                    for kept in resumed..<old.count { Self.shift(&old[kept], by: delta) }
                    return (Array(old[..<first]) + made[...index] + old[resumed...], first)
                }
            }
            extra = max(1, extra * 4)
        }
    }

    /// Moves a line's offsets by `delta`, in place (no copy when its arrays are not shared).
    private static func shift(_ line: inout Line, by delta: Int) {
        line.range = (line.range.lowerBound + delta)..<(line.range.upperBound + delta)
        line.carets.withUnsafeMutableBufferPointer { carets in
            for index in carets.indices { carets[index].offset += delta }
        }
        line.clusters.withUnsafeMutableBufferPointer { clusters in
            for index in clusters.indices {
                clusters[index].range = (clusters[index].range.lowerBound + delta)..<(clusters[index].range.upperBound + delta)
            }
        }
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
        let extents = wrapWidth != nil && ranges.count == 1 && p < heights.count
            ? [heights.values[p]] : ranges.map { estimatedExtent(of: $0.count) }
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
