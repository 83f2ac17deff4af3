// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import Caret
@testable import CaretSDL

/// A daemon's client for tests: it records what it was told, and can lose its daemon.
@MainActor
private final class FakeClient: PlatformInputMethod {
    var isConnected = true
    var daemonReturned = false
    var signalsTaken = 0
    var toScreen: (Rect) -> Rect = { $0 }
    var layoutKeysym: ((UInt32) -> UInt32)?
    var keys: [UInt32] = []
    var told: [String] = []
    func process(_ key: InputMethodKey) -> Bool? {
        keys.append(key.keysym)
        return true
    }
    func setFocused(_ focused: Bool) { told.append("focus \(focused)") }
    func reset() { told.append("reset") }
    func setCursorRect(_ rect: Rect) { told.append("cursor \(Int(rect.minX))") }
    func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints) { told.append("purpose \(purpose)") }
    func takeSignals() -> [InputMethodSignal] {
        signalsTaken += 1
        return []
    }
    func startWatching(wake: @escaping @Sendable () -> Void) { told.append("watching") }
    func close() { told.append("closed") }
}

/// IBus or Fcitx restarting, or starting after the app: Caret's client comes back by itself.
@Suite @MainActor
struct ReconnectingInputMethodTests {
    private let key = InputMethodKey(keysym: 0x67, keycode: 34, state: 0)

    @Test func aLostDaemonIsReplacedAndToldWhatTheOldOneKnew() {
        var clock = 0.0
        let first = FakeClient()
        var made: [FakeClient] = []
        let method = ReconnectingInputMethod(client: first, now: { clock }) {
            let client = FakeClient()
            made.append(client)
            return client
        }
        method.startWatching {}
        method.setContentType(.phone, hints: [])
        method.setCursorRect(Rect(x: 40, y: 0, width: 1, height: 20))
        method.setFocused(true)
        #expect(method.process(key) == true && first.keys == [0x67])
        first.isConnected = false  // the daemon exits (or `ibus restart`)
        clock = 0.2
        #expect(method.process(key) == true)
        #expect(made.count == 1 && made[0].keys == [0x67], "the key went to the new input context")
        #expect(made[0].told == ["watching", "purpose phone", "cursor 40", "focus true"])
        #expect(first.told.last == "closed")
        #expect(method.reconnections == 1)
    }

    @Test func aDaemonThatStartsLaterIsFoundWithoutAskingAtEveryKey() {
        var clock = 0.0
        var daemonUp = false
        var attempts: [Double] = []
        let method = ReconnectingInputMethod(client: nil, now: { clock }) {
            attempts.append(clock)
            return daemonUp ? FakeClient() : nil
        }
        for step in 1...40 {
            clock = Double(step) * 0.1  // a key every 100 ms for four seconds
            #expect(method.process(key) == nil, "typed as it came while no daemon answers")
        }
        #expect(attempts == [1.0, 2.0, 4.0], "attempts back off: \(attempts)")
        daemonUp = true
        clock = 8.0
        #expect(method.process(key) == true)
        #expect(method.reconnections == 1 && method.isConnected)
    }

    @Test func aDaemonBackOnTheBusIsConnectedWhenItsWatcherWakesTheAppNotAtTheNextRetry() {
        var clock = 0.0
        var daemonUp = true
        var attempts: [Double] = []
        let first = FakeClient()
        let method = ReconnectingInputMethod(client: first, now: { clock }) {
            attempts.append(clock)
            return daemonUp ? FakeClient() : nil
        }
        method.setFocused(true)
        first.isConnected = false  // Fcitx exits: its name has no owner
        daemonUp = false
        clock = 0.2
        #expect(method.process(key) == nil, "typed as it came")
        clock = 1.2
        #expect(method.process(key) == nil)
        #expect(attempts == [0.2, 1.2], "on the schedule while the name has no owner: \(attempts)")
        #expect(first.told.last != "closed", "the gone client is kept: it watches for the daemon's return")
        clock = 1.5  // the next try would be at 3.2
        daemonUp = true
        first.daemonReturned = true
        let taken = first.signalsTaken
        _ = method.takeSignals()  // the turn its watcher woke
        #expect(first.signalsTaken == taken + 1, "the gone client's signals were read, so its watcher goes on")
        #expect(attempts == [0.2, 1.2, 1.5], "made at once: \(attempts)")
        #expect(method.isConnected && method.reconnections == 1)
        #expect(first.told.last == "closed", "the gone client closed once replaced")
    }

    @Test func aDaemonBackButNotReadyIsRetriedOnTheScheduleNotAtEveryTurn() {
        var clock = 0.0
        var attempts: [Double] = []
        let first = FakeClient()
        let method = ReconnectingInputMethod(client: first, now: { clock }) {
            attempts.append(clock)
            return nil
        }
        first.isConnected = false
        clock = 0.2
        _ = method.process(key)
        first.daemonReturned = true
        clock = 0.5
        for _ in 0..<5 { _ = method.takeSignals() }
        #expect(attempts == [0.2, 0.5], "one try on its return, then the schedule: \(attempts)")
        #expect(first.told.last == "closed")
    }

    @Test func theClientIsWrappedWhereTheEnvironmentNamesADaemonThatIsNotThereYet() {
        let none: ([String: String]) -> PlatformInputMethod? = { _ in nil }
        #expect(Application.makeInputMethod(none, environment: ["DISPLAY": ":7"], sdlLeavesInputMethods: true) == nil)
        let ibus = Application.makeInputMethod(none, environment: ["DISPLAY": ":7", "XMODIFIERS": "@im=ibus"], sdlLeavesInputMethods: true)
        #expect(ibus is ReconnectingInputMethod)
        let fcitx = Application.makeInputMethod(none, environment: ["DISPLAY": ":7", "GTK_IM_MODULE": "fcitx"], sdlLeavesInputMethods: true)
        #expect(fcitx is ReconnectingInputMethod)
    }
}
