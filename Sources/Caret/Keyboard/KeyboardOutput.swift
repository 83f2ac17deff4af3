// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a key press asks the text to do.
@_spi(Testing) public enum KeyboardOutput: Hashable, Sendable {
    /// Insert text (through the client's change path).
    case insert(String)
    /// Delete the character before the caret.
    case deleteBackward
    /// The return key.
    case `return`
    /// Hide the keyboard: end editing.
    case dismiss
}
