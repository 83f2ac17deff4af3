// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The keyboard's emoji (docs/keyboard.md, emoji): the panel the emoji key opens over the keys, the
/// search its field starts (the letters type the search, the bar shows what it finds by CLDR's
/// names in the keyboard's language), and the emoji used recently. The keyboard controller owns one.
@MainActor
final class EmojiKeyboard: EmojiPanelHost {
    private unowned let keyboard: KeyboardController
    /// The panel while it is shown.
    private(set) var panel: EmojiPanelView?
    /// The search typed so far, while the letters type it; nil when not searching.
    private(set) var search: String?
    /// The emoji used recently, most recent first (guest data: forgotten with learned words).
    private(set) var recentEmoji: [String] = []
    /// How many recent emoji are kept.
    static let recentLimit = 32

    init(keyboard: KeyboardController) { self.keyboard = keyboard }

    private var view: KeyboardView? { keyboard.keyboardView }

    /// Whether the panel or its search is open.
    var isOpen: Bool { panel != nil || search != nil }

    /// Opens the panel over the keys (the emoji key).
    func open() {
        guard let view, case let .success(catalog) = BundledEmoji.catalog else { return }
        search = nil
        if panel == nil {
            let panel = EmojiPanelView(catalog: catalog, host: self)
            view.addSubview(panel)
            self.panel = panel
        }
        layOut()
        view.setNeedsDisplay()
        view.window?.postAccessibility(.notification(.screenChanged, argument: nil))
    }

    /// Closes the panel and any search: the keys are back.
    func close() {
        guard isOpen else { return }
        panel?.removeFromSuperview()
        panel = nil
        search = nil
        view?.refreshSuggestions()
        view?.setNeedsDisplay()
        view?.window?.postAccessibility(.notification(.screenChanged, argument: nil))
    }

    /// Puts the panel over the key rows (below the bar).
    func layOut() {
        guard let view, let panel else { return }
        let top = view.suggestionBarHeight
        panel.frame = Rect(x: 0, y: top, width: view.bounds.width, height: max(0, view.bounds.height - top))
    }

    /// Forgets the recent emoji (a kiosk resets).
    func forget() {
        recentEmoji = []
        panel?.setNeedsDisplay()
    }

    // MARK: Search

    /// What the search finds, best first.
    var results: [String] {
        guard let search, let view, case let .success(catalog) = BundledEmoji.catalog,
            case let .success(names)? = BundledEmoji.names(for: view.model.language)
        else { return [] }
        return names.search(search, in: catalog)
    }

    /// The bar's cells while searching: the search (a tap ends it) and a cell per result that fits.
    func searchFrames(in view: KeyboardView) -> (field: Rect, results: [Rect]) {
        let height = view.suggestionBarHeight, width = view.bounds.width
        let field = Rect(x: 0, y: 0, width: (width * 0.34).rounded(), height: height)
        let count = Int((width - field.width) / max(1, height * 1.1))
        let cell = count > 0 ? (width - field.width) / Double(count) : 0
        return (field, (0..<min(count, results.count)).map { Rect(x: field.maxX + Double($0) * cell, y: 0, width: cell, height: height) })
    }

    /// A key's output while searching goes into the search: text is added, Backspace takes a
    /// character back (or ends an empty search), Return ends it. False when not searching.
    func takes(_ output: KeyboardOutput) -> Bool {
        guard var text = search else { return false }
        switch output {
        case let .insert(typed): text += typed
        case .deleteBackward:
            if text.isEmpty { return endSearch() }
            text.removeLast()
        case .return: return endSearch()
        case .dismiss: return false
        }
        search = text
        view?.setNeedsDisplay(Rect(x: 0, y: 0, width: view?.bounds.width ?? 0, height: view?.suggestionBarHeight ?? 0))
        return true
    }

    /// Ends the search: back to the panel.
    @discardableResult
    func endSearch() -> Bool {
        guard search != nil else { return false }
        open()
        return true
    }

