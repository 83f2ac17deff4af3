// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretSpeech
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// Tests with a real SDL window: X11 under Xvfb when `DISPLAY` is set (CI runs them so),
/// SDL's dummy driver otherwise.
@Suite(.serialized) @MainActor
struct ApplicationTests {
    private func open(_ size: Size = Size(width: 320, height: 240), engines: [PlatformEngine] = []) throws -> Application {
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        return try Application(configuration: .init(title: "Caret test", size: size, vsync: false, engines: engines))
    }

    /// A button sized in viewDidLoad, before it is in the window (a QR screen's "Enter code
    /// manually"), measures with the window's fonts: sized with stand-in advances it was cut short.
    @Test func aViewSizedBeforeItIsInTheWindowMeasuresWithTheWindowsFonts() throws {
        let app = try open()
        defer { app.close() }
        let button = Button(type: .system)
        button.setTitle("Enter code manually", for: .normal)
        button.sizeToFit()
        let detached = button.frame.width
        app.window.rootView = View(frame: app.window.bounds)
        app.window.rootView?.addSubview(button)
        button.sizeToFit()
        #expect(detached == button.frame.width, "\(detached) before the window, \(button.frame.width) in it")
    }

    /// The window holds its backend, not the application: nothing keeps a closed application,
    /// its window or the screen in it alive (they leaked as a cycle, found under LeakSanitizer).
    @Test func aClosedApplicationAndItsWindowAndViewsAreFreed() throws {
        weak var weakApp: Application?
        weak var weakWindow: Window?
        weak var weakScreen: View?
        do {
            let app = try open()
            let screen = FormScreen(locale: Locale(identifier: "en_US"))
            app.window.rootView = screen
            screen.fields["name"]!.becomeFirstResponder()
            app.runOnce()
            weakApp = app
            weakWindow = app.window
            weakScreen = screen
            app.close()
        }
        #expect(weakApp == nil && weakWindow == nil && weakScreen == nil)
    }

    /// A kiosk refuses the window manager's close request (SPEC §10); an ordinary window closes.
    /// On KMS/DRM SDL's desktop OpenGL renderer draws nothing (EGL is bound to GLES there):
    /// Caret asks for the GLES renderer unless the user chose one; elsewhere it leaves SDL's choice.
    @Test func onKMSDRMTheGLESRendererIsChosenUnlessTheUserChoseOne() {
        #expect(Application.renderDriverHint(videoDriver: "kmsdrm", requested: nil) == "opengles2")
        #expect(Application.renderDriverHint(videoDriver: "KMSDRM", requested: "") == "opengles2")  // SDL 2.26 names it so
        #expect(Application.renderDriverHint(videoDriver: "kmsdrm", requested: "software") == nil)
        #expect(Application.renderDriverHint(videoDriver: "x11", requested: nil) == nil)
        #expect(Application.renderDriverHint(videoDriver: "wayland", requested: nil) == nil)
        #expect(Application.renderDriverHint(videoDriver: nil, requested: nil) == nil)
    }

    /// A software renderer the app asked for shows its surface straight through X11, not
    /// through a GPU texture; elsewhere (Wayland, KMS/DRM) and for a user's hint SDL chooses.
    @Test func aSoftwareRendererOnX11SkipsTheGPU() {
        #expect(Application.framebufferAccelerationHint(videoDriver: "x11", kind: .software, requested: nil) == "0")
        #expect(Application.framebufferAccelerationHint(videoDriver: "x11", kind: .automatic, requested: nil) == nil)
        #expect(Application.framebufferAccelerationHint(videoDriver: "x11", kind: .software, requested: "1") == nil)
        #expect(Application.framebufferAccelerationHint(videoDriver: "wayland", kind: .software, requested: nil) == nil)
        #expect(Application.framebufferAccelerationHint(videoDriver: "KMSDRM", kind: .software, requested: nil) == nil)
    }

    @Test func aCloseRequestIsRefusedUnlessTheAppAllowsIt() throws {
        for allowed in [false, true] {
            let app = try open()
            defer { app.close() }
            app.window.kiosk.allowsCloseRequests = allowed
            var outlived = false
            app.window.animator.schedule(after: 0.05) { try? app.post(.closeWindow) }  // the window manager's close button
            app.window.animator.schedule(after: 0.4) {
                outlived = true
                app.quit()
            }
            app.run()
            #expect(outlived == !allowed, "allowed: \(allowed)")
            #expect(app.stopReason == (allowed ? .closed : .quit))
        }
    }

