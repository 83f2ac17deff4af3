/// Touches and clicks on text: a tap places the caret (a finger at a word's edge, a mouse between
/// characters), a double tap or click selects a word, a triple tap or click a paragraph,
/// Shift+click extends, a mouse drag extends by what the click selected, a held finger selects a
/// word and shows the edit menu, a finger drags a selection handle or the caret under the loupe;
/// on unfocused multi-line text a finger focuses only when it lifts without having scrolled. The
/// gesture's state is one value (`SelectionGesture`).
extension TextEditingView {
    /// A touch or click began on selectable text.
    func touchBegan(_ touch: Touch) {
        // A click or tap in the text during a composition commits it where it is and resets the
        // input method, so its next commit cannot land at the old place.
        if hasFocus { commitComposition(resettingInputMethod: true) }
        let wasFocused = hasFocus
        if !wasFocused && touch.type == .direct && !isSingleLine {
            // A finger on unfocused multi-line text may be starting a scroll: focus when it lifts
            // without having moved, as UIKit's text views do.
            gesture.pendingFocusTap = true
            gesture.moved = false
            gesture.longPressFired = false
            if host != nil, let animator = window?.animator {
                let point = touch.location(in: self)
                cancelLongPress()  // one held finger at a time: an earlier finger's hold is forgotten
                longPressTimer = animator.schedule(after: 0.5) { [weak self] in
                    guard let self, !self.gesture.moved, self.host?.editor(self, didLongPressAt: point) == true else { return }
                    self.gesture.longPressFired = true
                    self.gesture.pendingFocusTap = false
                }
            }
            return
        }
        if !wasFocused && !becomeFirstResponder() { return }
        let point = touch.location(in: self)
        let offset = self.offset(at: point)
        gesture.begin(inSelection: wasFocused && !model.selection.isEmpty && model.selection.range.contains(offset))
        if touch.type == .direct, showsSelectionHandles, let handle = handle(near: point) {
            gesture.draggingHandle = handle
            showLoupe(at: point, over: handle == .backward ? model.selection.range.lowerBound : model.selection.range.upperBound)
            return
        }
        if touch.button == .secondary {
            if selectMisspelledWord(at: offset) {
                showEditMenu()
                return
            }
            if !model.selection.range.contains(offset) || model.selection.isEmpty { setSelection(TextSelection(caret: offset)) }
            showEditMenu()
            return
        }
        dismissEditMenu()
        if touch.type == .indirectPointer {
            switch touch.tapCount {
            case 2: select(granularity: isSecure ? .paragraph : .word, at: offset)  // a secret is selected whole
            case 3...: select(granularity: .paragraph, at: offset)
            default:
                if touch.modifierFlags.contains(.shift) {
                    setSelection(TextSelection(anchor: model.selection.anchor, head: offset))
                    gesture.anchorRange = model.selection.anchor..<model.selection.anchor
                } else {
                    select(granularity: .character, at: offset)
                }
            }
        } else {
            if touch.tapCount >= 2 {
                // A double tap selects the word, a triple tap the paragraph, with handles; the
                // edit menu follows when the finger lifts. A secret is selected whole (as UIKit
                // does): selecting a word of it would show where its spaces are.
                select(granularity: isSecure ? .paragraph : (touch.tapCount == 2 ? .word : .paragraph), at: offset)
                showsSelectionHandles = true
            } else if !gesture.beganInSelection {
                let placed = tapPlacement(at: point)
                // A tap on the caret itself leaves it there and shows the edit menu on lifting.
                gesture.tappedCaret = wasFocused && model.selection.isEmpty && (placed == model.selection.head || isOnCaret(point))
                if !gesture.tappedCaret { select(granularity: .character, at: placed) }
            }
            // A finger held still selects the word under it and shows the menu. A second finger's
            // hold replaces the first's, whose timer would otherwise outlive its touch (soak seed
            // 261124711: a finger's hold fired after it had moved to the keyboard's delete key, and
            // the held delete removed the word it selected instead of the text before the caret).
            if let animator = window?.animator {
                cancelLongPress()
                longPressTimer = animator.schedule(after: 0.5) { [weak self] in
                    guard let self, !self.gesture.moved else { return }
                    self.gesture.longPressFired = true
                    if self.host?.editor(self, didLongPressAt: point) == true { return }  // the owner took it (a link)
                    self.select(granularity: .word, at: offset)
                    self.showsSelectionHandles = true
                    self.showEditMenu()
                }
            }
        }
    }

    /// Selects by a granularity around an offset; drags then extend by it.
    func select(granularity: TextGranularity, at offset: Int) {
        setSelection(gesture.select(granularity, at: offset, in: model.document, segmenter: model.segmenter))
        // A caret placed by a touch sits on the side of a direction boundary that was touched.
        if granularity == .character, let hit = lastHit, hit.offset == offset, model.selection.isEmpty {
            model.selectionAffinity = hit.upstream ? .backward : .forward
            setNeedsDisplay()
        }
    }

