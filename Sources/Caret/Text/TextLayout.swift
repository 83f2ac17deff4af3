/// Lays a `TextDocument` out in lines: word wrap falling back to character wrap, hard breaks,
/// tabs, fonts and colours per attribute run, alignment. Incremental: paragraphs are laid out
/// when first needed (drawing, caret queries) and again only when an edit touches them; the
/// others keep an estimated height until then. Offsets are UTF-16, positions are in the text's
/// own coordinates (origin at the top-left of the first line).
@MainActor
public final class TextLayout: TextLineMetrics {
    /// One laid-out line.
    public struct Line: Sendable {
        /// The line's UTF-16 range, relative to its paragraph.
        public var range: Range<Int>
        /// Grapheme boundaries in the line (paragraph-relative) with their x, from `range.lowerBound`
        /// to `range.upperBound`.
        public var carets: [(offset: Int, x: Double)]
        /// Where the line's content starts (alignment).
        public var x: Double
        /// Width of the visible content (trailing spaces excluded).
        public var width: Double
        /// Distance from the line's top to its baseline.
        public var ascent: Double
        /// The line's height.
        public var height: Double
        /// Text pieces to draw: a shaped run, its x in the line, its attributes.
        public var pieces: [(run: TextRun, x: Double, attributes: TextAttributes)]
    }

    struct ParagraphLayout {
        var lines: [Line]
        var height: Double
    }

    /// The text laid out: the owner's document when created with a source, else a copy.
    public var document: TextDocument { source?() ?? ownDocument }
    private var ownDocument: TextDocument
    /// Reads the owner's document on demand. Holding a copy instead would share the paragraph
    /// array with the owner, and its next edit would copy every paragraph (copy-on-write).
    private let source: (@MainActor () -> TextDocument)?
    /// Shapes text and gives font metrics.
    public let fontProvider: FontProvider
    /// The font of text with no font attribute.
    public var font: Font { didSet { if font != oldValue { invalidateAll() } } }
    /// Line alignment.
    public var alignment: TextAlignment = .natural { didSet { if alignment != oldValue { invalidateAll() } } }
    /// The width lines wrap at; `nil` for one unwrapped line per paragraph (text fields).
    public var wrapWidth: Double? { didSet { if wrapWidth != oldValue { invalidateAll() } } }
    /// Distance between tab stops.
    public var tabInterval: Double = 28 { didSet { if tabInterval != oldValue { invalidateAll() } } }

    private var layouts: [ParagraphLayout?] = []
    private var heights = FenwickTree<Double>()
    private var syncedEditCount = 0
    private var syncedLineage: TextDocument.Lineage?
    /// How many paragraphs were laid out since creation (for tests of incremental layout).
    public private(set) var paragraphLayoutCount = 0

    /// Creates a layout of a document it keeps a copy of.
    public init(document: TextDocument, font: Font, fontProvider: FontProvider, wrapWidth: Double? = nil) {
        ownDocument = document
        source = nil
        self.font = font
        self.fontProvider = fontProvider
        self.wrapWidth = wrapWidth
        invalidateAll()
    }

    /// Creates a layout that reads its owner's document through `source` (an editing view's
    /// model), so edits never copy the document.
    public init(source: @escaping @MainActor () -> TextDocument, font: Font, fontProvider: FontProvider, wrapWidth: Double? = nil)
    {
        ownDocument = TextDocument()
        self.source = source
        self.font = font
        self.fontProvider = fontProvider
        self.wrapWidth = wrapWidth
        invalidateAll()
    }

