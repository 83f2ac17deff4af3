// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import Foundation
import Synchronization
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// Key sounds (docs/behaviour/accessibility.md, "Key sounds"): off by default; on, a key tapped on
/// the screen plays a click through the audio output, delete and return their own sounds, at
/// spoken mode's volume; a hardware key plays nothing.
@Suite(.serialized) @MainActor
struct KeySoundsTests {
    /// An audio output that keeps what it is given.
    final class RecordingOutput: SpeechOutput {
        let played = Mutex<[[Int16]]>([])
        func play(_ samples: [Int16], sampleRate: Int) { played.withLock { $0.append(samples) } }
        func stop() {}
        var sounds: [[Int16]] { played.withLock { $0 } }
    }

    private func rig() throws -> (HeadlessWindow, KeyboardView, RecordingOutput, () -> Int) {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        host.window.keyboard.languages = ["en"]
        #expect(field.becomeFirstResponder())
        host.settle()
        let output = RecordingOutput()
        var made = 0
        host.window.keyboard.keySounds.makeOutput = {
            made += 1
            return output
        }
        return (host, try #require(host.window.keyboard.keyboardView), output, { made })
    }

    private func tap(_ action: KeyboardKeyAction, label: String? = nil, on keyboard: KeyboardView, in host: HeadlessWindow) throws {
        let entry = try #require(
            keyboard.keyFrames.first { entry in label.map { entry.key.label.lowercased() == $0 } ?? (entry.key.action == action) })
        host.input.tap(at: keyboard.convert(Point(x: entry.frame.midX, y: entry.frame.midY), to: nil))
        host.settle()
    }

    /// Crossings of zero per second: twice the tone's frequency.
    private func pitch(_ samples: [Int16]) -> Double {
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(crossings) / 2 / (Double(samples.count) / Double(KeySounds.sampleRate))
    }

    @Test func keysAreSilentUntilSoundsAreTurnedOnAndNoOutputOpens() throws {
        let (host, keyboard, output, made) = try rig()
        try tap(.text("q"), label: "q", on: keyboard, in: host)
        #expect(output.sounds.isEmpty && made() == 0, "off by default, and no audio opened")
    }

    @Test func eachKeyTappedClicksAndDeleteAndReturnSoundTheirOwn() throws {
        let (host, keyboard, output, made) = try rig()
        host.window.keyboard.keySounds.isEnabled = true
        try tap(.text("q"), label: "q", on: keyboard, in: host)
        try tap(.backspace, on: keyboard, in: host)
        try tap(.return, on: keyboard, in: host)
        let sounds = output.sounds
        #expect(sounds.count == 3 && made() == 1, "\(sounds.count) sounds, \(made()) outputs")
        guard sounds.count == 3 else { return }
        let click = pitch(sounds[0]), delete = pitch(sounds[1])
        #expect(abs(click - 2_000) < 200 && abs(delete - 1_200) < 200, "click \(click) Hz, delete \(delete) Hz")
        // Return: a rising pair, the second note higher than the first.
        let half = sounds[2].count * 18 / 40
        #expect(pitch(Array(sounds[2].suffix(from: half))) > pitch(Array(sounds[2].prefix(half))) + 300)
        // A hardware key makes no sound.
        host.input.key(.keyboardA, characters: "a")
        host.settle()
        #expect(output.sounds.count == 3)
    }

    @Test func soundsFollowSpokenModesVolume() throws {
        let (host, keyboard, output, _) = try rig()
        host.window.keyboard.keySounds.isEnabled = true
        try tap(.text("q"), label: "q", on: keyboard, in: host)
        let spoken = SpokenMode(synthesizer: RecordingSpeaker())
        host.window.spokenMode = spoken
        spoken.speechVolume = 0.5
        host.settle()
        // In spoken mode a key is typed by a double tap: its activation plays the sound.
        let entry = try #require(keyboard.keyFrames.first { $0.key.label.lowercased() == "w" })
        _ = try #require(
            keyboard.accessibilityElements?.compactMap { $0 as? AccessibilityElement }.first { $0.accessibilityLabel == entry.key.label }
        )
        .accessibilityActivate()
        let sounds = output.sounds
        #expect(sounds.count == 2)
        guard sounds.count == 2 else { return }
        let loud = sounds[0].map { abs(Int($0)) }.max() ?? 0, soft = sounds[1].map { abs(Int($0)) }.max() ?? 0
        #expect(loud > 0 && abs(Double(soft) / Double(loud) - 0.5) < 0.01, "peaks \(loud) and \(soft)")
    }
}
