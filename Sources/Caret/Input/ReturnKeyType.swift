// SPDX-License-Identifier: Apache-2.0

/// The word on the return key (UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: Int, Hashable, Sendable, CaseIterable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`

    /// The label the keyboard shows, in the process's preferred language (the keyboard shows it
    /// in its own language).
    public var title: String { title(in: Localization.systemLanguage) }

    /// The label in a language.
    func title(in language: String) -> String {
        let words: [ReturnWord] = [.default, .go, .google, .join, .next, .route, .search, .send, .yahoo, .done, .emergencyCall, .continue]
        return words[rawValue].text(language)
    }
}
