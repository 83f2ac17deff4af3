// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import Foundation

/// One soak run on one window: turns the generator's choices into concrete events aimed at what
/// is on screen now, applies them, and checks the invariants after each.
@MainActor
final class SoakSession {
    let host: HeadlessWindow
    unowned let soak: Soak
    private var window: Window { host.window }
    /// Keyboard avoidance owes the focused view a place: something it reacts to happened since
    /// the user last moved content by hand.
    private var avoidanceOwed = false
    /// A focused text view owes its caret a place in its view.
    private var caretOwed = false
    private var modals: [View] = []
    /// The fingers the soak has put down and not lifted.
    private var fingersDown = Set<Int>()
    /// Single-line editors found free of line breaks, by the document state they were scanned at.
    private var scanned: [ObjectIdentifier: (lineage: TextDocument.Lineage, editCount: Int)] = [:]

    /// The independent model of every editor's text.
    private let oracle = ContentOracle()

    init(host: HeadlessWindow, soak: Soak) {
        self.host = host
        self.soak = soak
        host.window.textEditObserver = oracle
        // The engines' commits are heard from the engines themselves.
        if let provider = host.backend.textComposers, !(provider is RecordingComposers) {
            let recording = RecordingComposers(provider)
            host.backend.textComposers = recording
            oracle.engines = recording
        }
        // So are the system input method's.
        oracle.inputMethod = host.backend.inputMethod as? SoakInputMethod
        // Drawing must change nothing (the layout phase settles it): reported as a check, in any build.
        host.window.checksDrawingChangesNothing = true
        host.window.drawingCheck.assertsDrawingChangesNothing = false
    }

    // MARK: Applying

