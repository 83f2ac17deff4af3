// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSpeech
import Foundation
import Testing

/// The spoken mode's voice: real espeak-ng, measured by sox; a new utterance interrupts the old.
@Suite(.serialized) @MainActor
struct SpeechTests {
    @Test func espeakSpeaksAWaveThatSoxHearsAsSound() throws {
        let (samples, rate) = try EspeakSpeaker.render("Email address, text field", language: "en-US")
        #expect(rate > 8000)
        #expect(Double(samples.count) / Double(rate) > 0.8, "about a second and a half of speech")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("caret-speech-\(getpid()).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try EspeakSpeaker.writeWAV(samples, sampleRate: rate, to: url)
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = [url.path, "-n", "stat"]
        let pipe = Pipe()
        sox.standardError = pipe
        try sox.run()
        sox.waitUntilExit()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let rms = report.split(separator: "\n").first { $0.hasPrefix("RMS     amplitude") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect((rms ?? 0) > 0.01, "sox: \(report)")
        // Another language gives another voice: German is synthesized too.
        let german = try EspeakSpeaker.render("Deutsch", language: "de-DE")
        #expect(!german.samples.isEmpty && german.samples != samples)
    }

    private final class CountingOutput: SpeechOutput, @unchecked Sendable {
        let lock = NSLock()
        var chunks = 0, stops = 0
        func play(_ samples: [Int16], sampleRate: Int) { lock.withLock { chunks += 1 } }
        func stop() { lock.withLock { stops += 1 } }
    }

    @Test func aNewUtteranceInterruptsTheOldAndSpeakingNeverBlocks() async throws {
        let output = CountingOutput()
        let speaker = try EspeakSpeaker(output: output)
        let long = String(repeating: "This sentence goes on and on. ", count: 40)
        let start = Date()
        speaker.speak(long, language: "en")
        speaker.speak("Stop", language: "en")
        #expect(Date().timeIntervalSince(start) < 0.5, "speak returns at once")
        try await Task.sleep(for: .seconds(2))
        let (samples, _) = try EspeakSpeaker.render(long, language: "en")
        // Everything played is far less than the long text (it was dropped before or while synthesizing).
        let played = output.lock.withLock { output.chunks }
        #expect(played > 0 && played * 1024 < samples.count / 2, "\(played) chunks of \(samples.count) samples")
        #expect(output.lock.withLock { output.stops } == 2)
    }
}
