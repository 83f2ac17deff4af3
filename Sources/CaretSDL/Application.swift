// SPDX-License-Identifier: Apache-2.0
import CSDL2
@_spi(Backend) import Caret
import CaretText
import Foundation
import Synchronization

/// Opens an SDL window hosting a Caret `Window` and runs its event loop (UIKit's `UIApplication`
/// and the platform window in one). The loop sleeps in `SDL_WaitEvent` until input, a timer or a
/// running animation needs it, and draws only when something changed, so an idle window uses no CPU.
@preconcurrency @MainActor
public final class Application {
    /// How the window is opened.
    public struct Configuration: Sendable {
        /// Which SDL renderer draws.
        public enum RendererKind: String, Sendable, CaseIterable {
            /// Accelerated on a GPU; software where there is none or OpenGL is a software rasteriser (X11).
            case automatic
            /// GPU (OpenGL, GLES, ...).
            case accelerated
            /// CPU only: always available, even on a bare framebuffer.
            case software
        }

        /// The window title.
        public var title: String
        /// The window size in points (ignored in full-screen mode).
        public var size: Size
        /// Whether the window covers the screen (kiosk mode).
        public var fullscreen: Bool
        /// Whether the user can resize the window.
        public var resizable: Bool
        /// Points to window units; `nil` reads `$CARET_SCALE`, else 1.
        public var scale: Double?
        /// Which renderer draws; `$CARET_RENDERER` (automatic, accelerated, software) overrides it.
        public var renderer: RendererKind
        /// Whether presenting waits for the display's refresh.
        public var vsync: Bool
        /// How the picture is turned on the panel (nil: `CARET_ROTATION`, else none); `size` is
        /// the panel's.
        public var rotation: DisplayRotation?
        /// The engines the app adds, each from its own product: `.composition`, `.spelling`,
        /// `.inputMethod`, `.accessibilityBus`, `.speech` (none by default; a language engine's
        /// library is opened only when a guest first chooses its language).
        public var engines: [PlatformEngine]

        /// Creates a configuration.
        public init(
            title: String = "Caret", size: Size = Size(width: 1024, height: 768), fullscreen: Bool = false,
            resizable: Bool = true, scale: Double? = nil, renderer: RendererKind = .automatic, vsync: Bool = true,
            rotation: DisplayRotation? = nil, engines: [PlatformEngine] = []
        ) {
            self.rotation = rotation
            self.engines = engines
            self.title = title
            self.size = size
            self.fullscreen = fullscreen
            self.resizable = resizable
            self.scale = scale
            self.renderer = renderer
            self.vsync = vsync
        }
    }

    /// Counters of the run loop, for benchmarks and diagnostics.
    public struct Statistics: Sendable {
        /// Times the loop woke from waiting.
        public var wakeups = 0
        /// Frames drawn.
        public var frames = 0
        /// Events delivered to the window.
        public var events = 0
        /// How long the last frame took to draw, in seconds.
        public var lastFrameDuration: Double = 0
    }

    /// The window's content, first responder and animations.
    public private(set) var window: Window!
    /// The window's platform services.
    public let backend: SDLBackend
    /// The fonts, shaped by HarfBuzz and drawn through FreeType, with fallback through fontconfig.
    public var fonts: ShapingFontProvider { backend.fonts }
    /// Font metrics and shaping.
    public var fontProvider: FontProvider { backend.fonts }
    /// The system clipboard.
    public var clipboard: Clipboard { backend.clipboard }
    /// SDL's text input.
    public var textInput: TextInputConnection { backend.textInput }
    /// The monotonic clock.
    public var clock: Clock { backend.clock }
    /// Loop counters.
    public private(set) var statistics = Statistics()
    /// The engines the app added (`Configuration.engines`).
    let engines: [PlatformEngine]
    /// The window's link to the accessibility bus, with `.accessibilityBus` (Application+Accessibility.swift).
    var accessibilityLink: AccessibilityBusLink?
    /// Headsets plugged in after launch (HeadsetWatch.swift), when the options ask for it.
    var headsetWatch: HeadsetWatch?
    /// systemd's notifications (ServiceManager.swift), where the app runs as a unit's service.
    var serviceManager: ServiceManagerLink?
    /// Why `run()` ended.
    public enum StopReason: Equatable, Sendable {
        /// The window was closed (a close request the app allowed).
        case closed
        /// The app called `quit()` or `requestQuit()`.
        case quit
        /// A signal asked the process to end (SIGINT, SIGTERM or SIGHUP): close requests refused
        /// by a kiosk do not hold it.
        case signal(Int32)
        /// The display connection is gone (the X server or the Wayland compositor went away).
        case displayLost
    }

