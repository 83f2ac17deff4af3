// SPDX-License-Identifier: Apache-2.0
/// Text from the keyboard or an input method, for responders that edit text (UIKit's `UIKeyInput`).
@preconcurrency @MainActor
public protocol KeyInput: AnyObject {
    /// Whether there is any text to delete.
    var hasText: Bool { get }
    /// Inserts text at the caret, replacing the selection.
    func insertText(_ text: String)
    /// Deletes the character before the caret, or the selection.
    func deleteBackward()
}
