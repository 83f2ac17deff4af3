// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The on-screen keyboard's key sounds (docs/behaviour/accessibility.md, "Key sounds"), as Qt's
/// virtual keyboard and phones offer them: off by default; on, each key pressed on the screen
/// plays a short click through the audio output speech uses, a lower one for delete and a rising
/// pair of notes for return, at spoken mode's volume while it runs. Keys typed on a hardware
/// keyboard make no sound.
@preconcurrency @MainActor
public final class KeySounds {
    /// Which sound a key makes.
    public enum Sound: Sendable, CaseIterable {
        /// A character, space, shift or any other key.
        case click
        /// Delete.
        case delete
        /// Return.
        case `return`
    }

    /// Whether key presses make a sound (off by default).
    public var isEnabled = false
    /// How loud, 0…1, when spoken mode does not set it.
    public var volume = 1.0 { didSet { volume = min(1, max(0, volume)) } }

    /// Makes the output at the first sound (opening audio costs; most apps never click).
    @_spi(Backend) public var makeOutput: (@MainActor () -> SpeechOutput?)?
    private var output: SpeechOutput?
    /// Each sound as last made, at the volume it was made for (a key's press plays it again).
    private var made: [Sound: (volume: Double, samples: [Int16])] = [:]
    /// The window, whose spoken mode's volume the sounds follow while it runs.
    weak var window: Window?

    /// The rate the sounds are made at.
    static let sampleRate = 22_050

    init() {}

    /// Plays the sound of a key pressed on the screen, if sounds are on.
    func play(_ sound: Sound) {
        guard isEnabled else { return }
        if output == nil { output = makeOutput?() }
        let level = window?.spokenMode?.speechVolume ?? volume
        guard let output, level > 0 else { return }
        if made[sound]?.volume != level { made[sound] = (level, Self.samples(for: sound, volume: level)) }
        output.play(made[sound]?.samples ?? [], sampleRate: Self.sampleRate)
    }

    /// The sound a key press plays: a click is a 2 kHz tone of 12 ms, delete a 1.2 kHz one,
    /// return 1.3 then 1.9 kHz, each fading out fast; `volume` scales the amplitude.
    static func samples(for sound: Sound, volume: Double) -> [Int16] {
        let notes: [(frequency: Double, seconds: Double)] =
            switch sound {
            case .click: [(2_000, 0.012)]
            case .delete: [(1_200, 0.016)]
            case .return: [(1_300, 0.018), (1_900, 0.022)]
            }
        var samples: [Int16] = []
        for note in notes {
            let count = Int(note.seconds * Double(sampleRate))
            for i in 0..<count {
                let t = Double(i) / Double(sampleRate)
                let envelope = exp(-t / (note.seconds / 4))  // a sharp attack, then a fast decay
                let value = sin(2 * .pi * note.frequency * t) * envelope * volume * 0.6
                samples.append(Int16((value * Double(Int16.max)).rounded()))
            }
        }
        return samples
    }

    /// The sound of a key.
    static func sound(of action: KeyboardKeyAction) -> Sound {
        switch action {
        case .backspace: .delete
        case .return: .return
        default: .click
        }
    }
}
