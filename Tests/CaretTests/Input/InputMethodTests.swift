// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Input methods never lose, duplicate or misplace text (issue 11). Each test sends the events in
/// the order SDL delivers them from IBus and Fcitx 5 (seen in Scripts/e2e-ime.sh's runs), and
/// checks the text and the delegate calls.
@Suite(.serialized) @MainActor
struct InputMethodTests {
    private func fields(_ count: Int = 2) throws -> (HeadlessWindow, [TextField], RecordingDelegate) {
        let host = try makeHost(width: 400, height: 300)
        host.rootView = View()
        let delegate = RecordingDelegate()
        var made: [TextField] = []
        for i in 0..<count {
            let field = TextField(frame: Rect(x: 10, y: 10 + Double(i) * 50, width: 300, height: 40))
            field.accessibilityIdentifier = ["A", "B", "C"][i]
            field.delegate = delegate
            host.rootView!.addSubview(field)
            made.append(field)
        }
        host.layout()
        #expect(made[0].becomeFirstResponder())
        delegate.log.removeAll()
        return (host, made, delegate)
    }

    private var textInput: (HeadlessWindow) -> RecordingTextInput { { $0.backend.textInput as! RecordingTextInput } }

    /// Fcitx 5 (and IBus with ibus-hangul's event forwarding off): Space during the syllable "글"
    /// arrives as the key's text first, then the input method commits "글".
    @Test func aKeysTextDuringACompositionGoesAfterItAndTheLateCommitIsNotTypedTwice() throws {
        let (host, fields, delegate) = try fields()
        host.input.compose("한", selectedRange: 1..<1)
        host.input.type("한")
        host.input.compose("")
        host.input.compose("글", selectedRange: 1..<1)
        host.window.send(
            .key(Key(keyCode: .keyboardSpacebar, characters: " ", charactersIgnoringModifiers: " ", modifierFlags: []), isDown: true, isRepeat: false)
        )
        host.input.type(" ")  // the key's text, right after its key
        host.input.type("글")  // the input method's commit of the preedit, late
        host.input.compose("")
        #expect(fields[0].text == "한글 ")
        #expect(fields[0].selectedRange == NSRange(location: 3, length: 0))
        // Each commit replaces its preedit (one character); the space goes after "글".
        #expect(
            delegate.log.filter { $0.hasPrefix("shouldChange") } == [
                "shouldChange A 0+1 \"한\"", "shouldChange A 1+1 \"글\"", "shouldChange A 2+0 \" \"",
            ])
        // Typing goes on at the caret: "안녕." the same way.
        host.input.compose("안", selectedRange: 1..<1)
        host.input.type("안")
        host.input.compose("녕", selectedRange: 1..<1)
        host.window.send(
            .key(
                Key(keyCode: KeyboardHIDUsage(rawValue: 0x37), characters: ".", charactersIgnoringModifiers: ".", modifierFlags: []), isDown: true,
                isRepeat: false))
        host.input.type(".")
        host.input.type("녕")
        #expect(fields[0].text == "한글 안녕.")
    }

    /// IBus commits the preedit again when focus leaves mid-composition: it must not land in the next field.
    @Test func focusMovingMidCompositionCommitsOnceIntoTheFieldItWasTypedIn() throws {
        let (host, fields, _) = try fields()
        host.input.compose("한", selectedRange: 1..<1)
        host.input.key(.keyboardTab)
        host.input.type("한")  // IBus's commit on focus-out
        #expect(fields[0].text == "한" && fields[1].text == "" && fields[1].isFirstResponder)
        host.input.type("x")  // what is typed next is not dropped
        #expect(fields[1].text == "x")
    }

    @Test func aPasswordFieldNextToTheCompositionGetsNoneOfIt() throws {
        let (host, fields, _) = try fields()
        fields[1].isSecureTextEntry = true
        host.input.compose("한", selectedRange: 1..<1)
        fields[1].becomeFirstResponder()
        host.input.type("한")
        #expect(fields[0].text == "한" && fields[1].text == "")
    }

    /// A click in the same field mid-composition commits it where it is and resets the input
    /// method; the next commit goes where the click put the caret.
    @Test func aClickMidCompositionCommitsItThereAndTheNextCommitLandsAtTheClick() throws {
        let (host, fields, _) = try fields()
        fields[0].text = "ab"
        host.input.compose("한", selectedRange: 1..<1)
        let resetsBefore = textInput(host).compositionResets
        host.input.click(at: fields[0].convert(Point(x: 1, y: 20), to: nil))
        host.input.type("한")  // IBus's commit on reset: an echo
        #expect(fields[0].text == "ab한")
        #expect(fields[0].selectedRange == NSRange(location: 0, length: 0))
        #expect(textInput(host).compositionResets == resetsBefore + 1)
        host.input.compose("글", selectedRange: 1..<1)
        host.input.type("글")
        #expect(fields[0].text == "글ab한")
    }

    /// Passwords take no composition: the preedit is committed at once and the input method reset.
    @Test func aSecureFieldCommitsAPreeditAtOnceAndHoldsNoComposition() throws {
        let (host, fields, _) = try fields()
        fields[0].isSecureTextEntry = true
        host.input.compose("ㅎ", selectedRange: 1..<1)
        #expect(fields[0].editor.model.markedRange == nil && fields[0].text == "ㅎ")
        #expect(textInput(host).compositionResets == 1)
        host.input.type("ㅎ")  // the reset's commit: an echo
        host.input.compose("ㅏ", selectedRange: 1..<1)
        #expect(fields[0].text == "ㅎㅏ")
    }

    /// An echo is dropped only when it is the same text, soon, with no key before it.
    @Test func onlyAnExactSoonEchoIsDropped() throws {
        let (host, fields, _) = try fields()
        host.input.compose("かんじ", selectedRange: 3..<3)
        host.input.key(.keyboardTab)
        host.input.type("漢字")  // an input method that converts on focus-out: not an echo
        #expect(fields[0].text == "かんじ" && fields[1].text == "漢字")
        fields[0].becomeFirstResponder()
        host.input.compose("한", selectedRange: 1..<1)
        fields[1].becomeFirstResponder()
        host.advance(by: 2)
        host.input.type("한")  // two seconds later: typed anew
        #expect(fields[1].text == "漢字한")
    }

    /// A preedit can join the cluster before it (an emoji after a zero-width joiner): the marked
    /// range covers the whole cluster, and its commit replaces the cluster, keeping what was there.
    @Test func aPreeditJoiningTheClusterBeforeItIsMarkedAndCommittedWhole() throws {
        let (host, fields, delegate) = try fields()
        host.input.type("a😀\u{200D}")
        delegate.log.removeAll()
        host.input.compose("👍", selectedRange: 2..<2)
        let model = fields[0].editor.model
        #expect(model.preeditRange == 4..<6 && model.markedRange == 1..<6)
        #expect(model.invariantViolations().isEmpty)
        host.input.type("👍")
        #expect(fields[0].text == "a😀\u{200D}👍" && fields[0].editor.model.markedRange == nil)
        #expect(delegate.log.filter { $0.hasPrefix("shouldChange") } == ["shouldChange A 1+5 \"😀\u{200D}👍\""])
        // Cancelled instead: the text is as it was.
        host.input.type("😀\u{200D}")
        host.input.compose("👍", selectedRange: 2..<2)
        host.input.compose("")
        #expect(fields[0].text == "a😀\u{200D}👍😀\u{200D}")
    }

    /// A key the input method lets through during a composition (Backspace, an arrow) acts on
    /// committed text: the composition is committed first, through the delegate and the field's
    /// rules — it never becomes text behind their back.
    @Test func aKeyDuringACompositionCommitsItThroughTheRulesFirst() throws {
        let (host, fields, delegate) = try fields()
        fields[0].maximumLength = 5
        host.input.type("abcd")
        host.input.compose("にh", selectedRange: 2..<2)
        delegate.log.removeAll()
        host.input.key(.keyboardDeleteOrBackspace)
        // The commit ("にh" would make 6) is refused, so the preedit goes; Backspace then deletes "d".
        #expect(fields[0].text == "abc" && fields[0].editor.model.markedRange == nil)
        #expect(delegate.log.filter { $0.hasPrefix("shouldChange") } == ["shouldChange A 4+2 \"にh\"", "shouldChange A 3+1 \"\""])
        host.input.compose("x", selectedRange: 1..<1)
        host.input.key(.keyboardLeftArrow)
        #expect(fields[0].text == "abcx" && fields[0].selectedRange == NSRange(location: 3, length: 0))
    }
}

