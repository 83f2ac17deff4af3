// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the emoji panel asks of the keyboard it sits in.
@MainActor
protocol EmojiPanelHost: AnyObject {
    /// Puts an emoji in at the caret (and among the recent ones).
    func emojiPanel(picked emoji: String)
    /// The panel's Backspace.
    func emojiPanelDeletesBackward()
    /// The panel's ABC key: back to the letters.
    func emojiPanelCloses()
    /// The search field was tapped: the letters type the search.
    func emojiPanelSearches()
    /// The emoji used recently, most recent first.
    var recentEmoji: [String] { get }
    /// The language the keyboard's words (and the emoji's names) are spoken in.
    var emojiWordsLanguage: String { get }
}

/// The on-screen keyboard's emoji panel (docs/keyboard.md, emoji): a search field, the emoji of one
/// category at a time in a grid that scrolls, and a row of ABC, the categories (the recent ones
/// first, when any) and Backspace. A long press on an emoji with skin tones offers them; sliding
/// to one and lifting picks it.
@_spi(Testing) @preconcurrency @MainActor
public final class EmojiPanelView: View {
    /// The category shown for the emoji used recently.
    @_spi(Testing) public static let recent = "recent"
    /// Each category's icon on the tab row.
    static let icons = [
        recent: "\u{1F552}", "smileys_people": "\u{1F600}", "animals_nature": "\u{1F43B}", "food_drink": "\u{1F354}",
        "travel_places": "\u{1F697}", "activities": "\u{26BD}", "objects": "\u{1F4A1}", "symbols": "\u{1F523}", "flags": "\u{1F3F3}\u{FE0F}",
    ]
    /// How long a press waits before it offers skin tones.
    static let holdDelay = 0.45

    let catalog: EmojiCatalog
    weak var host: EmojiPanelHost?
    /// The category shown.
    @_spi(Testing) public private(set) var category: String
    /// How far the grid is scrolled down, in points.
    private(set) var scrollOffset = 0.0
    /// The press on a cell: where it began, the cell, whether it moved (a scroll), its tones popup.
    private var press: (start: Point, offset: Double, cell: Int?, scrolled: Bool)?
    /// The skin tones offered by a long press: the emoji's forms, their frames, the one chosen.
    @_spi(Testing) public private(set) var tonesShown: (forms: [String], frames: [Rect], chosen: Int?)?
    private var holdTimer: Animator.Token?
    /// The accessibility elements and the layout they were made for.
    var cachedElements: (signature: String, elements: [AccessibilityNode])?

    init(catalog: EmojiCatalog, host: EmojiPanelHost) {
        self.catalog = catalog
        self.host = host
        category = host.recentEmoji.isEmpty ? catalog.categories.first ?? Self.recent : Self.recent
        super.init(frame: .zero)
        backgroundColor = KeyboardView.backdropColor
    }

    /// Made in code only: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// The search field, the emoji in view and the bottom row (…+Accessibility.swift).
    public override var accessibilityElements: [AccessibilityNode]? {
        get { super.accessibilityElements ?? panelElements() }
        set { super.accessibilityElements = newValue }
    }

    // MARK: Layout

