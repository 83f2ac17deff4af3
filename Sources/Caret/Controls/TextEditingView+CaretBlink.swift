/// The caret's blink: on while typing, toggled by the window's animator (a virtual clock in
/// tests), stopped when focus goes. Only the caret's rectangle is redrawn on each toggle.
extension TextEditingView {
    /// Shows the caret and starts its blink again (after every change, so typing shows it steadily).
    func resetBlink() {
        isCaretVisible = true
        stopBlinking()
        guard hasFocus, isEditable, let animator = window?.animator else { return }
        blinkTimer = animator.schedule(after: caretBlinkInterval, repeating: caretBlinkInterval) { [weak self] in
            guard let self else { return }
            self.isCaretVisible.toggle()
            self.setNeedsDisplay(self.caretRect.insetBy(dx: -1, dy: -1))
        }
    }

    /// Stops the blink (focus went, the view left its window).
    func stopBlinking() {
        if let token = blinkTimer { window?.animator.cancel(token) }
        blinkTimer = nil
    }
}
