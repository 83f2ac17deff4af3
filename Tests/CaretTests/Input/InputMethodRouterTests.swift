// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// ibus-hangul as it behaves with its default settings (use-event-forwarding on), played by a
/// script: letters compose two-set jamo into syllables; any other key commits the syllable and
/// is given back as a ForwardKeyEvent (handled: the app never sees the key itself); Backspace
/// removes the last jamo; a key with Control commits and is not used; focus-out and reset commit.
@MainActor
final class HangulScript {
    let method = ScriptedInputMethod()
    private var letters = ""
    /// Syllables by the letters typed for them (the few the tests use).
    private let syllables = [
        "g": "ㅎ", "gk": "하", "gks": "한", "r": "ㄱ", "rm": "그", "rmf": "글", "d": "ㅇ", "dk": "아", "dks": "안",
        "s": "ㄴ", "su": "녀", "sud": "녕",
    ]
    var forwards = true

    /// The script keeps itself alive through its method's closures, as long as a window holds the method.
    init() {
        method.onKey = { key in self.key(key) }
        method.onFocus = { focused in focused ? [] : self.flush() }
        method.onReset = { self.flush() }
    }

    /// The daemon restarted: a new engine, composing nothing.
    func restart() {
        letters = ""
        method.reconnections += 1
    }

    private func flush() -> [InputMethodSignal] {
        guard let syllable = syllables[letters] else { return [] }
        letters = ""
        return [.preedit("", cursor: 0, visible: false), .commit(syllable), .hidePreedit]
    }

    private func key(_ key: InputMethodKey) -> (Bool?, [InputMethodSignal]) {
        guard key.isDown else { return (false, []) }
        if key.state & 4 != 0 { return (false, flush()) }
        if let scalar = Unicode.Scalar(key.keysym), ("a"..."z").contains(Character(scalar)) {
            let letter = String(Character(scalar))
            if syllables[letters + letter] != nil {
                letters += letter
                return (true, [.preedit(syllables[letters]!, cursor: 1, visible: true)])
            }
            if let jamo = syllables[letter] {
                let committed = flush()
                letters = letter
                return (true, committed + [.preedit(jamo, cursor: 1, visible: true)])
            }
        }
        if key.keysym == 0xFF08, !letters.isEmpty {  // Backspace inside the syllable
            letters.removeLast()
            return (true, letters.isEmpty ? [.hidePreedit] : [.preedit(syllables[letters]!, cursor: 1, visible: true)])
        }
        let committed = flush()
        return forwards ? (true, committed + [.forwardKey(key)]) : (false, committed)
    }
}

