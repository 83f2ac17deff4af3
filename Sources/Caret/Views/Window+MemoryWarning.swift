// SPDX-License-Identifier: Apache-2.0
import Foundation

extension Window {
    /// Posted when memory is short (UIKit's `UIApplication.didReceiveMemoryWarningNotification`).
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("CaretDidReceiveMemoryWarningNotification")

    /// Tells the window's controllers (the root, its children and what they present, each once)
    /// and observers that memory is short; the SDL application calls it when Linux reports memory
    /// pressure or SDL a low-memory event.
    @_spi(Backend) public func didReceiveMemoryWarning() {
        var told = Set<ObjectIdentifier>()
        func tell(_ controller: ViewController) {
            guard told.insert(ObjectIdentifier(controller)).inserted else { return }
            controller.didReceiveMemoryWarning()
            for child in controller.children { tell(child) }
            if let presented = controller.presentedViewController { tell(presented) }
        }
        if let root = rootViewController { tell(root) }
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
    }
}

/// Decides when Linux's memory pressure (PSI, `/proc/pressure/memory`) is a memory warning: the
/// share of the last ten seconds in which some task waited for memory crossing a threshold
/// upwards; it warns again only after falling below half of it.
package struct MemoryPressureMonitor: Sendable {
    /// The "some avg10" percentage that warns.
    package var threshold: Double
    private var armed = true

    /// A monitor that warns at a percentage of time stalled (10 %: the system is swapping hard).
    package init(threshold: Double = 10) { self.threshold = threshold }

    /// The "some avg10" figure of a PSI file's text, or nil when the text has none.
    package static func someAverage10(_ text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix("some ") {
            for field in line.split(separator: " ") where field.hasPrefix("avg10=") {
                return Double(field.dropFirst("avg10=".count))
            }
        }
        return nil
    }

    /// Whether a reading starts a warning.
    package mutating func shouldWarn(reading: Double) -> Bool {
        if armed && reading >= threshold {
            armed = false
            return true
        }
        if !armed && reading < threshold / 2 { armed = true }
        return false
    }
}
