import CSDL2
import Caret

/// The last SDL error message, read at once (SDL overwrites it on the next failure).
func sdlErrorMessage() -> String {
    guard let message = SDL_GetError() else { return "unknown SDL error" }
    let text = String(cString: message)
    return text.isEmpty ? "unknown SDL error" : text
}

/// Starts SDL's libraries once per process and tells what failed.
///
/// Video is needed only for a real window; fonts and the software renderer work without it,
/// which is what the headless test kit uses.
@MainActor
public enum SDLRuntime {
    private static var imageReady = false
    private static var videoUsers = 0

    /// Starts SDL_image's PNG and JPEG decoders (no video needed).
    public static func startImages() throws(CaretError) {
        if imageReady { return }
        let wanted = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        let got = IMG_Init(wanted)
        if got & Int32(IMG_INIT_PNG.rawValue) == 0 {
            throw CaretError.backendUnavailable(subsystem: "SDL_image", reason: sdlErrorMessage())
        }
        imageReady = true
    }

    /// Starts SDL's video and events for a window. `SDL_VIDEODRIVER` picks the driver
    /// (x11, wayland, kmsdrm, offscreen, dummy ...). Balanced by `stopVideo()`.
    public static func startVideo() throws(CaretError) {
        if videoUsers == 0 {
            // Touches arrive as touches only; SDL must not also fake mouse events from them (or the reverse).
            SDL_SetHint(caret_SDL_HINT_TOUCH_MOUSE_EVENTS(), "0")
            SDL_SetHint(caret_SDL_HINT_MOUSE_TOUCH_EVENTS(), "0")
            // Caret draws the preedit text itself, at the caret.
            SDL_SetHint(caret_SDL_HINT_IME_SHOW_UI(), "1")
            // A preedit longer than a text event holds (31 bytes: about ten CJK characters) comes
            // whole in an extended event instead of cut short.
            SDL_SetHint(caret_SDL_HINT_IME_SUPPORT_EXTENDED_TEXT(), "1")
            SDL_SetHint(caret_SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR(), "0")
            if SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 {
                throw CaretError.backendUnavailable(subsystem: "SDL video", reason: sdlErrorMessage())
            }
            // SDL starts with text input on; Caret starts it only when an editable view takes focus.
            SDL_StopTextInput()
        }
        videoUsers += 1
    }

    /// Stops video when its last user is done.
    public static func stopVideo() {
        guard videoUsers > 0 else { return }
        videoUsers -= 1
        if videoUsers == 0 { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
    }
}