    /// Which input-method path text input takes: "IBus (Caret's client)", "Fcitx 5 (Caret's client)" or "SDL".
    public var inputMethodPath: String {
        guard let method = backend.inputMethod else { return "SDL" }
        let client: InputMethodService? = method is ReconnectingInputMethod ? (method as? ReconnectingInputMethod)?.current : method
        guard let client else {
            return "Caret's client (waiting for IBus or Fcitx)"
        }
        return "\(String(describing: type(of: client)).hasPrefix("Fcitx") ? "Fcitx 5" : "IBus") (Caret's client)"
    }

    /// When memory pressure warns (the PSI share of time stalled); read every two seconds.
    package var memoryPressure = MemoryPressureMonitor()
    var nextPressureCheck = 0.0

    /// Why the last `run()` ended (nil while running or before).
    public private(set) var stopReason: StopReason?

    /// The exit status for the way the app stopped: 0, except 1 when the display went away.
    public var exitStatus: Int32 { stopReason == .displayLost ? 1 : 0 }

    /// The name of the SDL renderer in use (e.g. "opengl", "software").
    public let rendererName: String
    /// Why `automatic` took the software renderer (OpenGL is a software rasteriser), or nil.
    let softwareRendererBecause: String?
    /// Points to window units (the user scale).
    public let unitsPerPoint: Double
    /// Called after every drawn frame with the frame count.
    public var onFrame: ((Int) -> Void)?
    /// Asked when the user closes the window; return `false` to keep it open.
    public var shouldClose: (() -> Bool)?
    /// `CARET_FIRST_FRAME`: report the first frame and quit (Application+FirstFrame.swift).
    var firstFrameRequest: String?

    private(set) var sdlWindow: OpaquePointer?
    var renderer: SDLRenderer?
    var translator: EventTranslator
    /// Text of keys typed on a keycode remapped for a moment (xdotool's `type`), read in time.
    private var remappedKeys = RemappedKeys()
    private var running = false
    private let wakeEventType: UInt32
    /// `requestQuit()` posted the quit event being read (not the display system); set from any thread.
    private let quitRequested = Atomic<Bool>(false)
    private var lastFrameTime: Double = 0
    /// The window's scene (Application+Scene.swift).
    let scene = WindowScene()

