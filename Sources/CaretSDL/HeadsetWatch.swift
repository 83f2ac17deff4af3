// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret
import Foundation

/// Notices a headset plugged in or out after launch (docs/behaviour/accessibility.md): SDL's audio
/// output devices are listed at start (the kiosk's own loudspeakers) and again on SDL's
/// device-added and removed events (which wake the loop) and every two seconds while the loop
/// runs (SDL reports a removal only for a device that is open); a name that was not there at
/// start is a headset. Any new output counts, a Bluetooth speaker or an HDMI screen too: a kiosk
/// with such outputs should not let headsets name keys (`SpokenMode.speaksSecureKeysOnHeadset`).
struct HeadsetWatch {
    /// The output devices' names now (SDL's list; a test gives its own).
    var list: () -> [String]
    private let atStart: Set<String>
    private var present: Set<String>
    private var nextCheck = 0.0

    init(list: @escaping () -> [String]) {
        self.list = list
        atStart = Set(list())
        present = atStart
    }

    /// SDL's own list of output devices.
    static func sdlOutputs() -> [String] {
        (0..<max(0, SDL_GetNumAudioDevices(0))).compactMap { SDL_GetAudioDeviceName($0, 0).map { String(cString: $0) } }
    }

    /// Lists the devices again: the headsets that came and went since the last look.
    mutating func rescan() -> (connected: [String], disconnected: [String]) {
        let now = Set(list())
        let connected = now.subtracting(present).subtracting(atStart).sorted()
        let disconnected = present.subtracting(now).subtracting(atStart).sorted()
        present = now
        return (connected, disconnected)
    }

    /// Whether the two seconds since the last look have passed (the look is then due).
    mutating func isDue(at time: Double) -> Bool {
        guard time >= nextCheck else { return false }
        nextCheck = time + 2
        return true
    }
}

extension Application {
    /// Gives the window the spoken mode a guest starts (by the shortcut, a headset or the app's
    /// accessibility choice): espeak-ng through SDL's audio, into the headset when it is one.
    func provideSpokenMode() {
        let speech = engines.lazy.compactMap(\.makeSynthesizer).first
        window.accessibilityShortcut.spokenModeProvider = { route in
            guard let speech else {
                FileHandle.standardError.write(
                    Data(
                        ("caret: no spoken mode: the app added no speech engine (add the CaretSpeech product to the app's target "
                            + "and `.speech` to Application.Configuration.engines)\n").utf8))
                return nil
            }
            let device: String? = if case let .headset(name) = route { name } else { nil }
            do {
                return SpokenMode(synthesizer: try speech(SDLAudioOutput(device: device)))
            } catch {
                FileHandle.standardError.write(Data("caret: no spoken mode: \(error)\n".utf8))
                return nil
            }
        }
    }

    /// Starts watching for headsets; SDL's audio that cannot start is reported and nothing is watched.
    func watchHeadsets(list: (() -> [String])? = nil) {
        if list == nil, !SDLRuntime.startAudio() {
            FileHandle.standardError.write(Data("caret: no headset detection: \(sdlErrorMessage())\n".utf8))
            return
        }
        headsetWatch = HeadsetWatch(list: list ?? HeadsetWatch.sdlOutputs)
    }

    /// Looks at the audio devices when SDL says one changed, or when the periodic look is due.
    func checkHeadsets(deviceEvent: Bool) {
        guard var watch = headsetWatch else { return }
        guard deviceEvent || watch.isDue(at: ProcessInfo.processInfo.systemUptime) else {
            headsetWatch = watch
            return
        }
        let (connected, disconnected) = watch.rescan()
        headsetWatch = watch
        for name in disconnected { window.accessibilityShortcut.headsetDidDisconnect(named: name) }
        for name in connected { window.accessibilityShortcut.headsetDidConnect(named: name) }
    }
}
