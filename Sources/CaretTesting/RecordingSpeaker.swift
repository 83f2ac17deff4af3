// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// A speech synthesizer that writes down what it is asked to say, in order, with the language
/// (tests of the spoken mode).
@preconcurrency @MainActor
public final class RecordingSpeaker: SpeechSynthesizer {
    /// What was said and in which language.
    public private(set) var utterances: [(text: String, language: String?)] = []
    /// The rate and volume each utterance was asked for (1 and 1 when not given).
    public private(set) var voices: [(rate: Double, volume: Double)] = []
    /// How many times speech was stopped.
    public private(set) var stops = 0

    public init() {}

    /// The texts only.
    public var texts: [String] { utterances.map(\.text) }

    public func speak(_ text: String, language: String?) { speak(text, language: language, rate: 1, volume: 1) }
    public func speak(_ text: String, language: String?, rate: Double, volume: Double) {
        utterances.append((text, language))
        voices.append((rate, volume))
    }
    public func stopSpeaking() { stops += 1 }
    /// Forgets what was said.
    public func clear() {
        utterances.removeAll()
        voices.removeAll()
    }
}
