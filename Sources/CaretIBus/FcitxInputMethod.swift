// SPDX-License-Identifier: Apache-2.0
import CCaretIBus
import Caret
import Foundation

/// A Fcitx 5 input context of the app's own over D-Bus (libdbus-1; Fcitx's
/// `org.fcitx.Fcitx.InputContext1`), in place of SDL's: each key is offered and answered before
/// the next, and what Fcitx sends while handling it (commits, preedit, keys it gives back) is read
/// in order after it, so nothing is doubled or reordered however fast the keys come (SDL 2.26
/// delivers Fcitx's commits after the keys that follow them). The field's purpose is told, so
/// passwords and numbers are never composed. The core's `InputMethodRouter` puts it between keys
/// and views, as for IBus.
@preconcurrency @MainActor
public final class FcitxInputMethod: InputMethodService {
    /// Preedit drawn by the app, formatted (Fcitx 5's capability bits).
    private static let baseCapability: UInt64 = (1 << 1) | (1 << 4)
    /// How long a key may wait for Fcitx's answer before it goes on as typed.
    public var keyTimeout: Int32 = 500
    /// Maps a rectangle in window points to screen pixels (the window's place and scale).
    public var toScreen: (Rect) -> Rect = { $0 }
    /// Hears each key offered, Fcitx's answer and each signal read (`CARET_IBUS_TRACE=1`).
    public var trace: ((String) -> Void)?
    private var handle: OpaquePointer?
    private let watch = WatchState()
    private var capability = baseCapability
    /// The keys offered lately: Fcitx names no keycode when it gives one back.
    private var offered: [InputMethodKey] = []
    /// The keysym the current layout gives an X keycode, 0 if none (the platform's: nil when not on X11).
    public var layoutKeysym: ((UInt32) -> UInt32)?

    /// Asks the Fcitx 5 daemon on the session bus for an input context.
    public init(program: String = "caret") throws(CaretError) {
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = caret_fcitx_open(program, &message, message.count) else {
            throw CaretError.backendUnavailable(
                subsystem: "Fcitx 5", reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
        caret_fcitx_set_capability(handle, capability)
    }

    isolated deinit { close() }

    /// Destroys the input context and closes the connection.
    public func close() {
        watch.stop()
        if let handle { caret_fcitx_close(handle) }
        handle = nil
    }

    /// Whether the daemon is still there.
    public var isConnected: Bool { handle.map { caret_fcitx_connected($0) } ?? false }

    /// Whether, once gone, a Fcitx took its bus name again (seen as its signals are taken).
    public var daemonReturned: Bool { handle.map { caret_fcitx_returned($0) } ?? false }

    public func process(_ key: InputMethodKey) -> Bool? {
        guard let handle else { return nil }
        if key.isDown {
            offered.append(key)
            if offered.count > 16 { offered.removeFirst() }
        }
        var handled = false
        // Fcitx takes X keycodes (evdev + 8) and the release as an argument of its own.
        let state = key.state & ~InputMethodKey.releaseMask
        let status = caret_fcitx_process_key(handle, key.keysym, key.keycode + 8, state, !key.isDown, keyTimeout, &handled)
        trace?(
            "key \(String(key.keysym, radix: 16)) code \(key.keycode) state \(String(state, radix: 16)): \(IBusInputMethod.describe(status, handled))"
        )
        return IBusInputMethod.answer(status, handled)
    }

    /// The key waited too long: this input context is dropped (what it would still send for the
    /// key never arrives), and the reconnecting wrapper makes a new one.
    public func abandonKey() { close() }

    /// A key that typed no character takes the keysym X gives its keycode in the current layout.
    public func refine(_ key: InputMethodKey) -> InputMethodKey { key.refined(by: layoutKeysym) }

    public func setFocused(_ focused: Bool) {
        if let handle { caret_fcitx_focus(handle, focused) }
    }

    public func reset() {
        if let handle { caret_fcitx_reset(handle) }
    }

    public func setCursorRect(_ rect: Rect) {
        guard let handle else { return }
        let r = toScreen(rect)
        caret_fcitx_set_cursor_rect(handle, Int32(r.minX.rounded()), Int32(r.minY.rounded()), Int32(r.width.rounded()), Int32(r.height.rounded()))
    }

    public func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints) {
        guard let handle else { return }
        let wanted = Self.baseCapability | Self.capability(purpose: purpose, hints: hints)
        guard wanted != capability else { return }
        capability = wanted
        caret_fcitx_set_capability(handle, wanted)
    }

    /// Fcitx 5's capability bits for a purpose and hints (fcitx-utils' CapabilityFlag).
    static func capability(purpose: InputMethodPurpose, hints: InputMethodHints) -> UInt64 {
        var bits: UInt64 = 0
        switch purpose {
        case .password: bits |= 1 << 3 | 1 << 36  // Password, Sensitive
        case .pin: bits |= 1 << 3 | 1 << 8 | 1 << 36
        case .email: bits |= 1 << 7
        case .digits: bits |= 1 << 8
        case .url: bits |= 1 << 12
        case .phone: bits |= 1 << 13
        case .number: bits |= 1 << 14
        case .alpha: bits |= 1 << 21
        case .name: bits |= 1 << 22
        case .freeForm: break
        }
        if hints.contains(.private) { bits |= 1 << 36 }
        if hints.contains(.spellcheck) { bits |= 1 << 16 }
        if hints.contains(.noSpellcheck) { bits |= 1 << 17 }
        if hints.contains(.uppercaseChars) { bits |= 1 << 9 }
        if hints.contains(.uppercaseWords) { bits |= 1 << 19 }
        if hints.contains(.uppercaseSentences) { bits |= 1 << 20 }
        if hints.contains(.inhibitOSK) { bits |= 1 << 15 }
        return bits
    }

    public func takeSignals() -> [InputMethodSignal] {
        guard let handle else { return [] }
        defer { watch.didRead() }
        var signals: [InputMethodSignal] = []
        var event = caret_ibus_event()
        while caret_fcitx_next_event(handle, &event) == 1 {
            defer { caret_ibus_event_free(&event) }
            guard var signal = InputMethodSignal(event) else { continue }
            if case var .forwardKey(key) = signal, let match = offered.last(where: { $0.keysym == key.keysym }) {
                key.keycode = match.keycode  // Fcitx gives back the keysym alone
                signal = .forwardKey(key)
            }
            signals.append(signal)
        }
        if let trace { for signal in signals { trace("signal \(signal)") } }
        return signals
    }

    /// Calls `wake` (from a thread of its own) when Fcitx sends something while the app sleeps
    /// (a candidate picked in its panel), then waits until it was read.
    public func startWatching(wake: @escaping @Sendable () -> Void) {
        guard let handle else { return }
        watch.watch(fd: caret_fcitx_fd(handle), name: "Caret Fcitx watcher", wake: wake)
    }
}

extension FcitxInputMethod: PlatformInputMethod {}
