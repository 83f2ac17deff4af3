// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Foundation

/// What an event asks of the focused editor: the ways it may change the text, and what must
/// arrive unless the app refuses it. Derived from the event the soak sent and the screen before it.
struct OracleExpectation {
    var explanations: [OracleExplanation] = []
    /// What the person sent that the text must show (typed text, a key, a paste, a deletion),
    /// unless the app refused it or the window dropped it as it documents; nil when nothing must.
    var mustArrive: String?
    /// Whether undo or redo may have run.
    var undoes = false
    /// Texts ending a word typed in the same event after another finger's key: autocorrection
    /// may then put in what the bar showed for the word that key made (never seen between events).
    var wordEndsAfterAPairedKey: [String] = []
    /// The texts of keys other fingers held that this event may type (rollover, a paired
    /// finger): a composition the engine begins with this finger's key may follow one.
    var heldKeyTexts: [String] = []
    /// The texts of the key this event's finger lifted from: the engine may compose a held key's
    /// text, then settle it for this key's own (seed 274000516: a paired "d" composed द्, then
    /// ".com", which the engine does not take, was typed after it).
    var ownKeyTexts: [String] = []
}

/// The person's side of the soak: which fingers are down on which keys, which hardware keys are
/// held, what the clipboard holds (from what was put there and copied), and what each event asks.
@MainActor
struct OracleInputs {
    private struct Finger {
        var start: Point
        var began: Double
        /// The keys it pressed or slid over.
        var keys: [KeyboardKey]
        var moved = false
        var overlapped = false
        var onBar = false
        /// Whether it landed on the open candidate panel, which chooses a cell when it lifts.
        var onPanel = false
        var keyboardShown = false
        /// Whether it landed inside a key's rectangle (not in a gap).
        var onKey = false
        /// The popup button it landed on.
        var button: (title: String, frame: Rect)?
    }

    private var fingers: [Int: Finger] = [:]
    /// How far from a button a finger may lift and still press it (UIKit's 70 points).
    static let buttonSlop = 70.0
    /// The mouse pointer, as a finger.
    private static let pointer = -1
    private var heldKeys: Set<Int> = []
    /// The last autocorrection an on-screen key may have made: in which editor, the word typed,
    /// and what may have replaced it (the bar's correction and the key's text). The next
    /// on-screen Backspace right after it puts the typed word back.
    private var lastCorrection: (editor: ObjectIdentifier, typed: String, inserted: [String])?
    /// Whether a finger or the pointer has touched the window since it opened.
    private var pointerUsed = false
    /// What a paste may insert: the text last put on the clipboard, or copied (a copy in a secure
    /// field is refused); "" where the clipboard may still hold nothing.
    private(set) var clipboard: [String] = []
    /// What the clipboard may hold after a copy that may not have happened: the copied text, or
    /// what it held, or nothing if it held nothing (seed 380000124: a lift 70 points from Cut may
    /// not press it, and a paste of an empty clipboard brings nothing).
    private func mayHold(_ copied: String) -> [String] { [copied] + (clipboard.isEmpty ? [""] : clipboard.filter { $0 != copied }) }
    /// The texts a paste may insert.
    private var pastes: [String] { Self.smartPastes(clipboard.filter { !$0.isEmpty }) }

    /// Whether an event is a keyboard-driven start (docs/behaviour/focus-and-editing.md): with
    /// nothing focused and no finger or pointer used yet, a key other than a modifier, Escape or
    /// Tab focuses the first view in focus order and then reaches it.
    func startsFocusByKeyboard(_ event: SoakEvent) -> Bool {
        guard !pointerUsed, case let .key(code, _, _, true, _) = event else { return false }
        return code != KeyboardHIDUsage.keyboardEscape.rawValue && code != KeyboardHIDUsage.keyboardTab.rawValue
            && !(0xE0...0xE7).contains(code)
    }

