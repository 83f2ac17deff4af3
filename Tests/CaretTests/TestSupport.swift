// SPDX-License-Identifier: Apache-2.0

@_spi(Backend) import Caret
import CaretTesting
import Foundation

/// A view with a fixed intrinsic size, for layout tests.
@MainActor
final class FixedSizeView: View {
    var size: Size
    required init?(coder: NSCoder) { nil }  // made in code
    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { size }
}

/// Records layoutSubviews calls in order, and window moves.
@MainActor
final class RecordingView: View {
    let name: String
    let log: Log
    required init?(coder: NSCoder) { nil }  // made in code
    init(_ name: String, log: Log, frame: Rect = .zero) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }
    override func layoutSubviews() { log.entries.append("layout \(name)") }
    override func willMove(toWindow newWindow: Window?) {
        log.entries.append("willMove \(name) \(newWindow == nil ? "nil" : "window")")
    }
    override func didMoveToWindow() { log.entries.append("didMove \(name) \(window == nil ? "nil" : "window")") }
}

@MainActor
final class Log {
    var entries: [String] = []
}

/// A focusable view that can refuse to resign and records text input.
@MainActor
final class FocusView: View, KeyInput {
    var refusesResign = false
    var inserted: [String] = []
    var presses: [KeyboardHIDUsage] = []
    override var canBecomeFirstResponder: Bool { true }
    override func resignFirstResponder() -> Bool {
        if refusesResign && !(window?.isForcingEndEditing ?? false) { return false }
        return super.resignFirstResponder()
    }
    var hasText: Bool { !inserted.isEmpty }
    func insertText(_ text: String) { inserted.append(text) }
    func deleteBackward() { _ = inserted.popLast() }
    override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        self.presses += presses.map(\.key.keyCode)
    }
}

/// A headless window with the fixed-advance font (10 points per character at 20 points).
@MainActor
func makeHost(width: Double = 400, height: Double = 300) throws -> HeadlessWindow {
    try HeadlessWindow(size: Size(width: width, height: height), fonts: .fixedAdvance(ratio: 0.5))
}

/// A headless window (fixed-advance font) whose root view holds some views, with the on-screen
/// keyboard always on, as on a kiosk.
@MainActor
func makeKeyboardHost(width: Double = 800, height: Double = 480, root: View = View(), _ views: View...) throws
    -> HeadlessWindow
{
    let host = try makeHost(width: width, height: height)
    host.rootView = root
    for view in views { root.addSubview(view) }
    host.window.keyboard.policy = .always
    return host
}
