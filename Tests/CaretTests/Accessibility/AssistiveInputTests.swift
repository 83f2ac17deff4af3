// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A window stand-in for assistive input: a spoken mode slot, a clock, timers, and the events
/// handed back to it.
@MainActor
final class StubAssistiveHost: SpokenModeHost, TouchAccommodationHost {
    let clock = VirtualClock()
    lazy var backend: Backend = OffscreenBackend(fontProvider: FixedAdvanceFontProvider(), clock: clock)
    lazy var animator = Animator(clock: clock)
    var spokenMode: SpokenMode?
    var firstResponder: Responder?
    var sent: [InputEvent] = []

    func send(_ event: InputEvent) { sent.append(event) }

    func advance(by seconds: Double) {
        clock.advance(by: seconds)
        animator.tick()
    }
}

/// The spoken mode's shortcut and the touch accommodations with no window
/// (docs/behaviour/accessibility.md): a keypad key toggles spoken mode and types nothing, a
/// headset starts it and takes it away, a touch counts once held, and a repeat is ignored.
@Suite @MainActor
struct AssistiveInputTests {
    private func shortcut(_ host: StubAssistiveHost) -> (SpokenModeShortcut, () -> [SpeechRoute]) {
        let shortcut = SpokenModeShortcut(host: host)
        var routes: [SpeechRoute] = []
        shortcut.spokenModeProvider = { route in
            routes.append(route)
            return SpokenMode(synthesizer: RecordingSpeaker())
        }
        return (shortcut, { routes })
    }

    @Test func aKeypadKeyTogglesSpokenModeAndItsTextGoesWithIt() {
        let host = StubAssistiveHost()
        let (shortcut, routes) = shortcut(host)
        shortcut.spokenModeKey = .keypadAsterisk
        let key = Key(keyCode: .keypadAsterisk)
        #expect(shortcut.takes(.key(key, isDown: true, isRepeat: false)))
        #expect(host.spokenMode?.route == .loudspeaker && routes() == [.loudspeaker])
        #expect(shortcut.takes(.textInput("*", origin: .key)))
        #expect(shortcut.takes(.key(key, isDown: false, isRepeat: false)))
        #expect(!shortcut.takes(.key(Key(keyCode: .keyboardA), isDown: true, isRepeat: false)))
        #expect(shortcut.takes(.key(key, isDown: true, isRepeat: false)))
        #expect(host.spokenMode == nil)
    }

    @Test func aHeadsetStartsSpokenModeInItAndLeavesItOnTheLoudspeaker() {
        let host = StubAssistiveHost()
        let (shortcut, _) = shortcut(host)
        shortcut.headsetDidConnect(named: "Buds")
        #expect(host.spokenMode?.route == .headset("Buds"))
        shortcut.headsetDidDisconnect(named: "Other")
        #expect(host.spokenMode != nil)
        shortcut.headsetDidDisconnect(named: "Buds")
        #expect(host.spokenMode?.route == .loudspeaker, "on until the guest ends it")
        shortcut.toggleSpokenMode()
        #expect(host.spokenMode == nil)
        shortcut.toggleSpokenMode()  // the guest's own: the headset leaving moves it back to the loudspeaker
        shortcut.headsetDidConnect(named: "Buds")
        shortcut.headsetDidDisconnect(named: "Buds")
        #expect(host.spokenMode?.route == .loudspeaker)
    }

    @Test func aTouchCountsOnceHeldAndARepeatIsIgnored() {
        let host = StubAssistiveHost()
        let filter = TouchAccommodationFilter(host: host)
        filter.settings.holdDuration = 0.5
        filter.settings.ignoreRepeatDuration = 1
        let at = Point(x: 10, y: 10)
        #expect(filter.takes(.touch(id: 1, phase: .began, location: at)))
        #expect(filter.takes(.touch(id: 1, phase: .moved, location: Point(x: 12, y: 10))))
        host.advance(by: 0.6)
        guard case .touch(1, .began, Point(x: 12, y: 10))? = host.sent.first else {
            Issue.record("the held touch was not delivered where it is: \(host.sent)")
            return
        }
        #expect(!filter.takes(.touch(id: 1, phase: .ended, location: at)))  // delivered: its end goes on
        #expect(filter.takes(.touch(id: 2, phase: .began, location: at)))  // a repeat, within a second
        host.advance(by: 0.6)  // held past the hold duration: a repeat still never counts
        #expect(host.sent.count == 1, "a repeat held for the hold duration was delivered: \(host.sent)")
        #expect(filter.takes(.touch(id: 2, phase: .ended, location: at)))
        host.advance(by: 2)
        #expect(host.sent.count == 1)
        #expect(filter.takes(.touch(id: 3, phase: .began, location: at)))
        #expect(filter.takes(.touch(id: 3, phase: .ended, location: at)))  // lifted before it counted
        host.advance(by: 1)
        #expect(host.sent.count == 1)
    }
}
