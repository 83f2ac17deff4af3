// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// A source standing for the next ones (swipe typing, handwriting): it composes a word with
/// candidates through the session's public API only, and commits the candidate chosen.
@MainActor
final class PadSource: TextInputSource {
    var settled: [Bool] = []
    var chosen: [Int] = []
    var candidates = ["水", "氷", "永"]

    func write(in session: TextInputSession) {
        session.setComposition(CompositionState(preedit: candidates[0], candidates: candidates), from: self)
    }

    func inputSession(_ session: TextInputSession, didSettleCompositionResetting resetting: Bool) { settled.append(resetting) }

    func inputSession(_ session: TextInputSession, didChooseCandidateAt index: Int) {
        chosen.append(index)
        session.insertText(candidates[index], origin: .inputMethod, from: self)
        session.setComposition(.empty, from: self)
    }
}

/// A scripted system input method (IBus): letters compose "한" from g, k, s; it commits what it
/// composes on reset and focus-out, as ibus-hangul does, which the session must drop as an echo.
@MainActor
final class SyllableScript {
    let method = ScriptedInputMethod()
    private var letters = ""
    private let syllables = ["g": "ㅎ", "gk": "하", "gks": "한"]

    init() {
        method.onKey = { key in
            guard key.isDown, let scalar = Unicode.Scalar(key.keysym), let next = self.syllables[self.letters + String(Character(scalar))]
            else { return (false, key.isDown ? self.flush() : []) }
            self.letters += String(Character(scalar))
            return (true, [.preedit(next, cursor: 1, visible: true)])
        }
        method.onFocus = { focused in focused ? [] : self.flush() }
        method.onReset = { self.flush() }
    }

    private func flush() -> [InputMethodSignal] {
        guard let syllable = syllables[letters] else { return [] }
        letters = ""
        return [.preedit("", cursor: 0, visible: false), .commit(syllable)]
    }
}

/// The input session owns every composition, whatever its source: the on-screen keyboard's
/// engine, a system input method (scripted IBus), and a source an app adds. Whatever ends a
/// composition (focus moving, a tap elsewhere, the language changing, the field turning secure,
/// the trackpad) commits it once, where it was typed, and its source forgets it.
@Suite(.serialized) @MainActor
struct InputSessionTests {
    enum Source: CaseIterable { case onScreenKeyboard, systemInputMethod, appSource }
    enum Ending: CaseIterable { case focusMoves, tapElsewhereInTheText, languageChanges, fieldTurnsSecure, trackpadMoves }

    @MainActor struct Rig {
        let host: HeadlessWindow
        let fields: [TextField]
        let script: SyllableScript
        let pad = PadSource()
        let log = ChangeLog()
        var keys: KeyboardDriver { KeyboardDriver(host) }
        var session: TextInputSession? { host.window.inputSession }

        init() throws {
            script = SyllableScript()
            host = try HeadlessWindow(size: Size(width: 800, height: 520), fonts: .fixedAdvance(ratio: 0.5), inputMethod: script.method)
            host.backend.textComposers = ComposeRig.composers
            let root = View()
            host.rootView = root
            fields = (0..<2).map { TextField(frame: Rect(x: 10, y: 10 + Double($0) * 60, width: 400, height: 40)) }
            for field in fields {
                field.delegate = log
                root.addSubview(field)
            }
            host.window.keyboard.policy = .always
            host.window.keyboard.languages = ["ko", "en"]
            host.layout()
            fields[0].becomeFirstResponder()
            host.settle()
        }

        func marked(_ field: TextField) -> String? { field.markedTextRange.map { field.text(in: $0) ?? "" } }

        /// A hardware key as SDL delivers it: down with its text, then up.
        func press(_ letter: Character) {
            let usage = KeyboardHIDUsage(rawValue: 0x04 + Int(letter.asciiValue! - Character("a").asciiValue!))
            let key = Key(keyCode: usage, characters: String(letter), charactersIgnoringModifiers: String(letter), modifierFlags: [])
            host.window.send([.key(key, isDown: true, isRepeat: false), .textInput(String(letter), origin: .inputMethod)])
            host.window.send(.key(key, isDown: false, isRepeat: false))
        }

