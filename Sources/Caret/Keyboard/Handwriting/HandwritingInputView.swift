// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A writing pad for the focused text, as an app's `inputView` or the on-screen keyboard's
/// handwriting mode (docs/behaviour/world-input.md): strokes are drawn as they are written, each
/// stroke is read by the model's recogniser, the likeliest character shows as marked text and the
/// others in the pad's candidate strip. A pause ends the character (its ink goes; it stays
/// marked), and writing the next one commits it, as does a candidate, the space bar or Return.
/// Backspace takes back the last stroke, then the marked character, then text. It is a source of
/// the window's input session like the keyboard's engines and the system's input method.
@preconcurrency @MainActor
public final class HandwritingInputView: View, TextInputSource {
    /// The recogniser's model ("ja", "zh-Hans", "latin", "greek", "cyrillic").
    public let model: String
    /// Seconds without a stroke after which the character is finished.
    public var characterPause = 1.0
    /// The strokes of the character being written, in the writing area's coordinates.
    public private(set) var strokes: [HandwritingStroke] = []
    /// The candidates for the character shown (the first is the marked text).
    public private(set) var candidates: [String] = []
    /// Why the model cannot read writing here (its engine or data is missing), or nil.
    public private(set) var problem: CaretError?
    /// Whether the pad shows its own candidate strip and keys (an input view), or is the
    /// keyboard's handwriting mode, whose bar shows the candidates and whose keys it hears.
    var showsOwnControls = true
    /// How a key the pad does not need is typed (the keyboard's own path, as its handwriting mode).
    var typeKey: ((Key) -> Void)?

    private var recognizer: HandwritingRecognizer?
    private var current: [Point]?
    /// The stroke being written.
    var currentInk: [Point] { current ?? [] }
    private var pause: Animator.Token?
    /// Whether the ink on the pad is a finished character (the next stroke starts another).
    private var finished = false
    private var pressedKey: Key?
    /// The key held down, drawn pressed.
    var pressedKeyShown: Key? { pressedKey }
    /// The writing area and the keys as accessibility elements (made once), and the candidate
    /// cells for the candidates and frames they were made for.
    var writingAreaElement: AccessibilityElement?
    var keyElements: [AccessibilityElement] = []
    var cachedCandidateElements: (signature: String, elements: [AccessibilityNode])?

    /// The strip's candidates, the writing area and the keys (…+Accessibility.swift).
    public override var accessibilityElements: [AccessibilityNode]? {
        get { super.accessibilityElements ?? padAccessibilityElements() }
        set { super.accessibilityElements = newValue }
    }

    /// The keys of the pad's bottom row.
    enum Key: Hashable { case space, backspace, `return` }