    /// Applies one event and returns the problems the checks find after it.
    func apply(_ event: SoakEvent) -> [String] {
        let before = Snapshot(window)
        oracle.beginEvent(event, in: window)
        if case .compose = event { oracle.eventIsComposition = true }
        defer { oracle.eventIsComposition = false }
        switch event {
        case let .touch(finger, phase, x, y):
            let phases: [TouchPhase] = [.began, .moved, .ended, .cancelled]
            window.send(.touch(id: finger, phase: phases[max(0, min(3, phase))], location: Point(x: x, y: y)))
            if phase == 0 { fingersDown.insert(finger) } else if phase >= 2 { fingersDown.remove(finger) }
        case let .mouseDown(button, x, y, clicks, modifiers):
            window.send(
                .mouseDown(
                    button: PointerButton(rawValue: button) ?? .primary, location: Point(x: x, y: y), clickCount: clicks,
                    modifiers: KeyModifierFlags(rawValue: modifiers)))
        case let .mouseMoved(button, x, y):
            window.send(
                .mouseMoved(location: Point(x: x, y: y), buttons: [PointerButton(rawValue: button) ?? .primary], modifiers: []))
        case let .mouseUp(button, x, y, modifiers):
            window.send(
                .mouseUp(
                    button: PointerButton(rawValue: button) ?? .primary, location: Point(x: x, y: y),
                    modifiers: KeyModifierFlags(rawValue: modifiers)))
        case let .wheel(dx, dy, x, y):
            window.send(.scroll(dx: dx, dy: dy, location: Point(x: x, y: y), modifiers: []))
        case let .key(code, characters, modifiers, isDown, isRepeat):
            let key = Key(
                keyCode: KeyboardHIDUsage(rawValue: code), characters: characters,
                charactersIgnoringModifiers: characters.lowercased(), modifierFlags: KeyModifierFlags(rawValue: modifiers))
            window.send(.key(key, isDown: isDown, isRepeat: isRepeat))
        case let .text(text):
            window.send(.textInput(text))
        case let .rawText(bytes):
            for e in soak.rawTextEvents(bytes) { window.send(e) }
        case let .compose(text, start, length):
            let range = start.map { $0..<($0 + max(0, length ?? 0)) }
            window.send(.textEditing(text, selectedRange: range))
        case let .clipboard(text):
            window.backend.clipboard.string = text
        case let .advance(seconds):
            // What the system input method sends while time passes is read as it comes (its
            // watcher wakes the loop), not after: IBus's commit on a reset an animation's end
            // caused came a second late and was no longer known for the echo it was (seed
            // 470000019: a date picker's value written over a composition).
            if let method = oracle.inputMethod {
                var left = seconds
                while left > 1e-9 {
                    let step = min(host.frameInterval, left)
                    host.advance(by: step)
                    left -= step
                    if method.hasSignals { window.send([]) }
                }
            } else {
                host.advance(by: seconds)
            }
        case let .resize(width, height):
            try? host.resize(to: Size(width: width, height: height))
        case let .language(n):
            let offered = window.keyboard.inputModes
            if !offered.isEmpty { window.keyboard.showLanguage(offered[n % offered.count].identifier) }
        case let .focus(n):
            let views = focusableViews()
            if !views.isEmpty { _ = views[n % views.count].becomeFirstResponder() }
        case let .endEditing(force):
            _ = window.endEditing(force)
        case let .keyboardType(n, type):
            let views = focusableViews()
            if !views.isEmpty, let kind = KeyboardType(rawValue: type) {
                let view = views[n % views.count]
                if let field = view as? TextField { field.keyboardType = kind }
                if let textView = view as? TextView { textView.keyboardType = kind }
                if let editor = view as? TextEditingView { editor.traits.keyboardType = kind }
                view.reloadInputViews()
            }
        case let .accessory(n, height):
            let views = focusableViews()
            if !views.isEmpty {
                let view = views[n % views.count]
                let bar = height.map { h -> View in
                    let bar = View(frame: Rect(x: 0, y: 0, width: 320, height: h))
                    bar.backgroundColor = .systemGray6
                    return bar
                }
                if let field = view as? TextField { field.inputAccessoryView = bar }
                if let textView = view as? TextView { textView.inputAccessoryView = bar }
                view.reloadInputViews()
            }
        case let .modal(present):
            if present {
                let dialog = View(frame: Rect(x: 0, y: 0, width: 280, height: 120))
                dialog.backgroundColor = .white
                let field = TextField(frame: Rect(x: 20, y: 40, width: 240, height: 40))
                field.borderStyle = .roundedRect
                field.placeholder = "In a dialog"
                dialog.addSubview(field)
                window.overlays.presentModal(dialog)
                modals.append(dialog)
            } else if let dialog = modals.popLast() {
                window.overlays.dismissModal(dialog)
            }
        case .draw:
            host.drawFrame()
        }
        // The app's loop draws a frame after each turn of events, and the frame begins with the
        // window's layout, where keyboard avoidance runs (docs/behaviour/avoidance.md); the soak
        // draws only at its draw events, so each event ends with that layout, as its turn would.
        window.layoutIfNeeded()
        // What the system input method sends wakes the app's loop at once (its watcher thread):
        // a turn reads it, within the same moment.
        if let method = oracle.inputMethod {
            var turns = 0
            while method.hasSignals && turns < 4 {
                window.send([])
                turns += 1
            }
        }
        let after = Snapshot(window)
        if event.movesContentByHand {
            avoidanceOwed = false
            caretOwed = false
        } else {
            // A caret that code moved by setting the text (a date picker writing its value after
            // the person scrolled the field away, soak seed 300000192) owes nothing: code moves
            // no content, as in UIKit.
            let focusEditor = (window.firstResponder as? View).flatMap(SoakSession.editor(of:))
            let caretMoved = after.selection != before.selection && !(focusEditor.map(oracle.codeSetText(in:)) ?? false)
            if after.responder !== before.responder || after.keyboardFrame != before.keyboardFrame
                || after.size != before.size || caretMoved || after.keyboardVisible != before.keyboardVisible
            {
                avoidanceOwed = true
            }
            // A caret that moved must show (focus alone does not move it: a tap places it after).
            if after.responder !== before.responder { caretOwed = false }
            if caretMoved && after.responder === before.responder { caretOwed = true }
        }
        soak.afterEachEvent?(event, window)
        // Geometry as the next frame shows it, for the checks that owe it: a resize's layout
        // runs before anything is drawn, and the visible text's layout with it (seed 420000211:
        // a touch in a text view laid out the lines under it, moving the caret's line below its
        // bounds until the next frame's layout phase kept it in view). Run before the oracle
        // reads the texts: a table's layout sets its reused cells' fields (seed 450000123).
        if !window.animator.isAnimating, avoidanceOwed || caretOwed { window.layOutForNextFrame() }
        return oracle.problems(editors: allViews().compactMap { $0 as? TextEditingView }) + check()
    }