    /// Follows an edited copy of the document, re-laying out only the paragraphs its edits touched.
    /// Returns the vertical span (text coordinates) whose drawing changed: to infinity when
    /// heights changed and everything below moved; nil when nothing changed.
    @discardableResult
    public func update(_ newDocument: TextDocument) -> ClosedRange<Double>? {
        let edits = newDocument.editCount - syncedEditCount
        let follows = newDocument.lineage === syncedLineage && edits >= 0 && edits <= newDocument.recentEdits.count
        if source == nil { ownDocument = newDocument }
        guard follows else {
            invalidateAll()
            return 0...Double.infinity
        }
        guard edits > 0 else { return nil }
        var dirty: ClosedRange<Double>?
        for edit in newDocument.recentEdits.suffix(edits) {
            let estimate = estimatedHeight
            let top = heights.prefixSum(edit.removed.lowerBound)
            let oldHeight = heights.prefixSum(edit.removed.upperBound) - top
            if edit.removed.count == edit.inserted {
                for p in edit.removed {
                    layouts[p] = nil
                    heights.set(p, to: estimate)
                }
            } else {
                layouts.replaceSubrange(edit.removed, with: Array(repeating: nil, count: edit.inserted))
                heights.replaceSubrange(edit.removed, with: Array(repeating: estimate, count: edit.inserted))
            }
            var bottom = Double.infinity
            if edits == 1 && edit.inserted <= 8 {
                // Lay the edited paragraphs out now: if their height held, nothing below moved.
                let inserted = edit.removed.lowerBound..<(edit.removed.lowerBound + edit.inserted)
                let newHeight = inserted.reduce(0.0) { $0 + layout(ofParagraph: $1).height }
                if newHeight == oldHeight { bottom = top + newHeight }
            }
            dirty = dirty.map { min($0.lowerBound, top)...max($0.upperBound, bottom) } ?? top...bottom
        }
        syncedEditCount = newDocument.editCount
        return dirty
    }

    /// Forgets every paragraph's layout.
    public func invalidateAll() {
        layouts = Array(repeating: nil, count: document.paragraphs.count)
        heights = FenwickTree(Array(repeating: estimatedHeight, count: document.paragraphs.count))
        syncedEditCount = document.editCount
        syncedLineage = document.lineage
    }

    private var estimatedHeight: Double { fontProvider.metrics(for: font).lineHeight }

    // MARK: Paragraph layout

    private func layout(ofParagraph p: Int) -> ParagraphLayout {
        if let cached = layouts[p] { return cached }
        let made = makeLayout(document.paragraphs[p])
        layouts[p] = made
        heights.set(p, to: made.height)
        paragraphLayoutCount += 1
        return made
    }

    /// A cluster: its UTF-16 range in the paragraph, x where it starts, its width, whether it is
    /// white space, and which attribute run it is in.
    private struct Cluster {
        var range: Range<Int>
        var x: Double
        var width: Double
        var isSpace: Bool
        var run: Int
    }

