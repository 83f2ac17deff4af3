// SPDX-License-Identifier: Apache-2.0

/// What a keyboard needs to know about the text it edits (UIKit's `UITextInputTraits`): text
/// fields and text views adopt it, and so can any custom view that takes text input.
@preconcurrency @MainActor
public protocol TextInputTraits: AnyObject {
    /// Which keyboard to show.
    var keyboardType: KeyboardType { get }
    /// The word on the return key.
    var returnKeyType: ReturnKeyType { get }
    /// Whether the return key is disabled while the text is empty.
    var enablesReturnKeyAutomatically: Bool { get }
    /// Automatic capitals.
    var autocapitalizationType: TextAutocapitalizationType { get }
    /// Autocorrection.
    var autocorrectionType: TextAutocorrectionType { get }
    /// Spell checking.
    var spellCheckingType: TextSpellCheckingType { get }
    /// What the text is.
    var textContentType: TextContentType? { get }
    /// Whether the text is a secret (no suggestions, never logged).
    var isSecureTextEntry: Bool { get }
}
