// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Swipe typing and handwriting for a guest who cannot see the keys (issue 46, item 3): in spoken
/// mode a finger on the writing area writes (the area allows direct interaction, as VoiceOver's
/// drawing areas do) and the character read is spoken; a double tap whose second touch slides
/// swipes a word from the key the first tap typed, naming the keys the trail crosses. Both with a
/// mouse too. And a swipe over a selection replaces it.
@Suite(.serialized) @MainActor
struct SpokenSwipeAndWritingTests {
    typealias Counting = HandwritingPadTests.CountingRecognizer

    func keyboardHost(language: String, configure: (TextField) -> Void = { _ in }) throws -> (
        HeadlessWindow, TextField, KeyboardView, RecordingSpeaker
    ) {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        configure(field)
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.backend.handwritingRecognizers = Counting()
        host.window.keyboard.languages = [language]
        #expect(field.becomeFirstResponder())
        host.settle()
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        host.settle()
        speaker.clear()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        return (host, field, keyboard, speaker)
    }

    /// A focused field whose input view is a writing pad, spoken mode on.
    func inputViewHost(model: String) throws -> (HeadlessWindow, TextField, HandwritingInputView, RecordingSpeaker) {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        let pad = HandwritingInputView(model: model)
        pad.frame.size.height = HandwritingInputView.preferredHeight(forWidth: 800)
        field.inputView = pad
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.backend.handwritingRecognizers = Counting()
        #expect(field.becomeFirstResponder())
        host.settle()
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        return (host, field, pad, speaker)
    }