    /// The expectation of an event, read before it is applied (`now`: the window's clock).
    mutating func expectation(of event: SoakEvent, scene: OracleScene, text: [UInt16], now: Double) -> OracleExpectation {
        var e = OracleExpectation()
        let s = scene.selection, ranges = scene.insertionRanges
        func typed(_ sent: [String]) -> [OracleExplanation] {
            var e = OracleExpectation()
            // Smart quotes: a typed quote may become any of the languages' quotation marks.
            let texts = Self.quoted(sent)
            if sent.contains("-"), s.isEmpty, s.lowerBound > 0, text[s.lowerBound - 1] == 0x2D {
                e.explanations.append(.replace((s.lowerBound - 1)..<s.upperBound, ["—"]))  // smart dashes
            }
            for range in ranges { e.explanations.append(.replace(range, texts)) }
            if scene.secure || scene.editor?.clearsOnInsertion == true { e.explanations.append(.whole(texts)) }
            // Autocorrection, as the bar showed it, when a word ends; the double space's period.
            if let correction = scene.correction {
                let ends = texts.filter {
                    $0.unicodeScalars.first.map { CharacterSet.punctuationCharacters.contains($0) || $0 == " " || $0 == "\n" } ?? false
                }
                if !ends.isEmpty { e.explanations.append(.word(s, ends.map { correction + $0 })) }
            }
            if texts.contains(" "), s.isEmpty, s.lowerBound > 0, text[s.lowerBound - 1] == 0x20 {
                e.explanations.append(.replace((s.lowerBound - 1)..<s.lowerBound, [". "]))
            }
            return e.explanations
        }
        func deleteBackward() -> [OracleExplanation] {
            var e = OracleExpectation()
            e.explanations += Self.removal(of: s, in: text)
            for range in ranges { e.explanations.append(.removalEnding(range.upperBound)) }
            if let marked = scene.marked { e.explanations.append(.replace(marked, [""])) }
            if scene.secure { e.explanations.append(.whole([""])) }
            return e.explanations
        }
        func selected() -> String { String(decoding: text[s.clamped(to: 0..<text.count)], as: UTF16.self) }
        switch event {
        case let .text(sent):
            e.explanations += typed([sent])
            // Text that changes something must arrive.
            if !(scene.singleLine && sent == "\n"), Self.typingChanges(sent, scene: scene, text: text) { e.mustArrive = sent }
        case let .rawText(bytes):
            let decoded = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            // Each byte's character, or (a quote) any of the languages' quotation marks it may become.
            let scalars = Set(
                decoded.unicodeScalars.flatMap { scalar in
                    ([String(scalar)] + (Self.smartQuotes[String(scalar)] ?? [])).flatMap { OracleText.clean($0).unicodeScalars }
                        + (scene.singleLine ? [" "] : [])
                })
            for range in ranges { e.explanations.append(.decoded(range, scalars)) }
            if scene.secure { e.explanations.append(.whole([decoded])) }
        case let .compose(preedit, _, _):
            e.explanations += typed([preedit])
            if let marked = scene.marked { e.explanations.append(.replace(marked, [preedit])) }
        case let .clipboard(string):
            clipboard = [string]
        case let .key(code, _, modifiers, isDown, _):
            guard isDown else {
                heldKeys.remove(code)
                break
            }
            heldKeys.insert(code)
            hardwareKey(
                code, KeyModifierFlags(rawValue: modifiers), &e, scene: scene, text: text, selected: selected(), typed: typed,
                deleteBackward: deleteBackward)
        case let .touch(finger, phase, x, y):
            if phase == 0 { pointerUsed = true }
            touch(finger, phase, Point(x: x, y: y), now: now, &e, scene: scene, text: text, typed: typed, deleteBackward: deleteBackward)
        // The pointer presses keys and buttons as a finger does.
        case let .mouseDown(_, x, y, _, _):
            pointerUsed = true
            touch(Self.pointer, 0, Point(x: x, y: y), now: now, &e, scene: scene, text: text, typed: typed, deleteBackward: deleteBackward)
        case let .mouseMoved(_, x, y):
            touch(Self.pointer, 1, Point(x: x, y: y), now: now, &e, scene: scene, text: text, typed: typed, deleteBackward: deleteBackward)
        case let .mouseUp(_, x, y, _):
            touch(Self.pointer, 2, Point(x: x, y: y), now: now, &e, scene: scene, text: text, typed: typed, deleteBackward: deleteBackward)
        case .advance:
            // A held backspace repeats (on screen, or a hardware key).
            let onScreen = fingers.values.contains { $0.keys.contains { $0.action == .backspace } }
            let hardware = heldKeys.contains(KeyboardHIDUsage.keyboardDeleteOrBackspace.rawValue)
            if onScreen || hardware { e.explanations += deleteBackward() }
            if heldKeys.contains(KeyboardHIDUsage.keyboardDeleteForward.rawValue) {
                e.explanations += Self.removal(of: s, in: text) + [.removalStarting(s.upperBound)]
            }
        default:
            break
        }
        // An open composition may be dropped (Escape, a refused commit, a language or focus change).
        if let marked = scene.marked { e.explanations.append(.replace(marked, [""])) }
        return e
    }

