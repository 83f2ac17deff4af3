// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import Caret
@testable import CaretSDL

/// A daemon's client for tests: it records what it was told, and can lose its daemon.
@MainActor
private final class FakeClient: PlatformInputMethod {
    var isConnected = true
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
    func takeSignals() -> [InputMethodSignal] { [] }
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

    @Test func theClientIsWrappedWhereTheEnvironmentNamesADaemonThatIsNotThereYet() {
        let none: ([String: String]) -> PlatformInputMethod? = { _ in nil }
        #expect(Application.makeInputMethod(none, environment: ["DISPLAY": ":7"], sdlLeavesInputMethods: true) == nil)
        let ibus = Application.makeInputMethod(none, environment: ["DISPLAY": ":7", "XMODIFIERS": "@im=ibus"], sdlLeavesInputMethods: true)
        #expect(ibus is ReconnectingInputMethod)
        let fcitx = Application.makeInputMethod(none, environment: ["DISPLAY": ":7", "GTK_IM_MODULE": "fcitx"], sdlLeavesInputMethods: true)
        #expect(fcitx is ReconnectingInputMethod)
    }
}
