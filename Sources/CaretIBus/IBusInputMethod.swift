// SPDX-License-Identifier: Apache-2.0
import CCaretIBus
import Caret
import Foundation

/// An IBus input context of the app's own over D-Bus (libdbus-1): every signal IBus sends is
/// read, including the ForwardKeyEvent signals SDL 2.26 ignores (ibus-hangul gives back space,
/// digits, punctuation, Backspace and Return that way with its default settings), and the
/// field's purpose is told. The core's `InputMethodRouter` puts it between keys and views.
@preconcurrency @MainActor
public final class IBusInputMethod: InputMethodService {
    /// IBus's capability bits: preedit text, focus.
    private static let capabilities: UInt32 = 1 | 8
    /// How long a key may wait for IBus's answer before it goes on as typed.
    public var keyTimeout: Int32 = 500
    /// Maps a rectangle in window points to screen pixels (the window's place and scale).
    public var toScreen: (Rect) -> Rect = { $0 }
    /// Hears each key offered, IBus's answer and each signal read (`CARET_IBUS_TRACE=1`).
    public var trace: ((String) -> Void)?
    private var handle: OpaquePointer?
    private let watch = WatchState()
    /// The keysym the current layout gives an X keycode, 0 if none (the platform's: nil when not on X11).
    public var layoutKeysym: ((UInt32) -> UInt32)?

    /// Connects to the IBus daemon at `address` and creates an input context.
    public init(address: String, clientName: String = "Caret") throws(CaretError) {
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = caret_ibus_open(address, clientName, &message, message.count) else {
            throw CaretError.backendUnavailable(
                subsystem: "IBus", reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
        caret_ibus_set_capabilities(handle, Self.capabilities)
    }

    isolated deinit { close() }

    /// Destroys the input context and closes the connection.
    public func close() {
        watch.stop()
        if let handle { caret_ibus_close(handle) }
        handle = nil
    }

    /// Whether the daemon is still there.
    public var isConnected: Bool { handle.map { caret_ibus_connected($0) } ?? false }

    public func process(_ key: InputMethodKey) -> Bool? {
        guard let handle else { return nil }
        var handled = false
        let status = caret_ibus_process_key(handle, key.keysym, key.keycode, key.state, keyTimeout, &handled)
        trace?("key \(String(key.keysym, radix: 16)) code \(key.keycode) state \(String(key.state, radix: 16)): \(Self.describe(status, handled))")
        return Self.answer(status, handled)
    }

    /// A key's answer from the C client's status: used or not (0), later (1: nil), or none
    /// because the call failed (-1: typed as it came).
    static func answer(_ status: Int32, _ handled: Bool) -> Bool? {
        switch status {
        case 0: return handled
        case 1: return nil
        default: return false
        }
    }

    static func describe(_ status: Int32, _ handled: Bool) -> String {
        switch status {
        case 0: return handled ? "used" : "not used"
        case 1: return "answer later"
        default: return "failed"
        }
    }

    /// The key waited too long: this input context is dropped (what it would still send for the
    /// key never arrives), and the reconnecting wrapper makes a new one.
    public func abandonKey() { close() }

    public func setFocused(_ focused: Bool) {
        if let handle { caret_ibus_focus(handle, focused) }
    }

    public func reset() {
        if let handle { caret_ibus_reset(handle) }
    }

    public func setCursorRect(_ rect: Rect) {
        guard let handle else { return }
        let r = toScreen(rect)
        caret_ibus_set_cursor_location(
            handle, Int32(r.minX.rounded()), Int32(r.minY.rounded()), Int32(r.width.rounded()), Int32(r.height.rounded()))
    }

    public func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints) {
        if let handle { caret_ibus_set_content_type(handle, purpose.rawValue, hints.rawValue) }
    }

    public func takeSignals() -> [InputMethodSignal] {
        guard let handle else { return [] }
        defer { watch.didRead() }
        var signals: [InputMethodSignal] = []
        var event = caret_ibus_event()
        while caret_ibus_next_event(handle, &event) == 1 {
            defer { caret_ibus_event_free(&event) }
            if let signal = InputMethodSignal(event) { signals.append(signal) }
        }
        if let trace { for signal in signals { trace("signal \(signal)") } }
        return signals
    }

    /// A key that typed no character takes the keysym X gives its keycode in the current layout
    /// (SDL names keys by position: Hangul on Right Alt in Korean layouts reaches it as Alt_R).
    public func refine(_ key: InputMethodKey) -> InputMethodKey { key.refined(by: layoutKeysym) }

    /// Calls `wake` (from a thread of its own) when IBus sends something while the app sleeps
    /// (a candidate picked in IBus's panel, a commit on a timer), then waits until it was read.
    public func startWatching(wake: @escaping @Sendable () -> Void) {
        guard let handle else { return }
        watch.watch(fd: caret_ibus_fd(handle), name: "Caret IBus watcher", wake: wake)
    }
}

/// The watcher thread's state, shared with the main thread.
final class WatchState: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = false
    private var awaitingRead = false

