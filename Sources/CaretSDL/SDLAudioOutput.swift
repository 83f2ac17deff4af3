// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import Foundation

/// Speech played through SDL's audio (any device SDL drives: PulseAudio, PipeWire, ALSA on a
/// bare kiosk). SDL's audio starts when the output is made, on the main thread (SDL's subsystems
/// start only there); the device opens at the first utterance; one that cannot start or open is
/// reported once and speech is dropped. Played from the speech thread; SDL's audio queue is thread-safe.
public final class SDLAudioOutput: SpeechOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var device: SDL_AudioDeviceID = 0
    private var rate = 0
    private var failed = false
    /// Why SDL's audio did not start when the output was made (nil: it started).
    private let startFailure: String?

    /// The device's name (nil: SDL's default output).
    public let deviceName: String?

    /// Creates the output for a device by name (nil: the default one), starting SDL's audio if it
    /// is not started; no device opens until something is said.
    @MainActor public init(device: String? = nil) {
        deviceName = device
        startFailure = SDLRuntime.startAudio() ? nil : sdlErrorMessage()
    }

    public func play(_ samples: [Int16], sampleRate: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard open(sampleRate: sampleRate) else { return }
        samples.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        if device != 0 { SDL_ClearQueuedAudio(device) }
    }

    private func open(sampleRate: Int) -> Bool {
        if device != 0 && rate == sampleRate { return true }
        if failed { return false }
        if device != 0 { SDL_CloseAudioDevice(device) }
        if let startFailure { return fail(startFailure) }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(sampleRate)
        wanted.format = SDL_AudioFormat(AUDIO_S16SYS)
        wanted.channels = 1
        wanted.samples = 1024
        device = SDL_OpenAudioDevice(deviceName, 0, &wanted, nil, 0)
        guard device != 0 else { return fail() }
        rate = sampleRate
        SDL_PauseAudioDevice(device, 0)
        return true
    }

    private func fail(_ reason: String = sdlErrorMessage()) -> Bool {
        failed = true
        FileHandle.standardError.write(Data("caret: no audio for speech: \(reason)\n".utf8))
        return false
    }

    /// Closes the device once what is queued has played (a goodbye, "Spoken mode off", is heard
    /// out), at most 10 s later, off the caller's thread.
    deinit {
        guard device != 0 else { return }
        let device = self.device
        guard SDL_GetQueuedAudioSize(device) > 0 else { return SDL_CloseAudioDevice(device) }
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(10)
            while SDL_GetQueuedAudioSize(device) > 0, Date() < deadline { usleep(20_000) }
            SDL_CloseAudioDevice(device)
        }
    }
}