    private func handle(near point: Point) -> TextDirection? {
        let range = model.selection.range
        let origin = textOrigin
        for (offset, direction) in [(range.lowerBound, TextDirection.backward), (range.upperBound, .forward)] {
            let c = layout.caretRect(at: offset).offsetBy(dx: origin.x, dy: origin.y)
            if Point(x: c.midX, y: c.midY).distance(to: point) < 24 { return direction }
        }
        return nil
    }

    /// A touch or drag moved.
    func touchMoved(_ touch: Touch) {
        if touch.location(in: nil).distance(to: touch.startLocationInWindow) > 8 { gesture.moved = true }
        if gesture.pendingFocusTap { return }
        let point = touch.location(in: self)
        let offset = self.offset(at: point)
        if let handle = gesture.draggingHandle {
            if let selection = gesture.handleDragSelection(to: offset, selection: model.selection.range) { setSelection(selection) }
            showLoupe(at: point, over: handle == .backward ? model.selection.range.lowerBound : model.selection.range.upperBound)
            return
        }
        // A finger that held still (long press) or landed on the caret, then moves: the caret
        // follows it to the character, under the loupe.
        if touch.type == .direct, gesture.moved, gesture.longPressFired || gesture.tappedCaret, hasFocus {
            if !gesture.placingCaret {
                gesture.placingCaret = true
                dismissEditMenu()
                showsSelectionHandles = false
            }
            select(granularity: .character, at: offset)
            showLoupe(at: point, over: offset)
            return
        }
        guard touch.type == .indirectPointer, touch.button != .secondary else { return }
        setSelection(gesture.extend(to: offset, in: model.document, segmenter: model.segmenter))
    }

    /// A touch or click ended.
    func touchEnded(_ touch: Touch) {
        cancelLongPress()
        endLoupe()
        if gesture.placingCaret {
            gesture.placingCaret = false
            if gesture.longPressFired { showEditMenu() }  // a long press ends with the menu, wherever it went
            return
        }
        let still = !gesture.moved && !gesture.longPressFired
        if still, gesture.draggingHandle == nil, touch.button != .secondary, host?.editor(self, didTapAt: touch.location(in: self)) == true {
            gesture.pendingFocusTap = false  // the owner took the tap (a link)
            return
        }
        if gesture.pendingFocusTap {
            gesture.pendingFocusTap = false
            if !gesture.moved && becomeFirstResponder() { select(granularity: .character, at: tapPlacement(at: touch.location(in: self))) }
            return
        }
        if gesture.draggingHandle != nil {
            gesture.draggingHandle = nil
            showEditMenu()
            return
        }
        if touch.type == .direct && still && (gesture.beganInSelection || gesture.tappedCaret || touch.tapCount >= 2) {
            showEditMenu()  // a tap on the selection or the caret; a double or triple tap's selection
        } else if touch.type == .direct && still && touch.tapCount == 1 {
            showsSelectionHandles = false
            // A tap on an underlined word selects it and offers its guesses.
            if selectMisspelledWord(at: offset(at: touch.location(in: self))) { showEditMenu() }
        }
    }

    /// Stops the long-press timer.
    func cancelLongPress() {
        if let token = longPressTimer { window?.animator.cancel(token) }
        longPressTimer = nil
    }

    /// Shows (or moves) the loupe over the finger, level with the line of `offset`. Secure text
    /// shows only bullets under it: the last typed character's reveal ends first.
    func showLoupe(at point: Point, over offset: Int) {
        if isSecure { reveal(nil) }
        let origin = textOrigin
        let caret = layout.caretRect(at: offset).offsetBy(dx: origin.x, dy: origin.y)
        if let loupe {
            loupe.move(to: point, withCaretRect: caret, trackingCaret: true)
        } else {
            loupe = TextLoupeSession.begin(at: point, in: self)
            loupe?.move(to: point, withCaretRect: caret, trackingCaret: true)
        }
    }

    /// Hides the loupe, if one shows.
    func endLoupe() {
        loupe?.invalidate()
        loupe = nil
    }

    /// Focus went, or the view left its window: no menu, no loupe left behind.
    func dismissEditMenuAndLoupe() {
        dismissEditMenu()
        endLoupe()
    }

    /// Whether a finger at a point covers the caret (a finger's width across, its line's height).
    private func isOnCaret(_ point: Point) -> Bool {
        let origin = textOrigin
        let caret = layout.caretRect(at: model.selection.head).offsetBy(dx: origin.x, dy: origin.y)
        return abs(point.x - caret.midX) <= 16 && point.y >= caret.minY - 8 && point.y <= caret.maxY + 8
    }
}