        /// Composes with a source; returns the text it shows as marked.
        func compose(with source: Source) throws -> String {
            switch source {
            case .onScreenKeyboard:
                for label in ["ㅎ", "ㅏ", "ㄴ"] { #expect(keys.tap(label: label)) }
                return "한"
            case .systemInputMethod:
                for letter in "gks" { press(letter) }
                return "한"
            case .appSource:
                pad.write(in: try #require(session))
                return "水"
            }
        }

        func end(with ending: Ending) throws {
            switch ending {
            case .focusMoves: host.input.tap(fields[1])
            case .tapElsewhereInTheText: host.input.tap(at: fields[0].convert(Point(x: 300, y: 20), to: nil))
            case .languageChanges: host.window.keyboard.showLanguage("en")
            case .fieldTurnsSecure: fields[0].isSecureTextEntry = true
            case .trackpadMoves:
                let keyboard = try #require(host.window.keyboard.keyboardView)
                let space = try #require(keyboard.keyFrames.first { $0.key.action == .space })
                var point = keyboard.convert(Point(x: space.frame.midX, y: space.frame.midY), to: nil)
                host.window.send(.touch(id: 1, phase: .began, location: point))
                host.advance(by: KeyboardView.longPressDelay + 0.05)
                for _ in 0..<8 {
                    point.x -= KeyboardView.trackpadStep.across / 2
                    host.advance(by: 0.016)
                    host.window.send(.touch(id: 1, phase: .moved, location: point))
                }
                host.window.send(.touch(id: 1, phase: .ended, location: point))
            }
            host.settle()
        }
    }

    @Test(arguments: Source.allCases, Ending.allCases)
    func aCompositionEndsOnceWhereItWasTyped(source: Source, ending: Ending) throws {
        let rig = try Rig()
        let composed = try rig.compose(with: source)
        #expect(rig.fields[0].text == composed && rig.marked(rig.fields[0]) == composed)
        #expect(rig.session?.composingSource != nil)
        try rig.end(with: ending)
        // Committed once, where it was typed; nothing in the other field; nothing left composing.
        #expect(rig.fields[0].text == composed, "\(source) \(ending)")
        #expect(rig.fields[1].text == "", "\(source) \(ending)")
        #expect(rig.marked(rig.fields[0]) == nil)
        #expect(rig.session?.composingSource == nil && rig.session?.composition == .empty)
        #expect(rig.host.window.keyboard.compositionState == .empty)
        // What is typed next starts anew: nothing of the old composition comes back.
        rig.host.input.type("x")
        let target = ending == .focusMoves ? rig.fields[1] : rig.fields[0]
        let expected = ending == .focusMoves ? "x" : (ending == .tapElsewhereInTheText || ending == .trackpadMoves ? nil : composed + "x")
        if let expected { #expect(target.text == expected, "\(source) \(ending)") }
        #expect((rig.fields[0].text ?? "").filter { $0 == composed.first! }.count == 1, "\(source) \(ending): \(rig.fields[0].text ?? "")")
        #expect((rig.fields[1].text ?? "").filter { $0 == composed.first! }.isEmpty)
        if source == .appSource { #expect(rig.pad.settled.count == 1) }
    }

    @Test func anotherSourcesCompositionIsCommittedBeforeOneBegins() throws {
        let rig = try Rig()
        for letter in "gks" { rig.press(letter) }  // the system input method composes 한
        #expect(rig.marked(rig.fields[0]) == "한")
        #expect(rig.keys.tap(label: "ㄱ"))  // the on-screen keyboard's engine begins
        #expect(rig.fields[0].text == "한ㄱ" && rig.marked(rig.fields[0]) == "ㄱ")
        #expect(rig.script.method.resets == 1, "the system input method was told to drop its composition")
        rig.pad.write(in: try #require(rig.session))  // then the app's source
        #expect(rig.fields[0].text == "한ㄱ水" && rig.marked(rig.fields[0]) == "水")
        #expect(rig.host.window.keyboard.compositionState == .empty, "the keyboard's engine forgot its ㄱ")
        rig.host.window.send([])  // the system input method's commit on reset arrives: the echo of 한
        #expect(rig.fields[0].text == "한ㄱ水")
        #expect(rig.log.changes.filter { $0.hasSuffix(" 한") }.count == 1, "\(rig.log.changes)")
    }

    @Test func anAppSourcesCandidatesShowInTheKeyboardsBarAndATapChoosesOne() throws {
        let rig = try Rig()
        rig.pad.write(in: try #require(rig.session))
        rig.host.layout()
        let keyboard = try #require(rig.host.window.keyboard.keyboardView)
        #expect(keyboard.candidates == rig.pad.candidates)
        #expect(rig.keys.tapCandidate("氷"))
        #expect(rig.pad.chosen == [1])
        #expect(rig.fields[0].text == "氷" && rig.marked(rig.fields[0]) == nil)
        #expect(keyboard.candidates.isEmpty)
        #expect(rig.log.changes == ["0+1 氷"], "one change replaced the preedit")
    }

    @Test func typedTextGoesAfterAnAppSourcesComposition() throws {
        let rig = try Rig()
        rig.fields[0].autocapitalizationType = .none
        rig.host.window.keyboard.showLanguage("en")
        rig.host.settle()
        rig.pad.write(in: try #require(rig.session))
        #expect(rig.keys.tap(label: "q"))
        #expect(rig.fields[0].text == "水q" && rig.marked(rig.fields[0]) == nil)
        #expect(rig.pad.settled == [true])
    }
}