    private mutating func hardwareKey(
        _ code: Int, _ flags: KeyModifierFlags, _ e: inout OracleExpectation, scene: OracleScene, text: [UInt16], selected: String,
        typed: ([String]) -> [OracleExplanation], deleteBackward: () -> [OracleExplanation]
    ) {
        let s = scene.selection
        let shortcut = !flags.isDisjoint(with: [.control, .command])
        switch KeyboardHIDUsage(rawValue: code) {
        case .keyboardDeleteOrBackspace:
            e.explanations += deleteBackward()
            if !s.isEmpty || s.lowerBound > 0 || scene.marked != nil { e.mustArrive = "⌫" }
        case .keyboardDeleteForward:
            e.explanations += Self.removal(of: s, in: text) + [.removalStarting(s.upperBound)]
            if let marked = scene.marked { e.explanations.append(.removalStarting(marked.upperBound)) }
            if scene.secure { e.explanations.append(.whole([""])) }
            // An open composition is committed first and the delete starts after it.
            if let marked = scene.marked {
                if marked.upperBound < text.count { e.mustArrive = "⌦" }
            } else if !s.isEmpty || s.upperBound < text.count {
                e.mustArrive = "⌦"
            }
        case .keyboardReturnOrEnter, .keypadEnter:
            if !scene.singleLine { e.explanations += typed(["\n"]) }
        case .keyboardTab:
            if !scene.singleLine { e.explanations += typed(["\t"]) }
        default:
            guard shortcut, let letter = "abcdefghijklmnopqrstuvwxyz".first(where: { KeyboardHIDUsage.letter($0)?.rawValue == code }) else { break }
            switch letter {
            case "x":
                e.explanations += Self.removal(of: s, in: text)
                // A read-only view cuts nothing, and its clipboard keeps what it held (seed 261420047).
                if !scene.secure, scene.editable, !s.isEmpty {
                    copied(selected, scene: scene)
                    if scene.marked == nil { e.mustArrive = "cut" }
                }
            case "c":
                if !scene.secure, !s.isEmpty { copied(selected, scene: scene) }
            case "v":
                e.explanations += typed(pastes)
                if let only = clipboard.first, clipboard.count == 1, Self.typingChanges(only, scene: scene, text: text), scene.marked == nil {
                    e.mustArrive = "paste"
                }
            case "z", "y":
                e.undoes = true
            default:
                break
            }
        }
    }

