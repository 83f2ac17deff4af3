// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import Foundation

/// The generator: each gesture is a short list of concrete events aimed at what the window shows
/// now — its fields, buttons, keyboard keys, suggestions, edit menu, the caret and its handles.
extension SoakSession {
    private var window: Window { host.window }

    /// The next gesture's events (at least one).
    func nextGesture(_ random: inout SoakRandom) -> [SoakEvent] {
        var events: [SoakEvent]
        switch random.weighted(soak.systemInputMethodComposes ? Self.systemInputMethodWeights : Self.gestureWeights) {
        case .tap: events = tap(at: target(&random), &random)
        case .doubleTap:
            let point = target(&random)
            events = tap(at: point, &random) + [.advance(0.1)] + tap(at: point, &random)
        case .longPress: events = longPress(&random)
        case .drag: events = drag(&random)
        case .rollover: events = rollover(&random)
        case .trackpad: events = trackpad(&random)
        case .swipe: events = swipe(&random)
        case .handwrite: events = handwrite(&random)
        case .mouse: events = mouse(&random)
        case .wheel:
            let p = target(&random)
            events = [.wheel(dx: 0, dy: Double.random(in: -400...400, using: &random), x: p.x, y: p.y)]
        case .key: events = hardwareKey(&random)
        case .text: events = [.text(SoakText.piece(&random))]
        case .typeWord: events = typeWord(&random)
        case .keyWord: events = keyWord(&random)
        case .rawText: events = [.rawText(SoakText.rawBytes(&random))]
        case .compose: events = composition(&random)
        case .paste:
            let text = SoakText.paste(&random, maximumLength: soak.maximumPasteLength)
            events =
                [.clipboard(text)]
                + keyPress(code: KeyboardHIDUsage.letter("v")!.rawValue, characters: "v", modifiers: KeyModifierFlags.control.rawValue)
        case .resize:
            let size =
                random.chance(0.8)
                ? random.pick(soak.sizes)
                : Size(width: Double(Int.random(in: 120...1600, using: &random)), height: Double(Int.random(in: 100...1600, using: &random)))
            events = [.resize(width: size.width, height: size.height)]
        case .focus: events = [.focus(Int.random(in: 0..<64, using: &random))]
        case .endEditing: events = [.endEditing(force: random.chance(0.5))]
        case .keyboardType:
            events = [.keyboardType(view: Int.random(in: 0..<64, using: &random), type: random.pick(KeyboardType.allCases).rawValue)]
        case .accessory:
            events = [
                .accessory(
                    view: Int.random(in: 0..<64, using: &random), height: random.chance(0.6) ? Double(Int.random(in: 30...80, using: &random)) : nil)
            ]
        case .modal: events = [.modal(present: random.chance(0.6))]
        case .language: events = [.language(Int.random(in: 0..<16, using: &random))]
        case .advance:
            events = [.advance(random.pick([1.0 / 60, 0.1, 0.3, 0.5, 1.0, 2.0]))]
        }
        if random.chance(0.7) { events.append(.draw) }
        return events
    }

    private enum Gesture {
        case tap, doubleTap, longPress, drag, rollover, trackpad, swipe, handwrite, mouse, wheel, key, text, typeWord, keyWord, rawText, compose,
            paste, resize
        case focus, endEditing, keyboardType, accessory, modal, language, advance
    }

    private static let gestureWeights: [(Double, Gesture)] = [
        (22, .tap), (3, .doubleTap), (4, .longPress), (6, .drag), (2, .rollover), (2, .trackpad), (3, .swipe), (3, .handwrite), (8, .mouse),
        (3, .wheel),
        (12, .key), (10, .text), (2, .typeWord), (1.5, .rawText), (5, .compose), (2, .paste), (1, .resize), (3, .focus),
        (1, .endEditing), (1, .keyboardType), (1, .accessory), (0.7, .modal), (1, .language), (8, .advance),
    ]

    /// With a system input method that composes hardware keys: words typed on hardware keys in
    /// place of the platform's own compositions and text.
    private static let systemInputMethodWeights: [(Double, Gesture)] =
        gestureWeights.map { weight, gesture in
            switch gesture {
            case .text, .rawText, .compose: return (0, gesture)
            case .key: return (16, gesture)
            default: return (weight, gesture)
            }
        } + [(12, .keyWord)]