    /// A tap on the bar while searching: a result goes in, the search field ends the search.
    func barTapped(at point: Point) {
        guard let view else { return }
        let frames = searchFrames(in: view)
        if frames.field.contains(point) {
            endSearch()
            return
        }
        let found = results
        if let index = frames.results.firstIndex(where: { $0.contains(point) }), index < found.count { emojiPanel(picked: found[index]) }
    }

    /// The bar's elements while searching: the search (its value what was typed; activating it
    /// ends the search) and each result shown, by its name.
    func searchWords(in view: KeyboardView) -> [KeyboardView.BarWord] {
        let frames = searchFrames(in: view), found = results
        let names = try? BundledEmoji.names(for: emojiWordsLanguage)?.get()
        let field = KeyboardView.BarWord(
            label: KeyWord.emojiSearch.text(emojiWordsLanguage) + ((search ?? "").isEmpty ? "" : ": " + (search ?? "")), hint: nil,
            frame: frames.field
        ) { $0.controller.emoji.endSearch() }
        return [field]
            + zip(frames.results, found).map { frame, emoji in
                KeyboardView.BarWord(label: names?.names[emoji] ?? emoji, hint: nil, frame: frame) { $0.controller.emoji.emojiPanel(picked: emoji) }
            }
    }

    /// Draws the bar while searching: the search with its caret (or the field's hint), then what it finds.
    func drawSearchBar(in context: GraphicsContext, view: KeyboardView) {
        let frames = searchFrames(in: view)
        let font = Font.systemFont(ofSize: (view.keyHeight * 0.36).rounded())
        let metrics = context.fontProvider.metrics(for: font)
        let field = frames.field.insetBy(dx: 6, dy: 5)
        context.fillRoundedRect(field, radius: field.height / 2, color: .cardBackground)
        let text = search ?? ""
        let shown = text.isEmpty ? KeyWord.emojiSearch.text(emojiWordsLanguage) : text
        let run = context.shape("\u{1F50D} " + shown, font: font)
        let y = (field.midY - metrics.lineHeight / 2).rounded()
        context.saveGState()
        context.clip(to: field)
        // The end of a long search stays in sight.
        let x = min(field.minX + 10, field.maxX - 12 - run.width)
        context.drawText(run, at: Point(x: x, y: y), color: text.isEmpty ? .barHint : .label)
        if !text.isEmpty { context.fill(Rect(x: x + run.width + 1, y: y, width: 2, height: metrics.lineHeight), color: view.tintColor) }
        context.restoreGState()
        let emojiFont = Font.systemFont(ofSize: (view.suggestionBarHeight * 0.55).rounded())
        let emojiMetrics = context.fontProvider.metrics(for: emojiFont)
        for (frame, emoji) in zip(frames.results, results) {
            let run = context.shape(emoji, font: emojiFont)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - emojiMetrics.lineHeight / 2).rounded()), color: .label)
        }
    }

    // MARK: EmojiPanelHost

    func emojiPanel(picked emoji: String) {
        guard let client = keyboard.textClient else { return }
        keyboard.swipe.forget()
        keyboard.type(emoji, into: client)
        recentEmoji.removeAll { $0 == emoji }
        recentEmoji.insert(emoji, at: 0)
        if recentEmoji.count > Self.recentLimit { recentEmoji.removeLast() }
        view?.afterOutput()
        panel?.cachedElements = nil
        panel?.setNeedsDisplay()
    }

    func emojiPanelDeletesBackward() { view?.typeKeyAction(.backspace) }

    func emojiPanelCloses() { close() }

    func emojiPanelSearches() {
        panel?.removeFromSuperview()
        panel = nil
        search = ""
        view?.afterOutput()
        view?.setNeedsDisplay()
        view?.window?.postAccessibility(.notification(.screenChanged, argument: nil))
    }

    var emojiWordsLanguage: String { Localization.language(of: view?.window) }
}