    private func makeLayout(_ paragraph: TextDocument.Paragraph) -> ParagraphLayout {
        // Shape each attribute run once; clusters carry their x along the unwrapped paragraph.
        var clusters: [Cluster] = []
        var runShapes: [(run: TextRun, start: Int, attributes: TextAttributes, x: Double)] = []
        var x = 0.0
        var runStart = 0
        let text = paragraph.text
        var utf16Cursor = text.utf16.startIndex
        for (r, attributeRun) in paragraph.runs.enumerated() {
            let end = runStart + attributeRun.length
            let endIndex = text.utf16.index(utf16Cursor, offsetBy: attributeRun.length)
            let piece = String(text[utf16Cursor..<endIndex])
            utf16Cursor = endIndex
            let runFont = attributeRun.attributes.font ?? font
            var shaped = fontProvider.shape(piece, font: runFont)
            // Tabs jump to the next tab stop: shift everything after them.
            if piece.contains("\t") { shaped = expandTabs(shaped, startX: x) }
            runShapes.append((shaped, runStart, attributeRun.attributes, x))
            var offset = runStart
            var scalarIndex = 0
            for character in piece {
                let first = scalarIndex
                scalarIndex += character.unicodeScalars.count
                let startX = shaped.scalarOffsets[first], endX = shaped.scalarOffsets[scalarIndex]
                let length = character.utf16.count
                clusters.append(
                    Cluster(
                        range: offset..<(offset + length), x: x + startX, width: endX - startX,
                        isSpace: character.isWhitespace, run: r))
                offset += length
            }
            x += shaped.width
            runStart = end
        }
        let defaultMetrics = fontProvider.metrics(for: paragraph.runs.first?.attributes.font ?? font)

        // Break into lines.
        var lineRanges: [Range<Int>] = []  // cluster index ranges
        if let width = wrapWidth, width > 0 {
            var start = 0
            while start < clusters.count {
                var end = start
                let originX = clusters[start].x
                while end < clusters.count && (clusters[end].isSpace || clusters[end].x + clusters[end].width - originX <= width)
                {
                    end += 1
                }
                if end < clusters.count {
                    // Back up to just after the last space on the line, if there is one (word wrap).
                    if let space = clusters[start..<end].lastIndex(where: { $0.isSpace }), space + 1 > start,
                        !clusters[end].isSpace
                    {
                        end = space + 1
                    }
                    if end == start { end = start + 1 }  // one cluster wider than the line
                }
                lineRanges.append(start..<end)
                start = end
            }
        }
        if lineRanges.isEmpty { lineRanges = [0..<clusters.count] }

        var lines: [Line] = []
        var height = 0.0
        for range in lineRanges {
            let first = range.isEmpty ? nil : clusters[range.lowerBound]
            let originX = first?.x ?? 0
            let utf16Start = first?.range.lowerBound ?? 0
            let utf16End = range.isEmpty ? 0 : clusters[range.upperBound - 1].range.upperBound
            var carets: [(Int, Double)] = []
            carets.reserveCapacity(range.count + 1)
            for c in range { carets.append((clusters[c].range.lowerBound, clusters[c].x - originX)) }
            let lastVisible = range.last { !clusters[$0].isSpace }
            let contentEnd = range.isEmpty ? 0 : clusters[range.upperBound - 1].x + clusters[range.upperBound - 1].width - originX
            carets.append((utf16End, contentEnd))
            let visibleWidth = lastVisible.map { clusters[$0].x + clusters[$0].width - originX } ?? 0
            // Pieces: the part of each attribute run on this line, as a run sliced from the shaped one.
            var pieces: [(run: TextRun, x: Double, attributes: TextAttributes)] = []
            var ascent = defaultMetrics.ascender, descent = -defaultMetrics.descender, lineGap = defaultMetrics.lineHeight
            if !range.isEmpty {
                var c = range.lowerBound
                while c < range.upperBound {
                    let r = clusters[c].run
                    var e = c
                    while e < range.upperBound && clusters[e].run == r { e += 1 }
                    let shape = runShapes[r]
                    let piece = slice(
                        shape.run, from: clusters[c].range.lowerBound - shape.start,
                        to: clusters[e - 1].range.upperBound - shape.start)
                    pieces.append((piece, clusters[c].x - originX, shape.attributes))
                    if c == range.lowerBound { ascent = 0; descent = 0; lineGap = 0 }
                    ascent = max(ascent, piece.metrics.ascender)
                    descent = max(descent, -piece.metrics.descender)
                    lineGap = max(lineGap, piece.metrics.lineHeight)
                    c = e
                }
            }
            let lineHeight = max(lineGap, ascent + descent)
            let alignedX: Double
            if let width = wrapWidth {
                alignedX = alignment.offset(lineWidth: visibleWidth, in: width)
            } else {
                alignedX = 0
            }
            lines.append(
                Line(
                    range: utf16Start..<utf16End, carets: carets, x: max(0, alignedX), width: visibleWidth,
                    ascent: ascent, height: lineHeight, pieces: pieces))
            height += lineHeight
        }
        return ParagraphLayout(lines: lines, height: height)
    }

    /// Moves everything after each tab to the next tab stop.
    private func expandTabs(_ run: TextRun, startX: Double) -> TextRun {
        var offsets = run.scalarOffsets
        var shift = 0.0
        for (i, scalar) in run.text.unicodeScalars.enumerated() {
            offsets[i] += shift
            if scalar == "\t" {
                let position = startX + offsets[i]
                let next = ((position / tabInterval).rounded(.down) + 1) * tabInterval
                let advance = (run.scalarOffsets[i + 1] - run.scalarOffsets[i])
                shift += (next - position) - advance
            }
        }
        offsets[offsets.count - 1] += shift
        return TextRun(text: run.text, font: run.font, scalarOffsets: offsets, metrics: run.metrics)
    }

