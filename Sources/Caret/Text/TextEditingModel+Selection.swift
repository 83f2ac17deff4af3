// SPDX-License-Identifier: Apache-2.0
/// Selection and moves: what the caret and the selection do on their own (by character, word,
/// line and paragraph, on screen in mixed-direction text), snapped to grapheme boundaries.
extension TextEditingModel {
    // MARK: Selection and moves

    /// Sets the selection, snapping both ends to grapheme boundaries inside the text.
    public mutating func select(_ newSelection: TextSelection) {
        let n = utf16Count
        selection = TextSelection(
            anchor: document.graphemeBoundary(atOrBefore: max(0, min(n, newSelection.anchor))),
            head: document.graphemeBoundary(atOrBefore: max(0, min(n, newSelection.head))))
        selectionAffinity = .forward
        preferredX = nil
        checkInvariants()
    }

    /// Selects a range (anchor at its start).
    public mutating func select(range: Range<Int>) { select(TextSelection(anchor: range.lowerBound, head: range.upperBound)) }

    /// Selects everything.
    public mutating func selectAll() { select(range: 0..<utf16Count) }

    /// Selects the word around an offset (double-click, long press).
    public mutating func selectWord(at offset: Int) { select(range: document.wordRange(at: offset, segmenter: segmenter)) }

    /// Selects the paragraph around an offset (triple-click).
    public mutating func selectParagraph(at offset: Int) { select(range: document.paragraphRange(at: offset)) }

    /// Moves the caret (or extends the selection's head with `extend`) by a granularity that needs
    /// no layout: character, word, paragraph or document. Line moves need `move(_:by:lines:extending:)`.
    public mutating func move(_ direction: TextDirection, by granularity: TextGranularity, extending: Bool = false) {
        let head = selection.head
        let target: Int
        if !extending && !selection.isEmpty && granularity == .character {
            // An arrow on a selection collapses it to the side it points at.
            target = direction == .backward ? selection.range.lowerBound : selection.range.upperBound
        } else {
            // At a paragraph's edge, a move goes on to the next paragraph's edge.
            target = boundary(direction, granularity, from: head, pastParagraphEdge: true)
        }
        setHead(target, extending: extending)
        preferredX = nil
        checkInvariants()
    }

    /// The offset a move or deletion by a granularity needing no layout reaches from `offset`.
    /// Paragraph (and, without layout, line) granularity stops at the paragraph's edge; from the
    /// edge it goes one line break further, or with `pastParagraphEdge` to the next paragraph's edge.
    func boundary(_ direction: TextDirection, _ granularity: TextGranularity, from offset: Int, pastParagraphEdge: Bool) -> Int {
        switch (direction, granularity) {
        case (.backward, .character): return document.graphemeBoundary(before: offset)
        case (.forward, .character): return document.graphemeBoundary(after: offset)
        case (.backward, .word): return document.wordBoundary(before: offset, segmenter: segmenter)
        case (.forward, .word): return document.wordBoundary(after: offset, segmenter: segmenter)
        case (.backward, .paragraph), (.backward, .line):
            let start = document.paragraphRange(at: offset).lowerBound
            guard start == offset else { return start }
            let beyond = max(0, offset - 1)
            return pastParagraphEdge ? document.paragraphRange(at: beyond).lowerBound : beyond
        case (.forward, .paragraph), (.forward, .line):
            let end = document.paragraphRange(at: offset).upperBound
            guard end == offset else { return end }
            let beyond = min(utf16Count, offset + 1)
            return pastParagraphEdge ? document.paragraphRange(at: beyond).upperBound : beyond
        case (.backward, .document): return 0
        case (.forward, .document): return utf16Count
        }
    }

    /// Moves to the start or end of the visual line (Home/End).
    @MainActor
    package mutating func moveToLineBoundary(_ direction: TextDirection, lines: TextLineMetrics, extending: Bool = false) {
        let line = lines.lineRange(containing: selection.head)
        var target = direction == .backward ? line.lowerBound : line.upperBound
        // The end of a soft-wrapped line is before its trailing space, where the caret can be drawn.
        if direction == .forward, target < utf16Count, target > line.lowerBound,
            document.substring((target - 1)..<target) == " "
        {
            target -= 1
        }
        setHead(document.graphemeBoundary(atOrBefore: target), extending: extending)
        preferredX = nil
        checkInvariants()
    }

    /// Moves up or down by visual lines keeping the preferred x; past the first or last line the
    /// caret goes to the start or end of the text.
    @MainActor
    package mutating func move(by lineDelta: Int, lines: TextLineMetrics, extending: Bool = false) {
        let head: Int
        if !extending && !selection.isEmpty {
            head = lineDelta < 0 ? selection.range.lowerBound : selection.range.upperBound
        } else {
            head = selection.head
        }
        let x = preferredX ?? lines.caretX(at: head)
        let target = lines.offset(onLineOffsetBy: lineDelta, from: head, x: x) ?? (lineDelta < 0 ? 0 : utf16Count)
        setHead(document.graphemeBoundary(atOrBefore: target), extending: extending)
        preferredX = x
        checkInvariants()
    }

    private mutating func setHead(_ head: Int, extending: Bool, affinity: TextDirection = .forward) {
        let clamped = max(0, min(utf16Count, head))
        selection = extending ? TextSelection(anchor: selection.anchor, head: clamped) : TextSelection(caret: clamped)
        selectionAffinity = affinity
    }

    // MARK: Visual movement (docs/behaviour/world-text.md)

    /// Moves the caret one grapheme left or right on screen, across direction boundaries (Shift
    /// extends the logical selection from the same anchor); an arrow on a selection collapses it
    /// to the side the arrow points at.
    @MainActor
    package mutating func moveVisually(right: Bool, lines: TextLineMetrics, extending: Bool = false) {
        if !extending && !selection.isEmpty {
            // The side the arrow points at: in a right-to-left paragraph, the right side is its start.
            let rtl = lines.isRightToLeftParagraph(at: selection.range.lowerBound)
            setHead(right != rtl ? selection.range.upperBound : selection.range.lowerBound, extending: false)
        } else {
            let (target, upstream) = lines.visualMove(from: selection.head, upstream: selectionAffinity == .backward, toRight: right)
            setHead(document.graphemeBoundary(atOrBefore: target), extending: extending, affinity: upstream ? .backward : .forward)
        }
        preferredX = nil
        checkInvariants()
    }

    /// Moves the caret to the start (`end` false) or end of its visual line in the paragraph's
    /// direction (Home and End); lines holding only left-to-right text keep the logical rule.
    @MainActor
    package mutating func moveToVisualLineBoundary(end: Bool, lines: TextLineMetrics, extending: Bool = false) {
        guard lines.lineHasRightToLeftText(at: selection.head) else {
            return moveToLineBoundary(end ? .forward : .backward, lines: lines, extending: extending)
        }
        var (target, upstream) = lines.visualLineBoundary(
            at: selection.head, upstream: selectionAffinity == .backward, end: end)
        // The end of a soft-wrapped line is before its trailing space, where the caret can be drawn.
        let line = lines.lineRange(containing: selection.head)
        if target == line.upperBound, target < utf16Count, target > line.lowerBound,
            document.substring((target - 1)..<target) == " "
        {
            target -= 1
            upstream = false
        }
        setHead(document.graphemeBoundary(atOrBefore: target), extending: extending, affinity: upstream ? .backward : .forward)
        preferredX = nil
        checkInvariants()
    }
}
