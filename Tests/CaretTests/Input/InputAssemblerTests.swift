// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Foundation
import Testing

/// The one place that merges text pieces and tells a key's text from an input method's commit,
/// and the headless window going through it as the app does.
@Suite @MainActor
struct InputAssemblerTests {
    let a = Key(keyCode: .letter("a")!, characters: "a")

    @Test func piecesOfACommitBecomeOneAndAKeysTextStaysApart() {
        var assembler = InputAssembler()
        let events = assembler.assemble([
            .textInput("한글"), .textInput("안녕"), .key(a, isDown: true, isRepeat: false), .textInput("a"), .textInput("b"),
            .textInput("c"),
        ])
        #expect(
            events == [
                .textInput("한글안녕", origin: .inputMethod), .key(a, isDown: true, isRepeat: false), .textInput("a", origin: .key),
                .textInput("bc", origin: .inputMethod),
            ])
    }

    @Test func aKeyDownCarriesOverToTheNextBatchAndAnythingElseEndsIt() {
        var assembler = InputAssembler()
        _ = assembler.assemble([.key(a, isDown: true, isRepeat: false)])
        #expect(assembler.assemble([.textInput("a")]) == [.textInput("a", origin: .key)])
        _ = assembler.assemble([.key(a, isDown: true, isRepeat: false), .key(a, isDown: false, isRepeat: false)])
        #expect(assembler.assemble([.textInput("a")]) == [.textInput("a", origin: .inputMethod)])
        let onScreen = assembler.assemble([.key(a, isDown: true, isRepeat: false), .textInput("x", origin: .onScreenKeyboard)])
        #expect(onScreen.last == .textInput("x", origin: .onScreenKeyboard))
    }

    @Test func theHeadlessWindowMergesACutCommitBeforeTheDelegateIsAsked() throws {
        let (host, field, delegate) = try focusedField()
        host.window.send([.textInput("long com"), .textInput("mit")])
        #expect(field.text == "long commit")
        #expect(delegate.log.filter { $0.hasPrefix("shouldChange") }.count == 1, "\(delegate.log)")
    }

    @Test func anOnScreenKeyDuringASystemCompositionGoesAfterThePreedit() throws {
        let rig = try KeyboardRig()
        rig.host.input.compose("k")  // an input method's preedit, as IBus shows it
        #expect(rig.field.markedTextRange != nil)
        rig.tapText("a")
        // The preedit is committed as it stands and the key's letter (a capital: the sentence's
        // start) follows it; before, the key's text replaced the preedit.
        #expect(rig.field.text == "kA" && rig.field.markedTextRange == nil)
        #expect(rig.delegate.log.filter { $0.hasPrefix("shouldChange") } == ["shouldChange A 0+1 \"k\"", "shouldChange A 1+0 \"A\""])
    }
}

/// Fcitx 5 through SDL delivers a key that ends a composition first, then its commit: the commit
/// is the input method's, not the key's text, whatever the key (issue 43).
@Suite @MainActor
struct KeyEndedCompositionTests {
    private func key(_ usage: Int, _ base: String, _ modifiers: KeyModifierFlags = []) -> Key {
        Key(keyCode: KeyboardHIDUsage(rawValue: usage), characters: "", charactersIgnoringModifiers: base, modifierFlags: modifiers)
    }

    @Test func textAfterAKeyIsTheKeysOnlyWhenTheKeyCouldTypeIt() {
        let cases: [(Key, String, TextInputOrigin)] = [
            (key(0x04, "a"), "a", .key), (key(0x04, "a", .shift), "A", .key), (key(0x1E, "1", .shift), "!", .key),
            (key(0x14, "й"), "й", .key),  // a key of another script types its own letter
            (key(0x05, "b", .control), "한", .inputMethod), (key(0x50, ""), "한", .inputMethod),  // Ctrl+B, Left
            (key(0x2B, ""), "안", .inputMethod), (key(0x28, ""), "안", .inputMethod),  // Tab, Return
            (key(0x17, "t", .shift), "값", .inputMethod),  // Shift+T ends 값 and begins ㅆ
        ]
        for (key, text, origin) in cases {
            var assembler = InputAssembler()
            let events = assembler.assemble([.key(key, isDown: true, isRepeat: false), .textInput(text)])
            #expect(events.last == .textInput(text, origin: origin), "\(key.charactersIgnoringModifiers) \(key.modifierFlags) then \(text)")
        }
    }

    @Test(arguments: [(0x05, "b", KeyModifierFlags.control), (0x50, "", KeyModifierFlags()), (0x4A, "", KeyModifierFlags())])
    func aKeyThatEndsACompositionCommitsItOnce(usage: Int, base: String, modifiers: KeyModifierFlags) throws {
        let (host, field, delegate) = try focusedField()
        host.input.compose("한", selectedRange: 1..<1)
        host.window.send([.key(key(usage, base, modifiers), isDown: true, isRepeat: false), .textInput("한")])
        host.window.send(.textEditing("", selectedRange: nil))
        #expect(field.text == "한", "\(delegate.log)")
        #expect(delegate.log.filter { $0.hasPrefix("shouldChange") }.count == 1)
    }

    @Test func aShiftTypedDoubleConsonantAfterAFinalOneDoesNotRepeatTheSyllable() throws {
        let (host, field, _) = try focusedField()
        host.input.compose("값", selectedRange: 1..<1)
        host.window.send([.key(key(0x17, "t", .shift), isDown: true, isRepeat: false), .textInput("값"), .textEditing("ㅆ", selectedRange: 1..<1)])
        host.input.compose("싸", selectedRange: 1..<1)
        host.input.compose("싼", selectedRange: 1..<1)
        host.window.send([.key(key(0x2C, " "), isDown: true, isRepeat: false), .textInput("싼"), .textInput(" ")])
        #expect(field.text == "값싼 ")
    }
}

/// A focused field with a recording delegate, in a headless window.
@MainActor
private func focusedField() throws -> (HeadlessWindow, TextField, RecordingDelegate) {
    let host = try makeHost(width: 400, height: 300)
    let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
    let delegate = RecordingDelegate()
    field.delegate = delegate
    host.rootView = View(frame: host.window.bounds)
    host.rootView?.addSubview(field)
    #expect(field.becomeFirstResponder())
    delegate.log.removeAll()
    return (host, field, delegate)
}
