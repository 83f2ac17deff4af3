// SPDX-License-Identifier: Apache-2.0
import CCaretAccessibility
import Caret
import Foundation

/// What the session's accessibility bus launcher says (`org.a11y.Status` on `org.a11y.Bus`).
public struct AccessibilityBusStatus: Hashable, Sendable {
    /// Accessibility is on (a desktop's setting, or any assistive technology).
    public var isEnabled: Bool
    /// A screen reader runs.
    public var screenReaderEnabled: Bool

    /// Creates a status.
    public init(isEnabled: Bool, screenReaderEnabled: Bool) {
        self.isEnabled = isEnabled
        self.screenReaderEnabled = screenReaderEnabled
    }

    /// The C side's bits (IsEnabled 1, ScreenReaderEnabled 2); nil for -1, no launcher.
    init?(bits: Int32) {
        guard bits >= 0 else { return nil }
        self.init(isEnabled: bits & 1 != 0, screenReaderEnabled: bits & 2 != 0)
    }

    /// Whether the app should publish its tree (as Qt decides: either property).
    public var wantsBridge: Bool { isEnabled || screenReaderEnabled }
}

/// Watches the launcher's status on a thread of its own (`caret_atk_status.c`), so that an app
/// started before a screen reader joins the bus when one starts and leaves it when it stops.
/// One watch runs per process.
public final class AccessibilityStatusWatch: @unchecked Sendable {
    /// What to do with the bridge.
    public enum Action: Equatable, Sendable {
        /// Start publishing.
        case start
        /// Stop publishing.
        case stop
        /// Leave it as it is.
        case keep
    }

    /// The decision, from the status (nil: no launcher on the bus) and whether a bridge runs.
    public static func action(for status: AccessibilityBusStatus?, bridgeRunning: Bool) -> Action {
        let wanted = status?.wantsBridge ?? false
        if wanted == bridgeRunning { return .keep }
        return wanted ? .start : .stop
    }

    /// Whether a screen reader runs for the app: a client listens on the bus (at-spi2-atk adds its
    /// key listener when the first client registers for events, and removes it when the last
    /// leaves), or the session says a screen reader is on while the window is published.
    public static func screenReaderRuns(bridgeRunning: Bool, clientListens: Bool, status: AccessibilityBusStatus?) -> Bool {
        bridgeRunning && (clientListens || status?.screenReaderEnabled == true)
    }

    private final class Callback {
        let changed: @Sendable () -> Void
        init(_ changed: @escaping @Sendable () -> Void) { self.changed = changed }
    }

    private var callback: Unmanaged<Callback>?

    /// Starts watching; `changed` is called on the watch's thread after each change (wake the
    /// app's loop there, and read `status` on the main thread). Throws without a session bus.
    public init(changed: @escaping @Sendable () -> Void) throws(CaretError) {
        let callback = Unmanaged.passRetained(Callback(changed))
        var message: UnsafeMutablePointer<CChar>?
        let started = caret_atk_status_watch_start(
            { context in
                guard let context else { return }
                Unmanaged<Callback>.fromOpaque(context).takeUnretainedValue().changed()
            }, callback.toOpaque(), &message)
        guard started == 0 else {
            callback.release()
            let reason = message.map { String(cString: $0) } ?? "unknown error"
            free(message)
            throw CaretError.backendUnavailable(subsystem: "accessibility status watch", reason: reason)
        }
        self.callback = callback
    }

    /// The launcher's status as last seen; nil when no launcher is on the bus.
    public var status: AccessibilityBusStatus? { AccessibilityBusStatus(bits: caret_atk_status_watch_state()) }

    /// Stops watching and joins the watch's thread.
    public func stop() {
        guard let callback else { return }
        caret_atk_status_watch_stop()
        callback.release()
        self.callback = nil
    }

    deinit { stop() }
}