    /// SIGTERM ends the loop even when the window refuses close requests (a kiosk), and says why.
    @Test func aSignalToStopEndsTheLoopWhateverTheWindowSaysOfCloseRequests() throws {
        let app = try open()
        defer { app.close() }
        app.window.kiosk.allowsCloseRequests = false
        var outlived = false
        app.window.animator.schedule(after: 0.05) { kill(getpid(), SIGTERM) }
        app.window.animator.schedule(after: 2) {
            outlived = true
            app.quit()
        }
        app.run()
        #expect(!outlived)
        #expect(app.stopReason == .signal(SIGTERM) && app.exitStatus == 0)
    }

    /// A quit event the app did not ask for is the display going away: the loop ends, status 1.
    @Test func anUnaskedQuitEventIsTheDisplayGoingAway() throws {
        let app = try open()
        defer { app.close() }
        app.window.kiosk.allowsCloseRequests = false
        app.window.animator.schedule(after: 0.05) {
            var event = SDL_Event()
            event.type = SDL_QUIT.rawValue
            SDL_PushEvent(&event)
        }
        app.window.animator.schedule(after: 2) { app.quit() }
        app.run()
        #expect(app.stopReason == .displayLost && app.exitStatus == 1)
        let asked = try open()
        defer { asked.close() }
        asked.window.animator.schedule(after: 0.05) { asked.requestQuit() }
        asked.window.animator.schedule(after: 2) { asked.quit() }
        asked.run()
        #expect(asked.stopReason == .quit && asked.exitStatus == 0)
    }

