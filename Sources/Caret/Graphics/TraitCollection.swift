// SPDX-License-Identifier: Apache-2.0
/// Light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UserInterfaceStyle: Int, Hashable, Sendable {
    /// Not set: the environment's (light when nothing sets it).
    case unspecified
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds.
    case dark
}

/// How much room a dimension has (UIKit's `UIUserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: Int, Hashable, Sendable {
    /// Not known (a view outside a window).
    case unspecified
    /// Narrow or short: a phone-sized window.
    case compact
    /// Wide or tall: a tablet-, kiosk- or desktop-sized window.
    case regular
}

/// The traits of a view's environment (UIKit's `UITraitCollection`): light or dark, the text size,
/// the size classes and the display scale. Views and view controllers inherit them from their
/// window; `overrideUserInterfaceStyle` changes the style for a subtree.
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle
    /// How large text is.
    public var preferredContentSizeCategory: ContentSizeCategory
    /// How much room there is across.
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// How much room there is down.
    public var verticalSizeClass: UserInterfaceSizeClass
    /// Pixels per point (0 when not known).
    public var displayScale: Double

    /// A collection with every trait unspecified.
    public init() {
        userInterfaceStyle = .unspecified
        preferredContentSizeCategory = .unspecified
        horizontalSizeClass = .unspecified
        verticalSizeClass = .unspecified
        displayScale = 0
    }

    /// A collection that specifies only a style.
    public init(userInterfaceStyle: UserInterfaceStyle) {
        self.init()
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// A collection that specifies only a text size.
    public init(preferredContentSizeCategory: ContentSizeCategory) {
        self.init()
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// A collection that specifies only a horizontal size class.
    public init(horizontalSizeClass: UserInterfaceSizeClass) {
        self.init()
        self.horizontalSizeClass = horizontalSizeClass
    }

    /// A collection that specifies only a vertical size class.
    public init(verticalSizeClass: UserInterfaceSizeClass) {
        self.init()
        self.verticalSizeClass = verticalSizeClass
    }

    /// A collection that specifies only a display scale.
    public init(displayScale: Double) {
        self.init()
        self.displayScale = displayScale
    }

    /// The traits of several collections combined: a later collection's specified traits win.
    public init(traitsFrom collections: [TraitCollection]) {
        self.init()
        for other in collections { self = modifying(with: other) }
    }

    /// This collection with another's specified traits put over it.
    func modifying(with other: TraitCollection) -> TraitCollection {
        var result = self
        if other.userInterfaceStyle != .unspecified { result.userInterfaceStyle = other.userInterfaceStyle }
        if other.preferredContentSizeCategory != .unspecified {
            result.preferredContentSizeCategory = other.preferredContentSizeCategory
        }
        if other.horizontalSizeClass != .unspecified { result.horizontalSizeClass = other.horizontalSizeClass }
        if other.verticalSizeClass != .unspecified { result.verticalSizeClass = other.verticalSizeClass }
        if other.displayScale != 0 { result.displayScale = other.displayScale }
        return result
    }

    /// Whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: TraitCollection?) -> Bool {
        guard let other else { return true }
        return modifying(with: other) == self
    }

    /// Whether dynamic colours resolve differently in the two (their styles differ).
    public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
        (other?.userInterfaceStyle ?? .unspecified).resolved != userInterfaceStyle.resolved
    }

    /// The style colours are drawn in: unspecified draws light.
    var resolvedStyle: UserInterfaceStyle { userInterfaceStyle.resolved }

    public var description: String {
        "TraitCollection(style: \(userInterfaceStyle), text: \(preferredContentSizeCategory), "
            + "size classes: \(horizontalSizeClass)/\(verticalSizeClass), scale: \(displayScale))"
    }
}

extension UserInterfaceStyle {
    /// The style drawn: light for unspecified.
    var resolved: UserInterfaceStyle { self == .dark ? .dark : .light }
}

/// A trait a view or view controller can ask to hear changes of (UIKit's `UITraitDefinition`).
public protocol TraitDefinition {
    /// Whether the trait differs between two collections.
    static func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool
}

/// The light or dark style, as a trait to register for.
public enum TraitUserInterfaceStyle: TraitDefinition {
    /// Whether the styles differ.
    public static func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool {
        a.userInterfaceStyle != b.userInterfaceStyle
    }
}

/// The text size, as a trait to register for.
public enum TraitPreferredContentSizeCategory: TraitDefinition {
    /// Whether the text sizes differ.
    public static func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool {
        a.preferredContentSizeCategory != b.preferredContentSizeCategory
    }
}

/// The horizontal size class, as a trait to register for.
public enum TraitHorizontalSizeClass: TraitDefinition {
    /// Whether the horizontal size classes differ.
    public static func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool {
        a.horizontalSizeClass != b.horizontalSizeClass
    }
}

/// The vertical size class, as a trait to register for.
public enum TraitVerticalSizeClass: TraitDefinition {
    /// Whether the vertical size classes differ.
    public static func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool {
        a.verticalSizeClass != b.verticalSizeClass
    }
}

/// The display scale, as a trait to register for.
public enum TraitDisplayScale: TraitDefinition {
    /// Whether the scales differ.
    public static func differs(_ a: TraitCollection, _ b: TraitCollection) -> Bool { a.displayScale != b.displayScale }
}

/// A registration for trait changes, to pass to `unregisterForTraitChanges(_:)` (UIKit's `UITraitChangeRegistration`).
public struct TraitChangeRegistration: Hashable, Sendable {
    let id: Int
}

/// Something with traits that change: views and view controllers (UIKit's `UITraitEnvironment`).
@preconcurrency @MainActor
public protocol TraitEnvironment: AnyObject {
    /// The traits now.
    var traitCollection: TraitCollection { get }
    /// The traits changed (`previousTraitCollection` is what they were).
    func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?)
}
