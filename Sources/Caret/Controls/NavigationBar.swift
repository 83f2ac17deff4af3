// SPDX-License-Identifier: Apache-2.0
/// The bar at the top of a navigation controller (UIKit's `UINavigationBar`): the top
/// controller's title in the middle, its items at the sides, and a back button (‹ and the title
/// of the controller below, or "Back" in the window's language) that pops it.
@preconcurrency @MainActor
open class NavigationBar: View {
    /// The bar's height below the window's top safe area.
    public static let height = 44.0
    /// The bar's background (the grouped background unless set).
    public var barTintColor: Color? { didSet { backgroundColor = barTintColor ?? .systemGroupedBackground } }
    /// The attributes of the title: its font and colour are used.
    public var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { setNeedsLayout() } }

    let titleLabel = Label()
    let backButton = Button(type: .system)
    private var itemButtons: [View] = []
    /// The item shown and the one below it (for the back button's title).
    private(set) var topItem: NavigationItem?
    private(set) var backItem: NavigationItem?
    /// The titles used when an item has none (its controller's title).
    private var topTitle: String?
    private var backTitle: String?
    /// Pops the top controller (set by the navigation controller).
    var onBack: (() -> Void)?

    /// A bar from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// A bar with nothing in it.
    public override init(frame: Rect) {
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        backgroundColor = .systemGroupedBackground
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        titleLabel.accessibilityTraits = .header
        backButton.contentEdgeInsets = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
        backButton.addAction(Action { [weak self] _ in self?.onBack?() }, for: .primaryActionTriggered)
        addSubview(backButton)
        addSubview(titleLabel)
    }

    /// Shows an item and the one below it (nil: the root, no back button).
    func show(_ item: NavigationItem, title: String?, below back: NavigationItem?, backTitle: String?) {
        topItem?.onChange = nil
        backItem?.onChange = nil
        topItem = item
        backItem = back
        back?.onChange = { [weak self] in self?.setNeedsLayout() }
        topTitle = title
        self.backTitle = backTitle
        item.onChange = { [weak self] in self?.setNeedsLayout() }
        setNeedsLayout()
    }

    /// Shows nothing (an empty stack).
    func clear() {
        topItem?.onChange = nil
        backItem?.onChange = nil
        topItem = nil
        backItem = nil
        setNeedsLayout()
    }

    /// As wide as offered, the bar's height tall.
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: Self.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Views of items no longer shown go; the others stay put (a finger may be on one).
        let before = itemButtons
        itemButtons.removeAll()
        defer { for view in before where !itemButtons.contains(where: { $0 === view }) { view.removeFromSuperview() } }
        guard let item = topItem else {
            backButton.isHidden = true
            titleLabel.isHidden = true
            return
        }
        let language = Localization.language(for: self)
        let top = safeAreaInsets.top
        let band = Rect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
        let margin = 8.0
        // Leading: the back button (unless hidden or replaced), then the left items.
        var leading = band.minX + margin
        let showsBack = backItem != nil && !item.hidesBackButton && (item.leftBarButtonItems == nil || item.leftItemsSupplementBackButton)
        backButton.isHidden = !showsBack
        if showsBack, let back = backItem {
            let word = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? backTitle
            let chevron = effectiveUserInterfaceLayoutDirection == .rightToLeft ? "› " : "‹ "
            let title = chevron + (word ?? BarItemWord.back.text(language))
            backButton.setTitle(title, for: .normal)
            // Read as what it goes back to, or "Back" when that has no name (a chevron-only button).
            backButton.accessibilityLabel = word.flatMap { $0.isEmpty ? nil : $0 } ?? BarItemWord.back.text(language)
            let size = backButton.sizeThatFits(band.size)
            backButton.frame = Rect(x: leading, y: band.midY - size.height / 2, width: min(size.width, band.width / 3), height: size.height)
            leading = backButton.frame.maxX + margin
        }
        for barItem in item.leftBarButtonItems ?? [] { leading = place(barItem, from: leading, in: band, leading: true) + margin }
        var trailing = band.maxX - margin
        for barItem in item.rightBarButtonItems ?? [] { trailing = place(barItem, from: trailing, in: band, leading: false) - margin }
        // The title centred in the bar, kept between the sides' items.
        if let view = item.titleView {
            titleLabel.isHidden = true
            if view.superview !== self { addSubview(view) }
            itemButtons.append(view)
            let size = view.frame.size == .zero ? view.sizeThatFits(band.size) : view.frame.size
            view.frame = Rect(x: band.midX - size.width / 2, y: band.midY - size.height / 2, width: size.width, height: size.height)
        } else {
            titleLabel.isHidden = false
            titleLabel.text = item.title ?? topTitle
            titleLabel.font = titleTextAttributes?[.font] as? Font ?? .boldSystemFont(ofSize: 17)
            titleLabel.textColor = titleTextAttributes?[.foregroundColor] as? Color ?? .label
            // Centred in the bar when it fits there, else moved towards the roomier side, and cut
            // only to the space between the items.
            let width = titleLabel.sizeThatFits(band.size).width
            let w = max(0, min(width, trailing - leading))
            let x = min(max(band.midX - w / 2, leading), trailing - w)
            titleLabel.frame = Rect(x: x, y: band.minY, width: w, height: band.height)
        }
        // Right to left, the leading side is the right: the back button and left items there.
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            for view in [backButton, titleLabel] + itemButtons {
                view.frame.origin.x = bounds.width - view.frame.maxX
            }
        }
    }

    /// Places an item's button from an edge; returns its far edge.
    private func place(_ item: BarButtonItem, from edge: Double, in band: Rect, leading: Bool) -> Double {
        item.bar = self
        if item.systemItem == .fixedSpace { return leading ? edge + item.width : edge - item.width }
        guard let button = item.button else { return edge }
        item.refreshButton()
        if button.superview !== self { addSubview(button) }
        itemButtons.append(button)
        let size = button.sizeThatFits(band.size)
        let width = max(item.width, size.width)
        let x = leading ? edge : edge - width
        button.frame = Rect(x: x, y: band.midY - size.height / 2, width: width, height: size.height)
        return leading ? x + width : x
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        super.draw(rect, in: context)
        context.fill(Rect(x: 0, y: bounds.maxY - 0.5, width: bounds.width, height: 0.5), color: .separator)
    }
}
