// SPDX-License-Identifier: Apache-2.0
/// One touch or mouse gesture on text, as a value: what a drag extends by and from where (words
/// after a double click, paragraphs after a triple click), which selection handle a finger holds,
/// and whether the touch moved, began inside the selection, fired a long press or waits to focus.
struct SelectionGesture {
    /// What a drag extends the selection by.
    var granularity: TextGranularity = .character
    /// The range the gesture selected first: a drag keeps it selected.
    var anchorRange: Range<Int> = 0..<0
    /// The selection handle a finger drags (backward: the start), if any.
    var draggingHandle: TextDirection?
    /// Whether the touch went further than a tap's slop.
    var moved = false
    /// Whether the touch began inside a non-empty selection of focused text.
    var beganInSelection = false
    /// Whether the long-press timer fired during this touch.
    var longPressFired = false
    /// A finger went down on unfocused multi-line text: focus waits for it to lift (it may scroll).
    var pendingFocusTap = false
    /// A finger went down on the caret of focused text: lifting there shows the edit menu.
    var tappedCaret = false
    /// A finger that held still or landed on the caret is moving the caret (under the loupe).
    var placingCaret = false

    /// A new touch: nothing moved, nothing fired, no handle held.
    mutating func begin(inSelection: Bool) {
        moved = false
        longPressFired = false
        draggingHandle = nil
        tappedCaret = false
        placingCaret = false
        beganInSelection = inSelection
    }

    /// Selects the unit of `granularity` around `offset` (a caret for characters); later drags
    /// extend by that unit from there.
    mutating func select(
        _ granularity: TextGranularity, at offset: Int, in document: TextDocument,
        segmenter: TextSegmenter = SimpleTextSegmenter()
    ) -> TextSelection {
        self.granularity = granularity
        anchorRange = Self.unit(granularity, at: offset, in: document, segmenter: segmenter)
        return TextSelection(anchor: anchorRange.lowerBound, head: anchorRange.upperBound)
    }

    /// The selection a drag to `offset` makes: whole units from the first one, either way.
    func extend(to offset: Int, in document: TextDocument, segmenter: TextSegmenter = SimpleTextSegmenter()) -> TextSelection {
        let target = Self.unit(granularity, at: offset, in: document, segmenter: segmenter)
        if target.lowerBound < anchorRange.lowerBound {
            return TextSelection(anchor: anchorRange.upperBound, head: target.lowerBound)
        }
        return TextSelection(anchor: anchorRange.lowerBound, head: max(target.upperBound, anchorRange.upperBound))
    }

    /// The selection dragging the held handle to `offset` makes (the other end stays), or nil
    /// when no handle is held or the drag would collapse the selection onto its other end.
    func handleDragSelection(to offset: Int, selection: Range<Int>) -> TextSelection? {
        guard let handle = draggingHandle else { return nil }
        let anchor = handle == .backward ? selection.upperBound : selection.lowerBound
        return offset == anchor ? nil : TextSelection(anchor: anchor, head: offset)
    }

    private static func unit(
        _ granularity: TextGranularity, at offset: Int, in document: TextDocument, segmenter: TextSegmenter
    ) -> Range<Int> {
        switch granularity {
        case .word: return document.wordRange(at: offset, segmenter: segmenter)
        case .paragraph: return document.paragraphRange(at: offset)
        default: return offset..<offset
        }
    }
}
