

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
    /// What the text is.
    public var textContentType: TextContentType?

    /// The defaults (UIKit's).
    public init() {}
}

/// A view whose text input traits are one `TextTraits` value: `TextInputTraits`' members read
/// from it here, once (not public API: the editor under fields and text views adopts it).
@_spi(Testing) @MainActor
public protocol TextTraitsHolder: TextInputTraits {
    /// The traits.
    var traits: TextTraits { get }
}

@_spi(Testing)
extension TextTraitsHolder {
    /// Which keyboard to show.
    public var keyboardType: KeyboardType { traits.keyboardType }
    /// The word on the return key.
    public var returnKeyType: ReturnKeyType { traits.returnKeyType }
    /// Whether the return key is disabled while the text is empty.
    public var enablesReturnKeyAutomatically: Bool { traits.enablesReturnKeyAutomatically }
    /// Automatic capitals.
    public var autocapitalizationType: TextAutocapitalizationType { traits.autocapitalizationType }
    /// Autocorrection.
    public var autocorrectionType: TextAutocorrectionType { traits.autocorrectionType }
    /// Spell checking.
    public var spellCheckingType: TextSpellCheckingType { traits.spellCheckingType }
    /// What the text is.
    public var textContentType: TextContentType? { traits.textContentType }
}
