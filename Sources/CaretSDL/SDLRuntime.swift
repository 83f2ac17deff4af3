// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import Foundation

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
@preconcurrency @MainActor
public enum SDLRuntime {
    private static var imageReady = false
    private static var videoUsers = 0
    /// Whether SDL's own input-method support was kept off when video started (Caret's client runs instead).
    public private(set) static var keepsInputMethodsFromSDL = false

    /// Loads SDL_image and starts its PNG and JPEG decoders (no video needed).
    public static func startImages() throws(CaretError) {
        if imageReady { return }
        let wanted = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        let got = caret_IMG_Init(wanted)
        if got & Int32(IMG_INIT_PNG.rawValue) == 0 {
            throw CaretError.backendUnavailable(subsystem: "SDL_image", reason: sdlErrorMessage())
        }
        imageReady = true
    }

    /// Starts SDL's video and events for a window. `SDL_VIDEODRIVER` picks the driver
    /// (x11, wayland, kmsdrm, offscreen, dummy ...). Balanced by `stopVideo()`.
    ///
    /// With `keepingInputMethodsFromSDL`, SDL's input-method support stays off (Caret's own
    /// client takes the keys instead): while video starts, `IBUS_ADDRESS` names no file (SDL reads
    /// it as the name of an address file and gives up on IBus), `SDL_IM_MODULE` names no module
    /// SDL knows (so it does not talk to Fcitx), and `XMODIFIERS` names no XIM server (so X's own
    /// input method does not take the keys too); the variables are then put back. A second window
    /// reuses the first one's choice. On X11, libX11's compose table is cached in the user's cache
    /// folder (`ComposeCache`), named in `XCOMPOSECACHE` while video starts.
    public static func startVideo(keepingInputMethodsFromSDL: Bool = false) throws(CaretError) {
        try startVideo(keepingInputMethodsFromSDL: keepingInputMethodsFromSDL, environment: ProcessInfo.processInfo.environment)
    }

    /// `startVideo(keepingInputMethodsFromSDL:)` with the process's environment as already read.
    static func startVideo(keepingInputMethodsFromSDL: Bool, environment: [String: String]) throws(CaretError) {
        SDLImageDecoder.install()
        if videoUsers == 0 {
            var hidden = [String: String]()
            if keepingInputMethodsFromSDL {
                hidden = ["IBUS_ADDRESS": "/nonexistent/caret-has-its-own-ibus-client", "SDL_IM_MODULE": "caret", "XMODIFIERS": "@im=none"]
            }
            if let folder = ComposeCache.prepared(environment: environment) { hidden["XCOMPOSECACHE"] = folder }
            let saved = hidden.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
            for (name, value) in hidden { setenv(name, value, 1) }
            defer {
                for (name, value) in saved {
                    if let value { setenv(name, value, 1) } else { unsetenv(name) }
                }
            }
            keepsInputMethodsFromSDL = keepingInputMethodsFromSDL
            // Caret handles SIGINT, SIGTERM and SIGHUP itself (SignalStop): SDL would turn them
            // into a quit event that a kiosk refuses as a close request.
            SDL_SetHint(caret_SDL_HINT_NO_SIGNAL_HANDLERS(), "1")
            // Closing the last window is a close request, which the app may refuse: not a quit.
            SDL_SetHint(caret_SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE(), "0")
            // Touches arrive as touches only; SDL must not also fake mouse events from them (or the reverse).
            SDL_SetHint(caret_SDL_HINT_TOUCH_MOUSE_EVENTS(), "0")
            SDL_SetHint(caret_SDL_HINT_MOUSE_TOUCH_EVENTS(), "0")
            // Caret draws the preedit text itself, at the caret.
            SDL_SetHint(caret_SDL_HINT_IME_SHOW_UI(), "1")
            // A preedit longer than a text event holds (31 bytes: about ten CJK characters) comes
            // whole in an extended event instead of cut short.
            SDL_SetHint(caret_SDL_HINT_IME_SUPPORT_EXTENDED_TEXT(), "1")
            SDL_SetHint(caret_SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR(), "0")
            let drivers = videoDrivers(environment: environment)
            if let drivers { SDL_SetHint(caret_SDL_HINT_VIDEODRIVER(), drivers.joined(separator: ",")) }
            var started = SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0
            // An X server that was named but refused (resetting as its last client left, or not
            // yet up) is tried again, a tenth of a second apart, for three seconds by the clock (a
            // slow connect counts), before SDL's offscreen driver, which it fell back to, is taken.
            let deadline = Date().addingTimeInterval(namedDisplayPatience)
            while started, Date() < deadline, fellBackFromNamedX11Display(environment: environment) {
                SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
                usleep(100_000)
                started = SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0
            }
            if drivers != nil { SDL_ResetHint(caret_SDL_HINT_VIDEODRIVER()) }
            if !started {
                var reason = sdlErrorMessage()
                if let drivers {
                    reason = "no display found (tried \(drivers.joined(separator: ", ")); no Wayland compositor: WAYLAND_DISPLAY names no socket)"
                } else if let driver = getenv("SDL_VIDEODRIVER").map({ String(cString: $0) }), !driver.isEmpty {
                    // SDL names only the driver ("bogus not available"): say where the name came from.
                    reason += " (SDL_VIDEODRIVER=\(driver))"
                }
                throw CaretError.backendUnavailable(subsystem: "SDL video", reason: reason)
            }
            sdlMayTakeKeys = !keepingInputMethodsFromSDL && Application.namesInputMethodDaemon(environment)
            // SDL starts with text input on; Caret starts it only when an editable view takes focus.
            stopTextInput()
        }
        videoUsers += 1
    }

