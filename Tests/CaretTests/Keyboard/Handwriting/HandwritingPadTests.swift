// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// The writing pad (issue 46) through the input session, with a recogniser that reads the number
/// of strokes written (so what is expected follows from what was written, not from a model):
/// each stroke's candidates show as marked text and in the bar, a candidate or space commits,
/// a pause ends the character and the next one commits it, Backspace takes back strokes.
@Suite(.serialized) @MainActor
struct HandwritingPadTests {
    /// Reads n strokes as the n-th of its characters, and the next two after it.
    final class CountingRecognizer: HandwritingRecognizer, HandwritingRecognizerProvider {
        let model = "count"
        static let characters = ["一", "二", "三", "四", "五", "六"]
        func candidates(for strokes: [HandwritingStroke], guide: HandwritingGuide, limit: Int) -> [HandwritingCandidate] {
            guard !strokes.isEmpty else { return [] }
            return (0..<3).map { offset in
                HandwritingCandidate(text: Self.characters[(strokes.count - 1 + offset) % Self.characters.count], score: Double(-offset))
            }
        }
        var unavailable: CaretError?
        func unavailability(of model: String) -> CaretError? { unavailable }
        func makeRecognizer(for model: String) throws(CaretError) -> HandwritingRecognizer { self }
    }

