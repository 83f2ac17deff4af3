// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A language of the on-screen keyboard as UIKit's `UITextInputMode`: what the focused text is
/// being typed in.
public final class TextInputMode: NSObject, Sendable {
    /// The language as BCP 47 ("en-US", "ko-KR", "zh-Hans").
    public let primaryLanguage: String?
    /// The keyboard language's identifier (its file in `Assets/Keyboards/languages`).
    public let identifier: String
    /// The language's name in itself ("Deutsch", "한국어").
    public let displayName: String

    /// Posted on every change of the keyboard's language; the object is the new mode.
    nonisolated public static let currentInputModeDidChangeNotification = Notification.Name(
        "CaretTextInputCurrentInputModeDidChangeNotification")

    init(language: KeyboardLanguage) {
        primaryLanguage = language.locale ?? language.identifier
        identifier = language.identifier
        displayName = language.name
    }

    /// The same language.
    public override func isEqual(_ object: Any?) -> Bool { (object as? TextInputMode)?.identifier == identifier }
    /// Hashes the language.
    public override var hash: Int { identifier.hashValue }

    /// The keyboard whose languages are the active ones: the last to show or change language.
    @MainActor weak static var currentKeyboard: KeyboardController?

    /// The languages the keyboard offers, in the globe key's order.
    @MainActor public static var activeInputModes: [TextInputMode] { currentKeyboard?.inputModes ?? [] }
}
