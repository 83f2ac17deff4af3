// SPDX-License-Identifier: Apache-2.0

/// The menu shown above a selection: a dark pill of commands (UIKit's `UIEditMenuInteraction`
/// presentation). It sits above the target rectangle, or below it when there is no room, and
/// stays inside the window; commands that do not fit go on further pages behind ‹ and › buttons.
@preconcurrency @MainActor
public final class EditMenuView: View {
    /// The commands, in order.
    public let actions: [EditMenuAction]
    /// The buttons of the page showing, one per command (plus ‹ and › when paged).
    public private(set) var buttons: [Button] = []
    /// The commands on the page showing.
    public private(set) var visibleActions: [EditMenuAction] = []
    /// Which page shows.
    public private(set) var page = 0
    /// Called after a command runs.
    var onAction: ((EditMenuAction) -> Void)?
    /// The language the paging arrows are named in for assistive technology (the commands' own).
    var language = "en" { didSet { nameArrows() } }

    static let height: Double = 40
    private let maximumWidth: Double
    private var pages: [Range<Int>] = []

    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Creates a menu of commands no wider than `maximumWidth`, measured with `fontProvider`
    /// (the window's it will show in; nil measures with `FontProviders.detached`).
    public init(actions: [EditMenuAction], maximumWidth: Double = .greatestFiniteMagnitude, fontProvider: FontProvider? = nil) {
        self.actions = actions
        self.maximumWidth = maximumWidth
        super.init(frame: .zero)
        detachedFontProvider = fontProvider
        backgroundColor = Color(white: 0.15, alpha: 0.95)
        cornerRadius = 10
        pages = paginate()
        show(page: 0)
    }

    private func makeButton(_ title: String) -> Button {
        let button = Button(type: .custom)
        button.detachedFontProvider = detachedFontProvider  // measured before it joins the menu
        button.setTitle(title, for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.titleFont = .systemFont(ofSize: 15)
        button.contentEdgeInsets = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
        return button
    }

    private func width(of title: String) -> Double { makeButton(title).intrinsicContentSize.width + 1 }

    /// Splits the commands into pages that fit, leaving room for the paging arrows.
    private func paginate() -> [Range<Int>] {
        let widths = actions.map { width(of: $0.title) }
        if widths.reduce(8, +) <= maximumWidth { return [0..<actions.count] }
        let arrow = width(of: "›")
        var result: [Range<Int>] = []
        var start = 0
        while start < actions.count {
            var used = 8 + arrow * 2
            var end = start
            while end < actions.count && (used + widths[end] <= maximumWidth || end == start) {
                used += widths[end]
                end += 1
            }
            result.append(start..<end)
            start = end
        }
        return result
    }

    private func show(page newPage: Int) {
        page = newPage
        for subview in subviews { subview.removeFromSuperview() }
        buttons.removeAll()
        visibleActions = Array(actions[pages[page]])
        var items: [(String, () -> Void)] = []
        if pages.count > 1 {
            items.append(("‹", { [weak self] in self.map { $0.show(page: ($0.page + $0.pages.count - 1) % $0.pages.count) } }))
        }
        for action in visibleActions { items.append((action.title, { [weak self] in self?.onAction?(action) })) }
        if pages.count > 1 {
            items.append(("›", { [weak self] in self.map { $0.show(page: ($0.page + 1) % $0.pages.count) } }))
        }
        var x = 4.0
        for (i, item) in items.enumerated() {
            let button = makeButton(item.0)
            let run = item.1
            button.addAction(Action { _ in run() }, for: .primaryActionTriggered)
            let width = button.intrinsicContentSize.width
            button.frame = Rect(x: x, y: 0, width: width, height: Self.height)
            addSubview(button)
            buttons.append(button)
            x += width
            if i < items.count - 1 {
                let separator = View(frame: Rect(x: x, y: 8, width: 1, height: Self.height - 16))
                separator.backgroundColor = Color(white: 1, alpha: 0.25)
                separator.isUserInteractionEnabled = false
                addSubview(separator)
                x += 1
            }
        }
        nameArrows()
        let center = frame.midX
        frame = Rect(x: frame.minX, y: frame.minY, width: x + 4, height: Self.height)
        if page > 0 || pages.count > 1 { frame.origin.x = max(0, center - frame.width / 2) }
    }

    /// Names the paging arrows, which show only ‹ and ›, in the menu's language.
    private func nameArrows() {
        guard pages.count > 1, let first = buttons.first, let last = buttons.last else { return }
        first.accessibilityLabel = EditWord.previousPage.text(language)
        last.accessibilityLabel = EditWord.nextPage.text(language)
    }

    /// The number of pages.
    public var pageCount: Int { pages.count }

    /// Places the menu above `target` (window coordinates), or below it, inside `bounds`; where
    /// neither fits, on the side where it covers least of the target.
    public func place(above target: Rect, in bounds: Rect) {
        let gap = 8.0
        let height = Self.height
        func inside(_ y: Double) -> Double { min(max(bounds.minY + 4, y), bounds.maxY - height - 4) }
        func covered(_ y: Double) -> Double { max(0, min(y + height, target.maxY) - max(y, target.minY)) }
        let above = inside(target.minY - gap - height), below = inside(target.maxY + gap)
        let y = target.minY - gap - height >= bounds.minY + 4 || covered(above) <= covered(below) ? above : below
        let x = min(max(bounds.minX + 4, target.midX - frame.width / 2), bounds.maxX - frame.width - 4)
        frame.origin = Point(x: x.rounded(), y: y.rounded())
    }
}