    /// What the checks compare before and after an event.
    private struct Snapshot {
        weak var responder: Responder?
        var keyboardFrame: Rect
        var keyboardVisible: Bool
        var size: Size
        var selection: Range<Int>?

        @MainActor init(_ window: Window) {
            responder = window.firstResponder
            keyboardFrame = window.keyboard.frame
            keyboardVisible = window.keyboard.isVisible
            size = window.bounds.size
            selection = (window.firstResponder as? View).flatMap(SoakSession.editor(of:))?.selectedRange
        }
    }

    // MARK: Checks

    static func editor(of view: View) -> TextEditingView? {
        if let field = view as? TextField { return field.editor }
        if let textView = view as? TextView { return textView.editor }
        return view as? TextEditingView
    }

    private func allViews() -> [View] {
        var result: [View] = []
        func visit(_ view: View) {
            result.append(view)
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        return result
    }

    func focusableViews() -> [View] {
        allViews().filter { !($0 is Window) && $0.canBecomeFirstResponder && ($0 is TextField || $0 is TextView || $0 is TextEditingView) }
            .filter { view in
                // An editor inside a field or text view is reached through its host.
                !(view is TextEditingView && (view.superview is TextField || view.superview is TextView))
            }
    }

    /// Whether a scalar breaks a line (LF, CR, NEL, VT, FF, LS, PS).
    nonisolated static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The built-in invariants and the app's checks.
    private func check() -> [String] {
        var problems: [String] = []
        for view in allViews() {
            let f = view.frame
            if ![f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) || f.width < 0 || f.height < 0 {
                problems.append("\(type(of: view)) has frame \(f)")
            }
            if let editor = view as? TextEditingView {
                let name = SoakSession.name(of: editor.superview is TextField || editor.superview is TextView ? editor.superview! : editor)
                problems += editor.model.invariantViolations().map { "\(name): \($0)" }
                if editor.isSingleLine, hasLineBreak(editor) {
                    problems.append(
                        "\(name): a line break in a single-line field: \(editor.text.prefix(80).debugDescription) \(editor.model.document.paragraphs.count) \(editor.text.unicodeScalars.map { $0.value })"
                    )
                }
            }
            if let field = view as? TextField, field.maximumLength != nil || field.allowedCharacters != nil {
                let committed = Self.committedText(of: field.editor)
                if let limit = field.maximumLength, committed.count > limit {
                    problems.append("\(Self.name(of: field)): \(committed.count) characters, more than maximumLength \(limit)")
                }
                if let allowed = field.allowedCharacters, let bad = committed.unicodeScalars.first(where: { !allowed.contains($0) }) {
                    problems.append("\(Self.name(of: field)): U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed")
                }
            }
        }
        problems += keyboardProblems()
        problems += compositionProblems()
        if fingersDown.isEmpty, !window.animator.isAnimating, window.showsTextLoupe {
            problems.append("a text loupe shows with no finger down")
        }
        if !window.animator.isAnimating {
            if avoidanceOwed { problems += avoidanceProblems() }
            if caretOwed { problems += caretProblems() }
        }
        for check in soak.checks { problems += check(window) }
        problems += window.drawingCheck.takeDrawingProblems()
        if let renderer = host.nullRenderer, !renderer.problems.isEmpty {
            problems += renderer.problems
            renderer.problems.removeAll()
        }
        return problems
    }

    /// Whether a single-line editor's text holds a line break (scanned again only after an edit).
    private func hasLineBreak(_ editor: TextEditingView) -> Bool {
        let document = editor.model.document
        let key = ObjectIdentifier(editor)
        if let known = scanned[key], known.lineage === document.lineage, known.editCount == document.editCount {
            return false
        }
        if document.paragraphs.count > 1 || document.string.unicodeScalars.contains(where: Self.isLineBreak) { return true }
        scanned[key] = (document.lineage, document.editCount)
        return false
    }

    /// The text of an editor without its marked (preedit) text: what was committed.
    static func committedText(of editor: TextEditingView) -> String {
        let document = editor.model.document
        guard let marked = editor.model.markedRange else { return document.string }
        return document.substring(0..<marked.lowerBound) + document.substring(marked.upperBound..<document.utf16Count)
    }

    static func name(of view: View) -> String {
        "\(type(of: view))" + (view.accessibilityIdentifier.map { " \"\($0)\"" } ?? "")
    }

    /// docs/behaviour/world-input.md: what the on-screen keyboard's engine is composing is what the
    /// focused text shows as marked text, neither lost nor typed twice.
    func compositionProblems() -> [String] {
        let engine = window.keyboard.compositionState.preedit
        guard !engine.isEmpty else { return [] }
        // The engine composes only for a focused client that takes marked text (its state is empty otherwise).
        guard let editor = window.focusedEditor else { return [] }
        // The preedit itself: the marked range widens over clusters it joins with the text around it
        // (a variation selector after it), which the commit keeps.
        let marked = editor.model.preeditRange.map { editor.model.document.substring($0) }
        return marked == engine
            ? [] : ["the keyboard composes \(engine.debugDescription), the text shows \((marked ?? "no marked text").debugDescription)"]
    }

    private func keyboardProblems() -> [String] {
        let keyboard = window.keyboard
        guard keyboard.isVisible, !window.animator.isAnimating else { return [] }
        let frame = keyboard.frame, bounds = window.bounds
        var problems: [String] = []
        if abs(frame.maxY - bounds.maxY) > 0.5 || abs(frame.width - bounds.width) > 0.5 {
            problems.append("the keyboard's frame \(frame) is not at the bottom of the \(bounds.size) window")
        }
        if keyboard.container.frame != frame {
            problems.append("the keyboard is drawn at \(keyboard.container.frame), its frame is \(frame)")
        }
        return problems
    }

    /// docs/behaviour/avoidance.md: the focus rect plus its margin above the keyboard and inside the window, when that fits.
    private func avoidanceProblems() -> [String] {
        guard window.keyboard.isVisible, window.keyboardAvoidance.policy != .none,
            let focus = window.firstResponder as? View, focus.window === window, !focus.isHidden
        else { return [] }
        // An app laying its screen out on the keyboard guide keeps the view in view itself: no margin.
        if KeyboardAvoidanceAudit.laysOutOnKeyboardGuide(focus, in: window), KeyboardAvoidanceAudit.isWhollyInView(focus, in: window) {
            return []
        }
        // A bar on the keyboard taller than the space above it: where it goes is the app's choice.
        if KeyboardAvoidanceAudit.ridesKeyboardOnBarTallerThanSpace(focus, in: window) { return [] }
        let rect = focus.convert(focus.keyboardAvoidanceRect, to: nil)
        let top = window.keyboardAvoidance.keyboardTop
        // Margins on both sides when they fit, less when they do not; a rect taller than the
        // space above the keyboard cannot be helped.
        let margin = max(0, min(focus.keyboardAvoidanceMargin ?? window.keyboardAvoidance.defaultMargin, (top - rect.height) / 2))
        guard rect.height <= top, rect.height > 0 else { return [] }
        var problems: [String] = []
        if rect.maxY + margin > top + 0.5 {
            problems.append(
                "\(Self.name(of: focus)) at \(rect) is under the keyboard (top \(top), margin \(margin), window \(window.bounds.size))")
        }
        if rect.minY - margin < -0.5 {
            problems.append("\(Self.name(of: focus)) at \(rect) is above the window's top (window \(window.bounds.size))")
        }
        return problems
    }

    /// A focused text view keeps its caret's line inside its visible bounds.
    private func caretProblems() -> [String] {
        guard let textView = window.firstResponder as? TextView, textView.isEditable else { return [] }
        let caret = textView.editor.convert(textView.editor.caretRect, to: textView)
        let visible = textView.bounds
        guard visible.height >= caret.height + 2, caret.height > 0 else { return [] }
        if caret.minY < visible.minY - 1 || caret.maxY > visible.maxY + 1 {
            return ["\(Self.name(of: textView)): caret line \(caret) is outside the visible \(visible)"]
        }
        return []
    }
}
