// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How large the user wants text (UIKit's `UIContentSizeCategory`): fonts from
/// `Font.preferredFont(forTextStyle:compatibleWith:)` and views that adjust for it scale with it.
public struct ContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not set (a trait collection that leaves the text size to its environment).
    public static let unspecified = ContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = ContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// The default.
    public static let large = ContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Every category, smallest first.
    public static let allCategories: [ContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Posted when a window's category changes; the object is the window.
    nonisolated public static let didChangeNotification = Notification.Name("CaretContentSizeCategoryDidChange")

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }

    /// How much body text grows against `.large` (UIKit's body sizes 14…53 points over 17).
    public var scale: Double {
        let body: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        let index = Self.allCategories.firstIndex(of: self) ?? 3
        return body[index] / 17
    }

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        (allCategories.firstIndex(of: lhs) ?? 3) < (allCategories.firstIndex(of: rhs) ?? 3)
    }
}

extension Font {
    /// The system font for a text style at a content size category (UIKit's
    /// `preferredFont(forTextStyle:compatibleWith:)`).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith category: ContentSizeCategory) -> Font {
        let base = preferredFont(forTextStyle: style)
        return Font(familyName: base.familyName, size: (base.pointSize * category.scale).rounded(), weight: base.weight, italic: base.isItalic)
    }

    /// The system font for a text style at a trait collection's text size (`.large` when it
    /// specifies none or is nil).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: TraitCollection?) -> Font {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        return preferredFont(forTextStyle: style, compatibleWith: category == .unspecified ? .large : category)
    }
}
