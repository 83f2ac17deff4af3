// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Watches every change to the text of a window's editors, for test oracles: the soak replays
/// what it hears on plain strings and compares them with what the fields hold.
///
/// Not public API (`@_spi(Testing)`): set `Window.textEditObserver`; it is held weakly.
@_spi(Testing) @MainActor
public protocol TextEditObserver: AnyObject {
    /// An editor's text was replaced, in order (by the user, undo and redo, code, or a composition).
    func editor(_ editor: TextEditingView, didReplace replacements: [TextEditingModel.Replacement])
    /// A change the user made was offered to the host; `accepted` tells whether it was applied.
    func editor(_ editor: TextEditingView, offered change: TextEditingModel.Change, accepted: Bool)
    /// The window dropped a text event on purpose, for a reason.
    func window(_ window: Window, droppedText text: String, reason: DroppedTextReason)
    /// Code set an editor's text (`text`, `attributedText`), or replaced a range of it: what it asked for.
    func editor(_ editor: TextEditingView, codeReplaced range: Range<Int>?, with text: String)
    /// The app's delegate answered whether a change the user made may be made (before the field's own rules).
    func editor(_ editor: TextEditingView, delegateAnswered allowed: Bool)
    /// The on-screen keyboard's suggestion bar showed autocorrection's word for the word typed.
    func keyboard(showedCorrection correction: String, for typed: String)
    /// The on-screen keyboard put in a swiped word (the other words its path may have meant follow).
    func keyboard(swiped word: String, alternatives: [String])
    /// A writing pad committed text and shows a preedit (either may be empty).
    func handwriting(committed: String, preedit: String)
}

extension TextEditObserver {
    /// Code set an editor's text: ignored by default.
    public func editor(_ editor: TextEditingView, codeReplaced range: Range<Int>?, with text: String) {}
    /// The delegate answered: ignored by default.
    public func editor(_ editor: TextEditingView, delegateAnswered allowed: Bool) {}
    /// The bar showed a correction: ignored by default.
    public func keyboard(showedCorrection correction: String, for typed: String) {}
    /// A word was swiped: ignored by default.
    public func keyboard(swiped word: String, alternatives: [String]) {}
    /// A writing pad's text: ignored by default.
    public func handwriting(committed: String, preedit: String) {}
}