    func centre(of letter: Character, _ keyboard: KeyboardView) throws -> Point {
        let geometry = try #require(keyboard.swipeGeometry)
        return keyboard.convert(try #require(geometry.centres[letter]), to: nil)
    }

    /// The points a finger passes through the letters' key centres, six steps between two.
    func path(_ letters: String, _ keyboard: KeyboardView) throws -> [Point] {
        let centres = try letters.map { try centre(of: $0, keyboard) }
        var points = [centres[0]]
        for (a, b) in zip(centres, centres.dropFirst()) {
            for step in 1...6 {
                let t = Double(step) / 6
                points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return points
    }

    /// One stroke across the pad's writing area, by finger or (finger nil) the mouse.
    func stroke(_ host: HeadlessWindow, _ pad: HandwritingInputView, finger: Int? = 1) {
        let area = pad.convert(pad.writingArea, to: nil)
        let points = (0...8).map { Point(x: area.minX + 20 + Double($0) * 15, y: area.midY + Double($0)) }
        if let finger {
            host.window.send(.touch(id: finger, phase: .began, location: points[0]))
            for point in points.dropFirst() {
                host.advance(by: 0.016)
                host.window.send(.touch(id: finger, phase: .moved, location: point))
            }
            host.window.send(.touch(id: finger, phase: .ended, location: points[points.count - 1]))
        } else {
            host.window.send(.mouseDown(button: .primary, location: points[0], clickCount: 1, modifiers: []))
            for point in points.dropFirst() {
                host.advance(by: 0.016)
                host.window.send(.mouseMoved(location: point, buttons: [.primary], modifiers: []))
            }
            host.window.send(.mouseUp(button: .primary, location: points[points.count - 1], modifiers: []))
        }
        host.advance(by: 0.05)
    }

    // MARK: Handwriting

    @Test(arguments: [1, nil] as [Int?]) func inSpokenModeAFingerOrTheMouseWritesOnThePadAndWhatIsReadIsSpoken(finger: Int?) throws {
        let (host, field, keyboard, speaker) = try keyboardHost(language: "zh-handwriting")
        let pad = try #require(keyboard.handwritingPad)
        host.clock.advancePerReading = 0.0001  // a clock that moves, as the real one does: said once all the same
        stroke(host, pad, finger: finger)
        host.clock.advancePerReading = 0
        #expect(pad.strokes.count == 1, "the stroke reached the pad, not exploration")
        #expect(field.text == "一" && field.editor.model.markedRange != nil, "read and marked")
        #expect(
            speaker.texts.first?.hasPrefix("writing area") == true,
            "the pad is named as the finger first lands on it: \(speaker.texts)")
        #expect(speaker.texts.last == "一", "the character read is spoken")
        #expect(speaker.texts.filter { $0 == "一" }.count == 1, "once, not echoed and announced over itself: \(speaker.texts)")
        #expect(speaker.utterances.last?.language == "zh-Hans", "in the language written, not the default voice")
        speaker.clear()
        stroke(host, pad, finger: finger)
        #expect(field.text == "二")
        #expect(!speaker.texts.contains { $0.hasPrefix("writing area") }, "not named again while the finger writes")
        #expect(speaker.texts.last == "二")
        // The space bar's lift (spoken mode types by activation) confirms the character, adding nothing.
        let space = try #require(keyboard.keyFrames.first { $0.key.action == .space }?.frame)
        let spaceTap = keyboard.convert(Point(x: space.midX, y: space.midY), to: nil)
        host.advance(by: 1)
        stroke(host, pad, finger: finger)
        #expect(field.text == "二一")
        host.input.tap(at: spaceTap)
        host.settle()
        #expect(field.text == "二一" && field.editor.model.markedRange == nil, "committed, no space added")
        stroke(host, pad, finger: finger)
        stroke(host, pad, finger: finger)
        // Exploring finds the writing area, its value the character read so far.
        let area = pad.convert(pad.writingArea, to: nil)
        let element = try #require(host.window.accessibilityElement(at: Point(x: area.midX, y: area.midY)))
        #expect(element.accessibilityTraits.contains(.allowsDirectInteraction))
        #expect(element.accessibilityValue == "二")
    }

    @Test func inASecureFieldTheCharacterReadIsNeverSpoken() throws {
        let (host, field, keyboard, speaker) = try keyboardHost(language: "zh-handwriting") { $0.isSecureTextEntry = true }
        let pad = try #require(keyboard.handwritingPad)
        stroke(host, pad)
        #expect((field.text ?? "").count == 1, "written")
        #expect(!speaker.texts.contains { $0.contains("一") }, "said: \(speaker.texts)")
        let area = pad.convert(pad.writingArea, to: nil)
        #expect(host.window.accessibilityElement(at: Point(x: area.midX, y: area.midY))?.accessibilityValue == nil)
    }

    @Test(arguments: [false, true]) func inAPersonalFieldOnALoudspeakerTheCharacterReadIsNotSpoken(inputView: Bool) throws {
        let (host, field, pad, speaker): (HeadlessWindow, TextField, HandwritingInputView, RecordingSpeaker)
        if inputView {
            // The pad's voice (Chinese) is not the keyboard's (English): still not said.
            (host, field, pad, speaker) = try inputViewHost(model: "zh-Hans")
            field.textContentType = .name
        } else {
            let keyboard: KeyboardView
            (host, field, keyboard, speaker) = try keyboardHost(language: "zh-handwriting") { $0.textContentType = .name }
            pad = try #require(keyboard.handwritingPad)
        }
        stroke(host, pad)
        #expect(field.text == "一", "written and read")
        #expect(!speaker.texts.contains { $0.contains("一") }, "said: \(speaker.texts)")
    }

    @Test func theInputViewPadsCandidatesAndKeysAreElements() throws {
        let (host, field, pad, speaker) = try inputViewHost(model: "latin")
        stroke(host, pad)
        #expect(field.text == "一")
        let labels = (pad.accessibilityElements ?? []).compactMap(\.accessibilityLabel)
        #expect(labels == ["一", "二", "三", "writing area", "space", "delete", "return"])
        #expect(speaker.texts.filter { $0.hasPrefix("writing area") }.count == 1, "named once: \(speaker.texts)")
        #expect(
            speaker.utterances.last?.text == "一" && speaker.utterances.last?.language == "en",
            "Latin has no voice of its own: the window's language's")
        // The second candidate: touched (it is spoken and becomes the cursor), then a double tap chooses it.
        let cell = pad.convert(pad.candidateFrames[1], to: nil)
        let point = Point(x: cell.midX, y: cell.midY)
        host.input.tap(at: point)
        #expect(speaker.texts.last?.hasPrefix("二") == true, "the candidate is spoken: \(speaker.texts)")
        #expect(field.text == "一", "touching explores")
        host.advance(by: 1)
        host.input.tap(at: point)
        host.advance(by: 0.1)
        host.input.tap(at: point)
        host.settle()
        #expect(field.text == "二" && field.editor.model.markedRange == nil)
    }

    @Test func anInputViewPadsCharacterIsSpokenInItsLanguageOverTheKeyboardsEcho() throws {
        let (host, field, pad, speaker) = try inputViewHost(model: "zh-Hans")
        stroke(host, pad)
        #expect(field.text == "一")
        #expect(speaker.utterances.last?.text == "一" && speaker.utterances.last?.language == "zh-Hans", "said: \(speaker.utterances)")
    }

    @Test func aWritingFingerWhoseLiftIsLostLeavesSpokenModeWorking() throws {
        let (host, field, keyboard, speaker) = try keyboardHost(language: "zh-handwriting")
        let pad = try #require(keyboard.handwritingPad)
        let area = pad.convert(pad.writingArea, to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: Point(x: area.minX + 20, y: area.midY)))
        host.window.send(.touch(id: 1, phase: .moved, location: Point(x: area.minX + 80, y: area.midY)))
        // No lift: the same finger lands on the space bar.
        let space = try #require(keyboard.keyFrames.first { $0.key.action == .space }?.frame)
        let point = keyboard.convert(Point(x: space.midX, y: space.midY), to: nil)
        speaker.clear()
        host.window.send(.touch(id: 1, phase: .began, location: point))
        #expect(speaker.texts.last == "space", "exploring again: \(speaker.texts)")
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        host.settle()
        #expect(pad.strokes.isEmpty && pad.currentInk.isEmpty, "the lost stroke was cancelled, not read")
        #expect(field.text == " ", "the lift typed the space bar")
    }

