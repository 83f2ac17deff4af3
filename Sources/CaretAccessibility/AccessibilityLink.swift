// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

extension PlatformEngine {
    /// The window on the session's AT-SPI2 bus for Orca and other screen readers (`ATSPIBridge`,
    /// at-spi2-atk), published while the session asks for accessibility. Without it no
    /// assistive technology outside the app sees the window.
    public static var accessibilityBus: PlatformEngine {
        var engine = PlatformEngine(name: "accessibility bus")
        engine.linkAccessibilityBus = { request in
            AccessibilityLink(environment: request.environment, wake: request.wake, windowHasFocus: request.windowHasFocus) {
                () throws(CaretError) in
                try ATSPIBridge(
                    window: request.window, applicationName: request.applicationName, wake: request.wake,
                    screenGeometry: request.screenGeometry)
            }
        }
        return engine
    }
}

/// The app's link to the AT-SPI2 bus: it publishes the window when the session asks for it, at
/// launch or later (a screen reader started after the app), stops when the session no longer
/// asks, and offers each key to the screen reader before the window sees it.
@MainActor
final class AccessibilityLink: AccessibilityBusLink {
    /// The bridge, while the window is published.
    private(set) var bridge: ATSPIBridge?
    private var watch: AccessibilityStatusWatch?
    private var lastStatus: AccessibilityBusStatus?
    private var filter = ScreenReaderKeyFilter()
    /// What `Accessibility.isVoiceOverRunning` was last told.
    private var screenReaderRuns = false
    private let makeBridge: () throws(CaretError) -> ATSPIBridge
    private let trace: Bool
    /// Whether the window has the keyboard focus (a bridge started late says so at once).
    private let windowHasFocus: () -> Bool

    /// `CARET_ACCESSIBILITY=1` publishes at once and `0` never; otherwise the launcher's status
    /// decides and is watched (without a session bus nothing is published, and a key costs nothing).
    init(
        environment: [String: String], wake: @escaping @Sendable () -> Void, windowHasFocus: @escaping () -> Bool,
        makeBridge: @escaping () throws(CaretError) -> ATSPIBridge
    ) {
        self.makeBridge = makeBridge
        self.windowHasFocus = windowHasFocus
        trace = environment["CARET_ACCESSIBILITY_TRACE"] == "1"
        switch environment["CARET_ACCESSIBILITY"] {
        case "1": startBridge(saying: trace)
        case "0": break
        default:
            watch = try? AccessibilityStatusWatch(changed: wake)
            followStatus(saying: trace)
        }
    }

    /// Whether keys must go through `filter(_:timestamps:)` this turn (one atomic read).
    var filtersKeys: Bool { bridge?.listensToKeys == true || filter.isHolding }

    /// Whether the bridge runs and cannot wake the loop, which must then pump it every 50 ms.
    var needsPolling: Bool { bridge.map { !$0.wakesLoop } ?? false }

    /// After the window got a turn's events: the window's activation goes to the bus.
    func delivered(_ events: [InputEvent]) {
        guard let bridge else { return }
        for case let .focusChanged(active) in events { bridge.windowActivated(active) }
    }

    /// The events the window is to get: keys a screen reader consumed are taken out.
    func filter(_ events: [InputEvent], timestamps: [UInt32]) -> [InputEvent] {
        let bridge = bridge.flatMap { $0.listensToKeys ? $0 : nil }
        return filter.filter(events, timestamps: timestamps) { key in bridge?.offer(key) ?? false }
    }

    /// Once per turn of the loop: follows the launcher's status, answers the bridge's question
    /// and hands it the changes of the turn.
    func turn() {
        if watch != nil { followStatus(saying: true) }
        bridge?.pump()
        updateScreenReader()
    }

    /// Posts `voiceOverStatusDidChangeNotification` when a client (Orca) starts or stops listening.
    private func updateScreenReader() {
        let runs = AccessibilityStatusWatch.screenReaderRuns(
            bridgeRunning: bridge != nil, clientListens: bridge?.listensToKeys == true, status: lastStatus)
        guard runs != screenReaderRuns else { return }
        screenReaderRuns = runs
        Accessibility.setScreenReader(self, running: runs)
    }

    /// Stops watching and publishing.
    func close() {
        watch?.stop()
        watch = nil
        stopBridge(saying: trace)
        updateScreenReader()
    }

    /// Acts on a change of the launcher's status; `saying` reports it on standard error (a
    /// change after launch is worth a line, the launch itself is not).
    private func followStatus(saying: Bool) {
        let status = watch?.status
        guard status != lastStatus else { return }
        lastStatus = status
        switch AccessibilityStatusWatch.action(for: status, bridgeRunning: bridge != nil) {
        case .start: startBridge(saying: saying)
        case .stop: stopBridge(saying: saying)
        case .keep: break
        }
    }

    private func startBridge(saying: Bool) {
        do {
            let bridge = try makeBridge()
            if trace {
                bridge.keyTrace = { key, consumed, seconds in
                    // A printable key's text and keysym are left out: a PIN typed into a secure field
                    // must not reach a log. Named keys (Insert, KP_Enter, Left) are shown.
                    let printable = key.keyval >= 0x20 && key.keyval < 0xFF00
                    let line = String(
                        format: "caret: AT-SPI key %@ %@ (keysym %@, keycode %d, state 0x%x): %@ in %.2f ms\n",
                        key.isPress ? "press" : "release", printable ? "•" : key.string,
                        printable ? "•" : String(format: "0x%x", key.keyval), key.keycode, key.state,
                        consumed ? "consumed" : "not consumed", seconds * 1000)
                    FileHandle.standardError.write(Data(line.utf8))
                }
            }
            self.bridge = bridge
            if saying { log("accessibility bus: the window is published") }
            // A screen reader that started first hears of the window and its focus now.
            if windowHasFocus() { bridge.windowActivated(true) }
        } catch {
            log("accessibility bus left alone: \(error)")
        }
    }

    /// Withdraws the window; a consumed key still held keeps its release from the window.
    private func stopBridge(saying: Bool) {
        guard let bridge else { return }
        bridge.stop()
        self.bridge = nil
        guard saying else { return }
        let stats = bridge.keyStatistics
        log(
            String(
                format:
                    "accessibility bus: the window is withdrawn (%d ATK objects left; %d keys offered, mean %.2f ms, longest %.2f ms, %d unanswered)",
                bridge.objectsLeftAtStop ?? -1, stats.offered, stats.meanSeconds * 1000, stats.longestSeconds * 1000,
                stats.unanswered))
    }

    private func log(_ message: String) { FileHandle.standardError.write(Data("caret: \(message)\n".utf8)) }
}
