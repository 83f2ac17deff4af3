// SPDX-License-Identifier: Apache-2.0

/// What a caret's blink reads of its editor and asks of it (`TextEditingView` conforms).
@MainActor
protocol CaretBlinkHost: AnyObject {
    /// The blink's interval (`caretBlinkInterval`).
    var appearance: TextAppearance { get }
    /// Whether the editor has keyboard focus: only a focused caret blinks.
    var hasFocus: Bool { get }
    /// Whether the text can be changed: read-only text shows no caret.
    var isEditable: Bool { get }
    /// The window's animator (nil out of a window: no blink).
    var animator: Animator? { get }
    /// The caret's rectangle, redrawn on each toggle.
    var caretRect: Rect { get }
    /// Marks a rectangle for redrawing.
    func setNeedsDisplay(_ rect: Rect)
}

/// An editor's caret blink: on while typing, toggled by the window's animator (a virtual clock in
/// tests), stopped when focus goes. Only the caret's rectangle is redrawn on each toggle.
@MainActor
final class CaretBlink {
    /// The editor whose caret blinks (it owns this blink).
    unowned let host: any CaretBlinkHost
    /// Whether the caret is in its visible phase.
    private(set) var isVisible = true
    private var timer: Animator.Token?

    init(host: any CaretBlinkHost) { self.host = host }

    /// Shows the caret and starts its blink again (after every change, so typing shows it steadily).
    func reset() {
        isVisible = true
        stop()
        let interval = host.appearance.caretBlinkInterval
        guard host.hasFocus, host.isEditable, let animator = host.animator else { return }
        timer = animator.schedule(after: interval, repeating: interval) { [weak self] in
            guard let self else { return }
            self.isVisible.toggle()
            self.host.setNeedsDisplay(self.host.caretRect.insetBy(dx: -1, dy: -1))
        }
    }

    /// Stops the blink (focus went, the view left its window).
    func stop() {
        if let timer { host.animator?.cancel(timer) }
        timer = nil
    }
}
