// SPDX-License-Identifier: Apache-2.0
/// What a view controller shows in its navigation controller's bar (UIKit's `UINavigationItem`):
/// a title (the controller's unless set), items at either side, and the back button's title that
/// the next controller pushed shows.
@preconcurrency @MainActor
public final class NavigationItem {
    /// The title in the bar (the controller's `title` while nil).
    public var title: String? { didSet { changed() } }
    /// A view shown in place of the title.
    public var titleView: View? { didSet { changed() } }
    /// The item at the leading side, in place of the back button unless `leftItemsSupplementBackButton`.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The items at the trailing side.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// The items at the leading side, first outermost.
    public var leftBarButtonItems: [BarButtonItem]? { didSet { changed() } }
    /// The items at the trailing side, first outermost.
    public var rightBarButtonItems: [BarButtonItem]? { didSet { changed() } }
    /// The back button the next controller shows (its title is used; its action is the pop).
    public var backBarButtonItem: BarButtonItem? { didSet { changed() } }
    /// The back button's title the next controller shows, in place of this title.
    public var backButtonTitle: String? { didSet { changed() } }
    /// Whether this controller's bar shows no back button.
    public var hidesBackButton = false { didSet { changed() } }
    /// Whether the left items show beside the back button rather than in its place.
    public var leftItemsSupplementBackButton = false { didSet { changed() } }

    /// Called when anything shown changes (the bar showing it lays out again).
    var onChange: (() -> Void)?

    /// An item with a title.
    public init(title: String? = nil) { self.title = title }

    /// Sets the leading items.
    public func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the trailing items.
    public func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Shows or hides the back button.
    public func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    private func changed() { onChange?() }
}
