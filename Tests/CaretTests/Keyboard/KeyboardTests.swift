// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// A window with a field and the on-screen keyboard up (policy `.always`).
@MainActor
struct KeyboardRig {
    let host: HeadlessWindow
    let field: TextField
    let delegate: RecordingDelegate

    init(
        _ type: KeyboardType = .default, size: Size = Size(width: 800, height: 480),
        configure: (TextField) -> Void = { _ in }
    ) throws {
        host = try makeHost(width: size.width, height: size.height)
        let root = View()
        host.rootView = root
        field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.accessibilityIdentifier = "A"
        field.keyboardType = type
        delegate = RecordingDelegate()
        field.delegate = delegate
        configure(field)
        root.addSubview(field)
        delegate.observe([field])
        host.window.keyboard.policy = .always
        host.window.keyboard.locale = Locale(identifier: "en_US")
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        delegate.log.removeAll()
    }

    var keyboard: KeyboardView { host.window.keyboard.keyboardView! }

    /// The window point at the centre of the first key matching.
    func point(of match: (KeyboardKey) -> Bool) -> Point? {
        host.layout()
        guard let entry = keyboard.keyFrames.first(where: { match($0.key) }) else { return nil }
        return keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil)
    }

    func point(_ action: KeyboardKeyAction) -> Point? { point { $0.action == action } }

    /// Taps a key by its action; fails the test if the keyboard shows no such key.
    func tap(_ action: KeyboardKeyAction, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let p = point(action) else {
            Issue.record("no key \(action) on \(keyboard.model.type) \(keyboard.model.plane)", sourceLocation: sourceLocation)
            return
        }
        host.input.tap(at: p, hold: 0.05)
        host.advance(by: 0.4)  // apart enough not to make a double tap
    }

    func tapText(_ text: String) { tap(.text(text)) }

    func down(_ finger: Int, at point: Point) { host.window.send(.touch(id: finger, phase: .began, location: point)) }
    func up(_ finger: Int, at point: Point) { host.window.send(.touch(id: finger, phase: .ended, location: point)) }
}

@Suite(.serialized) @MainActor
struct KeyboardTypingTests {
    /// Taps every text key of the current plane; returns what they should have typed.
    private func typeEveryKey(_ rig: KeyboardRig) -> String {
        var expected = ""
        for entry in rig.keyboard.keyFrames {
            switch entry.key.action {
            case let .text(text):
                rig.tap(.text(text))
                expected += text
            case .decimal:
                rig.tap(.decimal)
                expected += rig.keyboard.model.effectiveDecimalSeparator
            default: break
            }
        }
        return expected
    }

    @Test(arguments: [
        KeyboardType.default, .asciiCapable, .numbersAndPunctuation, .URL, .emailAddress, .twitter, .webSearch,
    ])
    func everyCharacterOfEveryLanguageAndPlaneTypes(_ type: KeyboardType) throws {
        let rig = try KeyboardRig(type) {
            $0.autocapitalizationType = .none
            $0.smartQuotesType = .no  // every key types its own label
        }
        defer { withExtendedLifetime(rig.host) {} }
        var expected = ""
        var languagesSeen: [String] = []
        for _ in 0..<3 {
            languagesSeen.append(rig.keyboard.model.language)
            for plane in [KeyboardPlane.letters, .numbers, .symbols] {
                switch plane {
                case .letters: if rig.keyboard.model.plane != .letters { rig.tap(.more) }
                case .numbers: rig.tap(.more)
                default: rig.tap(.symbols)
                }
                #expect(rig.keyboard.model.plane == plane)
                expected += typeEveryKey(rig)
            }
            rig.tap(.numbers)
            rig.tap(.more)  // back to letters for the globe key
            rig.tap(.globe)
        }
        #expect(languagesSeen == ["en", "de", "fr"])
        #expect(rig.keyboard.model.language == "en")
        #expect(rig.field.text == expected)
        #expect(expected.contains("ü") == (type != .asciiCapable))  // German letters, unless ASCII only
        #expect(expected.contains("z") && expected.contains("{") && expected.contains("7"))
        if type == .URL { #expect(expected.contains(".com") && expected.contains("/")) }
        if type == .emailAddress || type == .twitter { #expect(expected.contains("@")) }
    }

    @Test(arguments: [KeyboardType.numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad, .namePhonePad])
    func everyKeyOfEveryPadTypes(_ type: KeyboardType) throws {
        let rig = try KeyboardRig(type) { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.keyboard.model.isShowingPad)
        var expected = typeEveryKey(rig)
        #expect(expected.contains("0") && expected.contains("9"))
        switch type {
        case .phonePad: #expect(expected.contains("*") && expected.contains("#") && expected.contains("+"))
        case .decimalPad: #expect(expected.contains("."))
        case .namePhonePad:
            rig.tap(.letters)
            #expect(!rig.keyboard.model.isShowingPad)
            rig.tapText("n")
            expected += "n"
            rig.tap(.phone)
            #expect(rig.keyboard.model.isShowingPad)
        default: break
        }
        #expect(rig.field.text == expected)
    }

    @Test func theDecimalPadTypesTheLocalesSeparator() throws {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.keyboardType = .decimalPad
        let host = try makeKeyboardHost(field)
        host.window.keyboard.locale = Locale(identifier: "de_DE")
        field.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let key = try #require(keyboard.keyFrames.first { $0.key.action == .decimal })
        #expect(key.key.label == ",")
        host.input.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil))
        #expect(field.text == ",")
    }