    private mutating func touch(
        _ id: Int, _ phase: Int, _ point: Point, now: Double, _ e: inout OracleExpectation, scene: OracleScene, text: [UInt16],
        typed: ([String]) -> [OracleExplanation], deleteBackward: () -> [OracleExplanation]
    ) {
        switch phase {
        case 0:
            // A finger landing outside the window touches nothing there (the window's hit test
            // finds no view), and its moves and lift are not followed.
            guard scene.windowBounds.contains(point) else { return }
            // Another finger landing types a key still held (rollover).
            let heldOnScreen = fingers.values.flatMap(\.keys)
            let held = Self.texts(of: heldOnScreen, scene: scene)
            for key in fingers.keys { fingers[key]?.overlapped = true }
            let keys = scene.keys(at: point)
            var finger = Finger(start: point, began: now, keys: keys, overlapped: !fingers.isEmpty, keyboardShown: scene.keyboardShown)
            finger.onBar = scene.bar?.contains(point) ?? false
            finger.onPanel = scene.isOnCandidatePanel(point)
            finger.onKey = scene.isOnKey(point)
            finger.button = scene.popupButtons.last { $0.frame.contains(point) }  // the topmost
            fingers[id] = finger
            if !held.isEmpty { e.explanations += typed(held) }
            e.heldKeyTexts += held
            e.explanations += Self.returnCorrection(heldOnScreen, scene: scene)
            rememberCorrection(held, scene: scene)
            if keys.contains(where: { $0.action == .backspace }) {
                e.explanations += deleteBackward() + revertedCorrection(scene: scene, text: text)
                // The held key typed first, then Backspace taking its last character back (soak
                // seed 30120412: ".com" held, Backspace landing: ".co").
                if !held.isEmpty { e.explanations += typed(held.map { String($0.dropLast()) }) }
                if let swiped = scene.swiped { e.explanations.append(.replace(swiped.range, [""])) }  // the swiped word, whole
                if fingers.count == 1, keys.count == 1, scene.isOnKey(point), scene.keyboardShown,
                    !scene.selection.isEmpty || scene.selection.lowerBound > 0 || scene.marked != nil
                {
                    e.mustArrive = "⌫"
                }
            }
            if finger.onBar {
                let words = scene.barWords + scene.barWords.map { $0 + " " }
                e.explanations += typed(words) + [.word(scene.selection, words)]
                if let swiped = scene.swiped { e.explanations.append(.replace(swiped.range, swiped.alternatives)) }  // in the swiped word's place
            }
        case 1:
            guard var finger = fingers[id] else { return }
            if finger.start.distance(to: point) > 0.5 { finger.moved = true }
            // Sliding to another key: the key under the finger when it last moved is the one typed.
            finger.keys += scene.keys(at: point)
            fingers[id] = finger
        default:
            guard let finger = fingers.removeValue(forKey: id) else { return }
            for key in fingers.keys { fingers[key]?.overlapped = true }
            guard phase == 2 else { return }
            var texts = Self.texts(of: finger.keys + scene.keys(at: point), scene: scene)
            e.explanations += Self.returnCorrection(finger.keys + scene.keys(at: point), scene: scene)
            rememberCorrection(texts, scene: scene)
            // A paired finger types its own key too, before this one: a quote as any quotation mark
            // it may become (seed 261400069: "'" then "w" arrived as "‹ w"), and alone when this
            // finger's key is filtered out (seed 261410026: "3" then "*" in an amount field).
            let others = Self.quoted(fingers.values.flatMap { Self.texts(of: $0.keys, scene: scene) })
            if !others.isEmpty { e.wordEndsAfterAPairedKey = texts.filter { $0 == " " || ($0.count == 1 && $0.first?.isPunctuation == true) } }
            let own = Self.quoted(texts)
            e.heldKeyTexts += others
            e.ownKeyTexts += own
            texts += others + others.flatMap { o in own.map { o + $0 } }
            e.explanations += typed(texts)
            // The candidate panel chooses the cell a finger that landed on it lifts from (seed
            // 273000007: ⌄ opened it under a finger, the same finger landed again on a cell).
            if finger.onPanel {
                let words = scene.barWords + scene.barWords.map { $0 + " " }
                e.explanations += typed(words) + [.word(scene.selection, words)]
            }
            // A button fires when the finger lifts on it or near it (UIKit's touch-up-inside slop),
            // where it is now: a menu that moved under the finger (following its text as the view
            // slid) is lifted from where it went (seed 274000121: Copy moved 90 points down
            // before the lift, and copied nothing).
            if let (title, pressedFrame) = finger.button {
                let frame = scene.popupButtons.last(where: { $0.title == title })?.frame ?? pressedFrame
                if frame.insetBy(dx: -Self.buttonSlop, dy: -Self.buttonSlop).contains(point) {
                    // Lifted on it, it fires; lifted only near it, or with another finger down
                    // meanwhile (seed 550000142: a second finger landed during a tap on Copy,
                    // which copied nothing), it may (a control's slop is not the oracle's to know).
                    let certainly = frame.contains(point) && pressedFrame.contains(finger.start) && !finger.overlapped
                    pressed(title, certainly: certainly, &e, scene: scene, text: text, typed: typed)
                }
            }
            // A plain tap on one key that types must type it.
            if finger.keys.count == 1, let key = finger.keys.first, case let .text(t) = key.action, key.isEnabled, !finger.moved,
                !finger.overlapped, fingers.isEmpty, now - finger.began < KeyboardView.longPressDelay, scene.keys(at: point) == [key],
                scene.isOnKey(point), finger.onKey,
                scene.popupTexts.isEmpty, scene.keyboardShown, finger.keyboardShown, Self.typingChanges(t, scene: scene, text: text)
            {
                e.mustArrive = t
            }
        }
    }

