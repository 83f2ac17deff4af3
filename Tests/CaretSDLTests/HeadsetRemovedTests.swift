// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// A headset pulled out in spoken mode on the kiosk (docs/behaviour/accessibility.md): speech goes
/// on through the loudspeaker and says so, and the next touch still explores: a blind guest's
/// touch on a button names it and does not press it.
@Suite(.serialized) @MainActor
struct HeadsetRemovedTests {
    @Test func aHeadsetPulledOutKeepsSpokenModeOnAndATouchStillExplores() throws {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        let app = try Application(configuration: .init(title: "Caret test", size: Size(width: 800, height: 600), vsync: false))
        defer { app.close() }
        let flow = CheckInFlow(window: app.window)
        var speakers: [RecordingSpeaker] = []
        app.window.accessibilityShortcut.spokenModeProvider = { _ in
            speakers.append(RecordingSpeaker())
            return SpokenMode(synthesizer: speakers.last!)
        }
        var outputs = ["Built-in Audio Analog Stereo"]
        app.watchHeadsets { outputs }
        func deviceEvent(_ type: SDL_EventType) {
            var event = SDL_Event()
            event.type = type.rawValue
            event.adevice.iscapture = 0
            SDL_PushEvent(&event)
            app.runOnce()
        }
        app.runOnce()
        deviceEvent(SDL_AUDIODEVICEADDED)
        outputs.append("USB Headset Analog Stereo")
        deviceEvent(SDL_AUDIODEVICEADDED)
        #expect(app.window.spokenMode?.route == .headset("USB Headset Analog Stereo"))
        outputs.removeLast()
        deviceEvent(SDL_AUDIODEVICEREMOVED)
        #expect(app.window.spokenMode?.route == .loudspeaker, "spoken mode stays on")
        let notice = speakers.last?.texts.last ?? ""
        #expect(notice.hasPrefix("Headset disconnected. Spoken mode stays on, on the loudspeaker"), "said: \(notice)")
        // The guest's next touch, on "Check in": named, not pressed.
        var started = 0
        let onStart = flow.start.onStart
        flow.start.onStart = {
            started += 1
            onStart?()
        }
        let button = flow.start.startButton
        let centre = button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil)
        try app.post(.finger(id: 1, phase: .began, location: centre))
        try app.post(.finger(id: 1, phase: .ended, location: centre))
        app.runOnce()
        #expect(started == 0, "a single touch explores in spoken mode")
        #expect(app.window.rootViewController === flow.start)
        #expect(speakers.last?.texts.last?.hasPrefix("Check in") == true, "said: \(speakers.last?.texts ?? [])")
        app.window.spokenMode = nil
    }
}
