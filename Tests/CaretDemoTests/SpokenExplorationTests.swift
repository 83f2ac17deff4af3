// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// Touch exploration as VoiceOver (issue 40, item 9): a finger finds only what a sighted guest
/// sees there (never a field under the keyboard or scrolled away), flicks move through what is on
/// screen in reading order, and the suggestion bar's words can be reached and chosen.
@Suite(.serialized) @MainActor
struct SpokenExplorationTests {
    private func form() throws -> (HeadlessWindow, FormScreen, RecordingSpeaker, SpokenMode) {
        let (host, screen) = try makeDemoForm(height: 600)
        let speaker = RecordingSpeaker()
        let spoken = SpokenMode(synthesizer: speaker)
        host.window.spokenMode = spoken
        return (host, screen, speaker, spoken)
    }

    private func tap(_ host: HeadlessWindow, _ point: Point) {
        host.window.send(.touch(id: 1, phase: .began, location: point))
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        host.advance(by: 1)
    }

    private func flick(_ host: HeadlessWindow, right: Bool) {
        let start = Point(x: 400, y: 100), end = Point(x: right ? 520 : 280, y: 104)
        host.window.send(.touch(id: 1, phase: .began, location: start))
        host.advance(by: 0.05)
        host.window.send(.touch(id: 1, phase: .moved, location: end))
        host.window.send(.touch(id: 1, phase: .ended, location: end))
        host.advance(by: 1)
    }

    @Test func nothingUnderTheKeyboardIsFound() throws {
        let (host, screen, speaker, _) = try form()
        let name = try #require(screen.fields["name"])
        #expect(name.accessibilityActivate())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let keyboardFrame = keyboard.convert(keyboard.bounds, to: nil)
        // Every field whose frame the keyboard covers, touched through the keyboard.
        let covered = screen.fields.values.filter { $0.accessibilityFrame.intersects(keyboardFrame) }
        #expect(!covered.isEmpty, "the test needs a field under the keyboard")
        for field in covered {
            let frame = field.accessibilityFrame.intersection(keyboardFrame)
            let point = Point(x: frame.midX, y: frame.midY)
            #expect(host.window.accessibilityElement(at: point) !== field, "\(field.placeholder ?? "?") found through the keyboard")
            #expect(!host.window.accessibilityElementIsOnScreen(field) || !keyboardFrame.contains(field.accessibilityFrame))
        }
        // The suggestion bar is not a hole in the keyboard: touching it finds its words or nothing.
        speaker.clear()
        let bar = Point(x: keyboardFrame.minX + keyboardFrame.width / 2, y: keyboardFrame.minY + 4)
        tap(host, bar)
        #expect(!speaker.texts.contains { $0.contains("text field") }, "\(speaker.texts)")
    }

    @Test func flicksWalkWhatIsOnScreenInReadingOrder() throws {
        let (host, _, speaker, spoken) = try form()
        let onScreen = host.window.accessibilityElementsInOrder.filter { host.window.accessibilityElementIsOnScreen($0) }
        let all = host.window.accessibilityElementsInOrder
        #expect(onScreen.count >= 3)
        #expect(onScreen.count < all.count, "the 600-point window scrolls: some of the form is off screen")
        // What each flick ends on (the finger's landing may speak what it touched first).
        var heard: [String] = []
        for _ in 0..<3 {
            flick(host, right: true)
            heard.append(speaker.texts.last ?? "")
        }
        let expected = onScreen.prefix(3).map { $0.accessibilitySpokenDescription }
        #expect(heard == expected, "\(speaker.texts)")
        flick(host, right: false)
        #expect(speaker.texts.last == expected[1])
        #expect(spoken.cursor === onScreen[1])
        // Past the last element on screen it stays and says so.
        for _ in 0..<onScreen.count { flick(host, right: true) }
        #expect(speaker.texts.last == "end")
        #expect(spoken.cursor === onScreen.last)
    }

    @Test func theSuggestionBarsWordsAreReachedAndChosen() throws {
        let (host, screen, speaker, _) = try form()
        let name = try #require(screen.fields["name"])
        #expect(name.accessibilityActivate())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        for letter in ["h", "e", "l"] {
            let index = try #require(keyboard.keyFrames.firstIndex { $0.key.label.lowercased() == letter })
            #expect(keyboard.typeKey(at: index))
        }
        host.settle()
        let words = keyboard.barItems.map(\.word)
        #expect(!words.isEmpty, "completions of Hel")
        let cell = keyboard.suggestionFrames[0]
        let point = keyboard.convert(Point(x: cell.midX, y: cell.midY), to: nil)
        speaker.clear()
        tap(host, point)
        #expect(speaker.texts.first?.hasPrefix(words[0] + ", button") == true, "\(speaker.texts)")
        // A double tap chooses it, as a sighted tap on the cell would.
        doubleTap(host, at: point)
        host.settle()
        #expect(name.text?.hasPrefix(words[0]) == true, "\(name.text ?? "")")
    }
}