    // MARK: Swiping

    /// Slides one finger along points.
    func slide(_ points: [Point], _ host: HeadlessWindow, during: ((KeyboardView?) -> Void)? = nil) {
        host.window.send(.touch(id: 1, phase: .began, location: points[0]))
        for point in points.dropFirst() {
            host.advance(by: 0.016)
            host.window.send(.touch(id: 1, phase: .moved, location: point))
            during?(host.window.keyboard.keyboardView)
        }
        host.window.send(.touch(id: 1, phase: .ended, location: points[points.count - 1]))
        host.settle()
    }

    @Test func inSpokenModeOneSlideExploresTheKeysAndTypesTheLastOne() throws {
        let (host, field, keyboard, speaker) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        slide(try path("helo", keyboard), host) { keyboard in #expect(keyboard?.popups.trail == nil, "no trail: exploring") }
        #expect(field.text == "o", "exploring types the key lifted on, no word")
        #expect(Self.saysInOrder(["h", "e", "l", "o"], speaker.texts), "the keys are named as the finger crosses them: \(speaker.texts)")
    }

    /// Whether the words were said in this order (others may come between).
    static func saysInOrder(_ words: [String], _ said: [String]) -> Bool {
        var rest = words[...]
        for text in said where text == rest.first { rest.removeFirst() }
        return rest.isEmpty
    }

    @Test func inSpokenModeADoubleTapWhoseSecondTouchSlidesSwipesFromTheLetterTyped() throws {
        let (host, field, keyboard, speaker) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        let points = try path("helo", keyboard)
        host.input.tap(at: points[0])
        #expect(field.text == "h", "the first tap's lift types its key")
        host.advance(by: 0.1)
        speaker.clear()
        var sawTrail = false
        host.clock.advancePerReading = 0.0001  // a clock that moves, as the real one does: said once all the same
        slide(points, host) { sawTrail = sawTrail || $0?.popups.trail != nil }
        host.clock.advancePerReading = 0
        #expect(sawTrail, "the slide drew a trail")
        #expect(field.text == "hello ", "the word took the typed letter's place")
        // The trail is heard: the keys it crossed, then the word.
        #expect(Self.saysInOrder(["e", "l", "o"], speaker.texts), "named in order as the trail crossed them: \(speaker.texts)")
        #expect(speaker.texts.contains("hello "), "the word is spoken: \(speaker.texts)")
        let language = host.window.keyboard.currentInputMode?.primaryLanguage
        #expect(language?.hasPrefix("en") == true)
        #expect(
            speaker.utterances.contains { $0.text.trimmingCharacters(in: .whitespaces) == "hello" && $0.language == language },
            "in the keyboard's language")
        #expect(speaker.texts.filter { $0.trimmingCharacters(in: .whitespaces) == "hello" }.count == 1, "said once: \(speaker.texts)")
        // Backspace right after removes it whole, as for a sighted swipe.
        _ = keyboard.typeKey(at: try #require(keyboard.keyFrames.firstIndex { $0.key.action == .backspace }))
        #expect(field.text == "")
    }

    @Test func aPersonalFieldOnALoudspeakerSwipesWithoutNamingWhatIsTyped() throws {
        let (host, field, keyboard, speaker) = try keyboardHost(language: "en") {
            $0.autocapitalizationType = .none
            $0.textContentType = .name
        }
        let points = try path("helo", keyboard)
        host.input.tap(at: points[0])
        #expect(field.text == "h")
        host.advance(by: 0.1)
        speaker.clear()
        var sawTrail = false
        slide(points, host) { sawTrail = sawTrail || $0?.popups.trail != nil }
        #expect(sawTrail && field.text == "hello ", "a personal field swipes as any other: \(field.text ?? "")")
        let named = Set(["h", "e", "l", "o", "hello", "hello "])
        #expect(!speaker.texts.contains { named.contains($0) }, "neither the keys crossed nor the word are said: \(speaker.texts)")
        #expect(speaker.texts.contains("key"), "the keys crossed are called key: \(speaker.texts)")
    }

    /// Only typed text announced right after its echo is held to repeat it: an app's own
    /// announcement of the same words is said, and so is typed text announced after something
    /// else was said.
    @Test func anAnnouncementRepeatingAnEchoIsSaidUnlessItIsTheTypedTextJustEchoed() throws {
        let (host, field, _, speaker) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        let language = host.window.keyboard.currentInputMode?.primaryLanguage
        field.insertText("hello")
        #expect(speaker.texts == ["hello"], "the change is echoed: \(speaker.texts)")
        host.window.postAccessibility(.notification(.announcement, argument: "hello"))
        #expect(speaker.texts == ["hello", "hello"], "the app's own announcement is said: \(speaker.texts)")
        speaker.clear()
        field.insertText(" world")
        host.window.postAccessibility(.notification(.announcement, argument: "Saved"))
        host.window.postAccessibility(.notification(.announcement, argument: Accessibility.announcement("world", language: language)))
        #expect(speaker.texts.last == "world", "said again after something else: \(speaker.texts)")
        speaker.clear()
        field.insertText(" again")
        host.window.postAccessibility(.notification(.announcement, argument: Accessibility.announcement("again", language: language)))
        #expect(speaker.texts.count == 1, "typed text just echoed is said once: \(speaker.texts)")
    }

    @Test func aSpokenSwipeFromACapitalTypedByTheFirstTapIsCapitalised() throws {
        let (host, field, keyboard, _) = try keyboardHost(language: "en")
        let points = try path("helo", keyboard)
        host.input.tap(at: points[0])
        #expect(field.text == "H", "the sentence starts: a capital")
        host.advance(by: 0.1)
        slide(points, host)
        #expect(field.text == "Hello ")
    }

    @Test func aDoubleTapThatDriftsOnItsKeyStillTypesOnce() throws {
        let (host, field, keyboard, _) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        let h = try centre(of: "h", keyboard)
        host.input.tap(at: h)
        host.advance(by: 0.1)
        host.window.send(.touch(id: 1, phase: .began, location: h))
        host.advance(by: 0.2)
        host.window.send(.touch(id: 1, phase: .moved, location: Point(x: h.x + 13, y: h.y)))
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: h.x + 13, y: h.y)))
        host.settle()
        #expect(field.text == "h", "a sloppy double tap is no second key")
    }

    @Test func aLetterTypedLongBeforeIsNotTakenByASwipe() throws {
        let (host, field, keyboard, _) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        let points = try path("helo", keyboard)
        host.input.tap(at: points[0])
        #expect(field.text == "h")
        host.window.spokenMode = nil
        host.advance(by: 2)
        slide(points, host)
        #expect(field.text == "h hello ", "the h typed two seconds before stays")
    }

    @Test func aDoubleTapThatDoesNotSlideStillTypesOnce() throws {
        let (host, field, keyboard, _) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        let h = try centre(of: "h", keyboard)
        host.input.tap(at: h)
        host.advance(by: 0.1)
        host.input.tap(at: h)
        host.settle()
        #expect(field.text == "h", "the second tap of a double tap on a typed key types nothing more")
    }

    @Test func inSpokenModeTheMouseSwipesByADoubleClickThatDrags() throws {
        let (host, field, keyboard, _) = try keyboardHost(language: "en") { $0.autocapitalizationType = .none }
        let points = try path("world", keyboard)
        host.window.send(.mouseDown(button: .primary, location: points[0], clickCount: 1, modifiers: []))
        host.advance(by: 0.05)
        host.window.send(.mouseUp(button: .primary, location: points[0], modifiers: []))
        #expect(field.text == "w")
        host.advance(by: 0.1)
        host.window.send(.mouseDown(button: .primary, location: points[0], clickCount: 2, modifiers: []))
        for point in points.dropFirst() {
            host.advance(by: 0.016)
            host.window.send(.mouseMoved(location: point, buttons: [.primary], modifiers: []))
        }
        host.window.send(.mouseUp(button: .primary, location: points[points.count - 1], modifiers: []))
        host.settle()
        #expect(field.text == "world ")
    }

    @Test func aSwipeOverASelectionReplacesIt() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        field.autocapitalizationType = .none
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.keyboard.languages = ["en"]
        #expect(field.becomeFirstResponder())
        field.text = "say bye now"
        field.selectedRange = NSRange(location: 4, length: 3)
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let points = try path("helo", keyboard)
        host.window.send(.touch(id: 1, phase: .began, location: points[0]))
        for point in points.dropFirst() {
            host.advance(by: 0.016)
            host.window.send(.touch(id: 1, phase: .moved, location: point))
        }
        host.window.send(.touch(id: 1, phase: .ended, location: points[points.count - 1]))
        host.settle()
        #expect(field.text == "say hello  now", "the selection replaced by the word and its space")
        #expect(field.selectedRange == NSRange(location: 10, length: 0))
        field.editor.undo()
        #expect(field.text == "say bye now", "one undo step")
    }
}