/// Compositions are never dropped (issue 25, item 2): what ends one commits it where it was typed.
@Suite(.serialized) @MainActor
struct CompositionEndTests {
    private func field() throws -> (HeadlessWindow, TextField) {
        let host = try makeKeyboardHost(width: 800, height: 480)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        host.rootView!.addSubview(field)
        host.layout()
        #expect(field.becomeFirstResponder())
        return (host, field)
    }

    /// The platform's input method (SDL's IBus or Fcitx): the window losing focus commits.
    @Test func theWindowLosingFocusCommitsAnOpenComposition() throws {
        let (host, field) = try field()
        host.input.type("ab")
        host.input.compose("한", selectedRange: 1..<1)
        host.window.send(.focusChanged(false))
        #expect(field.text == "ab한" && field.editor.model.markedRange == nil)
        #expect(field.selectedRange == NSRange(location: 3, length: 0))
        host.input.type("한")  // the input method's own commit on focus-out: an echo, dropped
        #expect(field.text == "ab한")
    }

    /// The on-screen keyboard's language switched during a composition commits it.
    @Test func switchingTheKeyboardsLanguageCommitsAnOpenComposition() throws {
        let (host, field) = try field()
        host.settle()
        let next = host.window.keyboard.languages.first { $0 != host.window.keyboard.currentLanguage }
        host.input.compose("にほ", selectedRange: 2..<2)
        host.window.keyboard.showLanguage(try #require(next))
        #expect(field.text == "にほ" && field.editor.model.markedRange == nil)
        #expect(field.selectedRange == NSRange(location: 2, length: 0))
    }
}
