/// Which keys the keyboard offers (UIKit's `UIKeyboardType`).
public enum KeyboardType: Int, Hashable, Sendable, CaseIterable {
    /// Letters, with number and symbol planes.
    case `default`
    /// ASCII letters only.
    case asciiCapable
    /// Numbers and punctuation first.
    case numbersAndPunctuation
    /// Letters with / . and .com for web addresses.
    case URL
    /// Digits only.
    case numberPad
    /// Digits with * and #.
    case phonePad
    /// A phone pad that can switch to letters for names.
    case namePhonePad
    /// Letters with @ and . for e-mail addresses.
    case emailAddress
    /// Digits and the locale's decimal separator.
    case decimalPad
    /// Letters with @ and #.
    case twitter
    /// Letters with a Go-style return for searching.
    case webSearch
    /// ASCII digits only.
    case asciiCapableNumberPad
}

/// The word on the return key (UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: Int, Hashable, Sendable, CaseIterable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`

    /// The label the keyboard shows.
    public var title: String {
        switch self {
        case .default: return "return"
        case .go: return "Go"
        case .google: return "Google"
        case .join: return "Join"
        case .next: return "Next"
        case .route: return "Route"
        case .search: return "Search"
        case .send: return "Send"
        case .yahoo: return "Yahoo"
        case .done: return "Done"
        case .emergencyCall: return "Emergency Call"
        case .continue: return "Continue"
        }
    }
}

/// Automatic capitals (UIKit's `UITextAutocapitalizationType`).
public enum TextAutocapitalizationType: Int, Hashable, Sendable, CaseIterable {
    /// None.
    case none
    /// The first letter of each word.
    case words
    /// The first letter of each sentence.
    case sentences
    /// Every letter.
    case allCharacters
}

/// Whether autocorrection runs (UIKit's `UITextAutocorrectionType`).
public enum TextAutocorrectionType: Int, Hashable, Sendable {
    /// The default for the text type.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}

/// Whether spell checking runs (UIKit's `UITextSpellCheckingType`).
public enum TextSpellCheckingType: Int, Hashable, Sendable {
    /// The default.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}

/// What the text is, for suggestions and autofill (UIKit's `UITextContentType`).
public struct TextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// Creates a content type.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A person's name.
    public static let name = TextContentType(rawValue: "name")
    /// An e-mail address.
    public static let emailAddress = TextContentType(rawValue: "emailAddress")
    /// A telephone number.
    public static let telephoneNumber = TextContentType(rawValue: "telephoneNumber")
    /// A web address.
    public static let URL = TextContentType(rawValue: "URL")
    /// A password.
    public static let password = TextContentType(rawValue: "password")
    /// A new password.
    public static let newPassword = TextContentType(rawValue: "newPassword")
    /// A one-time code.
    public static let oneTimeCode = TextContentType(rawValue: "oneTimeCode")
}

/// A word the suggestion bar offers (UIKit's `UIInputSuggestion`).
public struct InputSuggestion: Hashable, Sendable {
    /// The text inserted when it is picked.
    public var text: String
    /// Creates a suggestion.
    public init(text: String) { self.text = text }
}

/// What a keyboard needs to know about the text it edits (UIKit's `UITextInputTraits`): text
/// fields and text views adopt it, and so can any custom view that takes text input.
@MainActor
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
    /// What the text is.
    public var textContentType: TextContentType?

    /// The defaults (UIKit's).
    public init() {}
}