    var isRunning: Bool { condition.withLock { running } }

    /// Polls `fd` on a thread of its own and calls `wake` when something arrives, then waits
    /// until the main thread has read it.
    func watch(fd: Int32, name: String, wake: @escaping @Sendable () -> Void) {
        guard fd >= 0, start() else { return }
        let thread = Thread { [self] in
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while isRunning {
                poller.revents = 0
                let ready = poll(&poller, 1, 500)
                guard isRunning else { return }
                if ready < 0 && errno != EINTR { return }
                guard ready > 0 else { continue }
                wake()
                if poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }
                waitForRead()  // the main thread reads the socket, then this polls again
            }
        }
        thread.name = name
        thread.start()
    }

    func start() -> Bool {
        condition.withLock {
            if running { return false }
            running = true
            return true
        }
    }

    func stop() {
        condition.withLock {
            running = false
            condition.broadcast()
        }
    }

    /// The watcher woke the app: it waits (at most two seconds) until the app has read.
    func waitForRead() {
        condition.withLock {
            awaitingRead = true
            let deadline = Date(timeIntervalSinceNow: 2)
            while awaitingRead && running && condition.wait(until: deadline) {}
            awaitingRead = false
        }
    }

    func didRead() {
        condition.withLock {
            awaitingRead = false
            condition.broadcast()
        }
    }
}

extension InputMethodSignal {
    /// A signal read by the C clients (IBus's and Fcitx's share the event type).
    init?(_ event: caret_ibus_event) {
        let text = event.text.map { String(cString: $0) } ?? ""
        switch Int32(event.kind) {
        case Int32(CARET_IBUS_COMMIT.rawValue): self = .commit(text)
        case Int32(CARET_IBUS_PREEDIT.rawValue): self = .preedit(text, cursor: Int(event.a), visible: event.b != 0)
        case Int32(CARET_IBUS_HIDE_PREEDIT.rawValue): self = .hidePreedit
        case Int32(CARET_IBUS_SHOW_PREEDIT.rawValue): self = .showPreedit
        case Int32(CARET_IBUS_FORWARD_KEY.rawValue): self = .forwardKey(InputMethodKey(keysym: event.a, keycode: event.b, state: event.c))
        case Int32(CARET_IBUS_KEY_ANSWER.rawValue): self = .keyAnswered(handled: event.a != 0)
        default: return nil
        }
    }
}

extension InputMethodKey {
    /// A key that typed no character with the keysym X gives its keycode in the current layout,
    /// if the layout names one (SDL names keys by position).
    func refined(by layoutKeysym: ((UInt32) -> UInt32)?) -> InputMethodKey {
        guard keysym >= 0xFE00 && keysym < 0x0100_0000, let layoutKeysym else { return self }
        let named = layoutKeysym(keycode + 8)
        guard named >= 0xFE00 && named < 0x0100_0000 else { return self }
        var refined = self
        refined.keysym = named
        return refined
    }
}
