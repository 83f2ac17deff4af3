// SPDX-License-Identifier: Apache-2.0

/// Whether the on-screen keyboard reads swipes across its letters as words (a Caret trait: UIKit
/// leaves swipe typing to the system keyboard's settings).
public enum TextSwipeTypingType: Int, Hashable, Sendable {
    /// On for text, off for secure, e-mail, URL, number and phone text.
    case `default`
    /// Off: a finger sliding over the keys types the key it lifts on.
    case no
    /// On wherever the keyboard shows letters with a word list (not for secure text).
    case yes
}

extension TextInputTraits {
    /// Swipe typing (a Caret extension trait): `.default` unless the client adopts `TextTraitsHolder`.
    public var swipeTypingType: TextSwipeTypingType { (self as? TextTraitsHolder)?.traits.swipeTypingType ?? .default }
}
