// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret
import Foundation

/// What the application asks of the platform around SDL: renderer hints and memory pressure.
extension Application {
    /// The SDL render driver Caret asks for when the app and user asked for none, or nil.
    ///
    /// On KMS/DRM SDL 2.26 binds EGL to OpenGL ES only, so its desktop "opengl" renderer (the
    /// one it tries first) gets a GLES context and draws nothing; "opengles2" draws. The software
    /// renderer's window surface is presented through the same hint, so it applies to both.
    static func renderDriverHint(videoDriver: String?, requested: String?) -> String? {
        guard videoDriver?.lowercased() == "kmsdrm", requested?.isEmpty ?? true else { return nil }
        return "opengles2"
    }

    /// SDL_HINT_FRAMEBUFFER_ACCELERATION for a software renderer the app asked for, or nil.
    ///
    /// Without it SDL shows a software window's surface through a GPU renderer (a texture of the
    /// whole window uploaded and drawn each frame, and the GPU driver loaded). On X11 "0" sends
    /// the surface, or only its changed rectangles, straight to the X server. Wayland and KMS/DRM
    /// have no such path in SDL 2.26, so they keep SDL's choice, as does a hint the user set.
    static func framebufferAccelerationHint(videoDriver: String?, kind: Configuration.RendererKind, requested: String?)
        -> String?
    {
        guard kind == .software, videoDriver?.lowercased() == "x11", requested?.isEmpty ?? true else { return nil }
        return "0"
    }

    /// Caret's own input-method client (`.inputMethod`: IBus's, or Fcitx 5's when Fcitx was
    /// chosen, by `SDL_IM_MODULE=fcitx` or `XMODIFIERS=@im=fcitx`), when the window is on X11;
    /// `CARET_IBUS=0` leaves the input method to SDL, which loses the keys ibus-hangul gives back
    /// and reorders Fcitx's commits. A daemon that cannot be reached is said on standard error and
    /// left to SDL.
    static func makeInputMethod(
        _ connect: ((_ environment: [String: String]) -> PlatformInputMethod?)?, environment: [String: String],
        sdlLeavesInputMethods: Bool = !SDLRuntime.isVideoStarted || SDLRuntime.keepsInputMethodsFromSDL
    ) -> PlatformInputMethod? {
        // X11 only (XWayland too, where SDL 2 goes first): under a Wayland compositor offering
        // text-input-v3 the compositor is the input method's client, and keys must not reach it twice.
        let driver = environment["SDL_VIDEODRIVER"]?.lowercased()
        let x11 = (driver == nil || driver == "x11") && !(environment["DISPLAY"] ?? "").isEmpty
        guard let connect, environment["CARET_IBUS"] != "0", x11, sdlLeavesInputMethods else { return nil }
        let first = connect(environment)
        guard first != nil || namesInputMethodDaemon(environment) else { return nil }
        return ReconnectingInputMethod(client: first, now: { ProcessInfo.processInfo.systemUptime }) { connect(environment) }
    }

    /// Whether the environment asks for IBus or Fcitx (the daemon may start after the app).
    static func namesInputMethodDaemon(_ environment: [String: String]) -> Bool {
        let modules = [environment["SDL_IM_MODULE"], environment["GTK_IM_MODULE"], environment["QT_IM_MODULE"]].compactMap { $0 }
        let xim = environment["XMODIFIERS"] ?? ""
        return modules.contains { $0 == "ibus" || $0 == "fcitx" } || xim.contains("@im=ibus") || xim.contains("@im=fcitx")
            || !(environment["IBUS_ADDRESS"] ?? "").isEmpty
    }

    /// Reads Linux's memory pressure every two seconds; a rise past the monitor's threshold is a
    /// memory warning to the window's controllers (`didReceiveMemoryWarning`).
    func checkMemoryPressure() {
        let now = ProcessInfo.processInfo.systemUptime
        guard now >= nextPressureCheck else { return }
        nextPressureCheck = now + 2
        guard let text = try? String(contentsOfFile: "/proc/pressure/memory", encoding: .utf8),
            let stalled = MemoryPressureMonitor.someAverage10(text)
        else { return }  // no PSI (an old kernel, a container without it): SDL's low-memory event still counts
        if memoryPressure.shouldWarn(reading: stalled) { window.didReceiveMemoryWarning() }
    }

    /// Events for the platform rather than the window: low memory warns the controllers, an
    /// audio output coming or going may be a headset (HeadsetWatch.swift). True when handled.
    func handledPlatformEvent(_ event: SDL_Event) -> Bool {
        switch event.type {
        case SDL_APP_LOWMEMORY.rawValue:
            window.didReceiveMemoryWarning()
        case SDL_AUDIODEVICEADDED.rawValue, SDL_AUDIODEVICEREMOVED.rawValue:
            if event.adevice.iscapture == 0 { checkHeadsets(deviceEvent: true) }
        default:
            return false
        }
        return true
    }
}

/// The renderer as measurements and tests see it.
extension Application {
    /// Waits until the GPU has finished the frames sent so far (for measurements).
    public func finishGPU() { renderer?.finishGPU() }

    /// How frames are kept between presents (nil before the first frame told).
    public var retention: SDLRenderer.Retention? { renderer?.retention }

    /// Whether frames are kept in a texture and redrawn only where they changed (damage: only what changed is redrawn);
    /// off draws every frame whole, as GPU back buffers otherwise need.
    public var retainsFrame: Bool {
        get { renderer?.retainsFrame ?? false }
        set { renderer?.retainsFrame = newValue }
    }

    /// The size of the window's drawable area in pixels.
    public var pixelSize: (width: Int, height: Int) { renderer?.pixelSize ?? (0, 0) }
}