    /// The part of a shaped run between two UTF-16 offsets, positioned from 0.
    private func slice(_ run: TextRun, from: Int, to: Int) -> TextRun {
        if from == 0 && to == run.text.utf16.count { return run }
        let text = TextDocument.slice(run.text, from, to)
        let u = run.text.utf16
        let firstScalar = run.text.unicodeScalars.distance(from: run.text.startIndex, to: u.index(u.startIndex, offsetBy: from))
        let count = text.unicodeScalars.count
        let base = run.scalarOffsets[firstScalar]
        let offsets = run.scalarOffsets[firstScalar...(firstScalar + count)].map { $0 - base }
        return TextRun(text: text, font: run.font, scalarOffsets: offsets, metrics: run.metrics)
    }

    // MARK: Geometry

    /// The y where a paragraph starts (estimated above paragraphs not laid out yet).
    public func paragraphTop(_ p: Int) -> Double { heights.prefixSum(p) }

    /// The total height (estimated for paragraphs not laid out yet).
    public var height: Double { heights.total }

    private func locate(_ offset: Int) -> (paragraph: Int, line: Int, local: Int) {
        let (p, local) = document.paragraphPosition(of: offset)
        let lines = layout(ofParagraph: p).lines
        // The last line starting at or before the offset: a caret at a soft wrap goes to the next line.
        let index = lines.lastIndex { $0.range.lowerBound <= local } ?? 0
        return (p, index, local)
    }

    /// The x of a caret at an offset, in the text's coordinates.
    public func caretX(at offset: Int) -> Double {
        let (p, l, local) = locate(offset)
        let line = layout(ofParagraph: p).lines[l]
        return line.x + (line.carets.first { $0.offset >= local }?.x ?? line.carets.last?.x ?? 0)
    }

    /// The caret rectangle at an offset: 2 points wide, as tall as the line.
    public func caretRect(at offset: Int) -> Rect {
        let (p, l, _) = locate(offset)
        let paragraph = layout(ofParagraph: p)
        var y = paragraphTop(p)
        for i in 0..<l { y += paragraph.lines[i].height }
        return Rect(x: caretX(at: offset), y: y, width: 2, height: paragraph.lines[l].height)
    }

    /// The UTF-16 range of the visual line holding an offset.
    public func lineRange(containing offset: Int) -> Range<Int> {
        let (p, l, _) = locate(offset)
        let start = document.startOffset(ofParagraph: p)
        let range = layout(ofParagraph: p).lines[l].range
        return (start + range.lowerBound)..<(start + range.upperBound)
    }

    /// The offset of the grapheme boundary nearest to `x` on a line of a paragraph.
    private func nearestOffset(paragraph p: Int, line l: Int, x: Double) -> Int {
        let line = layout(ofParagraph: p).lines[l]
        let localX = x - line.x
        var best = line.carets.first?.offset ?? 0
        var bestDistance = Double.infinity
        let isLastLine = l == layout(ofParagraph: p).lines.count - 1
        for (i, caret) in line.carets.enumerated() {
            // The end of a wrapped line is the next line's start: not a place to put the caret.
            if i == line.carets.count - 1 && !isLastLine { break }
            let distance = abs(caret.x - localX)
            if distance < bestDistance {
                bestDistance = distance
                best = caret.offset
            }
        }
        return document.startOffset(ofParagraph: p) + best
    }

    /// The offset nearest to a point (clamped into the text).
    public func offset(at point: Point) -> Int {
        guard point.y >= 0 else { return 0 }
        if point.y >= height {
            return nearestOffset(
                paragraph: document.paragraphs.count - 1,
                line: layout(ofParagraph: document.paragraphs.count - 1).lines.count - 1, x: point.x)
        }
        var p = heights.index(containing: point.y)
        _ = layout(ofParagraph: p)  // may change this paragraph's height
        p = heights.index(containing: point.y)
        let paragraph = layout(ofParagraph: p)
        var y = paragraphTop(p)
        for (l, line) in paragraph.lines.enumerated() {
            if point.y < y + line.height || l == paragraph.lines.count - 1 {
                return nearestOffset(paragraph: p, line: l, x: point.x)
            }
            y += line.height
        }
        return document.startOffset(ofParagraph: p)
    }