    final class Recorder: TextFieldDelegate {
        var changes: [String] = []
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            changes.append(string)
            return true
        }
    }

    func host(recognizer: CountingRecognizer = CountingRecognizer()) throws -> (HeadlessWindow, TextField, KeyboardView) {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.backend.handwritingRecognizers = recognizer
        host.window.keyboard.languages = ["en", "zh-handwriting"]
        #expect(field.becomeFirstResponder())
        host.settle()
        host.window.keyboard.showLanguage("zh-handwriting")
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        return (host, field, keyboard)
    }

    /// One stroke across the pad, as a finger draws it.
    func stroke(_ host: HeadlessWindow, _ pad: HandwritingInputView, row: Double = 0.5) {
        let area = pad.convert(pad.writingArea, to: nil)
        let y = area.minY + area.height * row
        host.window.send(.touch(id: 1, phase: .began, location: Point(x: area.minX + 20, y: y)))
        for step in 1...8 {
            host.advance(by: 0.016)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: area.minX + 20 + Double(step) * 15, y: y + Double(step))))
        }
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: area.minX + 140, y: y + 8)))
        host.advance(by: 0.05)
    }

    func key(_ action: KeyboardKeyAction, _ keyboard: KeyboardView) throws -> Point {
        let frame = try #require(keyboard.keyFrames.first { $0.key.action == action }?.frame)
        return keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
    }

    @Test func theHandwritingModeIsALanguageOfTheGlobeListWithAPadOverTheLetters() throws {
        let (host, _, keyboard) = try host()
        #expect(keyboard.model.languages.contains("zh-handwriting"))
        let pad = try #require(keyboard.handwritingPad)
        #expect(pad.model == "zh-Hans")
        #expect(pad.frame.height > keyboard.keyHeight * 2, "the pad covers the letter rows")
        #expect(keyboard.keyFrames.contains { $0.key.action == .space }, "the keyboard's space, Return and Backspace stay")
        #expect(host.window.keyboard.inputModes.map(\.identifier).contains("zh-handwriting"))
        #expect(host.window.keyboard.currentInputMode?.displayName == "手写")
    }

    @Test func eachStrokeShowsTheLikeliestCharacterMarkedAndTheOthersInTheBar() throws {
        let (host, field, keyboard) = try host()
        let pad = try #require(keyboard.handwritingPad)
        stroke(host, pad)
        #expect(field.text == "一")
        #expect(field.editor.model.markedRange != nil, "marked, not committed")
        #expect(keyboard.candidates == ["一", "二", "三"], "the bar shows the candidates")
        stroke(host, pad, row: 0.7)
        #expect(field.text == "二", "read again with the second stroke")
        #expect(pad.strokes.count == 2, "the ink stays while writing")
    }

    @Test func aCandidateTappedCommitsItAsOneChange() throws {
        let (host, field, keyboard) = try host()
        let recorder = Recorder()
        field.delegate = recorder
        let pad = try #require(keyboard.handwritingPad)
        stroke(host, pad)
        keyboard.controller.chooseCandidate(at: 2)
        #expect(field.text == "三")
        #expect(field.editor.model.markedRange == nil)
        #expect(pad.strokes.isEmpty && pad.candidates.isEmpty, "the pad is clear for the next character")
        #expect(recorder.changes.last == "三")
    }

    @Test func aPauseEndsTheCharacterAndTheNextOneCommitsIt() throws {
        let (host, field, keyboard) = try host()
        let pad = try #require(keyboard.handwritingPad)
        stroke(host, pad)
        host.advance(by: pad.characterPause + 0.1)
        #expect(pad.strokes.isEmpty, "the ink goes after the pause")
        #expect(field.text == "一" && field.editor.model.markedRange != nil, "the character stays marked")
        stroke(host, pad)
        stroke(host, pad)
        #expect(field.text == "一二", "the first committed as the second began; the second read from its own two strokes")
        host.input.tap(at: try key(.space, keyboard))
        #expect(field.text == "一二", "space confirms the marked character, adding nothing")
        #expect(field.editor.model.markedRange == nil)
        host.input.tap(at: try key(.space, keyboard))
        #expect(field.text == "一二 ", "with nothing written, space types a space")
    }

    @Test func backspaceTakesBackAStrokeThenTheCharacterThenText() throws {
        let (host, field, keyboard) = try host()
        field.text = "x"
        let pad = try #require(keyboard.handwritingPad)
        stroke(host, pad)
        stroke(host, pad)
        #expect(field.text == "x二")
        let backspace = try key(.backspace, keyboard)
        host.input.tap(at: backspace)
        #expect(field.text == "x一", "one stroke back: read again")
        host.input.tap(at: backspace)
        #expect(field.text == "x", "the last stroke: the character goes")
        #expect(field.editor.model.markedRange == nil)
        host.input.tap(at: backspace)
        #expect(field.text == "", "then text")
    }

    @Test func aMissingModelLeavesItsLanguageOutWithTheReason() throws {
        let recognizer = CountingRecognizer()
        recognizer.unavailable = .assetNotFound(name: "handwriting-zh_CN.model", searched: ["/usr/share/tegaki/models/zinnia"])
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.backend.handwritingRecognizers = recognizer
        host.window.keyboard.languages = ["en", "zh-handwriting"]
        #expect(field.becomeFirstResponder())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        #expect(keyboard.model.languages == ["en"])
        #expect(host.window.keyboard.problems.contains(recognizer.unavailable!))
    }

    @Test func aSecureFieldGetsNoMarkedText() throws {
        let (host, field, keyboard) = try host()
        field.isSecureTextEntry = true
        let pad = try #require(keyboard.handwritingPad)
        stroke(host, pad)
        #expect(field.editor.model.markedRange == nil, "no composition in a secure field")
        #expect((field.text ?? "").count <= 1)
    }

    @Test func anAppSetsThePadAsAnInputView() throws {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        let pad = HandwritingInputView(model: "latin")
        pad.frame.size.height = HandwritingInputView.preferredHeight(forWidth: 800)
        field.inputView = pad
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        let recognizer = CountingRecognizer()
        host.backend.handwritingRecognizers = recognizer
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(pad.window === host.window, "shown as the input view")
        stroke(host, pad)
        #expect(field.text == "一")
        let cell = pad.convert(Point(x: pad.candidateFrames[1].midX, y: pad.candidateFrames[1].midY), to: nil)
        host.input.tap(at: cell)
        #expect(field.text == "二", "its own strip's candidate commits")
        #expect(field.editor.model.markedRange == nil)
    }
}
