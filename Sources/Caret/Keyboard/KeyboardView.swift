import Foundation

/// The on-screen keyboard: draws a `KeyboardModel`'s keys and the suggestion bar, and turns
/// touches into key presses — a preview over the pressed key, long-press alternates chosen by
/// sliding, backspace autorepeat, and rollover (a key pressed before the previous one lifts still
/// types both, in order). It edits only through the controller's client (`KeyInput`).
@MainActor
public final class KeyboardView: View {
    /// The keyboard's state.
    public var model: KeyboardModel {
        didSet {
            // Only a change of what the keys show redraws (and re-rasterises) the keyboard.
            guard model.rows != oldValue.rows || model.shift != oldValue.shift else { return }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// Completes words of the language shown for the suggestion bar (nil: it stays empty).
    public internal(set) var suggestionProvider: SuggestionProvider?
    /// Whether letters keyboards have a suggestion bar (word lists are on).
    var offersSuggestions = false
    /// The completions shown (at most three).
    public internal(set) var suggestions: [String] = []
    /// Autocorrection's word for the word being typed, highlighted in the bar (nil: none).
    public internal(set) var correction: String?
    /// The word being typed, shown in quotes beside a correction.
    public internal(set) var typedWord: String?
    /// Whether the suggestion bar shows (letters keyboards of clients that are not secure).
    public private(set) var showsSuggestionBar = false
    /// The height of a key row.
    public private(set) var keyHeight = 44.0
    /// Each key with its rectangle, row by row, as laid out.
    public private(set) var keyFrames: [(key: KeyboardKey, frame: Rect)] = []
    /// The popup showing the pressed key or its alternates, if any.
    public private(set) var popup: KeyPopupView?
    /// Whether a held space bar is moving the caret (the keys show no labels meanwhile).
    public internal(set) var isTrackpad = false
    /// The globe key's language list, while a long press on the globe shows it.
    public private(set) var languageList: LanguageListView?
    /// The full candidate panel over the keys, while open.
    public internal(set) var candidatePanel: CandidatePanelView?

    /// How Delete repeats and the space bar holds (the window's touch accommodations).
    var accommodations: TouchAccommodations { window?.touchAccommodations ?? TouchAccommodations() }
    /// A key held this long shows its alternates.
    public static let longPressDelay = 0.5

    unowned let controller: KeyboardController
    private let gap = 6.0

    /// A finger on a key. It keeps the key and its frame as they were when touched: a layout
    /// pass while it is held (a plane change from a rolled-over key, a resize) cannot make it
    /// type another key or point past the keys.
    final class Press {
        var key: KeyboardKey
        var frame: Rect
        var committed = false
        /// The press became the trackpad: where the finger was at the last caret step.
        var trackpadOrigin: Point?
        /// When and where the finger landed, and whether another landed with it (two fingers).
        var began = 0.0, start = Point.zero, paired = false
        var alternatesShown = false
        var languagesShown = false
        var chosenAlternate = 0
        var timer: Animator.Token?
        var repeatStart: Double?
        init(key: KeyboardKey, frame: Rect) {
            self.key = key
            self.frame = frame
        }
    }
    var presses: [(touch: ObjectIdentifier, press: Press)] = []
    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }


    init(model: KeyboardModel, controller: KeyboardController) {
        self.model = model
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = Color(rgb: 0xD1D4DA)
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
        next.configure(type: type, contextBeforeCaret: context(of: responder))
        cancelPresses()  // keys held for the previous client type nothing into this one
        model = next
        let secure = traits?.isSecureTextEntry ?? false
        let numeric: Set<KeyboardType> = [.numberPad, .phonePad, .namePhonePad, .decimalPad, .asciiCapableNumberPad]
        let composes = model.composition != nil
        showsSuggestionBar = (offersSuggestions || composes) && !secure && !numeric.contains(type)
        keyHeight = Self.keyHeight(
            forWindowSize: windowSize, rows: model.rows.count, suggestionBar: showsSuggestionBar,
            physical: controller.physicalKeyHeight.map { $0 * controller.pointsPerMillimetre },
            growth: min(1.5, max(1, controller.window.preferredContentSizeCategory.scale)))  // the window's size even before the keyboard is in it
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
        for row in rows {
            let fixed = row.reduce(0) { $0 + ($1.width ?? 0) }
            let flexible = row.filter { $0.width == nil }.count
            let flexibleWidth = flexible > 0 ? max(1, (maxUnits - fixed) / Double(flexible)) : 0
            let width = (fixed + flexibleWidth * Double(flexible)) * unit
            var x = left + (rowWidth - width) / 2
            for key in row {
                let w = (key.width ?? flexibleWidth) * unit
                frames.append((key, Rect(x: (x + gap / 2).rounded(), y: y, width: max(0, (w - gap).rounded()), height: keyHeight)))
                x += w
            }
            y += keyHeight + gap
        }
        keyFrames = frames
    }

    /// The keys as accessibility elements, row by row (KeyboardView+Accessibility.swift).
    public override var accessibilityElements: [AccessibilityNode]? {
        get { super.accessibilityElements ?? keyAccessibilityElements() }
        set { super.accessibilityElements = newValue }
    }
    var cachedKeyElements: (signature: String, elements: [AccessibilityNode])?

    /// Types a key's action as a lifted finger would.
    func typeKeyAction(_ action: KeyboardKeyAction) { apply(model.pressing(action, at: now)) }

    /// The key under a point (nearest within its row's band, so gaps still hit).
    public func keyIndex(at point: Point) -> Int? {
        var best: (index: Int, distance: Double)?
        for (i, entry) in keyFrames.enumerated() {
            let f = entry.frame
            guard point.y >= f.minY - gap / 2, point.y < f.maxY + gap / 2 else { continue }
            let distance = point.x < f.minX ? f.minX - point.x : (point.x > f.maxX ? point.x - f.maxX : 0)
            if distance <= gap, best == nil || distance < best!.distance { best = (i, Double(distance)) }
        }
        return best?.index
    }

    // MARK: Drawing

    /// The high-contrast theme: white on black, larger labels (docs/behaviour/kiosk.md).
    var highContrast: Bool { window?.prefersHighContrast ?? false }
    var highContrastTheme: Bool { highContrast }
    private var keyFont: Font {
        highContrast ? .boldSystemFont(ofSize: (keyHeight * 0.62).rounded()) : .systemFont(ofSize: (keyHeight * 0.5).rounded())
    }
    private var smallFont: Font {
        highContrast ? .boldSystemFont(ofSize: (keyHeight * 0.42).rounded()) : .systemFont(ofSize: (keyHeight * 0.34).rounded())
    }

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        if highContrast { context.fill(bounds, color: .black) }  // over the light background
        if showsSuggestionBar {
            if candidates.isEmpty { drawSuggestionBar(in: context) } else { drawCandidateBar(in: context) }
        }
        let pressed = presses.map(\.press.frame)
        for entry in keyFrames where entry.frame.intersects(rect) {
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
        let highlighted = key.action == .return && key.isEnabled && model.returnKeyType != .default
        var fill = isCharacter ? Color.white : Color(rgb: 0xABB0BA)
        if highlighted { fill = .systemBlue }
        if key.action == .shift && model.shift != .off { fill = .white }
        if pressed { fill = isCharacter ? Color(rgb: 0xABB0BA) : .white }
        var labelColor: Color = key.isEnabled ? .black : Color(white: 0.55)
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
                Rect(x: frame.minX + 3, y: frame.maxY - 4, width: max(0, frame.width - 6), height: 5), color: Color(rgb: 0x898A8D))
            context.fillRoundedRect(frame, radius: 5, color: fill)
        }
        if isTrackpad { return }  // the trackpad blanks the labels
        let isWord = key.label.count > 1 && key.action != .text(key.label)
        let font = isWord || key.label.count > 2 ? smallFont : keyFont
        let run = context.shape(key.label, font: font)
        let metrics = context.fontProvider.metrics(for: font)
        context.drawText(
            run,
            at: Point(
                x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()),
            color: labelColor)
        if key.action == .shift && model.shift == .locked {
            context.fill(Rect(x: frame.midX - 6, y: frame.maxY - 7, width: 12, height: 2), color: .black)
        }
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches { begin(touch) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches { move(touch) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches { end(touch, cancelled: false) }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        for touch in touches { end(touch, cancelled: true) }
    }

    var now: Double { window?.backend.clock.now ?? 0 }

    private func begin(_ touch: Touch) {
        let point = touch.location(in: self)
        if showsSuggestionBar, point.y < suggestionBarHeight {
            if !candidates.isEmpty {
                candidateBarTouched(at: point)
                return
            }
            if let cell = suggestionFrames.firstIndex(where: { $0.contains(point) }) { suggestionCellTapped(cell) }
            return
        }
        guard let index = keyIndex(at: point), keyFrames[index].key.isEnabled else { return }
        // Two fingers landing together may be the trackpad: nothing types until they move
        // (KeyboardView+Trackpad.swift) or lift. Otherwise rollover: a key still held that has
        // not typed yet types now, before this one.
        let pairing = landsWithAnotherFinger(on: keyFrames[index].key)
        if !pairing { for (_, earlier) in presses where !earlier.committed { commit(earlier) } }
        // Typing may have changed the keys (a plane or the client changed): find the key again.
        guard let index = keyIndex(at: point), keyFrames[index].key.isEnabled else { return }
        let key = keyFrames[index].key
        let press = Press(key: key, frame: keyFrames[index].frame)
        (press.began, press.start, press.paired) = (now, point, pairing)
        if pairing { for (_, other) in presses where !other.committed { other.paired = true } }
        presses.append((ObjectIdentifier(touch), press))
        switch key.action {
        case .shift:
            press.committed = true
            apply(model.pressing(.shift, at: now))
        case .backspace:
            press.committed = true
            controller.perform(.deleteBackward)
            afterOutput()
            if let delay = accommodations.keyRepeatDelay {
                press.repeatStart = now + delay
                scheduleRepeat(press, after: delay)
            }
        case .text:
            showPreview(for: press)
            if !key.alternates.isEmpty {
                press.timer = window?.animator.schedule(after: Self.longPressDelay) { [weak self, weak press] in
                    guard let self, let press, !press.committed else { return }
                    press.alternatesShown = true
                    press.chosenAlternate = 0
                    self.showAlternates(for: press)
                }
            }
        case .space where accommodations.allowsSpaceBarTrackpad:
            // Held, the space bar becomes a trackpad (KeyboardView+Trackpad.swift).
            press.timer = window?.animator.schedule(after: Self.longPressDelay) { [weak self, weak press] in
                guard let self, let press, !press.committed else { return }
                self.startTrackpad(press, at: point)
            }
        case .globe:
            press.timer = window?.animator.schedule(after: Self.longPressDelay) { [weak self, weak press] in
                guard let self, let press, !press.committed else { return }
                press.languagesShown = true
                self.showLanguageList(over: press.frame)
            }
        default:
            break
        }
        setNeedsDisplay()
    }

    private func move(_ touch: Touch) {
        let point = touch.location(in: self)
        if let press = press(for: touch), press.trackpadOrigin != nil { return trackpadMoved(press, to: point) }
        if let press = press(for: touch), press.paired, !press.committed, point.distance(to: press.start) > Self.twoFingerSlop {
            return startTwoFingerTrackpad(press, at: point)
        }
        guard let press = press(for: touch), !press.committed else { return }
        if press.languagesShown, let list = languageList {
            list.highlighted = list.row(atY: list.convert(point, from: self).y)
            return
        }
        if press.alternatesShown, let popup {
            let local = popup.convert(point, from: self)
            press.chosenAlternate = popup.index(atX: local.x)
            popup.highlighted = press.chosenAlternate
            return
        }
        // Sliding to another key: the key under the finger at lift is the one typed.
        guard let index = keyIndex(at: point), keyFrames[index].frame != press.frame, keyFrames[index].key.isEnabled,
            case .text = keyFrames[index].key.action, case .text = press.key.action
        else { return }
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        press.key = keyFrames[index].key
        press.frame = keyFrames[index].frame
        showPreview(for: press)
        setNeedsDisplay()
    }

    private func end(_ touch: Touch, cancelled: Bool) {
        guard let position = presses.firstIndex(where: { $0.touch == ObjectIdentifier(touch) }) else { return }
        let landedBefore = presses[..<position].map(\.press)
        let press = presses.remove(at: position).press
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        if !cancelled && !press.committed {
            // Two fingers that lifted without moving type their keys in the order they landed.
            if press.paired { for earlier in landedBefore where earlier.paired && !earlier.committed { commit(earlier) } }
            commit(press)
        }
        if press.languagesShown { hideLanguageList() }
        if press.trackpadOrigin != nil { stopTrackpad() }
        press.committed = true
        if presses.isEmpty { hidePopup() }
        setNeedsDisplay()
    }

    private func press(for touch: Touch) -> Press? {
        presses.first { $0.touch == ObjectIdentifier(touch) }?.press
    }

    /// Forgets every held key without typing it (the keyboard is reconfigured for another client,
    /// or hides under a finger: a press whose lift it never sees would pair with the next key).
    func cancelPresses() {
        for (_, press) in presses {
            if let timer = press.timer { window?.animator.cancel(timer) }
            press.timer = nil
            press.committed = true
        }
        presses.removeAll()
        hidePopup()
        hideLanguageList()
    }

    /// Types what a press stands for (its chosen alternate, if it showed them).
    private func commit(_ press: Press) {
        press.committed = true
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        let key = press.key
        if press.languagesShown {
            let chosen = languageList?.highlighted.map { model.languages[$0] }
            hideLanguageList()
            if let chosen { controller.showLanguage(chosen) }
            return
        }
        if press.alternatesShown, press.chosenAlternate < key.alternates.count {
            model.letterTyped()
            controller.perform(.insert(key.alternates[press.chosenAlternate]))
            afterOutput()
            return
        }
        apply(model.pressing(key.action, at: now))
    }

    private func apply(_ result: (model: KeyboardModel, output: KeyboardOutput?)) {
        let planeBefore = model.plane, languageBefore = model.language, typeRows = model.rows.count, shiftBefore = model.shift
        model = result.model
        if model.shift != shiftBefore, result.output == nil { announceShift() }
        if let output = result.output {
            controller.perform(output)
            if output == .dismiss { return }
            afterOutput()
        }
        if model.plane != planeBefore || model.language != languageBefore || model.rows.count != typeRows {
            setNeedsLayout()
        }
        if model.language != languageBefore {
            controller.languageDidChange()
            refreshSuggestions()
        }
        setNeedsDisplay()
    }

    /// After the text changed: the return key's state, automatic capitals and suggestions.
    func afterOutput() {
        guard let client = controller.textClient as? Responder else { return }
        var next = model
        next.hasText = (client as? KeyInput)?.hasText ?? false
        next.updateAutomaticShift(contextBeforeCaret: context(of: client))
        model = next
        refreshSuggestions()
    }

    func context(of responder: Responder) -> String {
        (responder as? TextInputClient)?.documentContextBeforeInput ?? ""
    }

    private func scheduleRepeat(_ press: Press, after delay: Double) {
        press.timer = window?.animator.schedule(after: delay) { [weak self, weak press] in
            guard let self, let press, self.presses.contains(where: { $0.press === press }) else { return }
            let holding = self.now - (press.repeatStart ?? self.now)
            if let words = self.accommodations.wordDeletionDelay, holding >= words {
                self.deleteWordBackward()
            } else {
                self.controller.perform(.deleteBackward)
            }
            self.afterOutput()
            self.scheduleRepeat(press, after: self.accommodations.keyRepeatInterval)
        }
    }

    /// Deletes the word before the caret (and the spaces after it), one cluster at a time through
    /// the client's change path.
    private func deleteWordBackward() {
        guard let client = controller.textClient as? Responder else { return }
        let text = context(of: client)
        let trimmed = text.reversed().drop { $0 == " " }
        let spaces = text.count - trimmed.count
        let word = trimmed.prefix { !$0.isWhitespace && !$0.isPunctuation }.count
        for _ in 0..<max(1, spaces + word) { controller.perform(.deleteBackward) }
    }

    // MARK: Popups

    private func showPreview(for press: Press) {
        guard !model.isShowingPad else { return }
        presentPopup(KeyPopupView(labels: [press.key.label], font: keyFont), over: press.frame)
    }

    private func showAlternates(for press: Press) {
        let popup = KeyPopupView(labels: press.key.alternates, font: keyFont)
        popup.highlighted = 0
        presentPopup(popup, over: press.frame)
    }

    private func presentPopup(_ newPopup: KeyPopupView, over keyFrame: Rect) {
        guard let window else { return }
        hidePopup()
        let key = convert(keyFrame, to: nil)
        // Cells shrink so that a long row of alternates (Vietnamese a has 17) stays on screen.
        let cellWidth = min(max(key.width, keyHeight * 0.9), (window.bounds.width - 12) / Double(newPopup.labels.count))
        let size = Size(width: cellWidth * Double(newPopup.labels.count) + 8, height: (keyHeight * 1.25).rounded())
        var x = key.midX - cellWidth / 2 - 4
        x = min(max(2, x), window.bounds.width - size.width - 2)
        newPopup.cellWidth = cellWidth
        newPopup.frame = Rect(x: x.rounded(), y: (key.minY - size.height - 4).rounded(), width: size.width, height: size.height)
        window.topLayer.addSubview(newPopup)
        popup = newPopup
    }

    private func showLanguageList(over keyFrame: Rect) {
        guard let window else { return }
        hidePopup()
        let names = model.languages.map { model.layouts.languages[$0]?.name ?? $0 }
        let rowHeight = (keyHeight * 0.9).rounded()
        let font = Font.systemFont(ofSize: (keyHeight * 0.4).rounded())
        let list = LanguageListView(
            names: names, current: model.languages.firstIndex(of: model.language) ?? 0, rowHeight: rowHeight, font: font)
        let key = convert(keyFrame, to: nil)
        let width = min(window.bounds.width - 4, max(200, (names.map { fontProvider.shape($0, font: font).width }.max() ?? 0) + rowHeight * 0.7 + 32))
        let height = min(key.minY - 6, rowHeight * Double(names.count) + 8)
        let x = min(max(2, key.minX), window.bounds.width - width - 2)
        list.frame = Rect(x: x.rounded(), y: (key.minY - height - 4).rounded(), width: width.rounded(), height: height.rounded())
        window.topLayer.addSubview(list)
        languageList = list
    }

    private func hideLanguageList() {
        languageList?.removeFromSuperview()
        languageList = nil
    }

    func hidePopup() {
        popup?.removeFromSuperview()
        popup = nil
    }
}

