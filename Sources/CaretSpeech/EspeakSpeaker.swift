// SPDX-License-Identifier: Apache-2.0
import CCaretSpeech
import Caret
import Foundation
import Synchronization

/// The spoken mode's voice: espeak-ng (libespeak-ng, what Orca's speech-dispatcher uses on
/// Debian), in the text's language. `speak` returns at once: synthesis runs on its own thread,
/// and a new utterance stops the one being synthesized and drops what was queued to play.
@preconcurrency @MainActor
public final class EspeakSpeaker: SpeechSynthesizer {
    /// Where the samples go.
    public let output: SpeechOutput
    /// espeak-ng's sample rate.
    public let sampleRate: Int
    private let worker = DispatchQueue(label: "caret.speech")
    private let generation = Generation()

    /// Serialises espeak-ng (one process-wide engine) and tells a running utterance it is stale.
    final class Generation: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1; return value
            }
        }
        func isCurrent(_ number: Int) -> Bool { lock.withLock { value == number } }
    }

    private final class SinkContext {
        let output: SpeechOutput?
        let generation: Generation
        let number: Int
        let rate: Int
        var samples: [Int16] = []
        init(output: SpeechOutput?, generation: Generation, number: Int, rate: Int) {
            self.output = output
            self.generation = generation
            self.number = number
            self.rate = rate
        }
    }

    /// espeak-ng's sample rate once it is loaded (once per process), held while espeak-ng is
    /// called: it is one synthesizer for the whole process.
    nonisolated private static let espeak = Mutex<Int?>(nil)

    /// Loads espeak-ng once per process; throws when its data is missing.
    nonisolated static func initialize() throws(CaretError) -> Int {
        try espeak.withLock { (known: inout Int?) throws(CaretError) -> Int in
            if let known { return known }
            var message: UnsafeMutablePointer<CChar>?
            let rate = caret_speech_initialize(&message)
            guard rate > 0 else {
                let text = message.map { String(cString: $0) } ?? "unknown error"
                free(message)
                throw CaretError.backendUnavailable(subsystem: "espeak-ng", reason: text)
            }
            known = Int(rate)
            return Int(rate)
        }
    }

    /// Creates a speaker playing into an output; throws when espeak-ng cannot start.
    public init(output: SpeechOutput) throws(CaretError) {
        self.output = output
        sampleRate = try Self.initialize()
    }

    public func speak(_ text: String, language: String?) { speak(text, language: language, rate: 1, volume: 1) }

    /// Says `text` at a rate (1: 175 words a minute) and a volume (0…1).
    public func speak(_ text: String, language: String?, rate: Double, volume: Double) {
        let number = generation.next()
        output.stop()
        let output = self.output, generation = self.generation, sampleRate = self.sampleRate
        worker.async {
            guard generation.isCurrent(number) else { return }  // already replaced
            let context = SinkContext(output: output, generation: generation, number: number, rate: sampleRate)
            _ = Self.synthesize(text, language: language, rate: rate, volume: volume, context: context)
        }
    }

    public func stopSpeaking() {
        _ = generation.next()
        output.stop()
    }

    /// Renders an utterance to samples on the calling thread (WAV files, tests).
    public nonisolated static func render(_ text: String, language: String?, rate: Double = 1, volume: Double = 1) throws(CaretError)
        -> (samples: [Int16], sampleRate: Int)
    {
        let sampleRate = try initialize()
        let generation = Generation()
        let context = SinkContext(output: nil, generation: generation, number: generation.next(), rate: sampleRate)
        guard synthesize(text, language: language, rate: rate, volume: volume, context: context) >= 0 else {
            throw CaretError.backendUnavailable(subsystem: "espeak-ng", reason: "synthesis failed")
        }
        return (context.samples, sampleRate)
    }

    nonisolated private static func synthesize(_ text: String, language: String?, rate: Double, volume: Double, context: SinkContext) -> Int32 {
        espeak.withLock { _ in
            let pointer = Unmanaged.passUnretained(context).toOpaque()
            return caret_speech_synthesize(
                text, language, rate, volume,
                { raw, samples, count in
                    guard let raw, let samples else { return 0 }
                    let context = Unmanaged<SinkContext>.fromOpaque(raw).takeUnretainedValue()
                    guard context.generation.isCurrent(context.number) else { return 1 }  // interrupted
                    let chunk = Array(UnsafeBufferPointer(start: samples, count: Int(count)))
                    if let output = context.output { output.play(chunk, sampleRate: context.rate) } else { context.samples += chunk }
                    return 0
                }, pointer)
        }
    }

    /// Writes 16-bit mono samples as a WAV file.
    public nonisolated static func writeWAV(_ samples: [Int16], sampleRate: Int, to url: URL) throws {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(bytes))
        for sample in samples { append(sample) }
        try data.write(to: url, options: .atomic)
    }
}