    /// A pad for a model (see `model`); its recogniser comes from the window's backend when it
    /// has handwriting engines (`PlatformEngine.handwriting`), else from Caret's own.
    public init(model: String) {
        self.model = model
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 260))
        backgroundColor = KeyboardView.backdropColor
    }

    /// Made in code only: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// The height an input view of this width asks for.
    public static func preferredHeight(forWidth width: Double) -> Double { (min(320, max(220, width * 0.45))).rounded() }

    // MARK: Geometry

    var stripHeight: Double { showsOwnControls ? 44 : 0 }
    var rowHeight: Double { showsOwnControls ? 48 : 0 }
    /// The writing area, between the candidate strip and the keys.
    public var writingArea: Rect {
        showsOwnControls
            ? Rect(x: 6, y: stripHeight + 4, width: max(0, bounds.width - 12), height: max(0, bounds.height - stripHeight - rowHeight - 14))
            : bounds
    }
    /// The guide Latin, Greek and Cyrillic are read against: the baseline at three quarters of the area.
    var guide: HandwritingGuide { HandwritingGuide(size: writingArea.size) }

    /// The bottom row's keys and their rectangles.
    var keyFrames: [(key: Key, frame: Rect)] {
        guard showsOwnControls else { return [] }
        let keys: [(Key, Double)] = [(.space, 4), (.backspace, 1.5), (.return, 1.5)]
        let total = keys.reduce(0) { $0 + $1.1 }
        let unit = (bounds.width - 6) / total
        var x = 3.0
        let y = bounds.height - rowHeight - 4
        return keys.map { key, width in
            defer { x += width * unit }
            return (key, Rect(x: (x + 3).rounded(), y: y, width: (width * unit - 6).rounded(), height: rowHeight))
        }
    }

    /// The candidate cells of the strip.
    var candidateFrames: [Rect] {
        guard showsOwnControls else { return [] }
        let shown = min(candidates.count, max(1, Int(bounds.width / 64)))
        guard shown > 0 else { return [] }
        let width = bounds.width / Double(shown)
        return (0..<shown).map { Rect(x: Double($0) * width, y: 0, width: width, height: stripHeight) }
    }

    // MARK: Recognition

    /// On a window, a bundled model (Latin, Greek, Cyrillic: their templates take a moment) is read
    /// in the background, so the first stroke does not wait for it.
    public override func didMoveToWindow() {
        super.didMoveToWindow()
        guard window != nil, recognizer == nil, problem == nil, BundledHandwritingRecognizers.models.contains(model) else { return }
        let model = self.model
        DispatchQueue.global(qos: .userInitiated).async { _ = try? BundledHandwritingRecognizers.shared.makeRecognizer(for: model) }
    }

    private func makeRecognizer() -> HandwritingRecognizer? {
        if let recognizer { return recognizer }
        guard problem == nil else { return nil }
        let provider = window?.backend.handwritingRecognizers ?? BundledHandwritingRecognizers.shared
        do throws(CaretError) {
            recognizer = try provider.makeRecognizer(for: model)
        } catch {
            problem = error
            setNeedsDisplay()
        }
        return recognizer
    }

    /// Reads the strokes written so far: the candidates go to the session, the first as marked text.
    func recognize() {
        guard let recognizer = makeRecognizer() else { return }
        let area = writingArea
        let local = strokes.map { HandwritingStroke(points: $0.points.map { Point(x: $0.x - area.minX, y: $0.y - area.minY) }) }
        candidates = local.isEmpty ? [] : recognizer.candidates(for: local, guide: guide, limit: 10).map(\.text)
        showComposition()
        // The character read is said (a secure field's is committed at once as a dot and no candidate stays).
        if let first = candidates.first {
            window?.postAccessibility(.notification(.announcement, argument: Accessibility.announcement(first, language: speechLanguage)))
        }
        setNeedsDisplay(Rect(x: 0, y: 0, width: bounds.width, height: stripHeight))
    }

    private var session: TextInputSession? {
        guard let session = window?.inputSession, session.client != nil else { return nil }
        return session
    }

    private func showComposition() {
        guard let session else { return }
        window?.textEditObserver?.handwriting(committed: "", preedit: candidates.first ?? "")
        session.setComposition(CompositionState(preedit: candidates.first ?? "", candidates: candidates), from: self)
    }

    /// Commits a candidate (the first by default) and clears the pad.
    func commit(_ index: Int = 0) {
        guard candidates.indices.contains(index), let session else { return clear() }
        let text = candidates[index]
        clear()
        window?.textEditObserver?.handwriting(committed: text, preedit: "")
        session.insertText(text, origin: .inputMethod, from: self)
    }

    /// Clears the ink and the candidates (the composition is the session's to end).
    private func clear() {
        strokes = []
        current = nil
        candidates = []
        finished = false
        if let pause { window?.animator.cancel(pause) }
        pause = nil
        setNeedsDisplay()
    }

    // MARK: TextInputSource

    /// The session committed or dropped the marked character: the pad forgets it.
    public func inputSession(_ session: TextInputSession, didSettleCompositionResetting resetting: Bool) { clear() }

    /// A candidate in the keyboard's bar (or the strip) was chosen.
    public func inputSession(_ session: TextInputSession, didChooseCandidateAt index: Int) { commit(index) }

    /// Draws the strip, the writing area with its guide and ink, and the keys (…+Drawing.swift).
    public override func draw(_ rect: Rect, in context: GraphicsContext) { drawPad(in: context) }

    // MARK: Touches

    /// The pad's own: no recognizer but its own begins on it.
    public override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { gestureRecognizer.view === self }

    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        if point.y < stripHeight {
            if let index = candidateFrames.firstIndex(where: { $0.contains(point) }) { commit(index) }
            return
        }
        if let key = keyFrames.first(where: { $0.frame.contains(point) })?.key {
            pressedKey = key
            setNeedsDisplay()
            return
        }
        guard writingArea.contains(point) else { return }
        if let pause { window?.animator.cancel(pause) }
        pause = nil
        // A finished character is committed as the next one begins.
        if finished { commit() }
        current = [point]
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let touch = touches.first, var points = current, let last = points.last else { return }
        let area = writingArea
        let point = touch.location(in: self)
        let clamped = Point(x: min(max(point.x, area.minX), area.maxX), y: min(max(point.y, area.minY), area.maxY))
        points.append(clamped)
        current = points
        setNeedsDisplay(
            Rect(x: min(last.x, clamped.x), y: min(last.y, clamped.y), width: abs(clamped.x - last.x), height: abs(clamped.y - last.y)).insetBy(
                dx: -4, dy: -4))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        if let key = pressedKey {
            pressedKey = nil
            setNeedsDisplay()
            if let touch = touches.first, keyFrames.first(where: { $0.key == key })?.frame.contains(touch.location(in: self)) == true { press(key) }
            return
        }
        guard let points = current else { return }
        current = nil
        strokes.append(HandwritingStroke(points: points))
        recognize()
        pause = window?.animator.schedule(after: characterPause) { [weak self] in
            guard let self else { return }
            self.pause = nil
            self.finished = true
            self.strokes = []  // the ink goes; the character stays marked with its candidates
            self.setNeedsDisplay()
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        pressedKey = nil
        current = nil
        setNeedsDisplay()
    }

    /// A key of the bottom row: space and Return commit the marked character (Return alone, space
    /// too when nothing is marked types itself); Backspace takes back a stroke, the character,
    /// then text.
    func press(_ key: Key) {
        switch key {
        case .space, .return:
            if !candidates.isEmpty { return commit() }
            if let typeKey { return typeKey(key) }
            let text = key == .space ? " " : "\n"
            if let session { session.insertText(text, origin: .onScreenKeyboard) } else { (window?.firstResponder as? KeyInput)?.insertText(text) }
        case .backspace:
            if !strokes.isEmpty {
                strokes.removeLast()
                if strokes.isEmpty {
                    candidates = []
                    window?.textEditObserver?.handwriting(committed: "", preedit: "")
                    session?.setMarkedText("", selectedRange: NSRange(location: 0, length: 0), from: self)
                    clear()
                } else {
                    recognize()
                }
            } else if !candidates.isEmpty {
                candidates = []
                window?.textEditObserver?.handwriting(committed: "", preedit: "")
                session?.setMarkedText("", selectedRange: NSRange(location: 0, length: 0), from: self)
                clear()
            } else if let typeKey {
                typeKey(key)
            } else {
                (window?.firstResponder as? KeyInput)?.deleteBackward()
            }
        }
    }
}
