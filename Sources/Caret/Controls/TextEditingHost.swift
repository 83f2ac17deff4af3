// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A control that edits through a `TextEditingView` (`TextField`, `TextView`): the members they
/// share forward to it here, once, so that both behave alike and UIKit's names exist on each.
@preconcurrency @MainActor
public protocol TextEditingHost: View, TextTraitsHolder {
    /// The editing component inside (not public API: the test kit's way in).
    @_spi(Testing) var editor: TextEditingView { get }
}

extension TextEditingHost {
    /// The colour of text with no colour of its own.
    public var textColor: Color {
        get { editor.appearance.textColor }
        set { editor.appearance.textColor = newValue }
    }
    /// Horizontal alignment of the text.
    public var textAlignment: TextAlignment {
        get { editor.appearance.textAlignment }
        set { editor.appearance.textAlignment = newValue }
    }
    /// The attributes typed text gets; cleared (back to the text's own) whenever the selection changes.
    public var typingAttributes: TextAttributes {
        get { editor.typingAttributes }
        set { editor.typingAttributes = newValue }
    }
    /// Whether every insertion replaces the whole text.
    public var clearsOnInsertion: Bool {
        get { editor.clearsOnInsertion }
        set { editor.clearsOnInsertion = newValue }
    }
    /// The selected UTF-16 range.
    public var selectedRange: NSRange {
        get { NSRange(location: editor.selectedRange.lowerBound, length: editor.selectedRange.count) }
        set { editor.selectedRange = newValue.location..<(newValue.location + newValue.length) }
    }
    /// Whether there is text.
    public var hasText: Bool { editor.hasText }
    /// Selects all the text (UIKit's `selectAll(_:)`).
    public func selectAll(_ sender: Any?) { editor.selectAll() }
    /// Deletes backwards as if Backspace was pressed (asking the delegate).
    public func deleteBackward() { editor.deleteBackward() }
    /// Shows an input method's composition as marked text (UIKit's `setMarkedText(_:selectedRange:)`).
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        editor.setMarkedText(markedText, selectedRange: selectedRange)
    }
    /// Commits the marked text as it stands.
    public func unmarkText() { editor.unmarkText() }
    /// How marked text is drawn: its background colour, underline style and underline colour
    /// (`foregroundColor`); nil: a thin underline in the text's colour.
    public var markedTextStyle: TextAttributes? {
        get { editor.appearance.markedTextStyle }
        set { editor.appearance.markedTextStyle = newValue }
    }
    /// The marked text's range, or nil when nothing is being composed.
    public var markedTextRange: TextRange? { editor.markedTextRange }

    // MARK: Positions (UIKit's `UITextInput`)

    /// The position before the first character.
    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }
    /// The position after the last character.
    public var endOfDocument: TextPosition { TextPosition(offset: editor.model.utf16Count) }
    /// The selection as a range of positions; setting it moves the selection (asking no delegate).
    public var selectedTextRange: TextRange? {
        get { TextRange(editor.selectedRange) }
        set { if let newValue { editor.selectedRange = clamped(newValue.offsets) } }
    }
    /// The text in a range (UIKit's `text(in:)`); nil outside the text.
    public func text(in range: TextRange) -> String? {
        let offsets = range.offsets
        guard offsets.lowerBound >= 0, offsets.upperBound <= editor.model.utf16Count else { return nil }
        return editor.model.document.substring(offsets)
    }
    /// The range between two positions.
    public func textRange(from: TextPosition, to: TextPosition) -> TextRange? { TextRange(start: from, end: to) }
    /// The position `offset` UTF-16 units from another, or nil outside the text.
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        let target = position.offset + offset
        return (0...editor.model.utf16Count).contains(target) ? TextPosition(offset: target) : nil
    }
    /// UTF-16 units from one position to another.
    public func offset(from: TextPosition, to: TextPosition) -> Int { to.offset - from.offset }
    /// The caret's rectangle at a position, in the control's coordinates.
    public func caretRect(for position: TextPosition) -> Rect {
        editor.convert(editor.caretRect(at: position.offset), to: self)
    }

    /// The rectangle of a range's first line, in the control's coordinates (UIKit's `firstRect(for:)`).
    public func firstRect(for range: TextRange) -> Rect {
        let offsets = clamped(range.offsets)
        guard !offsets.isEmpty else { return caretRect(for: TextPosition(offset: offsets.lowerBound)) }
        let rects = editor.layout.selectionRects(for: offsets)
        guard let first = rects.first else { return caretRect(for: TextPosition(offset: offsets.lowerBound)) }
        let line = rects.filter { $0.minY == first.minY }.reduce(first) { $0.union($1) }
        return editor.convert(line.offsetBy(dx: editor.textOrigin.x, dy: editor.textOrigin.y), to: self)
    }
    /// The position nearest a point in the control's coordinates (UIKit's `closestPosition(to:)`).
    public func closestPosition(to point: Point) -> TextPosition? {
        TextPosition(offset: editor.offset(at: editor.convert(point, from: self)))
    }
    /// The selection's rectangles, one per line, in the control's coordinates.
    public func selectionRects(for range: TextRange) -> [Rect] {
        let origin = editor.textOrigin
        return editor.layout.selectionRects(for: clamped(range.offsets)).map {
            editor.convert($0.offsetBy(dx: origin.x, dy: origin.y), to: self)
        }
    }

    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let count = editor.model.utf16Count
        return min(max(0, range.lowerBound), count)..<min(max(0, range.upperBound), count)
    }
    /// The text before the caret in its paragraph (nil for secure text: it never leaves the control).
    public var documentContextBeforeInput: String? { editor.documentContextBeforeInput }

    /// The traits, kept on the editor.
    @_spi(Testing) public var traits: TextTraits {
        get { editor.traits }
        set { editor.traits = newValue }
    }
}