    /// The tabs, in order: the recent ones first when there are any.
    @_spi(Testing) public var tabs: [String] { (host?.recentEmoji.isEmpty ?? true ? [] : [Self.recent]) + catalog.categories }
    /// The emoji shown in the grid.
    @_spi(Testing) public var shownEmoji: [String] {
        category == Self.recent ? host?.recentEmoji ?? [] : catalog.entries(in: category).map(\.emoji)
    }
    /// A row's height: a quarter of the panel.
    var rowHeight: Double { (bounds.height / 4).rounded() }
    @_spi(Testing) public var searchFrame: Rect { Rect(x: 8, y: 6, width: max(0, bounds.width - 16), height: max(0, rowHeight * 0.75 - 8)) }
    @_spi(Testing) public var gridFrame: Rect {
        let top = (rowHeight * 0.75).rounded()
        return Rect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top - rowHeight))
    }
    var columns: Int { max(6, Int(bounds.width / max(1, rowHeight * 0.9))) }
    var cellSize: Size {
        let width = bounds.width / Double(columns)
        return Size(width: width, height: min(width, max(1, gridFrame.height / 3)))
    }
    /// The frames of the ABC key, each tab and Backspace, in the bottom row.
    @_spi(Testing) public var bottomFrames: (letters: Rect, tabs: [Rect], backspace: Rect) {
        let y = bounds.height - rowHeight, side = (bounds.width * 0.13).rounded()
        let tabs = self.tabs
        let width = (bounds.width - 2 * side) / Double(max(1, tabs.count))
        return (
            Rect(x: 0, y: y, width: side, height: rowHeight),
            tabs.indices.map { Rect(x: side + Double($0) * width, y: y, width: width, height: rowHeight) },
            Rect(x: bounds.width - side, y: y, width: side, height: rowHeight)
        )
    }
    /// A cell's frame in the panel (it may lie outside the grid, scrolled away).
    @_spi(Testing) public func cellFrame(_ index: Int) -> Rect {
        let size = cellSize, grid = gridFrame
        return Rect(
            x: Double(index % columns) * size.width, y: grid.minY + Double(index / columns) * size.height - scrollOffset, width: size.width,
            height: size.height)
    }
    /// The cells wholly or partly in the grid now.
    @_spi(Testing) public var visibleCells: Range<Int> {
        let size = cellSize, count = shownEmoji.count
        let first = max(0, Int(scrollOffset / size.height) * columns)
        let last = min(count, (Int((scrollOffset + gridFrame.height) / size.height) + 1) * columns)
        return first..<max(first, last)
    }
    var maximumScroll: Double {
        let rows = (shownEmoji.count + columns - 1) / columns
        return max(0, Double(rows) * cellSize.height - gridFrame.height)
    }

    /// Shows a category from its start.
    @_spi(Testing) public func show(_ category: String) {
        guard tabs.contains(category) else { return }
        self.category = category
        scrollOffset = 0
        cachedElements = nil
        setNeedsDisplay()
    }

    /// Scrolls the grid (clamped to what there is).
    @_spi(Testing) public func scroll(to offset: Double) {
        scrollOffset = min(max(0, offset), maximumScroll)
        setNeedsDisplay()
    }

    // MARK: Touches

    public override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { gestureRecognizer.view === self }

    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let point = touches.first?.location(in: self) else { return }
        let cell = gridFrame.contains(point) ? visibleCells.first { cellFrame($0).contains(point) } : nil
        press = (point, scrollOffset, cell, false)
        if let cell, let entry = catalog.entry(for: shownEmoji[cell]), !entry.tones.isEmpty {
            holdTimer = window?.animator.schedule(after: Self.holdDelay) { [weak self] in self?.offerTones(of: entry, at: cell) }
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let point = touches.first?.location(in: self), var current = press else { return }
        if var tones = tonesShown {
            tones.chosen = tones.frames.firstIndex { $0.minX <= point.x && point.x < $0.maxX }
            tonesShown = tones
            setNeedsDisplay()
            return
        }
        guard gridFrame.contains(current.start) else { return }
        if current.scrolled || abs(point.y - current.start.y) > 8 {
            current.scrolled = true
            press = current
            cancelHold()
            scroll(to: current.offset - (point.y - current.start.y))
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let point = touches.first?.location(in: self), let current = press else { return }
        press = nil
        cancelHold()
        if let tones = tonesShown {
            tonesShown = nil
            setNeedsDisplay()
            if let chosen = tones.chosen { host?.emojiPanel(picked: tones.forms[chosen]) }
            return
        }
        guard !current.scrolled else { return }
        tap(at: point, began: current.start)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        press = nil
        cancelHold()
        tonesShown = nil
        setNeedsDisplay()
    }

    /// A tap: an emoji, the search field, ABC, a tab or Backspace (where it began and ended).
    private func tap(at point: Point, began: Point) {
        func hit(_ rect: Rect) -> Bool { rect.contains(point) && rect.contains(began) }
        let bottom = bottomFrames
        if hit(searchFrame) { return host?.emojiPanelSearches() ?? () }
        if hit(bottom.letters) { return host?.emojiPanelCloses() ?? () }
        if hit(bottom.backspace) { return host?.emojiPanelDeletesBackward() ?? () }
        if let tab = bottom.tabs.firstIndex(where: hit) { return show(tabs[tab]) }
        if gridFrame.contains(point), let cell = visibleCells.first(where: { hit(cellFrame($0)) }) { pick(cell) }
    }

    /// Puts the emoji of a cell in.
    @_spi(Testing) public func pick(_ cell: Int) {
        let shown = shownEmoji
        guard shown.indices.contains(cell) else { return }
        host?.emojiPanel(picked: shown[cell])
    }

    /// The skin-tone forms of an emoji over its cell, the plain one first and chosen.
    func offerTones(of entry: EmojiCatalog.Entry, at cell: Int) {
        holdTimer = nil
        let forms = [entry.emoji] + entry.tones
        let frame = cellFrame(cell), size = cellSize
        let width = size.width * Double(forms.count)
        let x = min(max(0, frame.midX - width / 2), max(0, bounds.width - width))
        let y = max(0, frame.minY - size.height - 4)
        let frames = forms.indices.map { Rect(x: x + Double($0) * size.width, y: y, width: size.width, height: size.height) }
        tonesShown = (forms, frames, 0)
        setNeedsDisplay()
        window?.postAccessibility(.notification(.layoutChanged, argument: nil))
    }

    private func cancelHold() {
        if let holdTimer { window?.animator.cancel(holdTimer) }
        holdTimer = nil
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        let words = host?.emojiWordsLanguage ?? Localization.language(for: self)
        // The search field.
        let search = searchFrame
        context.fillRoundedRect(search, radius: search.height / 2, color: .cardBackground)
        let hintFont = Font.systemFont(ofSize: max(12, (search.height * 0.45).rounded()))
        let hint = context.shape("\u{1F50D} " + KeyWord.emojiSearch.text(words), font: hintFont)
        let hintMetrics = context.fontProvider.metrics(for: hintFont)
        context.drawText(hint, at: Point(x: search.minX + 12, y: (search.midY - hintMetrics.lineHeight / 2).rounded()), color: .barHint)
        // The grid, clipped to its rows.
        let size = cellSize
        let font = Font.systemFont(ofSize: (size.height * 0.62).rounded())
        let metrics = context.fontProvider.metrics(for: font)
        let shown = shownEmoji, grid = gridFrame
        context.saveGState()
        context.clip(to: grid)
        for cell in visibleCells {
            let frame = cellFrame(cell)
            if press?.cell == cell, press?.scrolled == false { context.fillRoundedRect(frame.insetBy(dx: 2, dy: 2), radius: 6, color: .barPlate) }
            let run = context.shape(shown[cell], font: font)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()), color: .label)
        }
        context.restoreGState()
        // The bottom row.
        let bottom = bottomFrames
        let keyFont = Font.systemFont(ofSize: (rowHeight * 0.38).rounded())
        let keyMetrics = context.fontProvider.metrics(for: keyFont)
        func label(_ text: String, in frame: Rect, font: Font, metrics: FontMetrics) {
            let run = context.shape(text, font: font)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()), color: .label)
        }
        context.fillRoundedRect(bottom.letters.insetBy(dx: 4, dy: 5), radius: 5, color: .functionKey)
        label("ABC", in: bottom.letters, font: keyFont, metrics: keyMetrics)
        context.fillRoundedRect(bottom.backspace.insetBy(dx: 4, dy: 5), radius: 5, color: .functionKey)
        label("\u{232B}", in: bottom.backspace, font: keyFont, metrics: keyMetrics)
        for (index, frame) in bottom.tabs.enumerated() {
            let tab = tabs[index]
            if tab == category { context.fillRoundedRect(frame.insetBy(dx: 3, dy: 5), radius: 5, color: .barPlate) }
            label(Self.icons[tab] ?? "?", in: frame, font: keyFont, metrics: keyMetrics)
        }
        // The skin tones offered, over everything.
        if let tones = tonesShown, let first = tones.frames.first, let last = tones.frames.last {
            let plate = Rect(x: first.minX, y: first.minY, width: last.maxX - first.minX, height: first.height)
            context.fillRoundedRect(plate.insetBy(dx: -4, dy: -4), radius: 8, color: .cardBackground)
            for (index, frame) in tones.frames.enumerated() {
                if index == tones.chosen { context.fillRoundedRect(frame.insetBy(dx: 2, dy: 2), radius: 6, color: .barPlate) }
                label(tones.forms[index], in: frame, font: font, metrics: metrics)
            }
        }
    }
}