    /// How long, in seconds, video is started again while a named X server refuses.
    static let namedDisplayPatience = 3.0

    /// Whether SDL took its offscreen driver, unasked, though `DISPLAY` names an X server (a
    /// Wayland socket that is missing stays missing: that is not tried again).
    static func fellBackFromNamedX11Display(environment: [String: String]) -> Bool {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        return isOffscreenUnasked(driver: driver, environment: environment) && !(environment["DISPLAY"] ?? "").isEmpty
    }

    /// Whether SDL's video `driver` is its offscreen one though nobody named a driver: what SDL
    /// 2.26 falls back to, unasked, when no display can be reached.
    static func isOffscreenUnasked(driver: String?, environment: [String: String]) -> Bool {
        driver?.lowercased() == "offscreen" && (environment["SDL_VIDEODRIVER"] ?? "").isEmpty
    }

    /// The video drivers SDL tries, in its order, when it would otherwise probe Wayland where no
    /// compositor can be reached (libwayland then prints "error: XDG_RUNTIME_DIR is invalid or not
    /// set" on every headless start); nil leaves SDL's choice: the user or the app chose a driver,
    /// a compositor's socket is there, or `CARET_DEBUG=1`.
    static func videoDrivers(environment: [String: String], available: [String] = sdlVideoDrivers()) -> [String]? {
        guard !debugOutput(environment), (environment["SDL_VIDEODRIVER"] ?? "").isEmpty, SDL_GetHint(caret_SDL_HINT_VIDEODRIVER()) == nil,
            available.contains(where: { $0.lowercased() == "wayland" }), !waylandReachable(environment)
        else { return nil }
        // dummy and evdev start only when named: SDL's own order without them is what it tries.
        return available.filter { !["wayland", "dummy", "evdev"].contains($0.lowercased()) }
    }

    /// The video drivers this SDL was built with, in the order it tries them.
    static func sdlVideoDrivers() -> [String] {
        (0..<max(0, SDL_GetNumVideoDrivers())).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
    }

    /// Whether libwayland would find a compositor's socket: `$WAYLAND_DISPLAY` (else wayland-0),
    /// absolute or in `$XDG_RUNTIME_DIR`.
    static func waylandReachable(_ environment: [String: String]) -> Bool {
        let name = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
        if name.hasPrefix("/") { return FileManager.default.fileExists(atPath: name) }
        guard let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: directory + "/" + name)
    }

    /// `CARET_DEBUG=1`: the libraries' own messages (SDL's Wayland probe, ALSA) reach standard
    /// error, for diagnosis; otherwise a headless start prints only what the app asks for.
    nonisolated static func debugOutput(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CARET_DEBUG"] == "1"
    }

    /// Starts SDL's audio if it is not started (a speech output made, or watching for headsets)
    /// and keeps ALSA's own messages off standard error unless `CARET_DEBUG=1`. False when it
    /// cannot start: SDL's error says why. On the main thread only: SDL's subsystems are started
    /// and counted without a lock.
    static func startAudio() -> Bool {
        if SDL_WasInit(SDL_INIT_AUDIO) != 0 { return true }
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return false }
        if !debugOutput() { _ = caret_quiet_alsa() }
        return true
    }

    /// Whether an input method of SDL's own (IBus or Fcitx through SDL) may take keys: the
    /// environment names one and Caret's own client does not run.
    private static var sdlMayTakeKeys = false

    /// Stops text input. SDL turns a batch of X events into key and text events at once, before
    /// Caret sees any: a click on a field followed at once by typing (a fast typist, a busy
    /// machine, xdotool) would lose the keys' text, pumped while no field had focus. So key text
    /// stays on, and Caret gives it to whichever field the events before it focused; only where
    /// SDL's own input method may take keys (which it does whenever text events are on) is it
    /// stopped too, as SDL does.
    static func stopTextInput() {
        SDL_StopTextInput()
        if !sdlMayTakeKeys { _ = SDL_EventState(SDL_TEXTINPUT.rawValue, SDL_ENABLE) }
    }

    /// Whether video is started.
    public static var isVideoStarted: Bool { videoUsers > 0 }

    /// Stops video when its last user is done.
    public static func stopVideo() {
        guard videoUsers > 0 else { return }
        videoUsers -= 1
        if videoUsers == 0 { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
    }
}