    // MARK: Targets

    /// A point worth touching: a field, a button, a key, a suggestion, an edit-menu command,
    /// the caret or a selection handle; sometimes anywhere.
    private func target(_ random: inout SoakRandom) -> Point {
        var candidates: [Rect] = []
        switch Int.random(in: 0..<8, using: &random) {
        case 0: break
        case 1, 2: candidates = focusableViews().map { $0.convert($0.bounds, to: nil) }
        case 3: candidates = buttons().map { $0.convert($0.bounds, to: nil) }
        case 4, 5:
            if let keyboard = window.keyboard.keyboardView, window.keyboard.isVisible, keyboard.window === window {
                candidates = keyboard.keyFrames.map { keyboard.convert($0.frame, to: nil) }
                candidates += keyboard.suggestionFrames.map { keyboard.convert($0, to: nil) }
                // A composing language's candidates, the panel's button, cells and page turns.
                candidates += keyboard.candidateFrames.map { keyboard.convert($0, to: nil) }
                candidates += [keyboard.candidateExpandButtonFrame].compactMap { $0.map { keyboard.convert($0, to: nil) } }
                // Japanese conversion's clause buttons (◀ ▶ 縮 伸).
                candidates += keyboard.clauseButtonFrames.map { keyboard.convert($0.frame, to: nil) }
                if let panel = keyboard.candidatePanel {
                    candidates += (panel.visibleCells.map(\.frame) + [panel.turnFrames.back, panel.turnFrames.forward]).map {
                        panel.convert($0, to: nil)
                    }
                }
            }
        case 6:
            candidates = window.overlays.popups.flatMap { popup in
                popup.subviews.map { $0.convert($0.bounds, to: nil) } + [popup.convert(popup.bounds, to: nil)]
            }
        default:
            if let view = window.firstResponder as? View, let editor = Self.editor(of: view) {
                let range = editor.selectedRange
                for offset in [range.lowerBound, range.upperBound] {
                    let caret = editor.layout.caretRect(at: min(offset, editor.model.utf16Count))
                    let origin = editor.textOrigin
                    candidates.append(editor.convert(caret.offsetBy(dx: origin.x, dy: origin.y), to: nil).insetBy(dx: -8, dy: -14))
                }
            }
        }
        let bounds = window.bounds
        guard !candidates.isEmpty else {
            return Point(
                x: Double.random(in: 0..<max(1, bounds.width), using: &random), y: Double.random(in: 0..<max(1, bounds.height), using: &random))
        }
        let rect = random.pick(candidates)
        let x = rect.width > 0 ? Double.random(in: rect.minX..<rect.maxX, using: &random) : rect.minX
        let y = rect.height > 0 ? Double.random(in: rect.minY..<rect.maxY, using: &random) : rect.minY
        return Point(x: x.rounded(), y: y.rounded())
    }

    private func buttons() -> [View] {
        var found: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if view is Button { found.append(view) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        return found
    }

    // MARK: Gestures

    private func tap(at point: Point, _ random: inout SoakRandom) -> [SoakEvent] {
        let finger = Int.random(in: 1...3, using: &random)
        return [
            .touch(finger: finger, phase: 0, x: point.x, y: point.y), .advance(random.pick([0.02, 0.05, 0.1])),
            .touch(finger: finger, phase: 2, x: point.x, y: point.y),
        ]
    }

    /// A word typed key by key on the on-screen keyboard, then the space bar: a misspelling (for
    /// autocorrection) or a word; taps at the keys' centres, as a careful guest types.
    private func typeWord(_ random: inout SoakRandom) -> [SoakEvent] {
        guard let keyboard = window.keyboard.keyboardView, window.keyboard.isVisible, keyboard.window === window else {
            return tap(at: target(&random), &random)
        }
        let word = random.chance(0.7) ? random.pick(SoakText.misspellings) : random.pick(SoakText.words)
        var events: [SoakEvent] = []
        for letter in word.lowercased() + " " {
            let wanted = letter == " " ? KeyboardKeyAction.space : .text(String(letter))
            guard
                let key = keyboard.keyFrames.first(where: { $0.key.action == wanted || $0.key.label.lowercased() == String(letter) && letter != " " })
            else { continue }
            let centre = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil)
            events += tap(at: Point(x: centre.x.rounded(), y: centre.y.rounded()), &random) + [.advance(0.08)]
        }
        return events.isEmpty ? tap(at: target(&random), &random) : events
    }

