// SPDX-License-Identifier: Apache-2.0
import Foundation

// MARK: Keyboard notifications (docs/behaviour/keyboard-notifications.md)

extension Responder {
    /// The keyboard is about to appear.
    nonisolated public static let keyboardWillShowNotification = Notification.Name("CaretKeyboardWillShowNotification")
    /// The keyboard finished appearing.
    nonisolated public static let keyboardDidShowNotification = Notification.Name("CaretKeyboardDidShowNotification")
    /// The keyboard is about to go away.
    nonisolated public static let keyboardWillHideNotification = Notification.Name("CaretKeyboardWillHideNotification")
    /// The keyboard finished going away.
    nonisolated public static let keyboardDidHideNotification = Notification.Name("CaretKeyboardDidHideNotification")
    /// The keyboard's frame is about to change (also posted with every show and hide).
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
        "CaretKeyboardWillChangeFrameNotification")
    /// The keyboard's frame changed (also posted with every show and hide).
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name(
        "CaretKeyboardDidChangeFrameNotification")

    /// userInfo key: the keyboard's frame before the change (an `NSValue`, or `as? CGRect`; window coordinates).
    nonisolated public static let keyboardFrameBeginUserInfoKey = "CaretKeyboardFrameBeginUserInfoKey"
    /// userInfo key: the keyboard's frame after the change (an `NSValue`, or `as? CGRect`; below the window for a hide).
    nonisolated public static let keyboardFrameEndUserInfoKey = "CaretKeyboardFrameEndUserInfoKey"
    /// userInfo key: the animation's duration (an `NSNumber`, or `as? Double`).
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "CaretKeyboardAnimationDurationUserInfoKey"
    /// userInfo key: the animation's curve (an `NSNumber`, or `as? UInt`/`Int`: 7, the keyboard's own).
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "CaretKeyboardAnimationCurveUserInfoKey"
    /// userInfo key: whether the keyboard belongs to this app (an `NSNumber`, or `as? Bool`: always `true`).
    nonisolated public static let keyboardIsLocalUserInfoKey = "CaretKeyboardIsLocalUserInfoKey"
}

extension Notification {
    /// A keyboard notification's frame before the change, in window coordinates.
    public var keyboardFrameBegin: Rect? { rect(Responder.keyboardFrameBeginUserInfoKey) }
    /// A keyboard notification's frame after the change (below the window for a hide).
    public var keyboardFrameEnd: Rect? { rect(Responder.keyboardFrameEndUserInfoKey) }
    /// A keyboard notification's animation duration.
    public var keyboardAnimationDuration: TimeInterval? {
        userInfo?[Responder.keyboardAnimationDurationUserInfoKey] as? TimeInterval
    }
    /// A keyboard notification's animation curve.
    public var keyboardAnimationCurve: AnimationCurve? {
        (userInfo?[Responder.keyboardAnimationCurveUserInfoKey] as? Int).flatMap(AnimationCurve.init(rawValue:))
    }

    private func rect(_ key: String) -> Rect? { userInfo?[key] as? CGRect }
}

/// What the on-screen keyboard edits through (UIKit's `UIKeyInput` plus the document context of
/// `UITextDocumentProxy`): text fields, text views and any custom view adopting it get the same
/// keyboard. Traits come from `TextInputTraits` when the client adopts it.
@preconcurrency @MainActor
public protocol TextInputClient: KeyInput {
    /// The text before the caret in its paragraph (for capitals and suggestions); nil if unknown.
    var documentContextBeforeInput: String? { get }
    /// Inserts a picked suggestion in place of the partial word before the caret.
    func insertInputSuggestion(_ suggestion: InputSuggestion)
    /// Whether the on-screen keyboard should show for it now (false for read-only text).
    var acceptsKeyboardInput: Bool { get }
    /// Replaces the word just before the caret with other text (autocorrection, or its undoing),
    /// as one change; false when the text before the caret is not that word or the change was refused.
    func replaceWordBeforeInput(_ word: String, with replacement: String) -> Bool
    /// Moves the caret one step on screen, as the keyboard's trackpad does: left and right in
    /// visual order, up and down a line (multi-line text); a selection collapses first. False
    /// when it cannot move that way.
    func moveCaret(_ direction: TextLayoutDirection) -> Bool
}

/// A direction on screen (UIKit's `UITextLayoutDirection`).
public enum TextLayoutDirection: Sendable, Hashable {
    /// Towards the right edge.
    case right
    /// Towards the left edge.
    case left
    /// A line up.
    case up
    /// A line down.
    case down
}

extension TextInputClient {
    /// Text clients take the keyboard unless they say otherwise.
    public var acceptsKeyboardInput: Bool { true }

    /// By default, the caret stays: a client that can move it says how.
    public func moveCaret(_ direction: TextLayoutDirection) -> Bool { false }

    /// By default, deletes the word with Backspace and types the replacement.
    public func replaceWordBeforeInput(_ word: String, with replacement: String) -> Bool {
        guard documentContextBeforeInput?.hasSuffix(word) == true else { return false }
        for _ in 0..<word.count { deleteBackward() }
        insertText(replacement)
        return true
    }

    /// By default, deletes the partial word before the caret and types the suggestion.
    public func insertInputSuggestion(_ suggestion: InputSuggestion) {
        let partial = InputSuggestion.partialWord(before: documentContextBeforeInput ?? "")
        for _ in 0..<partial.count { deleteBackward() }
        insertText(suggestion.text)
    }
}

extension InputSuggestion {
    /// The word at the end of a text that a suggestion completes: the last word segment (UAX #29
    /// with a Unicode segmenter, so "don't" is one word) when it reaches the end.
    public static func partialWord(before context: String, segmenter: TextSegmenter = SimpleTextSegmenter()) -> Substring {
        guard let last = segmenter.wordSegments(in: context).last, last.isWord,
            last.range.upperBound == context.utf16.count
        else { return context[context.endIndex...] }
        let utf16 = context.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: last.range.lowerBound)
        return context[start...]
    }
}
