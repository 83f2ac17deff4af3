// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Swipe typing on the on-screen keyboard (issue 46), through the input session: the word goes in
/// with its space as one change, its alternatives replace it, Backspace removes it whole, and the
/// gestures that slide over keys (alternates, the trackpad, two fingers) stay what they were.
@Suite(.serialized) @MainActor
struct KeyboardSwipeTests {
    final class Recorder: TextFieldDelegate {
        var changes: [String] = []
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            changes.append(string)
            return true
        }
    }

    /// A focused field over a keyboard of one language.
    func host(language: String = "en", configure: (TextField) -> Void = { _ in }) throws -> (HeadlessWindow, TextField, KeyboardView) {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        configure(field)
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.keyboard.languages = [language]
        #expect(field.becomeFirstResponder())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        return (host, field, keyboard)
    }

    /// The window points of a letter key's centre.
    func centre(of letter: Character, _ keyboard: KeyboardView) throws -> Point {
        let geometry = try #require(keyboard.swipeGeometry)
        let point = try #require(geometry.centres[letter])
        return keyboard.convert(point, to: nil)
    }

    /// Slides one finger through the letters' key centres, in steps of a sixth of the way between two.
    func swipe(_ letters: String, _ host: HeadlessWindow, _ keyboard: KeyboardView, during: (() -> Void)? = nil) throws {
        let points = try letters.map { try centre(of: $0, keyboard) }
        host.input.drag(along: points, duration: 0.096, steps: 6) { during?() }
        host.settle()
    }

    @Test func aSwipeInsertsTheWordAndASpaceAsOneChangeAndOneUndoStep() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        let recorder = Recorder()
        field.delegate = recorder
        try swipe("helo", host, keyboard) {
            #expect(keyboard.popups.trail != nil, "a trail follows the finger")
            #expect(keyboard.popups.trail?.superview === host.window.topLayer, "in the top layer, over the rasterised keys")
            #expect((keyboard.popups.trail?.points.count ?? 0) > 10)
            if let trail = keyboard.popups.trail, let first = trail.points.first, let h = try? centre(of: "h", keyboard) {
                #expect(trail.convert(first, to: nil) == h, "the trail starts where the finger landed")
            }
        }
        #expect(keyboard.popups.trail == nil, "the trail goes with the finger")
        #expect(field.text == "hello ")
        #expect(recorder.changes == ["hello "], "one change, the space with it")
        field.editor.undo()
        #expect(field.text == "", "one undo step")
    }

    /// A language's first swipe: its decoder (a template of each of 20,000 words, 121–131 ms at p50 in
    /// a release build on this machine) is begun off the main thread as the finger starts the swipe,
    /// and is made while the path is drawn, with nothing from the main thread; the lift reads the
    /// path with that decoder. It had been made on the main thread at the lift, the keyboard held
    /// still meanwhile.
    @Test func aLanguagesDecoderIsMadeOffTheMainThreadWhileTheFirstPathIsDrawn() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        #expect(host.window.keyboard.swipe.heldDecoder(for: "en") == nil, "no decoder before a swipe")
        var begun: SwipeDecoderBuild?
        try swipe("helo", host, keyboard) {
            begun = host.window.keyboard.swipe.heldDecoder(for: "en")
            guard let begun else { return }
            // The main thread waits here, turning no run loop: the build finishes on its own.
            let deadline = Date().addingTimeInterval(30)
            while !begun.isMade && Date() < deadline { usleep(2_000) }
        }
        let build = try #require(begun, "no decoder begun while the path was drawn")
        #expect(build.isMade, "the decoder was not made while the path was drawn")
        #expect(build.wasMadeOnBeginningThread == false, "made on the main actor's thread")
        #expect(field.text == "hello ")
        #expect(host.window.keyboard.swipe.last?.decoder === build.decoder, "the lift read the path with the decoder begun")
        #expect(host.window.keyboard.swipe.decoderCount == 1)
    }

    /// A window resized through 12 widths, a word swiped at each, in three languages in turn: the
    /// decoders held stay within their bound (each holds every word's template, about 3 MiB for
    /// English), one per language, and every swipe still reads its word.
    @Test func theDecodersHeldStayBoundedOverTwelveWindowWidths() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        host.window.keyboard.languages = ["en", "de", "fr"]
        host.settle()
        var most = 0
        for step in 0..<12 {
            let (language, path, word) = [("en", "helo", "hello "), ("de", "halo", "hallo "), ("fr", "merci", "merci ")][step % 3]
            host.window.keyboard.showLanguage(language)
            host.window.resize(to: Size(width: 700 + Double(step) * 30, height: 480))
            host.settle()
            field.text = ""
            try swipe(path, host, keyboard)
            #expect(field.text == word, "at \(700 + step * 30) points in \(language): \(field.text ?? "")")
            most = max(most, host.window.keyboard.swipe.decoderCount)
        }
        #expect(most <= 3, "decoders held: \(most)")
    }

    @Test func automaticCapitalsCapitaliseTheWordAndASpaceGoesBeforeAWordTypedOnto() throws {
        let (host, field, keyboard) = try host()
        try swipe("helo", host, keyboard)
        #expect(field.text == "Hello ", "the sentence starts: shift was on")
        try swipe("world", host, keyboard)
        #expect(field.text == "Hello world ")
        host.input.tap(at: try centre(of: "a", keyboard))
        #expect(field.text == "Hello world a")
        try swipe("the", host, keyboard)
        #expect(field.text == "Hello world a the ", "a space goes before a word swiped onto a letter")
    }

    @Test func theBarOffersTheNextTwoWordsAndOneTapReplacesTheSwipedWord() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        let recorder = Recorder()
        field.delegate = recorder
        try swipe("tgr", host, keyboard)  // the, tie, toe, tree...: a path several words fit
        let shown = field.text
        let items = keyboard.barItems
        #expect(items.count == 3)
        guard case let .swiped(word) = items[1], case let .alternative(other) = items[0] else {
            Issue.record("the bar shows the swiped word between two alternatives: \(items)")
            return
        }
        #expect(shown == word + " ")
        recorder.changes.removeAll()
        keyboard.suggestionCellTapped(0)
        #expect(field.text == other + " ", "the alternative replaces the swiped word")
        #expect(recorder.changes == [other + " "], "in one change")
        field.editor.undo()
        #expect(field.text == word + " ", "undone in one step")
    }

    @Test func backspaceRightAfterASwipeRemovesTheWholeWord() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        host.input.tap(at: try centre(of: "a", keyboard))
        try swipe("helo", host, keyboard)
        #expect(field.text == "a hello ")
        let backspace = try #require(keyboard.keyFrames.first { $0.key.action == .backspace })
        let point = keyboard.convert(Point(x: backspace.frame.midX, y: backspace.frame.midY), to: nil)
        host.input.tap(at: point)
        #expect(field.text == "a", "the word and the spaces it brought")
        host.input.tap(at: point)
        #expect(field.text == "", "then Backspace deletes characters again")
    }

    @Test func backspaceAfterTypingMoreDeletesOneCharacter() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        try swipe("helo", host, keyboard)
        host.input.tap(at: try centre(of: "a", keyboard))
        let backspace = try #require(keyboard.keyFrames.first { $0.key.action == .backspace })
        host.input.tap(at: keyboard.convert(Point(x: backspace.frame.midX, y: backspace.frame.midY), to: nil))
        #expect(field.text == "hello ")
    }

    @Test func aHeldKeyStillOffersAlternatesChosenBySliding() throws {
        let (host, field, keyboard) = try host(language: "fr") { $0.autocapitalizationType = .none }
        let e = try centre(of: "e", keyboard)
        host.window.send(.touch(id: 1, phase: .began, location: e))
        host.advance(by: KeyboardView.longPressDelay + 0.05)
        let popup = try #require(keyboard.popups.popup)
        #expect(popup.labels.count > 2)
        // Slide along the alternates (past the key's edge: no swipe once they show).
        let target = popup.convert(Point(x: popup.cellWidth * 2.5 + 4, y: popup.bounds.midY), to: nil)
        for step in 1...6 {
            host.advance(by: 0.016)
            host.window.send(
                .touch(
                    id: 1, phase: .moved, location: Point(x: e.x + (target.x - e.x) * Double(step) / 6, y: e.y + (target.y - e.y) * Double(step) / 6))
            )
        }
        #expect(keyboard.popups.trail == nil)
        host.window.send(.touch(id: 1, phase: .ended, location: target))
        host.settle()
        #expect(field.text == popup.labels[2])
    }

    @Test func twoFingersMovingAreTheTrackpadNotASwipe() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        field.text = "hello world"
        field.selectedTextRange = TextRange(5..<5)
        let a = try centre(of: "d", keyboard), b = try centre(of: "k", keyboard)
        host.window.send(.touch(id: 1, phase: .began, location: a))
        host.window.send(.touch(id: 2, phase: .began, location: b))
        for step in 1...8 {
            host.advance(by: 0.016)
            host.window.send(.touch(id: 2, phase: .moved, location: Point(x: b.x + Double(step) * 8, y: b.y)))
        }
        #expect(keyboard.isTrackpad)
        #expect(keyboard.popups.trail == nil)
        host.window.send(.touch(id: 2, phase: .ended, location: Point(x: b.x + 64, y: b.y)))
        host.window.send(.touch(id: 1, phase: .ended, location: a))
        host.settle()
        #expect(field.text == "hello world", "nothing typed")
        #expect(field.editor.model.selection.head > 5, "the caret moved")
    }

    @Test(arguments: ["secure", "email", "url", "number", "trait"])
    func swipingIsOffWhereItMustBe(kind: String) throws {
        let (host, field, keyboard) = try host { field in
            field.autocapitalizationType = .none
            switch kind {
            case "secure": field.isSecureTextEntry = true
            case "email": field.keyboardType = .emailAddress
            case "url": field.keyboardType = .URL
            case "number": field.keyboardType = .numbersAndPunctuation
            default: field.swipeTypingType = .no
            }
        }
        guard keyboard.swipeGeometry != nil else {
            #expect(kind == "number", "only the numbers keyboard shows no letters")
            return
        }
        try swipe("helo", host, keyboard) { #expect(keyboard.popups.trail == nil, "no trail") }
        #expect(field.text == "o", "a slide types the key it lifts on, as before")
    }

    @Test func theTraitTurnsSwipingOnForAnEmailField() throws {
        let (host, field, keyboard) = try host { field in
            field.keyboardType = .emailAddress
            field.autocapitalizationType = .none
            field.swipeTypingType = .yes
        }
        try swipe("helo", host, keyboard)
        #expect(field.text == "hello ")
    }

    @Test func aShortSlideToANeighbourTypesTheNeighbour() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        let r = try centre(of: "r", keyboard), t = try centre(of: "t", keyboard)
        host.window.send(.touch(id: 1, phase: .began, location: r))
        host.advance(by: 0.05)
        host.window.send(.touch(id: 1, phase: .moved, location: Point(x: (r.x + t.x) / 2 + 8, y: r.y)))
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: (r.x + t.x) / 2 + 8, y: r.y)))
        host.settle()
        #expect(field.text == "t", "the finger never left r's key by a quarter of a key: the slide types t")
    }

    @Test func anEmptyBarHintsAtSwipingUntilTheFirstSwipe() throws {
        let (host, field, keyboard) = try host { $0.autocapitalizationType = .none }
        let url = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        url.keyboardType = .URL
        host.rootView?.addSubview(url)
        #expect(url.becomeFirstResponder())
        host.settle()
        #expect(!keyboard.showsSwipeHint, "no hint where swiping is off")
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(keyboard.barItems.isEmpty)
        #expect(keyboard.showsSwipeHint, "the empty bar says the letters can be swiped")
        try swipe("helo", host, keyboard)
        #expect(!keyboard.showsSwipeHint, "gone after the first swipe")
    }
}