    /// Whether typing or pasting `sent` changes the text: not over a range that holds the same
    /// text already (a commit of the marked text as it stands; a selected "y" typed over by "y",
    /// a selection copied and pasted over itself), nor in a
    /// field replaced whole that holds it (a secure field regaining focus, one that clears on insertion).
    private static func typingChanges(_ sent: String, scene: OracleScene, text: [UInt16]) -> Bool {
        let kept = OracleText.kept(sent, singleLine: scene.singleLine)
        guard !kept.isEmpty else { return false }
        if scene.insertionRanges.contains(where: { $0.upperBound <= text.count && Array(text[$0]) == kept }) { return false }
        return !((scene.secure || scene.editor?.clearsOnInsertion == true) && text == kept)
    }

    /// The quotation marks a typed quote may become (smart quotes, by the paragraph's language).
    private static let smartQuotes: [String: [String]] = [
        "\"": ["“", "”", "„", "«\u{00A0}", "\u{00A0}»", "«", "»", "「", "」"],
        "'": ["‘", "’", "‚", "‹\u{00A0}", "\u{00A0}›", "‹", "›", "『", "』", "“", "”"],  // “ ” inside « » (Arabic, Russian, Spanish…)
    ]

    /// A copy or cut by key of the selection: with a composition open, the key may commit it
    /// first, leaving the caret at its end and nothing selected to copy, so the clipboard may
    /// also keep what it held (seed 261520005: Ctrl+Cmd+C over "z" selected in "zhong").
    private mutating func copied(_ selected: String, scene: OracleScene) {
        clipboard = scene.marked == nil ? [selected] : mayHold(selected)
    }

    /// Texts and the quotation marks their quotes may become.
    private static func quoted(_ texts: [String]) -> [String] { texts + texts.flatMap { smartQuotes[$0] ?? [] } }

    /// A paste as smart insertion may space it: a space before, after, or both.
    private static func smartPastes(_ texts: [String]) -> [String] {
        texts.flatMap { [$0, " " + $0, $0 + " ", " " + $0 + " "] }
    }

