// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// The kiosk's name and e-mail are personal data (docs/behaviour/accessibility.md, EN 301 549
/// 5.1.3.9): on a loudspeaker spoken mode says "key" and "dot" and counts them; in a headset it
/// says them.
@Suite(.serialized) @MainActor
struct KioskPrivateSpeechTests {
    @Test func theNameIsSpokenOnlyInAHeadset() throws {
        let host = try makeHost(width: 800, height: 1280)
        let flow = CheckInFlow(window: host.window)
        var speakers: [RecordingSpeaker] = []
        host.window.accessibilityShortcut.spokenModeProvider = { _ in
            speakers.append(RecordingSpeaker())
            return SpokenMode(synthesizer: speakers.last!)
        }
        flow.showForm()
        host.settle()
        host.window.accessibilityShortcut.toggleSpokenMode()
        let name = try #require(flow.form.fields["name"])
        let email = try #require(flow.form.fields["email"])
        #expect(name.containsPersonalData && email.containsPersonalData && !(flow.form.fields["code"]?.containsPersonalData ?? true))
        #expect(name.accessibilityActivate())
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        func tapKey(_ label: String) throws {
            let frame = try #require(keyboard.keyFrames.first { $0.key.label.lowercased() == label }).frame
            let point = keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
            host.window.send(.touch(id: 1, phase: .began, location: point))
            host.window.send(.touch(id: 1, phase: .ended, location: point))
            host.advance(by: 1)
        }
        speakers.last?.clear()
        for letter in ["a", "d", "a"] { try tapKey(letter) }
        #expect(name.text?.lowercased() == "ada")
        let loud = speakers.last?.texts ?? []
        #expect(loud == ["key", "dot", "key", "dot", "key", "dot"], "\(loud)")
        // The field counts what it holds and says how to hear it.
        let centre = name.convert(Point(x: name.bounds.midX, y: name.bounds.midY), to: nil)
        host.window.send(.touch(id: 1, phase: .began, location: centre))
        host.window.send(.touch(id: 1, phase: .ended, location: centre))
        host.advance(by: 1)
        #expect(speakers.last?.texts.last == "Full name, text field, private, 3 characters, plug in a headset to hear it")
        #expect(!(speakers.last?.texts.joined(separator: " ").lowercased().contains("ada") ?? true))
        // A headset: private listening, where it is said.
        host.window.accessibilityShortcut.headsetDidConnect(named: "USB Headset")
        speakers.last?.clear()
        try tapKey("b")
        #expect(speakers.last?.texts == ["b", "b"], "\(speakers.last?.texts ?? [])")
        host.window.send(.touch(id: 1, phase: .began, location: centre))
        host.window.send(.touch(id: 1, phase: .ended, location: centre))
        host.advance(by: 1)
        #expect(speakers.last?.texts.last?.lowercased().contains("adab") == true, "\(speakers.last?.texts ?? [])")
        host.window.spokenMode = nil
    }
}
