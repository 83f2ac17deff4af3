// SPDX-License-Identifier: Apache-2.0
import Foundation

extension NSAttributedString.Key {
    /// The language an attributed announcement is spoken in, as BCP 47 (UIKit's `accessibilitySpeechLanguage`).
    public static let accessibilitySpeechLanguage = NSAttributedString.Key("accessibilitySpeechLanguage")
}

extension Accessibility {
    /// An announcement's text and the language it asks to be spoken in: a `String` (no language),
    /// or an `NSAttributedString` whose first character carries `accessibilitySpeechLanguage`.
    package nonisolated static func spokenText(of argument: Any?) -> (text: String, language: String?)? {
        if let text = argument as? String { return (text, nil) }
        guard let attributed = argument as? NSAttributedString else { return nil }
        let language = attributed.length > 0 ? attributed.attribute(.accessibilitySpeechLanguage, at: 0, effectiveRange: nil) as? String : nil
        return (attributed.string, language)
    }

    /// An announcement of text typed in a language (a swiped word, a character read from
    /// writing), marked as typed: spoken mode keeps it unsaid where the field is private.
    nonisolated static func announcement(_ text: String, language: String?) -> Any {
        var attributes: [NSAttributedString.Key: Any] = [typedTextKey: true]
        if let language { attributes[.accessibilitySpeechLanguage] = language }
        return NSAttributedString(string: text, attributes: attributes)
    }

    /// Whether an announcement is of typed text (`announcement(_:language:)`).
    nonisolated static func isTypedText(_ argument: Any?) -> Bool {
        guard let attributed = argument as? NSAttributedString, attributed.length > 0 else { return false }
        return attributed.attribute(typedTextKey, at: 0, effectiveRange: nil) as? Bool == true
    }

    nonisolated private static let typedTextKey = NSAttributedString.Key("caretTypedText")
}