    /// A finger held (alternates, the edit menu, link actions), perhaps sliding before it lifts.
    private func longPress(_ random: inout SoakRandom) -> [SoakEvent] {
        let p = target(&random)
        var events: [SoakEvent] = [.touch(finger: 1, phase: 0, x: p.x, y: p.y), .advance(random.pick([0.55, 0.7, 1.2, 2.5]))]
        if random.chance(0.5) {
            let dx = Double.random(in: -120...120, using: &random)
            events += [.touch(finger: 1, phase: 1, x: p.x + dx / 2, y: p.y), .advance(0.05), .touch(finger: 1, phase: 1, x: p.x + dx, y: p.y)]
            events.append(.touch(finger: 1, phase: 2, x: p.x + dx, y: p.y))
        } else {
            events.append(.touch(finger: 1, phase: random.chance(0.1) ? 3 : 2, x: p.x, y: p.y))
        }
        return events
    }

    /// A finger drag: a scroll, a fling, a selection handle, a slide across keys.
    private func drag(_ random: inout SoakRandom) -> [SoakEvent] {
        let a = target(&random)
        let b =
            random.chance(0.5)
            ? target(&random)
            : Point(x: a.x + Double.random(in: -300...300, using: &random), y: a.y + Double.random(in: -500...500, using: &random))
        let steps = Int.random(in: 2...12, using: &random)
        let duration = random.pick([0.05, 0.2, 0.5])
        var events: [SoakEvent] = [.touch(finger: 1, phase: 0, x: a.x, y: a.y)]
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            events += [.advance(duration / Double(steps)), .touch(finger: 1, phase: 1, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)]
        }
        if random.chance(0.3) { events.append(.advance(0.3)) }
        events.append(.touch(finger: 1, phase: random.chance(0.1) ? 3 : 2, x: b.x, y: b.y))
        return events
    }

    /// The space bar held until it is a trackpad, the finger wandering across and up and down
    /// (sometimes lifting too soon, which types a space); any point when no keyboard shows.
    private func trackpad(_ random: inout SoakRandom) -> [SoakEvent] {
        var start = target(&random)
        if let keyboard = window.keyboard.keyboardView, window.keyboard.isVisible, keyboard.window === window,
            let space = keyboard.keyFrames.first(where: { $0.key.action == .space })
        {
            start = keyboard.convert(Point(x: space.frame.midX, y: space.frame.midY), to: nil)
        }
        var events: [SoakEvent] = [.touch(finger: 1, phase: 0, x: start.x, y: start.y), .advance(random.pick([0.3, 0.55, 0.8]))]
        var point = start
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            point.x += Double.random(in: -60...60, using: &random)
            point.y += random.chance(0.3) ? Double.random(in: -50...50, using: &random) : 0
            events += [.advance(0.016), .touch(finger: 1, phase: 1, x: point.x, y: point.y)]
        }
        events.append(.touch(finger: 1, phase: random.chance(0.1) ? 3 : 2, x: point.x, y: point.y))
        return events
    }

    /// A word of the keyboard's language swiped across its letters (`SwipePathGenerator`: jitter,
    /// cut corners, varying speed), sometimes cancelled; a drag when no letters show.
    private func swipe(_ random: inout SoakRandom) -> [SoakEvent] {
        guard let keyboard = window.keyboard.keyboardView, window.keyboard.isVisible, keyboard.window === window,
            let geometry = keyboard.swipeGeometry, let words = keyboard.suggestionProvider?.wordsByFrequency.prefix(3_000), !words.isEmpty,
            let path = SwipePathGenerator(geometry: geometry).path(for: random.pick(Array(words)), using: &random)
        else { return drag(&random) }
        let points = path.map { (keyboard.convert($0.point, to: nil), $0.time) }
        var events: [SoakEvent] = [.touch(finger: 1, phase: 0, x: points[0].0.x, y: points[0].0.y)]
        var time = 0.0
        for (point, at) in points.dropFirst() {
            events += [.advance(at - time), .touch(finger: 1, phase: 1, x: point.x, y: point.y)]
            time = at
        }
        let last = points[points.count - 1].0
        events.append(.touch(finger: 1, phase: random.chance(0.05) ? 3 : 2, x: last.x, y: last.y))
        return events
    }

    /// Strokes on the keyboard's writing pad (its handwriting mode): one to three wandering
    /// lines, sometimes a pause that ends the character; a drag when no pad shows.
    private func handwrite(_ random: inout SoakRandom) -> [SoakEvent] {
        guard let pad = window.keyboard.keyboardView?.handwritingPad, window.keyboard.isVisible, pad.window === window else { return drag(&random) }
        let area = pad.convert(pad.writingArea, to: nil)
        var events: [SoakEvent] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            var point = Point(
                x: Double.random(in: area.minX...area.maxX, using: &random), y: Double.random(in: area.minY...area.maxY, using: &random))
            events.append(.touch(finger: 1, phase: 0, x: point.x, y: point.y))
            for _ in 0..<Int.random(in: 2...14, using: &random) {
                point.x += Double.random(in: -30...30, using: &random)
                point.y += Double.random(in: -30...30, using: &random)
                events += [.advance(0.016), .touch(finger: 1, phase: 1, x: point.x, y: point.y)]
            }
            events += [.touch(finger: 1, phase: random.chance(0.05) ? 3 : 2, x: point.x, y: point.y), .advance(0.2)]
        }
        if random.chance(0.4) { events.append(.advance(1.2)) }
        return events
    }

    /// Two fingers overlapping on keys: the second goes down before the first lifts.
    private func rollover(_ random: inout SoakRandom) -> [SoakEvent] {
        let a = target(&random), b = target(&random)
        var events: [SoakEvent] = [
            .touch(finger: 1, phase: 0, x: a.x, y: a.y), .advance(0.03), .touch(finger: 2, phase: 0, x: b.x, y: b.y), .advance(0.03),
        ]
        events +=
            random.chance(0.5)
            ? [.touch(finger: 1, phase: 2, x: a.x, y: a.y), .touch(finger: 2, phase: 2, x: b.x, y: b.y)]
            : [.touch(finger: 2, phase: 2, x: b.x, y: b.y), .touch(finger: 1, phase: 2, x: a.x, y: a.y)]
        return events
    }

    /// Clicks (single, double, triple, with Shift, right), and drags selecting text.
    private func mouse(_ random: inout SoakRandom) -> [SoakEvent] {
        let p = target(&random)
        let button = random.weighted([(8, PointerButton.primary), (2, .secondary), (0.5, .middle)]).rawValue
        let clicks = random.weighted([(6, 1), (2, 2), (1, 3)])
        let modifiers = random.chance(0.15) ? KeyModifierFlags.shift.rawValue : 0
        var events: [SoakEvent] = [.mouseDown(button: button, x: p.x, y: p.y, clicks: clicks, modifiers: modifiers)]
        if random.chance(0.3) {
            let q =
                random.chance(0.5)
                ? target(&random)
                : Point(x: p.x + Double.random(in: -400...400, using: &random), y: p.y + Double.random(in: -200...200, using: &random))
            for i in 1...4 {
                let t = Double(i) / 4
                events += [.advance(0.03), .mouseMoved(button: button, x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)]
            }
            events.append(.mouseUp(button: button, x: q.x, y: q.y, modifiers: modifiers))
        } else {
            events += [.advance(0.02), .mouseUp(button: button, x: p.x, y: p.y, modifiers: modifiers)]
        }
        return events
    }

    private static let keys: [(KeyboardHIDUsage, String)] = [
        (.keyboardLeftArrow, ""), (.keyboardRightArrow, ""), (.keyboardUpArrow, ""), (.keyboardDownArrow, ""),
        (.keyboardHome, ""), (.keyboardEnd, ""), (.keyboardPageUp, ""), (.keyboardPageDown, ""),
        (.keyboardDeleteOrBackspace, ""), (.keyboardDeleteForward, ""), (.keyboardReturnOrEnter, ""), (.keypadEnter, ""),
        (.keyboardTab, ""), (.keyboardEscape, ""), (KeyboardHIDUsage.letter("a")!, "a"), (KeyboardHIDUsage.letter("c")!, "c"),
        (KeyboardHIDUsage.letter("x")!, "x"), (KeyboardHIDUsage.letter("v")!, "v"), (KeyboardHIDUsage.letter("z")!, "z"),
        (KeyboardHIDUsage.letter("y")!, "y"), (KeyboardHIDUsage.letter("q")!, "q"), (.keyboardSpacebar, " "),
    ]

    private func keyPress(code: Int, characters: String, modifiers: Int, repeats: Int = 0) -> [SoakEvent] {
        var events: [SoakEvent] = [.key(code: code, characters: characters, modifiers: modifiers, isDown: true, isRepeat: false)]
        for _ in 0..<repeats {
            events += [.advance(0.05), .key(code: code, characters: characters, modifiers: modifiers, isDown: true, isRepeat: true)]
        }
        events.append(.key(code: code, characters: characters, modifiers: modifiers, isDown: false, isRepeat: false))
        return events
    }

    /// A word typed on hardware keys, each key down, its text, up; then a space or another key
    /// that ends it (an input method composes the letters).
    private func keyWord(_ random: inout SoakRandom) -> [SoakEvent] {
        let word = random.chance(0.5) ? random.pick(SoakText.words) : random.pick(SoakText.misspellings)
        var events: [SoakEvent] = []
        for letter in word.lowercased() where letter.isASCII && letter.isLetter {
            guard let code = KeyboardHIDUsage.letter(letter)?.rawValue else { continue }
            let shifted = random.chance(0.1)
            let down = SoakEvent.key(
                code: code, characters: String(letter), modifiers: shifted ? KeyModifierFlags.shift.rawValue : 0, isDown: true, isRepeat: false)
            events += [down, .text(shifted ? String(letter).uppercased() : String(letter))]
            events.append(
                .key(code: code, characters: String(letter), modifiers: shifted ? KeyModifierFlags.shift.rawValue : 0, isDown: false, isRepeat: false)
            )
            if random.chance(0.15) { events.append(.advance(random.pick([0.05, 0.3, 1.2]))) }
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0..<3:
            events += [
                .key(code: KeyboardHIDUsage.keyboardSpacebar.rawValue, characters: " ", modifiers: 0, isDown: true, isRepeat: false), .text(" "),
                .key(code: KeyboardHIDUsage.keyboardSpacebar.rawValue, characters: " ", modifiers: 0, isDown: false, isRepeat: false),
            ]
        case 3: events += hardwareKey(&random)
        default: break  // left composing
        }
        return events
    }

    /// A key with any binding and modifiers, sometimes auto-repeating.
    private func hardwareKey(_ random: inout SoakRandom) -> [SoakEvent] {
        let (code, characters) = random.pick(Self.keys)
        var flags: KeyModifierFlags = []
        for flag in [KeyModifierFlags.shift, .control, .alternate, .command] where random.chance(0.25) { flags.insert(flag) }
        let events = keyPress(
            code: code.rawValue, characters: characters, modifiers: flags.rawValue,
            repeats: random.chance(0.1) ? Int.random(in: 1...20, using: &random) : 0)
        // Typing keys are followed by their text, as a platform sends it.
        if flags.isDisjoint(with: [.control, .command]), !characters.isEmpty {
            return [events[0], .text(flags.contains(.shift) ? characters.uppercased() : characters)] + events.dropFirst()
        }
        return events
    }

    /// An input-method composition: preedit steps with a cursor, then a commit, a cancel, or an
    /// interruption (a click, a focus move, a key) while it is open.
    private func composition(_ random: inout SoakRandom) -> [SoakEvent] {
        let (steps, commit) = SoakText.composition(&random)
        var events: [SoakEvent] = []
        for step in steps.prefix(Int.random(in: 1...steps.count, using: &random)) {
            let count = step.utf16.count
            let start = random.chance(0.8) ? count : Int.random(in: -1...count + 2, using: &random)
            events.append(.compose(step, selectionStart: start < 0 ? nil : start, selectionLength: random.chance(0.2) ? 1 : 0))
        }
        switch Int.random(in: 0..<8, using: &random) {
        case 0..<4: events += [.text(commit), .compose("", selectionStart: nil, selectionLength: nil)]
        case 4: events.append(.compose("", selectionStart: nil, selectionLength: nil))
        case 5: events += [.text(" "), .text(commit)]  // a key's text before the commit it follows
        case 6:
            let p = target(&random)
            events += tap(at: p, &random)
        default: break  // left open
        }
        return events
    }
}
