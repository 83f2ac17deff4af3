// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Testing

/// The on-screen keyboard's state as a value: shift, planes, languages, pads and the return key,
/// without a view.
@Suite @MainActor
struct KeyboardModelTests {
    private func model(_ languages: [String] = ["en"]) throws -> KeyboardModel {
        var model = KeyboardModel(layouts: try KeyboardLayouts.bundled(), languages: languages)
        model.autocapitalizationType = .none
        model.configure(type: .default, contextBeforeCaret: "")
        return model
    }

    private func labels(_ model: KeyboardModel) -> [String] { model.rows.flatMap { $0.map(\.label) } }

    @Test func shiftOnceCapitalisesOneLetterAndADoubleTapLocksIt() throws {
        var m = try model()
        #expect(m.press(.shift, at: 0) == nil && m.shift == .once)
        #expect(labels(m).contains("Q"))
        #expect(m.press(.text("q")) == .insert("Q"))
        #expect(m.shift == .off && m.press(.text("q")) == .insert("q"))
        _ = m.press(.shift, at: 1)
        _ = m.press(.shift, at: 1.2)  // within the double-tap interval
        #expect(m.shift == .locked)
        #expect(m.press(.text("a")) == .insert("A") && m.press(.text("b")) == .insert("B") && m.shift == .locked)
        _ = m.press(.shift, at: 5)
        #expect(m.shift == .off)
    }

    @Test func slowShiftTapsToggleInsteadOfLocking() throws {
        var m = try model()
        _ = m.press(.shift, at: 0)
        _ = m.press(.shift, at: 1)  // too late for a double tap
        #expect(m.shift == .off)
    }

    @Test(arguments: [
        (TextAutocapitalizationType.sentences, "", true), (.sentences, "Hello", false), (.sentences, "Hi. ", true),
        (.sentences, "Hi ", false), (.sentences, "line\n", true), (.words, "two ", true), (.words, "tw", false),
        (.none, "", false), (.allCharacters, "abc", true),
    ])
    func automaticShiftFollowsTheAutocapitalisationType(_ type: TextAutocapitalizationType, _ context: String, _ shifted: Bool) throws {
        var m = try model()
        m.autocapitalizationType = type
        m.updateAutomaticShift(contextBeforeCaret: context)
        #expect((m.shift == .once) == shifted, "\(type) after \(context.debugDescription)")
    }

    @Test func anAutomaticShiftGoesWhenTheContextNoLongerWantsItButAUsersShiftStays() throws {
        var m = try model()
        m.autocapitalizationType = .sentences
        m.updateAutomaticShift(contextBeforeCaret: "")
        #expect(m.shift == .once)
        m.updateAutomaticShift(contextBeforeCaret: "H")
        #expect(m.shift == .off)
        _ = m.press(.shift, at: 0)
        m.updateAutomaticShift(contextBeforeCaret: "Hello")
        #expect(m.shift == .once)  // the user's shift waits for a letter
    }

    @Test func planesSwitchAndSpaceOrReturnGoBackToLetters() throws {
        var m = try model()
        #expect(m.plane == .letters)
        _ = m.press(.more)
        #expect(m.plane == .numbers && labels(m).contains("ABC"))
        _ = m.press(.symbols)
        #expect(m.plane == .symbols)
        #expect(m.press(.space) == .insert(" ") && m.plane == .letters)
        _ = m.press(.numbers)
        #expect(m.press(.return) == .return && m.plane == .letters)
    }

    @Test func theReturnKeyIsDisabledWhileTheTextIsEmptyWhenAsked() throws {
        var m = try model()
        m.enablesReturnKeyAutomatically = true
        m.hasText = false
        #expect(m.press(.return) == nil)
        #expect(m.rows.flatMap { $0 }.first { $0.action == .return }?.isEnabled == false)
        m.hasText = true
        #expect(m.press(.return) == .return)
        m.returnKeyType = .search
        #expect(m.rows.flatMap { $0 }.first { $0.action == .return }?.label == ReturnKeyType.search.title)
    }

    @Test func theGlobeCyclesLanguagesAndShowsOnlyWithMoreThanOne() throws {
        var one = try model(["en"])
        #expect(!one.rows.flatMap { $0 }.contains { $0.action == .globe })
        #expect(one.press(.globe) == nil && one.language == "en")
        var m = try model(["en", "de", "xx"])  // a language with no layout is left out
        #expect(m.languages == ["en", "de"])
        _ = m.press(.globe)
        #expect(m.language == "de")
        _ = m.press(.globe)
        #expect(m.language == "en")
        m.setLanguages(["fr"])
        #expect(m.language == "fr" && m.languages == ["fr"])
    }

    @Test func aDecimalPadTypesTheLocalesSeparatorAndHasNoCapitals() throws {
        var m = try model()
        m.decimalSeparator = ","
        m.configure(type: .decimalPad, contextBeforeCaret: "")
        #expect(m.isShowingPad)
        #expect(m.press(.decimal) == .insert(","))
        _ = m.press(.shift)
        #expect(m.press(.text("1")) == .insert("1"))
    }

    @Test func pressingReportsTheOutcomeWithoutChangingTheModel() throws {
        let m = try model()
        let (next, output) = m.pressing(.shift)
        #expect(output == nil && next.shift == .once && m.shift == .off)
        #expect(m.pressing(.backspace).output == .deleteBackward)
        #expect(m.pressing(.dismiss).output == .dismiss)
    }
}
