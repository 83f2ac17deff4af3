// SPDX-License-Identifier: Apache-2.0
/// An editor's caret blink: on while typing, toggled by the window's animator (a virtual clock in
/// tests), stopped when focus goes. Only the caret's rectangle is redrawn on each toggle.
@MainActor
final class CaretBlink {
    /// The editor whose caret blinks (it owns this blink).
    unowned let editor: TextEditingView
    /// Whether the caret is in its visible phase.
    private(set) var isVisible = true
    private var timer: Animator.Token?

    init(editor: TextEditingView) { self.editor = editor }

    /// Shows the caret and starts its blink again (after every change, so typing shows it steadily).
    func reset() {
        isVisible = true
        stop()
        let interval = editor.appearance.caretBlinkInterval
        guard editor.hasFocus, editor.isEditable, let animator = editor.window?.animator else { return }
        timer = animator.schedule(after: interval, repeating: interval) { [weak self] in
            guard let self else { return }
            self.isVisible.toggle()
            self.editor.setNeedsDisplay(self.editor.caretRect.insetBy(dx: -1, dy: -1))
        }
    }

    /// Stops the blink (focus went, the view left its window).
    func stop() {
        if let timer { editor.window?.animator.cancel(timer) }
        timer = nil
    }
}
