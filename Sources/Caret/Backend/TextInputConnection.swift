// SPDX-License-Identifier: Apache-2.0
/// The connection to the platform's text input (IME) service.
@preconcurrency @MainActor
public protocol TextInputConnection: AnyObject {
    /// Starts delivering text input and composition events.
    func startTextInput()
    /// Stops delivering text input events.
    func stopTextInput()
    /// Where the caret is, in window points, so the IME candidate window sits beside it.
    func setCaretRect(_ rect: Rect)
    /// Makes the input method drop its composition (the view committed it itself: a click, a
    /// secure field). Input methods may send the preedit again as a commit; the window drops that echo.
    func resetComposition()
    /// Whether text input is currently on.
    var isActive: Bool { get }
}
