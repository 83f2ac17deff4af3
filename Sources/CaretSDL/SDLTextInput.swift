// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret

/// SDL's text input (keyboard text and IME composition) for a window.
@preconcurrency @MainActor
public final class SDLTextInput: TextInputConnection {
    private let pointsToWindowUnits: () -> Double

    /// Maps a rectangle of the app's to the panel's points (set by a rotated application).
    var toPanel: (Rect) -> Rect = { $0 }

    init(pointsToWindowUnits: @escaping () -> Double) { self.pointsToWindowUnits = pointsToWindowUnits }

    /// Whether text input was started for an editable view (SDL's own answer counts the key
    /// text kept on while stopped).
    public private(set) var isActive = false

    /// Starts text input (and the IME).
    public func startTextInput() {
        isActive = true
        SDL_StartTextInput()
    }

    /// Stops text input; key text still comes where no input method of SDL's may take keys
    /// (`SDLRuntime.stopTextInput()`).
    public func stopTextInput() {
        isActive = false
        SDLRuntime.stopTextInput()
    }

    /// Makes the input method drop its composition (IBus and Fcitx reset their context).
    public func resetComposition() { SDL_ClearComposition() }

    /// Puts the IME candidate window next to the caret.
    public func setCaretRect(_ logical: Rect) {
        let rect = toPanel(logical)  // a rotated picture: where the caret is on the panel
        let k = pointsToWindowUnits()
        var r = SDL_Rect(
            x: Int32((rect.minX * k).rounded()), y: Int32((rect.minY * k).rounded()),
            w: Int32((rect.width * k).rounded()), h: Int32((rect.height * k).rounded()))
        SDL_SetTextInputRect(&r)
    }
}
