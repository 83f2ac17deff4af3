import Foundation

/// A control that edits through a `TextEditingView` (`TextField`, `TextView`): the members they
/// share forward to it here, once, so that both behave alike and UIKit's names exist on each.
@MainActor
public protocol TextEditingHost: AnyObject {
    /// The editing component inside.
    var editor: TextEditingView { get }
}

extension TextEditingHost {
    /// The colour of text with no colour of its own.
    public var textColor: Color {
        get { editor.textColor }
        set { editor.textColor = newValue }
    }
    /// Horizontal alignment of the text.
    public var textAlignment: TextAlignment {
        get { editor.textAlignment }
        set { editor.textAlignment = newValue }
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
    /// Deletes backwards as if Backspace was pressed (asking the delegate).
    public func deleteBackward() { editor.deleteBackward() }
    /// Shows an input method's preedit.
    public func handleTextEditing(_ event: InputEvent) { editor.handleTextEditing(event) }
    /// The text before the caret in its paragraph (nil for secure text: it never leaves the control).
    public var documentContextBeforeInput: String? { editor.documentContextBeforeInput }

    // MARK: Text input traits (stored on the editor, read by the on-screen keyboard)

    /// Which keyboard to show.
    public var keyboardType: KeyboardType {
        get { editor.keyboardType }
        set { editor.keyboardType = newValue }
    }
    /// The word on the return key.
    public var returnKeyType: ReturnKeyType {
        get { editor.returnKeyType }
        set { editor.returnKeyType = newValue }
    }
    /// Whether the return key is disabled while the text is empty.
    public var enablesReturnKeyAutomatically: Bool {
        get { editor.enablesReturnKeyAutomatically }
        set { editor.enablesReturnKeyAutomatically = newValue }
    }
    /// Automatic capitals.
    public var autocapitalizationType: TextAutocapitalizationType {
        get { editor.autocapitalizationType }
        set { editor.autocapitalizationType = newValue }
    }
    /// Autocorrection.
    public var autocorrectionType: TextAutocorrectionType {
        get { editor.autocorrectionType }
        set { editor.autocorrectionType = newValue }
    }
    /// Spell checking.
    public var spellCheckingType: TextSpellCheckingType {
        get { editor.spellCheckingType }
        set { editor.spellCheckingType = newValue }
    }
    /// What the text is.
    public var textContentType: TextContentType? {
        get { editor.textContentType }
        set { editor.textContentType = newValue }
    }
}