    /// The offset nearest to `x` on the line `delta` lines away from the one holding `offset`.
    public func offset(onLineOffsetBy delta: Int, from offset: Int, x: Double) -> Int? {
        var (p, l, _) = locate(offset)
        var remaining = delta
        while remaining != 0 {
            if remaining > 0 {
                if l + 1 < layout(ofParagraph: p).lines.count {
                    l += 1
                } else if p + 1 < document.paragraphs.count {
                    p += 1; l = 0
                } else {
                    return nil
                }
                remaining -= 1
            } else {
                if l > 0 { l -= 1 } else if p > 0 { p -= 1; l = layout(ofParagraph: p).lines.count - 1 } else { return nil }
                remaining += 1
            }
        }
        return nearestOffset(paragraph: p, line: l, x: x)
    }

    /// Rectangles covering a range, one per line it touches.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        guard !range.isEmpty else { return [] }
        let (p0, _) = document.paragraphPosition(of: range.lowerBound)
        let (p1, _) = document.paragraphPosition(of: range.upperBound)
        var rects: [Rect] = []
        for p in p0...p1 {
            let start = document.startOffset(ofParagraph: p)
            var y = paragraphTop(p)
            let paragraph = layout(ofParagraph: p)
            for (l, line) in paragraph.lines.enumerated() {
                defer { y += line.height }
                let lo = max(range.lowerBound - start, line.range.lowerBound),
                    hi = min(range.upperBound - start, line.range.upperBound)
                let isLast = l == paragraph.lines.count - 1
                // A selected line break shows as a little extra width at the end of the line.
                let includesBreak = isLast && p < p1
                guard lo < hi || (includesBreak && lo <= hi && range.lowerBound - start <= line.range.upperBound) else {
                    continue
                }
                let x0 = line.carets.first { $0.offset >= lo }?.x ?? 0
                let x1 = line.carets.first { $0.offset >= hi }?.x ?? line.width
                rects.append(Rect(x: line.x + x0, y: y, width: max(0, x1 - x0) + (includesBreak ? 6 : 0), height: line.height))
            }
        }
        return rects
    }

    /// Calls `body` with each line that intersects a vertical span: its paragraph's start offset,
    /// the line, and its top y. Lays out only those paragraphs.
    public func forEachLine(in span: ClosedRange<Double>, _ body: (Int, Line, Double) -> Void) {
        guard !document.paragraphs.isEmpty else { return }
        var p = heights.index(containing: max(0, span.lowerBound))
        while p < document.paragraphs.count {
            let top = paragraphTop(p)
            if top > span.upperBound { break }
            let paragraph = layout(ofParagraph: p)
            var y = paragraphTop(p)
            let start = document.startOffset(ofParagraph: p)
            for line in paragraph.lines {
                if y + line.height >= span.lowerBound && y <= span.upperBound { body(start, line, y) }
                y += line.height
            }
            p += 1
        }
    }

    /// Draws the lines in a vertical span at `origin` in the context, in each run's colour
    /// (`defaultColor` where none is set), with backgrounds and underlines.
    public func draw(
        in context: GraphicsContext, at origin: Point, span: ClosedRange<Double>, defaultColor: Color,
        linkAttributes: TextAttributes? = nil
    ) {
        forEachLine(in: span) { _, line, y in
            for piece in line.pieces {
                var attributes = piece.attributes
                if attributes.link != nil, let link = linkAttributes {
                    attributes.foregroundColor = link.foregroundColor ?? attributes.foregroundColor
                    attributes.underlineStyle = link.underlineStyle ?? attributes.underlineStyle
                }
                let x = origin.x + line.x + piece.x
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