    @Test func everyKeyGoesThroughTheDelegate() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        rig.delegate.log.removeAll()
        rig.tapText("q")
        rig.tap(.space)
        rig.tap(.backspace)
        #expect(
            rig.delegate.log == [
                "shouldChange A 0+0 \"q\"", "notify change A", "selection A 1",
                "shouldChange A 1+0 \" \"", "notify change A", "selection A 2",
                "shouldChange A 1+1 \"\"", "notify change A", "selection A 1",
            ])
        // A delegate that refuses everything: keys change nothing, and nothing is lost.
        rig.delegate.allowChange = false
        rig.tapText("w")
        rig.tap(.backspace)
        #expect(rig.field.text == "q")
    }

    @Test func shiftTypesOneCapitalAndADoubleTapLocksCaps() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.keyboard.model.shift == .off)
        rig.tap(.shift)
        #expect(rig.keyboard.model.shift == .once)
        #expect(rig.point { $0.label == "Q" } != nil)  // the keys show capitals
        rig.tap(.text("a"))
        rig.tap(.text("a"))
        #expect(rig.field.text == "Aa")
        // Two taps within 0.35 s lock caps.
        let shift = try #require(rig.point(.shift))
        rig.host.input.tap(at: shift, hold: 0.05)
        rig.host.advance(by: 0.1)
        rig.host.input.tap(at: shift, hold: 0.05)
        rig.host.advance(by: 0.4)
        #expect(rig.keyboard.model.shift == .locked)
        rig.tapText("b")
        rig.tapText("c")
        rig.tap(.shift)
        rig.tapText("d")
        #expect(rig.field.text == "AaBCd")
    }

    @Test func autocapitalisationFollowsTheTraits() throws {
        let sentences = try KeyboardRig()
        #expect(sentences.keyboard.model.shift == .once)  // empty text: a capital first
        for key in ["h", "i"] { sentences.tapText(key) }
        sentences.tap(.more)
        sentences.tapText(".")
        sentences.tap(.space)  // back to letters, with a capital for the new sentence
        #expect(sentences.keyboard.model.plane == .letters && sentences.keyboard.model.shift == .once)
        sentences.tapText("o")
        sentences.tapText("k")
        #expect(sentences.field.text == "Hi. Ok")

        let words = try KeyboardRig { $0.autocapitalizationType = .words }
        for key in ["a", " ", "b"] { key == " " ? words.tap(.space) : words.tapText(key) }
        #expect(words.field.text == "A B")

        let all = try KeyboardRig { $0.autocapitalizationType = .allCharacters }
        for key in ["a", "b"] { all.tapText(key) }
        #expect(all.field.text == "AB")

        let none = try KeyboardRig { $0.autocapitalizationType = .none }
        none.tapText("a")
        #expect(none.field.text == "a")

        let pad = try KeyboardRig(.numberPad) { $0.autocapitalizationType = .allCharacters }
        #expect(pad.keyboard.model.shift == .off)  // ignored on pads
        withExtendedLifetime([sentences.host, words.host, all.host, none.host, pad.host]) {}
    }

    @Test func backspaceRepeatsAfterADelayThenDeletesWords() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        rig.field.text = "one two three four five six seven eight nine ten"
        let start = rig.field.text!.count
        let key = try #require(rig.point(.backspace))
        rig.down(1, at: key)
        #expect(rig.field.text!.count == start - 1)  // at once
        rig.host.advance(by: 0.45)
        #expect(rig.field.text!.count == start - 1)  // not yet repeating
        rig.host.advance(by: 0.1)  // 0.55 s: the first repeat
        #expect(rig.field.text!.count == start - 2)
        rig.host.advance(by: 0.5)  // 1.05 s: five more, every 0.1 s
        #expect(rig.field.text!.count == start - 7)
        rig.host.advance(by: 1.0)  // past 2 s of holding: whole words go
        rig.up(1, at: key)
        let text = rig.field.text!
        #expect(text.count < start - 12)
        #expect(text.hasSuffix(" ") == false && "one two three four five six seven eight nine ten".hasPrefix(text))
        #expect(text.isEmpty || text.last!.isLetter)  // words, not letters, at a time
        let after = text.count
        rig.host.advance(by: 1)
        #expect(rig.field.text!.count == after)  // lifting stops it
    }

    @Test func aLongPressOffersAlternatesChosenBySliding() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        let e = try #require(rig.point(.text("e")))
        rig.down(1, at: e)
        #expect(rig.keyboard.popups.popup?.labels == ["e"])  // the preview over the key
        rig.host.advance(by: 0.6)
        let popup = try #require(rig.keyboard.popups.popup)
        #expect(popup.labels.prefix(5) == ["e", "é", "è", "ê", "ë"])
        // Slide over the third cell (è) and lift.
        let target = popup.convert(Point(x: 4 + popup.bounds.width / Double(popup.labels.count) * 2.5, y: 10), to: nil)
        rig.host.window.send(.touch(id: 1, phase: .moved, location: target))
        #expect(popup.highlighted == 2)
        rig.up(1, at: target)
        #expect(rig.field.text == "è")
        #expect(rig.keyboard.popups.popup == nil)
        // A quick tap types the key itself.
        rig.tapText("e")
        #expect(rig.field.text == "èe")
    }

    @Test func rolloverTypesBothKeysInOrder() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        let a = try #require(rig.point(.text("a"))), s = try #require(rig.point(.text("s")))
        let d = try #require(rig.point(.text("d")))
        // a down, s down, a up, s up.
        rig.down(1, at: a)
        rig.down(2, at: s)
        rig.up(1, at: a)
        rig.up(2, at: s)
        #expect(rig.field.text == "as")
        // d down, a down, a up, d up: d typed when a went down, a on its lift.
        rig.down(1, at: d)
        rig.down(2, at: a)
        rig.up(2, at: a)
        rig.up(1, at: d)
        #expect(rig.field.text == "asda")
    }

    /// A finger landing while Return is still held: Return types first and moves on to the next
    /// field, and the finger, aimed at the keys of the field it left, types nothing into the new one.
    @Test func aKeyThatLandsAsReturnMovesOnTypesNothingIntoTheNextField() throws {
        let rig = try KeyboardRig {
            $0.returnKeyType = .next
            $0.returnKeyNavigation = true
        }
        defer { withExtendedLifetime(rig.host) {} }
        let next = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        next.text = "hello"
        rig.field.superview?.addSubview(next)
        rig.host.layout()
        let returnKey = try #require(rig.point(.return)), backspace = try #require(rig.point(.backspace))
        rig.down(1, at: returnKey)
        rig.down(2, at: backspace)
        #expect(next.isFirstResponder, "Return typed on the second finger's landing and moved on")
        rig.up(2, at: backspace)
        rig.up(1, at: returnKey)
        #expect(next.text == "hello", "the finger aimed at the first field's keys deleted nothing in the next")
        #expect(rig.field.text == "")
        // With the focus kept, rollover still types both keys in order.
        rig.tapText("h")
        let h = try #require(rig.point(.text("h"))), i = try #require(rig.point(.text("i")))
        rig.down(1, at: h)
        rig.down(2, at: i)
        rig.up(1, at: h)
        rig.up(2, at: i)
        #expect(next.text == "hellohhi")
    }

    @Test func theReturnKeyIsLabelledAndEnabledByTheTraits() throws {
        let rig = try KeyboardRig {
            $0.returnKeyType = .send
            $0.enablesReturnKeyAutomatically = true
        }
        defer { withExtendedLifetime(rig.host) {} }
        func returnKey() -> KeyboardKey? { rig.keyboard.keyFrames.first { $0.key.action == .return }?.key }
        #expect(returnKey()?.label == "Send")
        #expect(returnKey()?.isEnabled == false)
        rig.delegate.log.removeAll()
        rig.tap(.return)
        #expect(rig.delegate.log.isEmpty)  // a disabled key does nothing
        rig.tapText("h")
        #expect(returnKey()?.isEnabled == true)
        rig.tap(.return)
        // As UIKit: the delegate is asked and nothing else happens; a Send field keeps its keyboard.
        #expect(rig.delegate.log.last == "shouldReturn A")
        #expect(rig.field.isFirstResponder && rig.host.window.keyboard.isVisible)
    }

    @Test func theHideKeyEndsEditing() throws {
        let rig = try KeyboardRig()
        defer { withExtendedLifetime(rig.host) {} }
        rig.tap(.dismiss)
        rig.host.settle()
        #expect(!rig.field.isEditing && !rig.host.window.keyboard.isVisible)
    }

    @Test func suggestionsCompleteTheWordThroughTheChangePath() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(rig.keyboard.showsSuggestionBar && rig.keyboard.suggestions.isEmpty)
        for key in ["t", "h", "e"] { rig.tapText(key) }
        let suggestions = rig.keyboard.suggestions
        #expect(suggestions.count == 3 && suggestions.allSatisfy { $0.hasPrefix("the") && $0 != "the" })
        #expect(suggestions.first == "they")  // the most frequent completion in the list
        rig.delegate.log.removeAll()
        let cell = rig.keyboard.suggestionFrames[0]
        rig.host.input.tap(at: rig.keyboard.convert(Point(x: cell.midX, y: cell.midY), to: nil))
        #expect(rig.field.text == "they ")
        #expect(rig.delegate.log.first == "shouldChange A 0+3 \"they \"")  // one change replacing the partial word
        #expect(!rig.keyboard.suggestions.contains { $0.hasPrefix("they") }, "next words now, not completions")
    }

    @Test(arguments: [KeyboardType.phonePad, .numberPad, .decimalPad])
    func noSuggestionsForNumberAndPhoneFields(_ type: KeyboardType) throws {
        let rig = try KeyboardRig(type)
        #expect(!rig.keyboard.showsSuggestionBar)
        withExtendedLifetime(rig.host) {}
    }

    @Test func noSuggestionsForSecureFields() throws {
        let rig = try KeyboardRig { $0.isSecureTextEntry = true }
        defer { withExtendedLifetime(rig.host) {} }
        #expect(!rig.keyboard.showsSuggestionBar)
        for key in ["t", "h", "e"] { rig.tapText(key) }
        #expect(rig.keyboard.suggestions.isEmpty)
        #expect(rig.field.documentContextBeforeInput == nil)  // secure text never leaves the field
    }

    @Test func aCustomViewAdoptingTheProtocolGetsTheSameKeyboard() throws {
        let custom = FocusView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let host = try makeKeyboardHost(custom)
        custom.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let q = try #require(keyboard.keyFrames.first { $0.key.action == .text("q") })
        host.input.tap(at: keyboard.convert(Point(x: q.frame.midX, y: q.frame.midY), to: nil))
        #expect(custom.inserted == ["Q"])  // no context: a sentence starts
    }
}