    /// A selection deleted or cut, and smart deletion's space beside it.
    private static func removal(of range: Range<Int>, in text: [UInt16]) -> [OracleExplanation] {
        var found: [OracleExplanation] = [.replace(range, [""])]
        guard !range.isEmpty else { return found }
        if range.lowerBound > 0 { found.append(.replace((range.lowerBound - 1)..<range.upperBound, [""])) }
        found.append(.replace(range.lowerBound..<(range.upperBound + 1), [""]))
        return found
    }

    /// What keys may type: their text and alternates, a space, a line break in a text view.
    private static func texts(of keys: [KeyboardKey], scene: OracleScene) -> [String] {
        var texts: [String] = []
        for key in keys {
            switch key.action {
            // The key's text, as its label shows it (shifted or not), and its alternates.
            case let .text(t): texts += [t, key.label, t.uppercased()] + key.alternates
            case .space: texts.append(" ")
            case .return where !scene.singleLine: texts.append("\n")
            case .decimal: texts += [".", ",", "٫"]
            default: break
            }
        }
        return texts
    }

    /// Keys typed on screen while the bar offered a correction: those that end a word may have
    /// put it in.
    private mutating func rememberCorrection(_ texts: [String], scene: OracleScene) {
        guard let editor = scene.editor, let correction = scene.correction, let typed = scene.typedWord else { return }
        let ends = texts.filter { $0 == " " || ($0.count == 1 && $0.first?.isPunctuation == true) }
        if !ends.isEmpty { lastCorrection = (ObjectIdentifier(editor), typed, ends.map { correction + $0 }) }
    }

    /// A correction the oracle saw put in by a word end typed after a held key.
    mutating func rememberCorrection(editor: ObjectIdentifier, typed: String, inserted: [String]) {
        lastCorrection = (editor, typed, inserted)
    }

    /// An on-screen Backspace right after an autocorrection: the correction and the key's text
    /// before the caret become the word typed again.
    private func revertedCorrection(scene: OracleScene, text: [UInt16]) -> [OracleExplanation] {
        guard let last = lastCorrection, let editor = scene.editor, last.editor == ObjectIdentifier(editor), scene.selection.isEmpty else {
            return []
        }
        let caret = scene.selection.lowerBound
        return last.inserted.compactMap { inserted in
            let units = OracleText.kept(inserted, singleLine: scene.singleLine)
            guard caret >= units.count, caret <= text.count, Array(text[(caret - units.count)..<caret]) == units else { return nil }
            return .replace((caret - units.count)..<caret, [last.typed])
        }
    }

    /// The on-screen Return in a single-line field types nothing, but takes the correction the
    /// bar showed for the word before the caret, as a space would.
    private static func returnCorrection(_ keys: [KeyboardKey], scene: OracleScene) -> [OracleExplanation] {
        guard scene.singleLine, let correction = scene.correction, keys.contains(where: { $0.action == .return }) else { return [] }
        return [.word(scene.selection, [correction])]
    }

    /// A menu button pressed (the one the finger went down on, lifted near it): the edit menu's
    /// commands, a spelling replacement.
    private mutating func pressed(
        _ button: String?, certainly: Bool, _ e: inout OracleExpectation, scene: OracleScene, text: [UInt16], typed: ([String]) -> [OracleExplanation]
    ) {
        guard let title = button else { return }
        let s = scene.selection
        let selected = String(decoding: text[s.clamped(to: 0..<text.count)], as: UTF16.self)
        switch title {
        case "Copy", "Cut":
            if !scene.secure, !s.isEmpty { clipboard = certainly ? [selected] : mayHold(selected) }
            if title == "Cut" { e.explanations += Self.removal(of: s, in: text) }
        case "Paste":
            e.explanations += typed(pastes)
        case "Delete":
            e.explanations += Self.removal(of: s, in: text)
        case "Undo", "Redo":
            e.undoes = true
        default:
            // A spelling replacement or a word the menu offers for the selection or the word at the caret.
            e.explanations += typed([title]) + [.word(s, [title])]
        }
    }
}
