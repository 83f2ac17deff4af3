// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Where the text, the caret and points are in the view; keeping the caret in view (a single
/// line scrolls sideways, a multi-line editor scrolls its scroll view) and telling the input
/// method where the caret is.
extension TextEditingView {
    /// Where the text's origin is in the view.
    public var textOrigin: Point {
        Point(x: appearance.contentInsets.left - horizontalOffset + max(0, singleLineAlignmentShift), y: appearance.contentInsets.top)
    }

    /// The caret rectangle in the view's coordinates. The lines within a window's height above
    /// the caret are laid out first, so that it does not move when they are drawn (their heights
    /// were estimates until then).
    public var caretRect: Rect { caretRect(at: model.selection.head) }

    /// The caret rectangle at a UTF-16 offset (clamped to the text), laid out as `caretRect` is.
    public func caretRect(at offset: Int) -> Rect {
        let offset = min(max(0, offset), model.utf16Count)
        let covering = Double(window?.bounds.height ?? bounds.height)
        // Done once for an offset while nothing in the layout changes (an edit's caret scroll,
        // the layout phase and drawing all measure the same caret).
        let key = LinesAboveCaret(layout: ObjectIdentifier(layout), changeCount: layout.changeCount, offset: offset, covering: covering)
        if key != scrollAnchoring.linesAboveCaret {
            layout.layOutLines(before: offset, covering: covering)
            scrollAnchoring.linesAboveCaret = LinesAboveCaret(
                layout: ObjectIdentifier(layout), changeCount: layout.changeCount, offset: offset, covering: covering)
        }
        // The caret itself sits by its affinity at a direction boundary (docs/behaviour/world-text.md).
        let upstream = offset == model.selection.head && model.selectionAffinity == .backward
        return layout.caretRect(at: offset, upstream: upstream).offsetBy(dx: textOrigin.x, dy: textOrigin.y)
    }

    /// The offset nearest a point in the view's coordinates.
    public func offset(at point: Point) -> Int {
        let hit = layout.position(at: Point(x: point.x - textOrigin.x, y: point.y - textOrigin.y))
        interaction.lastHit = hit
        return hit.offset
    }

    func updateHorizontalOffset() {
        guard isSingleLine else { return }
        let visible = bounds.width - appearance.contentInsets.horizontal
        guard visible > 0 else { return }
        // What shows left of the caret is laid out first, so that drawing it does not move the caret.
        layout.layOutLines(before: model.selection.head, covering: visible)
        let caretX = layout.caretX(at: model.selection.head)
        let contentWidth = layout.caretX(at: model.utf16Count)
        var offset = horizontalOffset
        if caretX - offset > visible - 2 { offset = caretX - visible + 2 }
        if caretX - offset < 0 { offset = caretX }
        offset = max(0, min(offset, max(0, contentWidth - visible + 2)))
        if offset != horizontalOffset {
            horizontalOffset = offset
            setNeedsDisplay()
        }
    }

    /// Scrolls the nearest scroll view ancestor so the caret shows (multi-line text).
    public func scrollCaretToVisible() {
        guard !isSingleLine, hasFocus else { return }
        // The line kept in place is laid out first, then the lines above the caret as the caret is
        // measured: reporting the height then lays out nothing more, and the caret stands where it
        // was measured (soak seed 120261311 found it moving when the anchor's line came last).
        scrollAnchoring.layOutAnchor()
        let caret = caretRect
        scrollAnchoring.reportHeightChange()
        var ancestor = superview
        while let view = ancestor {
            if let scroll = view as? ScrollView {
                // A 4-point margin, less in a view too short for it (soak seed 100261169): the
                // caret line itself always fits. Where the keyboard covers the view, its bounds.
                let room = scroll.bounds.height - scroll.adjustedContentInset.vertical
                let visibleHeight = room >= caret.height ? room : scroll.bounds.height
                let margin = max(0, min(4, (visibleHeight - caret.height) / 2))
                // `convert` gives the scroll view's bounds coordinates: its content coordinates.
                scroll.scrollRectToVisible(convert(caret.insetBy(dx: 0, dy: -margin), to: scroll), animated: false)
                break
            }
            ancestor = view.superview
        }
        // Scrolling knows nothing of the keyboard: the avoidance pass has the last word (docs/behaviour/avoidance.md).
        window?.keyboardAvoidance.focusRectDidChange()
    }

    func updateInputMethodRect() {
        guard hasFocus, let window else { return }
        window.setInputMethodCaretRect(convert(caretRect, to: nil))
    }

    /// The alignment a single line is drawn with: `.natural` follows the text's paragraph
    /// direction (an empty one's: the mirroring, or the keyboard's language while focused), and a
    /// mirrored field's starts at its right; a mirrored editor swaps left and right.
    public func resolvedAlignment(rightToLeftText: Bool) -> TextAlignment {
        switch appearance.textAlignment {
        case .natural, .justified: return rightToLeftText || (isSingleLine && appearance.isMirrored) ? .right : .left
        case .left:
            // A mirrored field's text starts at its right edge, and so does an empty one being
            // typed into right to left (the keyboard's language).
            return isSingleLine && (appearance.isMirrored || (rightToLeftText && model.utf16Count == 0)) ? .right : .left
        case .right: return appearance.isMirrored && isSingleLine ? .left : .right
        case .center: return .center
        }
    }

    /// How far a single line shorter than the view moves right for its alignment.
    var singleLineAlignmentShift: Double {
        guard isSingleLine, model.document.paragraphs.count == 1 else { return 0 }
        let visible = bounds.width - appearance.contentInsets.horizontal
        let width = layout.unwrappedWidth(ofParagraph: 0)
        guard width < visible else { return 0 }
        let alignment = resolvedAlignment(rightToLeftText: layout.isRightToLeftParagraph(at: 0))
        return alignment.offset(lineWidth: width, in: visible) - (alignment == .right ? 2 : 0)  // room for the caret
    }
}
