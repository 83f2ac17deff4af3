// SPDX-License-Identifier: Apache-2.0
/// One command of the edit menu (UIKit's `UIAction` in a `UIMenu`).
@preconcurrency @MainActor
public struct EditMenuAction {
    /// Standard commands, and custom ones a delegate adds.
    public enum Identifier: Hashable, Sendable {
        /// Cut the selection.
        case cut
        /// Copy the selection.
        case copy
        /// Paste the clipboard.
        case paste
        /// Delete the selection.
        case delete
        /// Select the word at the caret.
        case select
        /// Select all text.
        case selectAll
        /// Toggle bold (text views that allow editing attributes).
        case bold
        /// Toggle italic.
        case italic
        /// Toggle underline.
        case underline
        /// Put a spelling guess in place of the misspelt word.
        case replacement(String)
        /// Learn the misspelt word's spelling.
        case learnSpelling
        /// Ignore the misspelt word in this text.
        case ignoreSpelling
        /// An app's own command.
        case custom(String)
    }

    /// What the command is.
    public var identifier: Identifier
    /// The label on the menu.
    public var title: String
    /// What it does.
    public var handler: @MainActor () -> Void

    /// Creates a command.
    public init(identifier: Identifier, title: String, handler: @escaping @MainActor () -> Void) {
        self.identifier = identifier
        self.title = title
        self.handler = handler
    }
}
