// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What an accessibility element is and how it behaves, as assistive technology hears it
/// (UIKit's `UIAccessibilityTraits`).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No traits.
    public static let none: AccessibilityTraits = []
    /// Acts as a button when activated.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// Opens a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// Heads a section of content.
    public static let header = AccessibilityTraits(rawValue: 1 << 16)
    /// A search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
    /// An image.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Currently selected (a chosen tab, a toggled button).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Plays its own sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
    /// A key of a keyboard.
    public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Summarises the screen when it appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
    /// Not enabled: it does not respond to the user.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
    /// Its label or value changes often.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// Starts a media session when activated.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Its value goes up and down with `accessibilityIncrement()` and `accessibilityDecrement()`.
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
    /// Takes touches directly, even under a screen reader (a drawing surface, a keyboard key).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Turns a page when the screen reader reads to its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// A tab bar.
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 15)
    /// A toggle (a switch): its value says on or off.
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 17)
    /// Caret's own: an element that takes text (fields and text views); UIKit keeps it private.
    public static let textEntry = AccessibilityTraits(rawValue: 1 << 18)

    /// The words a screen reader says for these traits, in order ("button", "heading", "dimmed"),
    /// in the process's preferred language.
    public var spokenNames: [String] { spokenNames(in: Localization.systemLanguage) }

    /// The words for these traits in a language.
    func spokenNames(in language: String) -> [String] {
        let names: [(AccessibilityTraits, RoleWord)] = [
            (.selected, .selected), (.button, .button), (.link, .link), (.header, .heading),
            (.searchField, .searchField), (.image, .image), (.adjustable, .adjustable),
            (.toggleButton, .toggle), (.notEnabled, .dimmed),
        ]
        return names.filter { contains($0.0) }.map { $0.1.text(language) }
    }
}
