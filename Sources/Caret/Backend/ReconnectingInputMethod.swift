// SPDX-License-Identifier: Apache-2.0
/// The app's own input-method client that outlives its daemon: when IBus or Fcitx exits,
/// restarts (`ibus restart`, an update) or starts after the app, the next key, focus change or
/// read finds the connection gone and asks for a new one (at most once a second at first, backing
/// off to every five seconds while none comes), then tells the new input context what the old
/// one knew: focus, the field's purpose, the caret's place and the watcher. Meanwhile keys go on
/// as typed. The gone client is kept until then (closed when a new one is made): one that
/// watches its daemon's bus name (Fcitx's) makes the new one at once when the daemon is back,
/// woken by its watcher, not at the next retry.
/// GTK and Qt apps reconnect the same way.
@MainActor
package final class ReconnectingInputMethod: PlatformInputMethod {
    private var client: PlatformInputMethod?
    /// The client whose daemon went, kept while its watcher waits for the daemon's return.
    private var lost: PlatformInputMethod?
    private let connect: () -> PlatformInputMethod?
    private let now: () -> Double
    private var nextAttempt = 0.0
    private var delay = 1.0
    private var focused = false
    private var contentType: (purpose: InputMethodPurpose, hints: InputMethodHints)?
    private var cursorRect: Rect?
    private var wake: (@Sendable () -> Void)?
    /// How many times a new client replaced a lost one.
    package private(set) var reconnections = 0

    package var toScreen: (Rect) -> Rect = { $0 } { didSet { client?.toScreen = toScreen } }
    package var layoutKeysym: ((UInt32) -> UInt32)? { didSet { client?.layoutKeysym = layoutKeysym } }

    /// Starts with `client` (nil: no daemon yet); `connect` makes a new one, `now` is the clock in seconds.
    package init(client: PlatformInputMethod?, now: @escaping () -> Double, connect: @escaping () -> PlatformInputMethod?) {
        self.client = client
        self.now = now
        self.connect = connect
        nextAttempt = now() + (client == nil ? delay : 0)
    }

    /// The client in use (nil while none could be made).
    package var current: PlatformInputMethod? { client }

    private func ensureConnected() {
        if client?.isConnected == true { return }
        let time = now()
        if let gone = client {
            lost?.close()
            lost = gone
            client = nil
        }
        guard time >= nextAttempt || lost?.daemonReturned == true else { return }
        guard let fresh = connect() else {
            if lost?.daemonReturned == true {  // back but not ready: retried on the schedule
                lost?.close()
                lost = nil
            }
            nextAttempt = time + delay
            delay = min(5, delay * 2)
            return
        }
        delay = 1
        lost?.close()
        lost = nil
        fresh.toScreen = toScreen
        fresh.layoutKeysym = layoutKeysym
        if let wake { fresh.startWatching(wake: wake) }
        if let contentType { fresh.setContentType(contentType.purpose, hints: contentType.hints) }
        if let cursorRect { fresh.setCursorRect(cursorRect) }
        if focused { fresh.setFocused(true) }
        client = fresh
        reconnections += 1
    }

    package var isConnected: Bool {
        ensureConnected()
        return client?.isConnected ?? false
    }

    package func process(_ key: InputMethodKey) -> Bool? {
        ensureConnected()
        return client?.process(key)
    }

    package func setFocused(_ focused: Bool) {
        self.focused = focused
        ensureConnected()
        client?.setFocused(focused)
    }

    package func reset() { client?.reset() }

    /// The client drops its input context (the key waited too long); a new one is made at the
    /// next key or focus change, a second from now at the earliest.
    package func abandonKey() {
        client?.abandonKey()
        client?.close()
        client = nil
        nextAttempt = now() + delay
    }

    package func setCursorRect(_ rect: Rect) {
        cursorRect = rect
        client?.setCursorRect(rect)
    }

    package func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints) {
        contentType = (purpose, hints)
        client?.setContentType(purpose, hints: hints)
    }

    /// Also where a watcher's wake lands: a daemon seen gone, or back, is acted on here, keyless.
    package func takeSignals() -> [InputMethodSignal] {
        _ = lost?.takeSignals()  // the gone daemon's: read only to see it come back
        let signals = client?.takeSignals() ?? []
        if client?.isConnected == false || lost?.daemonReturned == true { ensureConnected() }
        return signals
    }

    package func refine(_ key: InputMethodKey) -> InputMethodKey { client?.refine(key) ?? key }

    package func startWatching(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        client?.startWatching(wake: wake)
    }

    package func close() {
        client?.close()
        client = nil
        lost?.close()
        lost = nil
    }
}
