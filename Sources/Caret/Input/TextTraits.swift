// SPDX-License-Identifier: Apache-2.0

/// The text input traits of an editable view as one value, with UIKit's defaults.
public struct TextTraits: Hashable, Sendable {
    /// Which keyboard to show.
    public var keyboardType: KeyboardType = .default
    /// The word on the return key.
    public var returnKeyType: ReturnKeyType = .default
    /// Whether the return key is disabled while the text is empty.
    public var enablesReturnKeyAutomatically = false
    /// Automatic capitals.
    public var autocapitalizationType: TextAutocapitalizationType = .sentences
    /// Autocorrection.
    public var autocorrectionType: TextAutocorrectionType = .default
    /// Spell checking.
    public var spellCheckingType: TextSpellCheckingType = .default
    /// Typographic quotes.
    public var smartQuotesType: TextSmartQuotesType = .default
    /// Dashes from two hyphens.
    public var smartDashesType: TextSmartDashesType = .default
    /// Spaces kept right around pasted and deleted words.
    public var smartInsertDeleteType: TextSmartInsertDeleteType = .default
    /// Swipe typing on the on-screen keyboard (a Caret extension trait).
    public var swipeTypingType: TextSwipeTypingType = .default
    /// What the text is.
    public var textContentType: TextContentType?

    /// The defaults (UIKit's).
    public init() {}
}

/// A view whose text input traits are one `TextTraits` value (text fields, text views and the
/// editor under them): UIKit's trait names read and set it here, the one list of them.
@preconcurrency @MainActor
public protocol TextTraitsHolder: TextInputTraits {
    /// The traits (not public API: fields and text views keep them on their editor).
    @_spi(Testing) var traits: TextTraits { get set }
}

extension TextTraitsHolder {
    /// Which keyboard to show.
    public var keyboardType: KeyboardType {
        get { traits.keyboardType }
        set { traits.keyboardType = newValue }
    }
    /// The word on the return key.
    public var returnKeyType: ReturnKeyType {
        get { traits.returnKeyType }
        set { traits.returnKeyType = newValue }
    }
    /// Whether the return key is disabled while the text is empty.
    public var enablesReturnKeyAutomatically: Bool {
        get { traits.enablesReturnKeyAutomatically }
        set { traits.enablesReturnKeyAutomatically = newValue }
    }
    /// Automatic capitals.
    public var autocapitalizationType: TextAutocapitalizationType {
        get { traits.autocapitalizationType }
        set { traits.autocapitalizationType = newValue }
    }
    /// Autocorrection.
    public var autocorrectionType: TextAutocorrectionType {
        get { traits.autocorrectionType }
        set { traits.autocorrectionType = newValue }
    }
    /// Spell checking.
    public var spellCheckingType: TextSpellCheckingType {
        get { traits.spellCheckingType }
        set { traits.spellCheckingType = newValue }
    }
    /// Typographic quotes in the language's style (“ ” in English, „ “ in German, « » in French).
    public var smartQuotesType: TextSmartQuotesType {
        get { traits.smartQuotesType }
        set { traits.smartQuotesType = newValue }
    }
    /// Two hyphens become a dash.
    public var smartDashesType: TextSmartDashesType {
        get { traits.smartDashesType }
        set { traits.smartDashesType = newValue }
    }
    /// Spaces kept right around pasted and deleted words.
    public var smartInsertDeleteType: TextSmartInsertDeleteType {
        get { traits.smartInsertDeleteType }
        set { traits.smartInsertDeleteType = newValue }
    }
    /// Swipe typing on the on-screen keyboard (a Caret extension trait).
    public var swipeTypingType: TextSwipeTypingType {
        get { traits.swipeTypingType }
        set { traits.swipeTypingType = newValue }
    }
    /// What the text is.
    public var textContentType: TextContentType? {
        get { traits.textContentType }
        set { traits.textContentType = newValue }
    }
}