// MARK: The editing flow (docs/behaviour/focus-and-editing.md), written once for fields and text views

extension TextEditingHost {
    /// Begins editing: `shouldBegin` asks the delegate; the responder change and `whileBecoming`
    /// run in one keyboard batch, so the keyboard's "will" notifications come after them; the
    /// editor takes focus; `announce` tells the delegate and observers. Returns whether the
    /// control is still first responder (a delegate or observer may end editing at once).
    func beginEditing(
        shouldBegin: () -> Bool, becomeFirstResponder: () -> Bool, whileBecoming: () -> Void, announce: () -> Void
    ) -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, let window, !isHidden, shouldBegin() else { return false }
        let began = window.keyboard.batchUpdates { () -> Bool in
            guard becomeFirstResponder() else { return false }
            whileBecoming()
            return true
        }
        guard began else { return false }
        editor.focusDidBegin()
        announce()
        return isFirstResponder
    }

    /// Ends editing: `shouldEnd` asks the delegate unless the end is forced; `willResign` runs
    /// either way; the responder change and `whileResigning` run in one keyboard batch (the
    /// keyboard's "will" notifications come once the control has resigned); the editor lets go
    /// of focus; `announce` tells the delegate and observers.
    func endEditing(
        shouldEnd: () -> Bool, willResign: () -> Void = {}, resignFirstResponder: () -> Bool, whileResigning: () -> Void,
        announce: () -> Void
    ) -> Bool {
        guard isFirstResponder else { return true }
        let forced = window?.isForcingEndEditing ?? false
        if !forced, !shouldEnd() { return false }
        willResign()
        let resigned =
            window?.keyboard.batchUpdates { () -> Bool in
                guard resignFirstResponder() else { return false }
                whileResigning()
                return true
            } ?? false  // a first responder is always in a window
        guard resigned else { return false }
        editor.focusDidEnd()
        announce()
        return true
    }
}

extension TextEditingHost where Self: TextInputClient {
    /// Moves the caret one step on screen (the keyboard's trackpad).
    public func moveCaret(_ direction: TextLayoutDirection) -> Bool { editor.moveCaret(direction) }
}
