// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import Foundation

/// Records a window's accessibility events as plain lines, for tests ("focus Name",
/// "text Name 0..<0 +\"A\"", "announce Saved").
@preconcurrency @MainActor
public final class AccessibilityRecorder: AccessibilityObserver {
    /// What was heard, in order.
    public private(set) var lines: [String] = []

    /// Starts recording a window's events.
    public init(window: Window) { window.addAccessibilityObserver(self) }

    /// Forgets what was recorded.
    public func clear() { lines.removeAll() }

    public func window(_ window: Window, accessibilityEvent event: AccessibilityEvent) {
        func name(_ node: AccessibilityNode?) -> String { node.map { $0.accessibilityLabel ?? $0.accessibilityIdentifier ?? "?" } ?? "nothing" }
        switch event {
        case let .focusChanged(node): lines.append("focus \(name(node))")
        case let .textChanged(node, range, replacement, removed):
            lines.append("text \(name(node)) \(range) +\"\(replacement)\"" + (removed.isEmpty ? "" : " -\"\(removed)\""))
        case let .selectionChanged(node, range): lines.append("caret \(name(node)) \(range)")
        case let .stateChanged(node): lines.append("state \(name(node))")
        case let .childrenChanged(node): lines.append("children \(name(node))")
        case let .changeRefused(node): lines.append("refused \(name(node))")
        case let .notification(notification, argument):
            let detail = (argument as? String) ?? (argument as? AccessibilityNode).map { name($0) } ?? ""
            lines.append("\(notification.rawValue) \(detail)".trimmingCharacters(in: .whitespaces))
        }
    }
}
