// SPDX-License-Identifier: Apache-2.0
/// A button or a space in a `Toolbar` (UIKit's `UIBarButtonItem`). Target-action becomes a
/// `primaryAction`, as in UIKit's `init(systemItem:primaryAction:)`.
@preconcurrency @MainActor
public final class BarButtonItem {
    /// The system items UIKit offers that a text-input toolbar uses.
    public enum SystemItem: Hashable, Sendable {
        /// "Done", in bold.
        case done
        /// "Cancel".
        case cancel
        /// "Save", in bold.
        case save
        /// "Edit".
        case edit
        /// "Add".
        case add
        /// A bin, read "Delete".
        case trash
        /// A magnifying glass, read "Search".
        case search
        /// A pencil, read "Compose".
        case compose
        /// A box with an arrow out of it, read "Share".
        case action
        /// An arrow turning back, read "Reply".
        case reply
        /// A circling arrow, read "Refresh".
        case refresh
        /// A camera, read "Camera".
        case camera
        /// A book, read "Bookmarks".
        case bookmarks
        /// An arrow turning back, read "Undo".
        case undo
        /// An arrow turning forward, read "Redo".
        case redo
        /// A cross, read "Stop".
        case stop
        /// A cross, read "Close".
        case close
        /// A triangle, read "Play".
        case play
        /// Two bars, read "Pause".
        case pause
        /// Two triangles pointing back, read "Rewind".
        case rewind
        /// Two triangles pointing on, read "Fast forward".
        case fastForward
        /// Space that grows to fill the toolbar (between items).
        case flexibleSpace
        /// Space of the item's `width`.
        case fixedSpace
    }

    /// How a titled item looks.
    public enum Style: Hashable, Sendable {
        /// Regular weight.
        case plain
        /// Bold, for the item that confirms.
        case done
    }

    /// The system item, if made from one.
    public let systemItem: SystemItem?
    /// The title shown (a system item shows its kind's).
    public var title: String? { didSet { bar?.setNeedsLayout() } }
    /// An image shown in place of the title (a system symbol is drawn in the bar's tint); the
    /// title, if any, is what assistive technology reads.
    public var image: Image? { didSet { bar?.setNeedsLayout() } }
    /// Plain or bold.
    public var style: Style { didSet { bar?.setNeedsLayout() } }
    /// For a fixed space, its width; for a button, a minimum width (0: fits its title).
    public var width: Double = 0 { didSet { bar?.setNeedsLayout() } }
    /// Whether the item can be tapped.
    public var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
    /// What a tap runs.
    public var primaryAction: Action?

    /// The word shown while `title` is nil and the item is no system item (a controller's `editButtonItem`).
    var titleWord: BarItemWord? { didSet { bar?.setNeedsLayout() } }
    /// The toolbar or navigation bar showing the item.
    weak var bar: View?
    /// The button showing the item (nil for spaces).
    private(set) lazy var button: Button? = makeButton()

    /// An item of a system kind (UIKit's `init(barButtonSystemItem:target:action:)`).
    public init(barButtonSystemItem systemItem: SystemItem, primaryAction: Action? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        // A system item's title is its kind's, in its window's language as it shows (nil here, as in UIKit).
        style = systemItem == .done || systemItem == .save ? .done : .plain
    }

    /// An item of a system kind (UIKit's `init(systemItem:primaryAction:)`).
    public convenience init(systemItem: SystemItem, primaryAction: Action? = nil) {
        self.init(barButtonSystemItem: systemItem, primaryAction: primaryAction)
    }

    /// A titled item.
    public init(title: String?, style: Style = .plain, primaryAction: Action? = nil) {
        systemItem = nil
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
    }

    /// An item showing an image (UIKit's `init(image:style:primaryAction:)`).
    public convenience init(image: Image?, style: Style = .plain, primaryAction: Action? = nil) {
        self.init(title: nil, style: style, primaryAction: primaryAction)
        self.image = image
    }

    /// An item showing an image running a target's method (UIKit's `init(image:style:target:action:)`).
    public convenience init<Target: AnyObject>(image: Image?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void) {
        self.init(image: image, style: style, primaryAction: nil)
        primaryAction = plainAction(target: target, action: action)
    }

    /// An item showing an image running a target's method that takes the item as its sender, typed as the method says.
    public convenience init<Target: AnyObject, Sender>(image: Image?, style: Style, target: Target?, action: @escaping (Target) -> (Sender) -> Void) {
        self.init(image: image, style: style, primaryAction: nil)
        primaryAction = senderAction(target: target, action: action)
    }