    /// Opens the window; throws a `CaretError` naming the cause when SDL, the renderer or the fonts fail.
    public init(configuration: Configuration = Configuration()) throws(CaretError) {
        let env = ProcessInfo.processInfo.environment
        let userScale = max(0.5, configuration.scale ?? env["CARET_SCALE"].flatMap(Double.init) ?? 1)
        unitsPerPoint = userScale
        engines = configuration.engines
        firstFrameRequest = Self.firstFrameRequest(environment: env)
        serviceManager = ServiceManagerLink(environment: env)
        if serviceManager != nil { ServiceManagerLink.keepFromChildren() }
        let inputMethod = Self.makeInputMethod(configuration.engines.lazy.compactMap(\.connectInputMethod).first, environment: env)
        try SDLRuntime.startVideo(keepingInputMethodsFromSDL: inputMethod != nil, environment: env)
        try Self.refuseUnseenWindow(
            driver: SDL_GetCurrentVideoDriver().map { String(cString: $0) }, environment: env, firstFrame: firstFrameRequest != nil)
        caret_x11_filter_messages(0)  // the event filter installed before a signal can post (installing it empties the queue)
        SignalStop.install()  // now, not at run(): a signal during start-up stops the loop as it starts
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        if configuration.resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if configuration.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let w = Int32((configuration.size.width * userScale).rounded()),
            h = Int32((configuration.size.height * userScale).rounded())
        guard
            let sdlWindow = SDL_CreateWindow(
                configuration.title, caret_SDL_WINDOWPOS_CENTERED(), caret_SDL_WINDOWPOS_CENTERED(),
                max(1, w), max(1, h), flags)
        else {
            let reason = sdlErrorMessage()
            SDLRuntime.stopVideo()
            throw CaretError.backendUnavailable(subsystem: "SDL window", reason: reason)
        }
        self.sdlWindow = sdlWindow
        let kind = env["CARET_RENDERER"].flatMap(Configuration.RendererKind.init(rawValue:)) ?? configuration.renderer
        let choice: RendererChoice
        do {
            choice = try RendererChoice.make(window: sdlWindow, kind: kind, vsync: configuration.vsync, environment: env)
        } catch {
            SDL_DestroyWindow(sdlWindow)
            SDLRuntime.stopVideo()
            throw error
        }
        let handle = choice.handle
        softwareRendererBecause = choice.softwareBecause
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"

        var ww: Int32 = 0, wh: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &ww, &wh)
        SDL_GetRendererOutputSize(handle, &pw, &ph)
        let pixelsPerPoint = userScale * (ww > 0 ? Double(pw) / Double(ww) : 1)
        let fonts: ShapingFontProvider
        do {
            fonts = try ShapingFontProvider(scale: pixelsPerPoint)
        } catch {
            SDL_DestroyRenderer(handle)
            SDL_DestroyWindow(sdlWindow)
            SDLRuntime.stopVideo()
            throw error
        }
        renderer = SDLRenderer(handle: handle, fonts: fonts, scale: pixelsPerPoint, presents: true)
        if FontProviders.application == nil { FontProviders.application = fonts }
        renderer?.retainsFrame = env["CARET_FULL_REDRAW"] != "1"
        let scale = userScale
        backend = SDLBackend(
            fonts: fonts, clipboard: SDLClipboard(), textInput: SDLTextInput(pointsToWindowUnits: { scale }),
            inputMethod: inputMethod, textComposers: configuration.engines.lazy.compactMap(\.makeTextComposers).first?(),
            handwritingRecognizers: configuration.engines.lazy.compactMap(\.makeHandwritingRecognizers).first?(),
            spellingDictionaries: configuration.engines.lazy.compactMap(\.makeSpellingDictionaries).first?())
        let sizeInPoints = Size(width: Double(ww) / userScale, height: Double(wh) / userScale)
        translator = EventTranslator(windowID: SDL_GetWindowID(sdlWindow), unitsPerPoint: userScale, sizeInPoints: sizeInPoints)
        wakeEventType = SDL_RegisterEvents(1)
        remappedKeys.start(sdlWindow)
        let rotation = configuration.rotation ?? DisplayRotation.fromEnvironment() ?? .none
        window = Window(size: rotation.logicalSize(forPhysical: sizeInPoints), backend: backend)
        window.keyboard.keySounds.makeOutput = { SDLAudioOutput() }  // the output speech uses, opened at the first sound
        self.rotation = rotation
        applyRotation()
        if let text = backend.textInput as? SDLTextInput {
            text.toPanel = { [weak self] rect in
                guard let self else { return rect }
                return self.rotation.physicalRect(fromLogical: rect, physicalSize: self.translator.sizeInPoints)
            }
        }
        if let inputMethod {
            inputMethod.toScreen = { [weak self] rect in
                guard let self, let sdlWindow = self.sdlWindow else { return rect }
                var x: Int32 = 0, y: Int32 = 0
                SDL_GetWindowPosition(sdlWindow, &x, &y)
                let panel = self.rotation.physicalRect(fromLogical: rect, physicalSize: self.translator.sizeInPoints)
                let k = self.unitsPerPoint
                return Rect(x: Double(x) + panel.minX * k, y: Double(y) + panel.minY * k, width: panel.width * k, height: panel.height * k)
            }
            inputMethod.layoutKeysym = { [weak self] keycode in caret_SDL_x11_keysym(self?.sdlWindow, keycode) }
            let type = wakeEventType
            inputMethod.startWatching {
                var event = SDL_Event()
                event.type = type
                SDL_PushEvent(&event)
            }
        }
        if let engine = configuration.engines.first(where: { $0.linkAccessibilityBus != nil }) {
            linkAccessibility(engine, name: configuration.title, environment: env)
        }
        becomeShared()
    }

    /// How the picture is turned on the panel (docs/behaviour/kiosk.md): views lay out for the turned size, and
    /// touch, mouse and the input method's candidate window follow. A change at run time resizes
    /// the window, which posts the keyboard's frame-change notifications and runs avoidance again.
    public var rotation: DisplayRotation = .none {
        didSet {
            guard rotation != oldValue else { return }
            applyRotation()
            window.send(.resized(rotation.logicalSize(forPhysical: translator.sizeInPoints)))
        }
    }

    /// The touch panel's calibration (libinput's six numbers), for panels whose touch is not
    /// mapped as the display is; `CARET_TOUCH_CALIBRATION` sets it at start.
    public var touchCalibration: TouchCalibration {
        get { translator.calibration }
        set { translator.calibration = newValue }
    }

    private func applyRotation() {
        translator.rotation = rotation
        renderer?.rotation = rotation
        if let text = ProcessEnvironment.value("CARET_TOUCH_CALIBRATION"), let matrix = TouchCalibration(text),
            translator.calibration == .identity
        {
            translator.calibration = matrix
        }
        window?.setNeedsFrame()
    }

    isolated deinit { close() }

    /// Destroys the renderer and the window and stops SDL video; the application cannot run afterwards.
    public func close() {
        running = false
        if FontProviders.application === backend.fonts { FontProviders.application = nil }
        stopBeingShared()
        accessibilityLink?.close()
        accessibilityLink = nil
        for finish in engines.compactMap(\.finishLibraryCalls) { finish() }
        renderer?.releaseTextures()
        if let handle = renderer?.handle { SDL_DestroyRenderer(handle) }
        renderer = nil
        if let inputMethod = backend.inputMethod as? PlatformInputMethod {
            inputMethod.layoutKeysym = nil
            inputMethod.close()
        }
        remappedKeys.stop()
        if let sdlWindow {
            SDL_DestroyWindow(sdlWindow)
            self.sdlWindow = nil
            SDLRuntime.stopVideo()
        }
    }

    /// Wakes the loop from another thread (after queueing main-actor work, for example).
    public nonisolated func wake() {
        var event = SDL_Event()
        event.type = wakeEventType
        SDL_PushEvent(&event)
    }

    /// Ends `run()` after the current turn.
    public func quit() {
        stopReason = stopReason ?? .quit
        running = false
    }

    /// Asks `run()` to end, from any thread.
    public nonisolated func requestQuit() {
        quitRequested.store(true, ordering: .releasing)
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        SDL_PushEvent(&event)
    }

    // MARK: Loop

    /// How long the loop may sleep, in milliseconds; -1 for "until an event" (an idle window).
    public var sleepTimeout: Int32 { timeout() }

    private func timeout() -> Int32 {
        let wait = windowTimeout()
        // The bridge's thread asks the tree on this thread (answered when pumped, each turn) and
        // wakes the loop when it asks; a bridge that cannot wake it is pumped at least every 50 ms.
        guard accessibilityLink?.needsPolling == true else { return wait }
        return wait < 0 ? 50 : min(wait, 50)
    }

    private func windowTimeout() -> Int32 {
        guard let window else { return -1 }
        if window.animator.isAnimating {
            let next = lastFrameTime + 1.0 / 60
            return Int32(max(0, ((next - clock.now) * 1000).rounded(.up)))
        }
        if window.needsFrame { return 0 }
        let ping = serviceManager?.wait()  // the service manager's watchdog wants a turn by then
        if let deadline = window.animator.nextDeadline {
            let wait = Int32(max(0, min(Double(Int32.max), ((deadline - clock.now) * 1000).rounded(.up))))
            return min(wait, ping ?? wait)
        }
        return ping ?? -1
    }

    /// Runs until the window is closed or `quit()` is called.
    public func run() {
        running = true
        stopReason = nil
        SignalStop.install()
        SignalStop.appRunning(true)
        defer { SignalStop.appRunning(false) }
        activateSceneAtLaunch()
        var event = SDL_Event()
        while running, sdlWindow != nil {
            let wait = timeout()
            let got = wait < 0 ? SDL_WaitEvent(&event) : SDL_WaitEventTimeout(&event, wait)
            statistics.wakeups += 1
            runOnce(first: got != 0 ? event : nil)
        }
    }

    /// One turn without waiting: deliver pending events, advance animations, draw if needed.
    /// For apps that drive their own loop, and for tests.
    public func runOnce() { runOnce(first: nil) }

    private func runOnce(first: SDL_Event?) {
        activateSceneAtLaunch()
        var polled = first.flatMap(remappedKeys.poll).map { [$0] } ?? []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { if let taken = remappedKeys.poll(event) { polled.append(taken) } }
        handle(remappedKeys.resolve(polled, window: sdlWindow, windowID: translator.windowID))
        accessibilityLink?.turn()
        // Work queued on the main queue (main-actor tasks, DispatchQueue.main) runs between turns.
        // From another thread, call `wake()` after queueing it so a sleeping loop notices.
        _ = RunLoop.main.run(mode: .default, before: Date())
        checkMemoryPressure()
        checkHeadsets(deviceEvent: false)
        window.tick()
        if let request = firstFrameRequest {
            finishFirstFrame(request)
        } else if window.needsFrame {
            drawFrame()
        }
        // The service manager told of the first frame before the work that waits for it.
        serviceManager?.turn(framesShown: statistics.frames)
        window.animator.runIdleWork()  // after the frame: spell checking's steps (Animator.scheduleIdle)
    }

    /// Translates a turn's SDL events and delivers them as one batch: the window's `InputAssembler`
    /// merges the pieces SDL cuts a long commit into and tells a key's text from a commit.
    private func handle(_ sdlEvents: [SDL_Event]) {
        var events: [InputEvent] = []
        // Each event's time, for the keys a screen reader is offered (only when one listens).
        var timestamps: [UInt32] = []
        let stamping = accessibilityLink?.filtersKeys == true
        for event in sdlEvents where event.type != wakeEventType {
            if handledPlatformEvent(event) { continue }  // low memory, audio devices (Application+Platform.swift)
            if event.type == SignalStop.eventType {
                // A signal to stop ends the loop whatever the window says of close requests.
                stopReason = .signal(event.user.code)
                running = false
                continue
            }
            let (translated, effect) = translator.translate(event)
            switch effect {
            case .quit?:
                // A kiosk window refuses close requests unless the app allows them (docs/behaviour/kiosk.md).
                if shouldClose?() ?? window.kiosk.allowsCloseRequests {
                    stopReason = stopReason ?? .closed
                    running = false
                }
            case .systemQuit?:
                if quitRequested.exchange(false, ordering: .acquiringAndReleasing) {
                    stopReason = stopReason ?? .quit
                } else {
                    stopReason = .displayLost
                    FileHandle.standardError.write(
                        Data("caret: the display connection is gone (the X server or compositor went away); stopping\n".utf8))
                }
                running = false
            case .texturesLost?:
                renderer?.texturesWereLost()
            case .sizeChanged?:
                updateSizes()
            case nil:
                break
            }
            events += translated
            if stamping { timestamps += Array(repeating: event.common.timestamp, count: translated.count) }
        }
        statistics.events += events.count
        deliver(events, timestamps: timestamps)
        // The window's focus and minimising move its scene once the turn's input is in (keys typed
        // before the focus went, and a composition the loss commits, precede `willDeactivate`).
        for event in sdlEvents { updateScene(for: event) }
    }

    private func updateSizes() {
        guard let sdlWindow, let renderer else { return }
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &ww, &wh)
        translator.sizeInPoints = Size(width: Double(ww) / unitsPerPoint, height: Double(wh) / unitsPerPoint)
        let (pw, _) = renderer.pixelSize
        renderer.scale = unitsPerPoint * (ww > 0 ? Double(pw) / Double(ww) : 1)
    }

    /// Draws a frame now and presents it; returns the pixels when `capture` is set.
    @discardableResult
    public func drawFrame(capture: Bool = false) -> Image? {
        guard let renderer, let window else { return nil }
        let start = clock.now
        var captured: Image?
        if capture {
            // Something must be presented to be read: a whole frame when nothing changed.
            if window.pendingDamage?.isEmpty ?? false { window.setNeedsFrame() }
            renderer.beforePresent = { captured = try? renderer.readPixels() }
        }
        window.render(to: renderer)
        renderer.beforePresent = nil
        lastFrameTime = clock.now
        statistics.frames += 1
        statistics.lastFrameDuration = lastFrameTime - start
        onFrame?(statistics.frames)
        return captured
    }
}
