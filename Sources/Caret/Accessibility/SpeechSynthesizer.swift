import Foundation

/// Speaks text aloud for the spoken mode (espeak-ng on Linux, `CaretSpeech`; a recorder in tests).
/// `speak` returns at once: synthesis and playing happen off the main actor, and a new utterance
/// interrupts the one playing.
@MainActor
public protocol SpeechSynthesizer: AnyObject {
    /// Stops what is being said and says `text` in a BCP 47 language (nil: the synthesizer's default).
    func speak(_ text: String, language: String?)
    /// Stops speaking.
    func stopSpeaking()
}
