// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A responder that shows an input method's composition as marked text: the marked-text part of
/// UIKit's `UITextInput`. The window calls `setMarkedText` for every preedit the platform sends.
@preconcurrency @MainActor
public protocol MarkedTextInput: KeyInput {
    /// The marked text's range, or nil when nothing is being composed.
    var markedTextRange: TextRange? { get }
    /// Shows (or replaces) the marked text, with `selectedRange` (UTF-16, relative to the marked
    /// text) as the selection inside it; nil or empty text removes it.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Makes the marked text ordinary text, as it stands.
    func unmarkText()
}
