// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretTesting
import Foundation
import Testing

/// SPEC §14's spoken mode over the demo's form, with a recording speaker: touch exploration,
/// double tap, lift-to-type, echo (a secure field says "dot"), focus and announcements.
@Suite(.serialized) @MainActor
struct DemoSpokenModeTests {
    private func form() throws -> (HeadlessWindow, FormScreen, RecordingSpeaker) {
        let (host, screen) = try makeDemoForm(height: 1000)
        let speaker = RecordingSpeaker()
        host.window.spokenMode = SpokenMode(synthesizer: speaker)
        return (host, screen, speaker)
    }

    private func touch(_ host: HeadlessWindow, _ phase: TouchPhase, _ point: Point, finger: Int = 1) {
        host.window.send(.touch(id: finger, phase: phase, location: point))
    }

    @Test func touchingSpeaksAndADoubleTapActivates() throws {
        let (host, screen, speaker) = try form()
        #expect(Accessibility.isVoiceOverRunning)
        let name = try #require(screen.fields["name"])
        let point = host.input.center(of: name)
        touch(host, .began, point)
        // Personal data on the loudspeaker: named and counted, never read (KioskPrivateSpeechTests).
        let nameSaid = "Name, text field, private, plug in a headset to hear it"
        let emailSaid = "Email address, text field, private, plug in a headset to hear it"
        #expect(speaker.texts == [nameSaid])
        touch(host, .ended, point)
        #expect(!name.isFirstResponder, "a single touch only speaks")
        host.advance(by: 1)
        // Touching it again repeats it; dragging the finger speaks each element it enters, once.
        let email = try #require(screen.fields["email"])
        touch(host, .began, point)
        touch(host, .moved, Point(x: point.x, y: point.y + 2))
        touch(host, .moved, host.input.center(of: email))
        touch(host, .ended, host.input.center(of: email))
        #expect(speaker.texts == [nameSaid, nameSaid, emailSaid])
        // A double tap anywhere activates the element last spoken.
        host.advance(by: 1)
        let elsewhere = Point(x: 700, y: 900)
        touch(host, .began, elsewhere)
        touch(host, .ended, elsewhere)
        host.advance(by: 0.1)
        touch(host, .began, elsewhere)
        touch(host, .ended, elsewhere)
        host.settle()
        #expect(email.isFirstResponder)
        #expect(speaker.texts.last == emailSaid, "focus is spoken: \(speaker.texts)")
    }

    @Test func liftingAFingerOffAKeyTypesItAndEchoesIt() throws {
        let (host, screen, speaker) = try form()
        let name = try #require(screen.fields["name"])
        name.containsPersonalData = false  // the echo is tested here; a name's privacy in KioskPrivateSpeechTests
        #expect(name.accessibilityActivate())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        func center(_ label: String) -> Point {
            let frame = keyboard.keyFrames.first {
                label == "delete" ? $0.key.action == .backspace : $0.key.label.lowercased() == label
            }!.frame
            return keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
        }
        speaker.clear()
        // The finger lands on g, slides to h (each spoken), and lifts: h is typed and echoed.
        // (Exploring is slow: a quick slide sideways would be a flick to the next element.)
        touch(host, .began, center("g"))
        host.advance(by: 0.5)
        touch(host, .moved, center("h"))
        touch(host, .ended, center("h"))
        #expect(name.text == "H")
        #expect(speaker.texts == ["G", "H", "H"], "\(speaker.texts)")
        #expect(speaker.utterances.last?.language?.hasPrefix("en") == true)
        host.advance(by: 1)
        touch(host, .began, center("delete"))
        touch(host, .ended, center("delete"))
        #expect(name.text == "")
        #expect(speaker.texts.suffix(2) == ["delete", "deleted H"], "the deleted character is echoed: \(speaker.texts)")
    }

    @Test func aSecureFieldEchoesDots() throws {
        let (host, screen, speaker) = try form()
        let password = try #require(screen.fields["password"])
        #expect(password.accessibilityActivate())
        host.settle()
        speaker.clear()
        host.input.type("p")
        host.input.type("w")
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(password.text == "p")
        #expect(speaker.texts == ["dot", "dot", "deleted dot"])
        #expect(!speaker.texts.joined().contains("p"))
    }

    @Test func announcementsAndLanguageChangesAreSpokenInTheirLanguage() throws {
        let (host, screen, speaker) = try form()
        let name = try #require(screen.fields["name"])
        host.window.keyboard.languages = ["en", "de"]
        #expect(name.accessibilityActivate())
        host.settle()
        speaker.clear()
        Accessibility.post(notification: .announcement, argument: "Saved")
        #expect(speaker.texts == ["Saved"])
        host.window.keyboard.showLanguage("de")
        #expect(speaker.utterances.last?.text == "Deutsch")
        #expect(speaker.utterances.last?.language?.hasPrefix("de") == true)
        host.window.spokenMode = nil
        #expect(!Accessibility.isVoiceOverRunning)
        Accessibility.post(notification: .announcement, argument: "Gone")
        #expect(speaker.texts.last != "Gone")
    }
}