    /// A titled item running a target's method (UIKit's `init(title:style:target:action:)`; Linux has
    /// no `#selector`: the action is the method, `action: Screen.save`, held with the target weakly).
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void) {
        self.init(title: title, style: style, primaryAction: nil)
        primaryAction = plainAction(target: target, action: action)
    }

    /// A titled item running a target's method that takes the item as its sender, typed as the
    /// method says (`func save(_ sender: UIBarButtonItem)`, `(_ sender: Any?)`, `(_ sender: AnyObject)`).
    public convenience init<Target: AnyObject, Sender>(
        title: String?, style: Style, target: Target?, action: @escaping (Target) -> (Sender) -> Void
    ) {
        self.init(title: title, style: style, primaryAction: nil)
        primaryAction = senderAction(target: target, action: action)
    }

    /// A system item running a target's method (UIKit's `init(barButtonSystemItem:target:action:)`).
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> () -> Void)
    {
        self.init(barButtonSystemItem: systemItem, primaryAction: nil)
        primaryAction = plainAction(target: target, action: action)
    }

    /// A system item running a target's method that takes the item as its sender, typed as the method says.
    public convenience init<Target: AnyObject, Sender>(
        barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> (Sender) -> Void
    ) {
        self.init(barButtonSystemItem: systemItem, primaryAction: nil)
        primaryAction = senderAction(target: target, action: action)
    }

    /// A system item with no action, as UIKit code writes spaces (`target: nil, action: nil`).
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
        self.init(barButtonSystemItem: systemItem, primaryAction: nil)
    }

    /// A titled item with no action (UIKit's `init(title:style:target:action:)` with `action: nil`).
    public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
        self.init(title: title, style: style, primaryAction: nil)
    }

    /// An item showing an image with no action (UIKit's `init(image:style:target:action:)` with `action: nil`).
    public convenience init(image: Image?, style: Style, target: AnyObject?, action: Never?) {
        self.init(image: image, style: style, primaryAction: nil)
    }

    /// Runs a target's method with the item as its sender (the target and the item held weakly).
    private func senderAction<Target: AnyObject, Sender>(target: Target?, action: @escaping (Target) -> (Sender) -> Void) -> Action {
        let chained = target == nil
        return Action { [weak target, weak self] _ in
            guard let self, let target = chained ? self.chainTarget(Target.self) : target, let sender = self as? Sender else { return }
            action(target)(sender)
        }
    }

    /// Runs a target's method taking nothing (the target held weakly).
    private func plainAction<Target: AnyObject>(target: Target?, action: @escaping (Target) -> () -> Void) -> Action {
        let chained = target == nil
        return Action { [weak target, weak self] _ in
            guard let target = chained ? self?.chainTarget(Target.self) : target else { return }
            action(target)()
        }
    }

    /// With no target (nil, as UIKit allows), the action goes up the responder chain: the first
    /// responder of the action's class from the window's first responder, else from the item's bar.
    private func chainTarget<Target: AnyObject>(_ type: Target.Type) -> Target? {
        let starts: [Responder?] = [bar?.window?.firstResponder, bar]
        for start in starts {
            var responder = start
            while let current = responder {
                if let found = current as? Target { return found }
                responder = current.next
            }
        }
        return nil
    }

    /// Space that grows to fill the toolbar.
    public static func flexibleSpace() -> BarButtonItem { BarButtonItem(barButtonSystemItem: .flexibleSpace) }

    /// Space of a fixed width.
    public static func fixedSpace(_ width: Double) -> BarButtonItem {
        let item = BarButtonItem(barButtonSystemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// Whether the item is a space rather than a button.
    public var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    private func makeButton() -> Button? {
        guard !isSpace else { return nil }
        let button = Button(type: .system)
        button.addAction(
            Action { [weak self] _ in
                guard let self, self.isEnabled, let action = self.primaryAction else { return }
                action.handler(action)
            }, for: .primaryActionTriggered)
        button.isEnabled = isEnabled
        return button
    }

    /// A system item's symbol, for the kinds UIKit draws as one.
    private var systemImage: Image? { systemItem.flatMap { Self.symbolNames[$0] }.flatMap { Image(systemName: $0) } }

    /// The symbols UIKit draws for system items, by their SF Symbols names.
    private static let symbolNames: [SystemItem: String] = [
        .trash: "trash", .search: "magnifyingglass", .compose: "square.and.pencil", .action: "square.and.arrow.up",
        .reply: "arrowshape.turn.up.left", .refresh: "arrow.clockwise", .camera: "camera", .bookmarks: "book",
        .undo: "arrow.uturn.backward", .redo: "arrow.uturn.forward", .stop: "xmark", .close: "xmark", .play: "play",
        .pause: "pause", .rewind: "backward", .fastForward: "forward",
    ]

    /// A system item's title in a language.
    func systemTitle(in language: String) -> String? {
        switch systemItem {
        case .done: BarItemWord.done.text(language)
        case .cancel: BarItemWord.cancel.text(language)
        case .save: BarItemWord.save.text(language)
        case .edit: BarItemWord.edit.text(language)
        case .add: BarItemWord.add.text(language)
        case .trash: EditWord.delete.text(language)
        case .search: ReturnWord.search.text(language)
        case .compose: BarItemWord.compose.text(language)
        case .action: BarItemWord.share.text(language)
        case .reply: BarItemWord.reply.text(language)
        case .refresh: BarItemWord.refresh.text(language)
        case .camera: BarItemWord.camera.text(language)
        case .bookmarks: BarItemWord.bookmarks.text(language)
        case .undo: BarItemWord.undo.text(language)
        case .redo: BarItemWord.redo.text(language)
        case .stop: BarItemWord.stop.text(language)
        case .close: BarItemWord.close.text(language)
        case .play: BarItemWord.play.text(language)
        case .pause: BarItemWord.pause.text(language)
        case .rewind: BarItemWord.rewind.text(language)
        case .fastForward: BarItemWord.fastForward.text(language)
        case .flexibleSpace, .fixedSpace: nil
        case nil: titleWord?.text(language)
        }
    }

    /// Shows the item's title and style on its button.
    func refreshButton() {
        guard let button else { return }
        let words = title ?? systemTitle(in: Localization.language(for: bar))
        // An image (the app's, or a system item's symbol) shows alone; the words are its name.
        if let shown = image ?? systemImage {
            button.setImage(shown, for: .normal)
            button.setTitle(nil, for: .normal)
            button.accessibilityLabel = words
        } else {
            button.setImage(nil, for: .normal)
            button.setTitle(words, for: .normal)
            button.accessibilityLabel = nil
        }
        button.titleFont = .systemFont(ofSize: Font.systemFontSize, weight: style == .done ? .bold : .regular)
        button.contentEdgeInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
    }
}
