// SPDX-License-Identifier: Apache-2.0
/// Whether straight quotes become the language's typographic ones (UIKit's `UITextSmartQuotesType`).
public enum TextSmartQuotesType: Int, Hashable, Sendable {
    /// On, except for secure, e-mail and URL text.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}

/// Whether two hyphens become a dash (UIKit's `UITextSmartDashesType`).
public enum TextSmartDashesType: Int, Hashable, Sendable {
    /// On, except for secure, e-mail and URL text.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}

/// Whether pasting or deleting words keeps the spaces between them right (UIKit's
/// `UITextSmartInsertDeleteType`).
public enum TextSmartInsertDeleteType: Int, Hashable, Sendable {
    /// On, except for secure, e-mail and URL text.
    case `default`
    /// Off.
    case no
    /// On.
    case yes
}