    final class ChangeLog: TextFieldDelegate {
        var changes: [String] = []
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            changes.append("\(range.location)+\(range.length) \(string)")
            return true
        }
    }

    /// SDL cuts a long commit into text events of 31 bytes: the delegate is asked about it whole.
    @Test func aLongCommitCutIntoPiecesBySDLIsOneChange() throws {
        let app = try open()
        defer { app.close() }
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let log = ChangeLog()
        field.delegate = log
        app.window.rootView = View()
        app.window.rootView!.addSubview(field)
        app.runOnce()
        #expect(field.becomeFirstResponder())
        let commit = "にほんごのてきすとをながくかいてみます"  // 19 characters, 57 bytes
        let bytes = Array(commit.utf8)
        for piece in [bytes[0..<30], bytes[30..<57]] { try app.post(.textInput(bytes: Array(piece))) }
        app.runOnce()
        #expect(field.text == commit)
        #expect(log.changes == ["0+0 \(commit)"])
    }

    @Test func aTouchDragThroughSDLScrollsTheScrollView() throws {
        let app = try open()
        defer { app.close() }
        let scroll = ScrollView()
        scroll.contentSize = Size(width: 320, height: 2000)
        app.window.rootView = scroll
        app.runOnce()
        try app.post(.finger(id: 3, phase: .began, location: Point(x: 160, y: 200)))
        for y in stride(from: 190.0, through: 100, by: -10) {
            try app.post(.finger(id: 3, phase: .moved, location: Point(x: 160, y: y)))
        }
        app.runOnce()
        #expect(scroll.isDragging)
        #expect(abs(scroll.contentOffset.y - 80) < 0.5, "offset \(scroll.contentOffset.y)")
        try app.post(.finger(id: 3, phase: .ended, location: Point(x: 160, y: 100)))
        app.runOnce()
        #expect(!scroll.isDragging)
    }

    @Test func wheelAndClicksArriveAsCoreEvents() throws {
        let app = try open()
        defer { app.close() }
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        app.window.rootView = screen
        app.runOnce()
        try app.post(.wheel(x: 0, y: -2, location: Point(x: 160, y: 150)))  // two notches towards the user
        app.runOnce()
        #expect(screen.scrollView.contentOffset.y == 80)
        let save = try #require(screen.buttons["Save"])
        screen.scrollView.scrollRectToVisible(save.convert(save.bounds, to: screen.scrollView), animated: false)
        app.runOnce()
        let point = save.convert(Point(x: save.bounds.midX, y: save.bounds.midY), to: nil)
        try app.post(.mouseButton(.primary, isDown: true, location: point, clicks: 1))
        try app.post(.mouseButton(.primary, isDown: false, location: point, clicks: 1))
        app.runOnce()
        #expect(screen.tapCount == 1)
    }

    @Test func invalidUTF8TextInputArrivesRepaired() throws {
        let app = try open()
        defer { app.close() }
        let sink = TextSink()
        app.window.rootView = sink
        #expect(sink.becomeFirstResponder())
        try app.post(.textInput(bytes: [0x61, 0xFF, 0xC3, 0xA9, 0xE2, 0x82]))  // "a", junk, "é", a cut-off sequence
        app.runOnce()
        #expect(sink.received == ["a\u{FFFD}é\u{FFFD}"])
    }

    @Test func clipboardTextThatIsNotUTF8IsRepaired() throws {
        let app = try open()
        defer { app.close() }
        let clipboard = try #require(app.clipboard as? SDLClipboard)
        clipboard.setBytes([0x6F, 0x6B, 0xC0, 0x21])
        #expect(clipboard.string == "ok\u{FFFD}!")
        clipboard.string = "héllo\u{0}world"
        #expect(clipboard.string == "hélloworld" && clipboard.hasStrings)
    }

    @Test func anIdleWindowSleepsUntilTheNextEvent() throws {
        let app = try open()
        defer { app.close() }
        app.window.rootView = FormScreen(locale: Locale(identifier: "en_US"))
        app.runOnce()
        let frames = app.statistics.frames
        #expect(frames == 1)
        for _ in 0..<5 { app.runOnce() }
        #expect(app.statistics.frames == frames)  // nothing changed: nothing drawn
        #expect(app.sleepTimeout == -1)  // and the loop would block in SDL_WaitEvent
        app.window.animator.schedule(after: 2) {}
        #expect(app.sleepTimeout > 1900 && app.sleepTimeout <= 2000)
    }

    @Test func aScreenshotHasTheWindowsPixels() throws {
        let app = try open(Size(width: 400, height: 300))
        defer { app.close() }
        let root = View()
        root.backgroundColor = Color(rgb: 0x123456)
        app.window.rootView = root
        let image = try #require(app.drawFrame(capture: true))
        #expect(image.pixelWidth == 400 && image.pixelHeight == 300)
        let p = image.pixel(x: 200, y: 150)
        #expect(p.r == 0x12 && p.g == 0x34 && p.b == 0x56)
    }

    final class Warned: ViewController {
        var warnings = 0
        override func didReceiveMemoryWarning() { warnings += 1 }
    }

    /// SDL's low-memory event is a memory warning to the window's controllers.
    @Test func sdlsLowMemoryEventWarnsTheControllers() throws {
        let app = try open()
        defer { app.close() }
        let controller = Warned()
        app.window.rootViewController = controller
        var event = SDL_Event()
        event.type = SDL_APP_LOWMEMORY.rawValue
        SDL_PushEvent(&event)
        app.runOnce()
        #expect(controller.warnings == 1)
    }

    /// The kiosk's headset watch starts SDL's audio once the first frame is shown, not before it.
    @Test func theHeadsetWatchStartsAfterTheFirstFrame() throws {
        // SDL's dummy output where audio has not started yet (no sound server here to wait for).
        let previous = ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"]
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        defer {
            if let previous { setenv("SDL_AUDIODRIVER", previous, 1) } else { unsetenv("SDL_AUDIODRIVER") }
        }
        let app = try open(engines: [.speech])
        defer { app.close() }
        var options = AccessibilityOptions()
        options.headsetStartsSpeech = true
        try app.apply(options)
        #expect(app.headsetWatch == nil, "SDL's audio started before the first frame")
        for _ in 0..<3 where app.headsetWatch == nil { app.runOnce() }
        #expect(app.headsetWatch != nil, "no headset watch after the first frame")
        try app.apply(options)
        app.runOnce()
        #expect(app.headsetWatch != nil)
    }

    /// A headset plugged in after launch starts spoken mode in it, and unplugging it ends it
    /// (issue 40, item 1): SDL's device event makes the application look at the outputs again
    /// (the list is the test's; SDL's own has no hotplug under Xvfb).
    @Test func aHeadsetPluggedInStartsSpokenModeInIt() throws {
        let app = try open(engines: [.speech])
        defer { app.close() }
        var outputs = ["Built-in Audio Analog Stereo"]
        app.provideSpokenMode()
        app.watchHeadsets { outputs }
        func deviceEvent(_ type: SDL_EventType) {
            var event = SDL_Event()
            event.type = type.rawValue
            event.adevice.iscapture = 0
            SDL_PushEvent(&event)
            app.runOnce()
        }
        deviceEvent(SDL_AUDIODEVICEADDED)
        #expect(app.window.spokenMode == nil, "the outputs there at launch are the kiosk's own")
        outputs.append("USB Headset Analog Stereo")
        deviceEvent(SDL_AUDIODEVICEADDED)
        #expect(app.window.spokenMode?.route == .headset("USB Headset Analog Stereo"))
        outputs.removeLast()
        deviceEvent(SDL_AUDIODEVICEREMOVED)
        #expect(app.window.spokenMode?.route == .loudspeaker, "spoken mode stays on until the guest ends it")
        app.window.spokenMode = nil
    }
}