@Suite(.serialized) @MainActor
struct InputMethodRouterTests {
    private func setUp(_ script: HangulScript = HangulScript()) throws -> (HeadlessWindow, TextField, RecordingDelegate, HangulScript) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5), inputMethod: script.method)
        host.rootView = View()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.accessibilityIdentifier = "A"
        let delegate = RecordingDelegate()
        field.delegate = delegate
        host.rootView!.addSubview(field)
        host.layout()
        #expect(field.becomeFirstResponder())
        delegate.log.removeAll()
        return (host, field, delegate, script)
    }

    /// A key as SDL delivers it: down with its text in one turn, up in the next.
    private func press(_ host: HeadlessWindow, _ name: String, modifiers: KeyModifierFlags = []) {
        let named: [String: (Int, String)] = [
            "space": (0x2C, " "), "period": (0x37, "."), "1": (0x1E, "1"), "BackSpace": (0x2A, ""), "Return": (0x28, ""),
        ]
        let (usage, text): (Int, String)
        if let entry = named[name] {
            (usage, text) = entry
        } else {
            let letter = name.unicodeScalars.first!.value
            (usage, text) = (0x04 + Int(letter - 0x61), name)
        }
        let typed = modifiers.contains(.control) ? "" : text
        let key = Key(keyCode: KeyboardHIDUsage(rawValue: usage), characters: typed, charactersIgnoringModifiers: text, modifierFlags: modifiers)
        host.window.send([.key(key, isDown: true, isRepeat: false)] + (typed.isEmpty ? [] : [.textInput(typed)]))
        host.window.send([.key(key, isDown: false, isRepeat: false)])
    }

    private func type(_ host: HeadlessWindow, _ keys: String) {
        for name in keys.split(separator: " ") { press(host, String(name)) }
    }

    /// The daemon restarts (`ibus restart`) while a syllable is composing: the syllable as shown
    /// is kept, committed, and typing goes on after it; one the view settled itself is not
    /// committed again when the connection later goes.
    @Test func aSyllableComposingWhenTheDaemonRestartsIsKept() throws {
        let (host, field, _, script) = try setUp()
        type(host, "g k s r m")
        #expect(field.text == "한그" && field.editor.model.markedRange != nil)
        script.restart()  // the daemon went, with what it composed, and came back as a new connection
        host.window.send([])  // the next turn
        host.settle()
        #expect(field.text == "한그" && field.editor.model.markedRange == nil, "kept and committed: \(field.text ?? "")")
        type(host, "d k s")
        #expect(field.text == "한그안")
        // Settled by the view (Return commits it), then the daemon goes: nothing twice.
        type(host, "g")
        field.unmarkText()
        host.settle()
        let settled = field.text
        script.restart()
        host.window.send([])
        host.settle()
        #expect(field.text == settled, "\(field.text ?? "")")
        // As real IBus does: it clears the preedit as it exits, a turn before it is found gone.
        type(host, "d")
        script.method.pending.append(.preedit("", cursor: 0, visible: false))
        host.window.send([])
        #expect(field.editor.model.markedRange == nil)
        script.restart()
        host.window.send([])
        host.settle()
        #expect(field.text == (settled ?? "") + "ㅇ", "the syllable the exit cleared is kept: \(field.text ?? "")")
        // A syllable the guest deleted (Backspace) is not brought back by a restart.
        type(host, "g BackSpace")
        let deleted = field.text
        script.restart()
        host.window.send([])
        host.settle()
        #expect(field.text == deleted)
    }

    /// A click that starts editing and the keys after it, read by the app in one turn (a busy
    /// app, or the first seconds after launch): the keys go to the input method the click
    /// started. They skipped it and typed Latin "gksrmf" instead of 한글.
    @Test func keysInTheSameBatchAsTheClickThatStartsEditingCompose() throws {
        let script = HangulScript()
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5), inputMethod: script.method)
        host.rootView = View()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        host.rootView!.addSubview(field)
        host.layout()
        #expect(host.window.firstResponder == nil)
        let centre = field.convert(Point(x: field.bounds.midX, y: field.bounds.midY), to: nil)
        var batch: [InputEvent] = [
            .mouseDown(button: .primary, location: centre, clickCount: 1, modifiers: []), .mouseUp(button: .primary, location: centre, modifiers: []),
        ]
        for letter in "gksrmf" {
            let usage = KeyboardHIDUsage(rawValue: 0x04 + Int(letter.unicodeScalars.first!.value - 0x61))
            let key = Key(keyCode: usage, characters: String(letter), charactersIgnoringModifiers: String(letter))
            batch += [.key(key, isDown: true, isRepeat: false), .textInput(String(letter)), .key(key, isDown: false, isRepeat: false)]
        }
        host.window.send(batch)
        host.settle()
        #expect(field.isFirstResponder)
        #expect(field.text == "한글", "\(field.text ?? "")")
        #expect(script.method.offeredKeys.filter(\.isDown).count == 6, "every key went to the input method")
    }

    /// ibus-hangul's default settings: space and the full stop are given back as forwarded
    /// keys, each after the commit of the syllable before it (SDL 2.26 lost them: "한글안녕").
    @Test func forwardedKeysArriveInOrderAfterTheCommitTheyFollow() throws {
        let (host, field, delegate, _) = try setUp()
        type(host, "g k s r m f space d k s s u d period")
        #expect(field.text == "한글 안녕.")
        #expect(field.selectedRange == NSRange(location: 6, length: 0))
        let changes = delegate.log.filter { $0.hasPrefix("shouldChange") }
        #expect(
            changes == [
                "shouldChange A 0+1 \"한\"", "shouldChange A 1+1 \"글\"", "shouldChange A 2+0 \" \"",
                "shouldChange A 3+1 \"안\"", "shouldChange A 4+1 \"녕\"", "shouldChange A 5+0 \".\"",
            ])
        // ".1" then Backspace: the digit is forwarded, Backspace too, and deletes it.
        type(host, "1 BackSpace")
        #expect(field.text == "한글 안녕.")
        type(host, "g k BackSpace BackSpace BackSpace")
        #expect(field.text == "한글 안녕" && field.editor.model.markedRange == nil)
    }

    @Test func returnGivenBackDuringASyllableCommitsItThenReturns() throws {
        let (host, field, delegate, _) = try setUp()
        type(host, "g k s Return")
        #expect(field.text == "한" && delegate.log.contains("shouldReturn A"))
        let commit = delegate.log.firstIndex(of: "shouldChange A 0+1 \"한\"")
        let returned = delegate.log.firstIndex(of: "shouldReturn A")
        #expect(commit != nil && returned != nil && commit! < returned!)
    }

    /// A shortcut during a composition: the input method commits it and lets the key through;
    /// the caret stays after the committed text and the shortcut acts after it.
    @Test func aShortcutDuringACompositionCommitsItAndTheCaretStaysAfterIt() throws {
        let (host, field, _, script) = try setUp()
        type(host, "a b")  // Latin keys the script does not compose: forwarded, typed
        script.forwards = true
        type(host, "g k s")
        #expect(field.editor.model.markedRange != nil)
        press(host, "a", modifiers: [.control])  // Ctrl+A selects all after the commit
        #expect(field.text == "ab한")
        #expect(field.editor.model.markedRange == nil)
        #expect(field.selectedRange == NSRange(location: 0, length: 3))
        type(host, "r m f")
        press(host, "b", modifiers: [.control])
        #expect(field.text == "글" && field.selectedRange == NSRange(location: 1, length: 0))
    }

    /// IBus answering a key after more than half a second (a busy engine): the key waits for the
    /// answer, so its commit is typed once (it was typed plainly, then again by the late commit).
    @Test func aKeyAnsweredLateIsTypedOnceWhateverTheAnswer() throws {
        let (host, field, delegate, script) = try setUp()
        script.method.onKey = { key in key.isDown ? (nil, []) : (false, []) }
        type(host, "x")
        #expect(field.text == "" && delegate.log.filter { $0.hasPrefix("shouldChange") }.isEmpty, "the key went on before its answer")
        script.method.answerLate(handled: true, signals: [.commit("ẋ")])
        host.window.send([])
        #expect(field.text == "ẋ")
        // Not used, late: the key goes on as it was typed, once.
        type(host, "y")
        script.method.answerLate(handled: false)
        host.window.send([])
        #expect(field.text == "ẋy")
        #expect(delegate.log.filter { $0.hasPrefix("shouldChange") } == ["shouldChange A 0+0 \"ẋ\"", "shouldChange A 1+0 \"y\""])
    }

    /// The keys typed while one waits for its late answer wait behind it, and are offered in
    /// order once it comes: nothing typed out of order, nothing lost.
    @Test func keysBehindALateAnswerWaitAndKeepTheirOrder() throws {
        let (host, field, _, script) = try setUp()
        let hangul = script.method.onKey
        var late = true
        script.method.onKey = { key in
            guard late, key.isDown else { return hangul(key) }
            late = false
            let (_, signals) = hangul(key)
            script.method.answerLate(handled: true, signals: signals)  // sent, but read only at the next turn
            return (nil, [])
        }
        press(host, "g")
        // The answer is there to read; k and s come in the same turn and wait behind g.
        let k = Key(keyCode: KeyboardHIDUsage(rawValue: 0x0E), characters: "k", charactersIgnoringModifiers: "k")
        let s = Key(keyCode: KeyboardHIDUsage(rawValue: 0x16), characters: "s", charactersIgnoringModifiers: "s")
        host.window.send([.key(k, isDown: true, isRepeat: false), .textInput("k"), .key(s, isDown: true, isRepeat: false), .textInput("s")])
        #expect(field.text == "한" && field.editor.model.markedRange != nil)
        type(host, "space")
        #expect(field.text == "한 " && field.editor.model.markedRange == nil)
    }

    /// An input method that hangs: a key unanswered for `patience` seconds goes on as typed (the
    /// ones behind it too), and the input method is told to forget it, so its answer, if it ever
    /// comes, types nothing.
    @Test func aKeyUnansweredTooLongGoesOnAsTypedAndIsForgotten() throws {
        let (host, field, _, script) = try setUp()
        script.method.onKey = { key in key.isDown ? (nil, []) : (false, []) }
        type(host, "x y")
        #expect(field.text == "")
        host.advance(by: InputMethodRouter.patience - 0.5)
        #expect(field.text == "" && script.method.abandonedKeys == 0)
        host.advance(by: 1)  // no event comes: the window's own timer asks again
        #expect(field.text == "xy" && script.method.abandonedKeys == 1)
    }

    /// A key whose text comes in the next batch: used, the text is the input method's; given
    /// back, the text is the key's and is typed once; answered late, the same.
    @Test func aKeyAndItsTextInTwoBatches() throws {
        let (host, field, _, script) = try setUp()
        func split(_ name: String) {
            let (usage, text) = name == "space" ? (0x2C, " ") : (0x04 + Int(name.unicodeScalars.first!.value - 0x61), name)
            let key = Key(keyCode: KeyboardHIDUsage(rawValue: usage), characters: text, charactersIgnoringModifiers: text)
            host.window.send([.key(key, isDown: true, isRepeat: false)])
            host.window.send([.textInput(text)])
            host.window.send([.key(key, isDown: false, isRepeat: false)])
        }
        for name in ["g", "k", "s", "space"] { split(name) }
        #expect(field.text == "한 ", "the given-back space's text was lost or the letters typed")
        // Late: the answer comes with the text's batch, before it.
        let hangul = script.method.onKey
        script.method.onKey = { key in
            guard key.isDown else { return hangul(key) }
            let (handled, signals) = hangul(key)
            script.method.answerLate(handled: handled ?? false, signals: signals)
            return (nil, [])
        }
        for name in ["r", "m", "f", "space"] { split(name) }
        #expect(field.text == "한 글 ")
        // A turn with nothing in it between a used key and its text (the input method woke the
        // loop): the text is still the input method's (soak seed 101: "aa" after a late "a").
        script.method.onKey = hangul
        let g = Key(keyCode: KeyboardHIDUsage(rawValue: 0x0A), characters: "g", charactersIgnoringModifiers: "g")
        host.window.send([.key(g, isDown: true, isRepeat: false)])
        host.window.send([])
        host.window.send([.textInput("g")])
        #expect(field.text == "한 글 ㅎ")
    }

    /// The clear button tapped while IBus composes: the field is empty, though ibus-hangul commits
    /// its preedit as it is reset (soak seed 262000021: the syllable came back into the cleared field).
    @Test func theClearButtonDuringACompositionLeavesTheFieldEmpty() throws {
        let (host, field, _, _) = try setUp()
        field.clearButtonMode = .whileEditing
        type(host, "a b")
        type(host, "g k s")
        #expect(field.text == "ab한" && field.editor.model.markedRange != nil)
        host.layout()
        host.input.tap(at: field.convert(Point(x: field.clearButtonRect.midX, y: field.clearButtonRect.midY), to: nil))
        host.window.send([])  // the turn IBus's commit wakes
        #expect(field.text == "" && field.editor.model.markedRange == nil)
        type(host, "r m f space")
        #expect(field.text == "글 ")
    }

    @Test func passwordsAndNumbersBypassTheInputMethodAndSayWhatTheyAre() throws {
        let (host, field, _, script) = try setUp()
        #expect(script.method.contentType?.purpose == .freeForm && script.method.focusChanges.last == true)
        field.isSecureTextEntry = true
        #expect(script.method.contentType?.purpose == .password)
        #expect(script.method.contentType?.hints.contains(.private) == true)
        #expect(script.method.focusChanges.last == false)
        let offered = script.method.offeredKeys.count
        type(host, "g k s")
        #expect(script.method.offeredKeys.count == offered && field.editor.model.markedRange == nil)
        #expect(field.text == "gks")
        field.isSecureTextEntry = false
        field.keyboardType = .numberPad
        #expect(script.method.contentType?.purpose == .digits && script.method.focusChanges.last == false)
        field.keyboardType = .emailAddress
        #expect(script.method.contentType?.purpose == .email && script.method.focusChanges.last == true)
    }

    /// The window losing the system's focus: the input method commits on focus-out and the
    /// text lands in the field it was typed in.
    @Test func theWindowLosingFocusCommitsTheComposition() throws {
        let (host, field, _, _) = try setUp()
        type(host, "g k s")
        host.window.send(.focusChanged(false))
        #expect(field.text == "한" && field.editor.model.markedRange == nil)
        host.window.send(.focusChanged(true))
        type(host, "r m f space")
        #expect(field.text == "한글 ")
    }

    /// Something the input method sends while the app sleeps (a candidate picked in its panel)
    /// arrives with the next turn, even one with no events.
    @Test func signalsSentBetweenTurnsArriveWithTheNextOne() throws {
        let (host, field, _, script) = try setUp()
        script.method.pending = [.commit("漢字")]
        host.window.send([])
        #expect(field.text == "漢字")
    }

    /// A key the input method gives back that was never offered (it made it up) arrives as the
    /// key its keysym and keycode name, with the character it types.
    @Test func aKeyTheInputMethodMadeUpArrivesAsTheKeyItNames() throws {
        let (host, field, _, script) = try setUp()
        script.method.pending = [
            .forwardKey(InputMethodKey(keysym: 0x41, keycode: 30, state: 1)),
            .forwardKey(InputMethodKey(keysym: 0xFF08, keycode: 14, state: 0)),
            .forwardKey(InputMethodKey(keysym: 0x0100_00E9 - 0x0100_0000, keycode: 0, state: 0)),
        ]
        host.window.send([])
        #expect(field.text == "é")  // "A" typed, Backspace deleted it, "é" typed
        #expect(InputMethodKey(keysym: 0xFF08, keycode: 14, state: 0).key.keyCode == .keyboardDeleteOrBackspace)
    }

    /// A handled key whose text comes in the next turn: the text is the input method's to give.
    @Test func aHandledKeysTextInTheNextTurnIsNotTyped() throws {
        let (host, field, _, _) = try setUp()
        host.window.send([
            .key(Key(keyCode: KeyboardHIDUsage(rawValue: 0x0A), characters: "g", charactersIgnoringModifiers: "g"), isDown: true, isRepeat: false)
        ])
        host.window.send([.textInput("g")])
        #expect(field.text == "ㅎ" && field.editor.model.markedRange != nil)
        host.window.send([
            .key(Key(keyCode: .keyboardSpacebar, characters: " ", charactersIgnoringModifiers: " "), isDown: true, isRepeat: false), .textInput(" "),
        ])
        #expect(field.text == "ㅎ ")
    }

    @Test func keysNameTheirKeysymsKeycodesAndModifiers() {
        let shifted = InputMethodKey(
            key: Key(keyCode: .keyboardA, characters: "A", charactersIgnoringModifiers: "a", modifierFlags: [.shift]), text: "A", isDown: true)
        #expect(shifted.keysym == 0x41 && shifted.keycode == 30 && shifted.state == 1)
        let hangul = InputMethodKey(key: Key(keyCode: KeyboardHIDUsage(rawValue: 0x90)), text: nil, isDown: false)
        #expect(hangul.keysym == 0xFF31 && hangul.keycode == 122 && hangul.state == InputMethodKey.releaseMask)
        let control = InputMethodKey(
            key: Key(keyCode: KeyboardHIDUsage(rawValue: 0x05), charactersIgnoringModifiers: "b", modifierFlags: [.control]), text: nil, isDown: true)
        #expect(control.keysym == 0x62 && control.state == 4)
        let euro = InputMethodKey(key: Key(keyCode: KeyboardHIDUsage(rawValue: 0x08)), text: "€", isDown: true)
        #expect(euro.keysym == 0x0100_20AC)
    }
}
