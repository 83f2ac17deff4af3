// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The on-screen keyboard: draws a `KeyboardModel`'s keys and the suggestion bar, and turns
/// touches into key presses — a preview over the pressed key, long-press alternates chosen by
/// sliding, backspace autorepeat, and rollover (a key pressed before the previous one lifts still
/// types both, in order). It edits only through the controller's client (`KeyInput`).
@preconcurrency @MainActor
public final class KeyboardView: View {
    /// The keyboard's backdrop, behind its keys and behind an input view with no background.
    static let backdropColor = Color.keyboardBackdrop
    /// The keyboard's state.
    @_spi(Testing) public var model: KeyboardModel {
        didSet {
            // Only a change of what the keys show redraws (and re-rasterises) the keyboard.
            guard model.rows != oldValue.rows || model.shift != oldValue.shift else { return }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// Completes words of the language shown for the suggestion bar (nil: it stays empty).
    @_spi(Testing) public var suggestionProvider: SuggestionProvider? { controller.words.suggestionProvider }
    /// What the bar predicts after the text before the caret (Japanese), when no word is typed.
    var nextWords: NextWords?
    /// Whether the bar's words are predictions of what follows (put in without a space).
    @_spi(Testing) public internal(set) var predictsNextWords = false
    /// Whether letters keyboards have a suggestion bar (word lists are on).
    var offersSuggestions = false
    /// The completions shown (at most three).
    @_spi(Testing) public internal(set) var suggestions: [String] = []
    /// Autocorrection's word for the word being typed, highlighted in the bar (nil: none).
    @_spi(Testing) public internal(set) var correction: String?
    /// The word being typed, shown in quotes beside a correction.
    @_spi(Testing) public internal(set) var typedWord: String?
    /// Whether the suggestion bar shows (letters keyboards of clients that are not secure).
    @_spi(Testing) public private(set) var showsSuggestionBar = false
    /// The height of a key row.
    @_spi(Testing) public private(set) var keyHeight = 44.0
    /// The key height of a layout with three rows of letters: the bottom row's keys are as wide as
    /// on such a layout on every layout, so they stay in one place.
    private var bottomRowKeyHeight = 44.0
    /// Each key with its rectangle, row by row, as laid out.
    @_spi(Testing) public private(set) var keyFrames: [(key: KeyboardKey, frame: Rect)] = []
    /// Whether a held space bar is moving the caret (the keys show no labels meanwhile).
    @_spi(Testing) public internal(set) var isTrackpad = false
    /// The full candidate panel over the keys, while open.
    package internal(set) var candidatePanel: CandidatePanelView?
    /// The writing pad over the letter rows, while the language shown writes by hand.
    package internal(set) var handwritingPad: HandwritingInputView?
    /// The letter an assistive activation (spoken mode's lift) typed last: its key's frame, when,
    /// and the text before the caret right after (ending with the letter). A swipe that starts on
    /// that key at once takes its place.
    var activatedLetter: (keyFrame: Rect, time: Double, contextAfter: String)?
    /// How soon after an activated letter a swipe from its key starts to take its place (seconds).
    static let activatedLetterWindow = 0.6
    /// The bar's cells as last drawn (a swipe's words change them without changing the suggestions).
    var shownBarItems: [BarItem] = []

    /// How Delete repeats and the space bar holds (the window's touch accommodations).
    var accommodations: TouchAccommodations { window?.touchAccommodations ?? TouchAccommodations() }
    /// A key held this long shows its alternates.
    @_spi(Testing) public static let longPressDelay = KeyPressMachine.longPressDelay
    /// Finger travel for one step of the space bar trackpad's caret, across and up or down (points).
    @_spi(Testing) public static let trackpadStep = KeyPressMachine.trackpadStep

    unowned let controller: KeyboardController
    private let gap = 6.0

    /// The fingers on the keys and what they do (KeyboardView+Touches.swift carries it out).
    var keyPresses = KeyPressMachine()
    /// The fingers' timers (long presses, Delete's repeat).
    var pressTimers: [ObjectIdentifier: Animator.Token] = [:]
    /// The preview, alternates, language list and swipe trail over the keys.
    package private(set) lazy var popups = KeyPopups(anchor: self)
    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// The keys are the keyboard's: no recognizer but its own begins on them.
    public override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { gestureRecognizer.view === self }

    init(model: KeyboardModel, controller: KeyboardController) {
        self.model = model
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = Self.backdropColor
        rasterizes = true  // it slides as one picture: a copy a frame
    }

    // MARK: Configuration and size

    /// Sets the keyboard up for a client: its type, return key, capitals and the suggestion bar.
    func configure(for responder: Responder, windowSize: Size, locale: Locale?) {
        let traits = responder as? TextInputTraits
        let type = traits?.keyboardType ?? .default
        var next = model
        next.returnKeyType = traits?.returnKeyType ?? .default
        next.enablesReturnKeyAutomatically = traits?.enablesReturnKeyAutomatically ?? false
        next.autocapitalizationType = traits?.autocapitalizationType ?? .sentences
        next.decimalSeparator = locale.map { $0.decimalSeparator ?? "." }
        next.hasText = (responder as? KeyInput)?.hasText ?? false
        next.offersEmoji = controller.offersEmoji && !(traits?.isSecureTextEntry ?? false) && (try? BundledEmoji.catalog.get()) != nil
        next.configure(type: type, contextBeforeCaret: context(of: responder))
        cancelPresses()  // keys held for the previous client type nothing into this one
        model = next
        if !model.offersEmoji || !model.rows.joined().contains(where: { $0.action == .emoji }) { controller.emoji.close() }
        let secure = traits?.isSecureTextEntry ?? false
        let numeric: Set<KeyboardType> = [.numberPad, .phonePad, .namePhonePad, .decimalPad, .asciiCapableNumberPad]
        let composes = model.composition != nil
        showsSuggestionBar = (offersSuggestions || composes) && !secure && !numeric.contains(type)
        let physical = controller.physicalKeyHeight.map { $0 * controller.pointsPerMillimetre }
        let growth = min(1.5, max(1, controller.window.preferredContentSizeCategory.scale))  // the window's size even before the keyboard is in it
        keyHeight = Self.keyHeight(
            forWindowSize: windowSize, rows: model.rows.count, suggestionBar: showsSuggestionBar, physical: physical, growth: growth)
        bottomRowKeyHeight = Self.keyHeight(
            forWindowSize: windowSize, rows: 4, suggestionBar: showsSuggestionBar, physical: physical, growth: growth)
        refreshSuggestions()
    }

    /// A key row's height for a window: about 8.5 % of the short side (34–56 points), or the
    /// physical size asked for, keeping the whole keyboard within 45 % of the window's height.
    static func keyHeight(forWindowSize size: Size, rows: Int, suggestionBar: Bool, physical: Double?, growth: Double = 1) -> Double {
        let portrait = size.height > size.width
        var height = physical ?? min(56, max(34, portrait ? size.height * 0.05 : min(size.width, size.height) * 0.085))
        height *= growth
        let count = Double(rows) + (suggestionBar ? 0.8 : 0)
        let limit = (size.height * 0.45 - 6 * Double(rows + 1)) / max(1, count)
        height = min(height, max(24, limit))
        return height.rounded(.down)
    }

    /// The keyboard's height for a window (suggestion bar, rows and gaps).
    func preferredHeight(forWindowSize size: Size) -> Double {
        let rows = Double(model.rows.count)
        return (suggestionBarHeight + rows * keyHeight + (rows + 1) * gap).rounded(.up)
    }

    @_spi(Testing) public var suggestionBarHeight: Double { showsSuggestionBar ? (keyHeight * 0.8).rounded(.down) : 0 }

    // MARK: Layout

    public override func layoutSubviews() {
        super.layoutSubviews()
        let rows = model.rows
        let maxUnits = rows.map { row in row.reduce(0) { $0 + ($1.width ?? 0) } }.max() ?? 10
        let sideMargin = 3.0
        let available = bounds.width - 2 * sideMargin
        // Keys never grow wider than 1.8 heights: on a wide panel the rows stay centred.
        let unit = min(available / max(1, maxUnits), keyHeight * 1.8)
        let rowWidth = unit * maxUnits
        let left = ((bounds.width - rowWidth) / 2).rounded(.down)
        var frames: [(KeyboardKey, Rect)] = []
        var y = suggestionBarHeight + gap
        for (index, row) in rows.enumerated() {
            // The bottom row (the globe key, space, return) is laid out on a ten-key row's unit
            // whatever the letters above it: its keys are in one place on every layout, so that a
            // guest cycling the languages by tapping one spot never types (docs/behaviour/world-input.md).
            let isBottomRow =
                index == rows.count - 1 && !model.isShowingPad && row.contains { $0.action == .space || $0.action == .globe }
            let rowUnits = isBottomRow ? 10 : maxUnits
            let rowUnit = isBottomRow ? min(available / 10, bottomRowKeyHeight * 1.8) : unit
            let rowLeft = isBottomRow ? ((bounds.width - rowUnit * 10) / 2).rounded(.down) : left
            let fixed = row.reduce(0) { $0 + ($1.width ?? 0) }
            let flexible = row.filter { $0.width == nil }.count
            let flexibleWidth = flexible > 0 ? max(1, (rowUnits - fixed) / Double(flexible)) : 0
            let width = (fixed + flexibleWidth * Double(flexible)) * rowUnit
            var x = isBottomRow ? rowLeft : rowLeft + (rowUnit * rowUnits - width) / 2  // the bottom row from the left
            for key in row {
                let w = (key.width ?? flexibleWidth) * rowUnit
                frames.append((key, Rect(x: (x + gap / 2).rounded(), y: y, width: max(0, (w - gap).rounded()), height: keyHeight)))
                x += w
            }
            y += keyHeight + gap
        }
        keyFrames = frames
        layOutHandwriting()
        controller.emoji.layOut()
    }

    /// The keys as accessibility elements, row by row (KeyboardView+Accessibility.swift).
    public override var accessibilityElements: [AccessibilityNode]? {
        get { super.accessibilityElements ?? keyAccessibilityElements() }
        set { super.accessibilityElements = newValue }
    }
    var cachedKeyElements: (signature: String, elements: [AccessibilityNode])?
    /// How much larger letter labels are drawn, by language and font (`letterFont`).
    var labelScales: [String: Double] = [:]

    /// The key under a point (nearest within its row's band, so gaps still hit).
    @_spi(Testing) public func keyIndex(at point: Point) -> Int? { KeyGeometry(keys: keyFrames, gap: gap).index(at: point) }

    // MARK: Drawing

    /// The high-contrast theme: white on black, larger labels (docs/behaviour/kiosk.md).
    var highContrast: Bool { window?.prefersHighContrast ?? false }
    var highContrastTheme: Bool { highContrast }
    var keyFont: Font {
        highContrast ? .boldSystemFont(ofSize: (keyHeight * 0.62).rounded()) : .systemFont(ofSize: (keyHeight * 0.5).rounded())
    }
    /// The font of a letter key's label: larger for a script whose letters draw smaller than
    /// Latin ones at the same size (Korean jamo, Devanagari), so that labels look the same size.
    var letterFont: Font {
        let base = keyFont
        let scale = labelScale(for: base)
        guard scale > 1 else { return base }
        let size = (base.pointSize * scale).rounded()
        return highContrast ? .boldSystemFont(ofSize: size) : .systemFont(ofSize: size)
    }

    /// How much larger the letters of the language shown are drawn: the median ink height of
    /// Latin capitals (what a keyboard shows at a field's start) over the median of the
    /// language's letter labels, at most 1.5;
    /// 1 where the provider cannot tell or the difference is under 5 %. Cached per language and size.
    private func labelScale(for font: Font) -> Double {
        let key = "\(model.language)|\(font.pointSize)|\(font.weight)"
        if let known = labelScales[key] { return known }
        func median(_ texts: [String]) -> Double? {
            // A label's size: its ink's height, as a reader compares letters (Hangul consonants
            // drawn 11 px tall beside 15 px capitals looked smaller though as wide).
            let heights = texts.compactMap { fontProvider.inkBounds(of: fontProvider.shape($0, font: font)) }
                .map { Double($0.height) }.sorted()
            return heights.isEmpty ? nil : heights[heights.count / 2]
        }
        let letters = (model.layouts.languages[model.language]?.letters ?? []).joined().filter { $0.count == 1 && !$0.hasPrefix("{") }
        var scale = 1.0
        // A cased script is compared by its capitals too (Latin, Greek and Cyrillic stay as they are).
        if let latin = median(["A", "E", "H", "K", "N", "O", "P", "S"]), let own = median(letters.map { KeyboardKey.drawnLabel($0.uppercased()) }),
            own > 0
        {
            let ratio = latin / own
            scale = ratio > 1.05 ? min(ratio, 1.5) : 1
        }
        labelScales[key] = scale
        return scale
    }

    /// A key's label as drawn, and its font: a word in the small font, a letter in the letters'
    /// (scaled to the Latin capitals' size); a label wider than its key, smaller until it fits
    /// (Persian's "نیم‌فاصله" on a phone), at most down to two thirds.
    @_spi(Testing) public func labelRun(of key: KeyboardKey, width: Double) -> (TextRun, Font) {
        let isWord = key.label.count > 1 && key.action != .text(key.label)
        let isLetter = !isWord && key.label.count <= 2 && model.plane == .letters
        var font = isWord || key.label.count > 2 ? smallFont : isLetter ? letterFont : keyFont
        let label = KeyboardKey.drawnLabel(key.label)
        var run = fontProvider.shape(label, font: font)
        let room = width - 4
        if run.width > room, room > 0 {
            let size = max((font.pointSize * 2 / 3).rounded(), (font.pointSize * room / run.width).rounded(.down))
            font = font.withSize(size)
            run = fontProvider.shape(label, font: font)
        }
        return (run, font)
    }

    private var smallFont: Font {
        highContrast ? .boldSystemFont(ofSize: (keyHeight * 0.42).rounded()) : .systemFont(ofSize: (keyHeight * 0.34).rounded())
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        if highContrast { context.fill(bounds, color: .black) }  // over the light background
        if showsSuggestionBar {
            if candidates.isEmpty { drawSuggestionBar(in: context) } else { drawCandidateBar(in: context) }
        }
        let pressed = keyPresses.pressedFrames  // a swipe presses no key
        // Only the keys in the area being drawn (a tap redraws its key in the keyboard's layer).
        let area = context.clipBounds.map { $0.intersection(rect) } ?? rect
        for entry in keyFrames where entry.frame.insetBy(dx: -2, dy: -2).intersects(area) {
            drawKey(entry.key, in: entry.frame, pressed: pressed.contains(entry.frame), context: context)
        }
    }

    private func drawKey(_ key: KeyboardKey, in frame: Rect, pressed: Bool, context: GraphicsContext) {
        if key.action == .blank { return }
        let isCharacter: Bool
        switch key.action {
        case .text, .space, .decimal: isCharacter = true
        default: isCharacter = false
        }
        // Return is blue for a returnKeyType, and while it confirms a composition (確定).
        let confirming = model.compositionPhase != .none && model.composition?.confirmLabel != nil
        let highlighted = key.action == .return && key.isEnabled && (model.returnKeyType != .default || confirming)
        var fill = isCharacter ? Color.characterKey : .functionKey
        if highlighted { fill = Color.systemBlue.darkened(forText: .white, toContrast: 4.5) }
        if key.action == .shift && model.shift != .off { fill = .characterKey }
        if pressed { fill = isCharacter ? .functionKey : .characterKey }
        var labelColor: Color = key.isEnabled ? .label : .disabledText
        if highlighted { labelColor = .white }
        if highContrast {
            // Black keys with white labels and outlines; Return and held keys in yellow.
            let on = pressed || highlighted || (key.action == .shift && model.shift != .off)
            fill = on ? Color(rgb: 0xFFD60A) : (isCharacter ? .black : Color(white: 0.2))
            labelColor = on ? .black : (key.isEnabled ? .white : Color(white: 0.6))
            context.fillRoundedRect(frame, radius: 5, color: fill)
            context.strokeRoundedRect(frame, radius: 5, lineWidth: 2, color: .white)
        } else {
            // The key's shadow: a line under its bottom edge, inside the corners.
            context.fill(
                Rect(x: frame.minX + 3, y: frame.maxY - 4, width: max(0, frame.width - 6), height: 5), color: .keyShadow)
            context.fillRoundedRect(frame, radius: 5, color: fill)
        }
        if isTrackpad { return }  // the trackpad blanks the labels
        let (run, font) = labelRun(of: key, width: frame.width)
        let metrics = context.fontProvider.metrics(for: font)
        context.drawText(
            run,
            at: Point(
                x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()),
            color: labelColor)
        if key.action == .shift && model.shift == .locked {
            context.fill(Rect(x: frame.midX - 6, y: frame.maxY - 7, width: 12, height: 2), color: highContrast ? .black : .label)
        }
    }

    // MARK: Touches (what they do: KeyPressMachine, carried out in KeyboardView+Touches.swift)

    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches { begin(touch) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches {
            perform(
                keyPresses.move(
                    ObjectIdentifier(touch), to: touch.location(in: self), at: touch.timestamp, keys: KeyGeometry(keys: keyFrames, gap: gap)))
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches {
            perform(keyPresses.end(ObjectIdentifier(touch), at: touch.location(in: self), time: touch.timestamp, cancelled: false))
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches { perform(keyPresses.end(ObjectIdentifier(touch), cancelled: true)) }
    }
}
