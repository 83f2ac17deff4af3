// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// Spoken mode keeps a secure field private on a loudspeaker (issue 40, item 2): character keys
/// are "key", typed characters "dot", the field says how many it holds; a headset may name keys
/// when the app allows it; the guest changes the voice's volume and rate with keypad keys.
@Suite(.serialized) @MainActor
struct DemoSpokenPrivacyTests {
    private func form() throws -> (HeadlessWindow, FormScreen, RecordingSpeaker, SpokenMode) {
        let (host, screen) = try makeDemoForm(height: 1000)
        let speaker = RecordingSpeaker()
        let spoken = SpokenMode(synthesizer: speaker)
        host.window.spokenMode = spoken
        return (host, screen, speaker, spoken)
    }

    private func touch(_ host: HeadlessWindow, _ phase: TouchPhase, _ point: Point, finger: Int = 1) {
        host.window.send(.touch(id: finger, phase: phase, location: point))
    }

    /// A one-finger tap (land and lift) at a point, then a pause longer than a double tap.
    private func tap(_ host: HeadlessWindow, _ point: Point) {
        touch(host, .began, point)
        touch(host, .ended, point)
        host.advance(by: 1)
    }

    private func keyCenter(_ host: HeadlessWindow, _ label: String) throws -> Point {
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let frame = try #require(keyboard.keyFrames.first { $0.key.label.lowercased() == label }).frame
        return keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
    }

    @Test func aSecureFieldsKeysAreKeysAndItsLengthIsCounted() throws {
        let (host, screen, speaker, _) = try form()
        let password = try #require(screen.fields["password"])
        #expect(password.accessibilityActivate())
        host.settle()
        speaker.clear()
        for letter in ["a", "s"] { tap(host, try keyCenter(host, letter)) }
        #expect(password.text == "as", "lifting types each key")
        #expect(speaker.texts == ["key", "dot", "key", "dot"], "\(speaker.texts)")
        // Nothing said names a character typed or a key touched.
        #expect(!speaker.texts.contains { ["a", "s"].contains($0.lowercased()) })
        // The field itself says how many characters it holds, never which.
        tap(host, host.input.center(of: password))
        #expect(speaker.texts.last == "Password, secure text field, 2 characters", "\(speaker.texts)")
        // Function keys keep their names: they show nothing of the text.
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let delete = try #require(keyboard.keyFrames.first { $0.key.action == .backspace }).frame
        tap(host, keyboard.convert(Point(x: delete.midX, y: delete.midY), to: nil))
        #expect(speaker.texts.suffix(2) == ["delete", "deleted dot"], "\(speaker.texts)")
    }

    @Test func aHeadsetNamesKeysOnlyWhenTheAppAllowsIt() throws {
        let (host, screen, speaker, spoken) = try form()
        let password = try #require(screen.fields["password"])
        #expect(password.accessibilityActivate())
        host.settle()
        spoken.route = .headset("USB headset")
        speaker.clear()
        tap(host, try keyCenter(host, "a"))
        #expect(speaker.texts == ["key", "dot"], "a headset alone does not name keys: \(speaker.texts)")
        spoken.speaksSecureKeysOnHeadset = true
        tap(host, try keyCenter(host, "b"))
        #expect(speaker.texts.suffix(2) == ["b", "b"], "\(speaker.texts)")
        // Back on the loudspeaker the setting does not apply.
        spoken.route = .loudspeaker
        tap(host, try keyCenter(host, "c"))
        #expect(speaker.texts.suffix(2) == ["key", "dot"], "\(speaker.texts)")
        #expect(password.text == "abc")
    }

    @Test func switchAccessSaysKeyInASecureField() throws {
        let (host, screen, speaker, _) = try form()
        let password = try #require(screen.fields["password"])
        #expect(password.accessibilityActivate())
        host.settle()
        speaker.clear()
        host.window.switchControl = SwitchControl(select: .key(.keyboardSpacebar), next: .key(.keyboardTab))
        host.input.key(.keyboardSpacebar)  // into the first row
        #expect(speaker.texts == ["row of keys", "key"], "\(speaker.texts)")
        host.window.switchControl = nil
    }

    @Test func keypadKeysChangeTheVoiceAndReachNoField() throws {
        let (host, screen, speaker, spoken) = try form()
        let name = try #require(screen.fields["name"])
        #expect(name.accessibilityActivate())
        host.settle()
        speaker.clear()
        // As SDL sends a keypad key: down, its text, up.
        func press(_ code: KeyboardHIDUsage, _ text: String) {
            let key = Key(keyCode: code, characters: text, charactersIgnoringModifiers: text)
            host.window.send(.key(key, isDown: true, isRepeat: false))
            host.window.send(.textInput(text))
            host.window.send(.key(key, isDown: false, isRepeat: false))
        }
        press(.keypadHyphen, "-")
        press(.keypadHyphen, "-")
        press(.keypadSlash, "/")
        press(.keypadPlus, "+")
        #expect(spoken.speechVolume == 0.8)
        #expect(spoken.speechRate == 1.1)
        #expect(speaker.texts == ["volume 90 percent", "volume 80 percent", "adjusting speed 100 percent", "speed 110 percent"])
        #expect(name.text == "", "the voice keys type nothing")
        Accessibility.post(notification: .announcement, argument: "Saved")
        #expect(speaker.voices.last?.volume == 0.8)
        #expect(speaker.voices.last?.rate == 1.1)
        for _ in 0..<20 { spoken.change(.quieter) }
        #expect(spoken.speechVolume == 0.1, "never silent")
    }

    @Test func aDoubleTapOnAKeyTypesItOnce() throws {
        let (host, screen, _, _) = try form()
        let name = try #require(screen.fields["name"])
        #expect(name.accessibilityActivate())
        host.settle()
        let g = try keyCenter(host, "g")
        touch(host, .began, g)
        touch(host, .ended, g)
        host.advance(by: 0.15)
        touch(host, .began, g)
        touch(host, .ended, g)
        host.advance(by: 1)
        #expect(name.text == "G")
        tap(host, try keyCenter(host, "o"))
        #expect(name.text == "Go", "a later tap types again")
    }
}
