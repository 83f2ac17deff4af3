// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// The speech key and the voice keys of a tactile keypad on the kiosk's form, as SDL delivers
/// them (docs/behaviour/accessibility.md, "The voice"): each has one function, and none types
/// into the focused field, whether its text comes right after the press (X11 alone) or after the
/// release (through an input method).
@Suite(.serialized) @MainActor
struct KeypadSpeechKeysTests {
    private func kiosk() throws -> (Application, CheckInFlow, RecordingSpeaker) {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        let app = try Application(configuration: .init(title: "Caret test", size: Size(width: 800, height: 600), vsync: false))
        let flow = CheckInFlow(window: app.window)
        let speaker = RecordingSpeaker()
        app.window.accessibilityShortcut.spokenModeProvider = { _ in SpokenMode(synthesizer: speaker) }
        app.window.accessibilityShortcut.spokenModeKey = .keypadAsterisk  // the kiosk's --speech-key keypad-asterisk
        flow.showForm()
        app.runOnce()
        return (app, flow, speaker)
    }

    /// A keypad key as SDL sends it: its press, its text, its release; or, through an input
    /// method, the text after the release.
    private func press(_ app: Application, _ usage: KeyboardHIDUsage, _ text: String, textAfterRelease: Bool = false) throws {
        try app.post(.key(usage, isDown: true))
        if !textAfterRelease { try app.post(.textInput(bytes: Array(text.utf8))) }
        try app.post(.key(usage, isDown: false))
        if textAfterRelease { try app.post(.textInput(bytes: Array(text.utf8))) }
        app.runOnce()
    }

    @Test func theSpeechAndVoiceKeysTypeNothingIntoTheFocusedField() throws {
        let (app, flow, speaker) = try kiosk()
        defer { app.close() }
        #expect(flow.form.fields["code"]?.isFirstResponder == true, "the form's first field is focused, as on the kiosk")
        // The name field, which takes any character (the booking field refuses + − /).
        let field = try #require(flow.form.fields["name"])
        #expect(field.becomeFirstResponder())
        try press(app, .keypadAsterisk, "*")
        #expect(app.window.spokenMode != nil, "the speech key turns spoken mode on")
        for textAfterRelease in [false, true] {
            try press(app, .keypadPlus, "+", textAfterRelease: textAfterRelease)
            try press(app, .keypadHyphen, "-", textAfterRelease: textAfterRelease)
            try press(app, .keypadSlash, "/", textAfterRelease: textAfterRelease)
        }
        #expect(field.text == "", "no keypad key typed: \(field.text ?? "")")
        #expect(!speaker.texts.contains { ["asterisk", "plus", "slash", "minus", "not allowed"].contains($0) })
        try press(app, .keypadAsterisk, "*", textAfterRelease: true)
        #expect(app.window.spokenMode == nil, "the speech key turns it off again")
        #expect(field.text == "")
        // With spoken mode off too: the keypad is the speech keypad (an ATM's), its voice keys type nothing.
        for textAfterRelease in [false, true] {
            try press(app, .keypadPlus, "+", textAfterRelease: textAfterRelease)
            try press(app, .keypadHyphen, "-", textAfterRelease: textAfterRelease)
            try press(app, .keypadSlash, "/", textAfterRelease: textAfterRelease)
        }
        #expect(field.text == "", "no voice key typed with spoken mode off: \(field.text ?? "")")
        #expect(app.window.spokenMode == nil, "nor turned it on")
        try press(app, KeyboardHIDUsage(rawValue: 0x59), "1")  // keypad 1
        #expect(field.text == "1", "the keypad's digits type")
    }

    @Test func withASpeechKeyOffTheKeypadTheKeypadsOperatorsTypeWhileSpokenModeIsOff() throws {
        let (app, flow, _) = try kiosk()
        defer { app.close() }
        app.window.accessibilityShortcut.spokenModeKey = .keyboardF12
        let name = try #require(flow.form.fields["name"])
        #expect(name.becomeFirstResponder())
        try press(app, .keypadPlus, "+")
        #expect(name.text == "+", "a desktop's keypad types its +")
    }

    @Test func theVoiceCanBeMadeFasterAndSlowerAndLouderAndQuieter() throws {
        let (app, flow, speaker) = try kiosk()
        defer { app.close() }
        try press(app, .keypadAsterisk, "*")
        let spoken = try #require(app.window.spokenMode)
        speaker.clear()
        try press(app, .keypadHyphen, "-")
        try press(app, .keypadHyphen, "-")
        try press(app, .keypadPlus, "+")
        #expect(spoken.speechVolume == 0.9)
        try press(app, .keypadSlash, "/")
        try press(app, .keypadPlus, "+")
        try press(app, .keypadPlus, "+")
        #expect(spoken.speechRate == 1.2, "faster after slowing is possible: the speech key is not a voice key")
        try press(app, .keypadHyphen, "-")
        #expect(spoken.speechRate == 1.1)
        #expect(spoken.speechVolume == 0.9, "+ and − change speed once / chose it")
        try press(app, .keypadSlash, "/")
        try press(app, .keypadPlus, "+")
        #expect(spoken.speechVolume == 1.0)
        #expect(
            speaker.texts == [
                "volume 90 percent", "volume 80 percent", "volume 90 percent", "adjusting speed 100 percent",
                "speed 110 percent", "speed 120 percent", "speed 110 percent", "adjusting volume 90 percent", "volume 100 percent",
            ])
        #expect(app.window.spokenMode === spoken, "no voice key turned spoken mode off")
        #expect(flow.form.fields["code"]?.text == "")
    }

    @Test func aSpeechKeyThatIsAlsoAVoiceKeyIsTheSpeechKeyAndTheAppIsTold() throws {
        let (app, _, _) = try kiosk()
        defer { app.close() }
        var lines: [String] = []
        let handler = ConsoleLog.handler
        ConsoleLog.handler = { lines.append($0) }
        defer { ConsoleLog.handler = handler }
        app.window.accessibilityShortcut.spokenModeKey = .keypadSlash
        #expect(lines.count == 1 && lines[0].contains("voice key"), "\(lines)")
        try press(app, .keypadSlash, "/")
        #expect(app.window.spokenMode != nil)
        try press(app, .keypadSlash, "/")
        #expect(app.window.spokenMode == nil)
    }
}
