// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Speaks text aloud for the spoken mode (espeak-ng on Linux, `CaretSpeech`; a recorder in tests).
/// `speak` returns at once: synthesis and playing happen off the main actor, and a new utterance
/// interrupts the one playing.
@preconcurrency @MainActor
public protocol SpeechSynthesizer: AnyObject {
    /// Stops what is being said and says `text` in a BCP 47 language (nil: the synthesizer's default).
    func speak(_ text: String, language: String?)
    /// Says `text` as `speak(_:language:)` does, at a rate (1: the voice's normal rate) and a
    /// volume (0…1). A synthesizer that cannot change them speaks at its own.
    func speak(_ text: String, language: String?, rate: Double, volume: Double)
    /// Stops speaking.
    func stopSpeaking()
}

extension SpeechSynthesizer {
    /// Speaks at the synthesizer's own rate and volume.
    public func speak(_ text: String, language: String?, rate: Double, volume: Double) { speak(text, language: language) }
}

/// Where the spoken mode is heard.
public enum SpeechRoute: Sendable, Equatable {
    /// The kiosk's loudspeaker: anyone near can hear it.
    case loudspeaker
    /// A headset the guest plugged in (its audio device's name, as the platform reports it).
    case headset(String)

    /// Whether only the guest hears it.
    public var isPrivate: Bool { if case .headset = self { true } else { false } }
}
