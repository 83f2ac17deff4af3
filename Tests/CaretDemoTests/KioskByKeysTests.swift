// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// The kiosk by a hardware keyboard alone (docs/behaviour/focus-and-editing.md): every problem
/// is said at once with focus on the first field with one; after Return the next screen's first
/// control has focus, so Return goes on.
@Suite(.serialized) @MainActor
struct KioskByKeysTests {
    /// Types text as a keyboard does: each character's key, then its text.
    private func typeKeys(_ host: HeadlessWindow, _ text: String) {
        for character in text {
            host.input.key(KeyboardHIDUsage(rawValue: 0x04), characters: String(character))
            host.input.type(String(character))
        }
        host.settle()
    }

    private func press(_ host: HeadlessWindow, _ key: KeyboardHIDUsage, modifiers: KeyModifierFlags = []) {
        host.input.key(key, modifiers: modifiers)
        host.settle()
    }

    @Test func everyProblemIsSaidAtOnceAndReturnGoesOnFromScreenToScreen() throws {
        let host = try makeHost(width: 800, height: 1280)
        let flow = CheckInFlow(window: host.window)
        host.settle()
        // Return on the start screen (a keyboard-driven start focuses Check in, Return presses it).
        press(host, .keyboardReturnOrEnter)
        #expect(host.window.rootViewController === flow.form)
        let fields = flow.form.fields
        #expect(fields["code"]?.isFirstResponder == true)
        // The name and e-mail, no booking code, a PIN of two digits.
        press(host, .keyboardTab)
        typeKeys(host, "Ada")
        press(host, .keyboardTab)
        typeKeys(host, "ada@example.com")
        press(host, .keyboardTab)
        typeKeys(host, "12")
        press(host, .keyboardReturnOrEnter)
        #expect(flow.form.problemLabel.text == "Please fill in your booking code. The PIN has four digits.")
        #expect(fields["code"]?.isFirstResponder == true, "focus on the first field with a problem")
        typeKeys(host, "AB12")
        for _ in 0..<3 { press(host, .keyboardTab) }
        #expect(fields["pin"]?.isFirstResponder == true)
        typeKeys(host, "1234")  // a secure field focused again: the first key replaces its text
        press(host, .keyboardReturnOrEnter)
        #expect(host.window.rootViewController === flow.confirmation)
        let focused = host.window.firstResponder as? Button
        #expect(focused != nil, "the confirmation's first control has focus: \(String(describing: host.window.firstResponder))")
        press(host, .keyboardReturnOrEnter)
        #expect(host.window.rootViewController === flow.start, "Return pressed the focused Done")
        #expect(host.window.firstResponder === flow.start.startButton)
        // A screen a timer changes (the kiosk starting over) focuses nothing, keys or not.
        press(host, .keyboardReturnOrEnter)
        #expect(host.window.rootViewController === flow.form)
        host.advance(by: 91)
        #expect(host.window.rootViewController === flow.start)
        #expect(host.window.firstResponder == nil, "\(String(describing: host.window.firstResponder))")
    }
}
