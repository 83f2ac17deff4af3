// SPDX-License-Identifier: Apache-2.0

import CSDL2
import Caret
import CaretSDLTesting
import CaretTesting
import CaretText
import Foundation
import Testing

@testable import CaretSDL

@Suite(.serialized) @MainActor
struct ErrorTests {
    @Test func aMissingFontFolderNamesTheFileAndWhereItLooked() throws {
        let folder = try TemporaryFolder()
        #expect(throws: CaretError.fontNotFound(name: "DejaVuSans.ttf", searched: [folder.path])) {
            _ = try ShapingFontProvider(scale: 1, fontDirectory: folder.path)
        }
        let error = CaretError.fontNotFound(name: "DejaVuSans.ttf", searched: [folder.path])
        #expect(error.description.contains("DejaVuSans.ttf") && error.description.contains(folder.path))
    }

    @Test func registeringAMissingOrBrokenFontFailsClearly() throws {
        let fonts = try ShapingFontProvider()
        #expect(throws: CaretError.fontNotFound(name: "Nope", searched: ["/nonexistent/Nope.ttf"])) {
            try fonts.registerFont(atPath: "/nonexistent/Nope.ttf", familyName: "Nope")
        }
        let folder = try TemporaryFolder()
        let garbage = folder.file("broken.ttf", bytes: Array("this is not a font".utf8))
        let broken = thrownError { () throws(CaretError) in try fonts.registerFont(atPath: garbage, familyName: "Broken") }
        guard case let .invalidFont(path, reason)? = broken else {
            Issue.record("expected invalidFont, got \(String(describing: broken))")
            return
        }
        #expect(path == garbage && !reason.isEmpty)
        #expect(!fonts.familyNames.contains("Broken"))
        // Drawing with an unknown family still works, in the system font.
        #expect(fonts.shape("abc", font: Font(familyName: "Broken", size: 17)).width > 0)
    }

    @Test func anUnreadableOrUndecodableImageSaysWhy() throws {
        #expect(throws: CaretError.assetUnreadable(path: "/nonexistent/icon.png", reason: "no such file")) {
            _ = try Image(contentsOfFile: "/nonexistent/icon.png")
        }
        let folder = try TemporaryFolder()
        let garbage = folder.file("icon.png", bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5])
        let undecodable = thrownError { () throws(CaretError) in try Image(contentsOfFile: garbage) }
        guard case let .assetUnreadable(path, reason)? = undecodable else {
            Issue.record("expected assetUnreadable, got \(String(describing: undecodable))")
            return
        }
        #expect(path == garbage && !reason.isEmpty)
        let missing = thrownError { () throws(CaretError) in try Image.named("no-such-icon") }
        guard case let .assetNotFound(name, searched)? = missing else {
            Issue.record("expected assetNotFound, got \(String(describing: missing))")
            return
        }
        #expect(name == "Icons/no-such-icon.png" && !searched.isEmpty)
        #expect(throws: CaretError.self) { _ = try Image(pixels: [1, 2, 3], pixelWidth: 1, pixelHeight: 1) }
    }

    /// SDL2_image is opened on the first image, not linked: a call it lacks fails with SDL's error
    /// naming it, instead of a crash or a silent nil.
    @Test func theLazilyOpenedImageLibrarySaysWhatItLacks() throws {
        #expect(caret_IMG_symbol("IMG_NoSuchCall") == nil)
        #expect(sdlErrorMessage() == "SDL2_image has no IMG_NoSuchCall")
        #expect(caret_IMG_symbol("IMG_Load") != nil)
    }

    @Test func sdlFailingToStartIsAnErrorNotACrash() throws {
        let previous = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]
        setenv("SDL_VIDEODRIVER", "caret-no-such-driver", 1)
        defer {
            if let previous { setenv("SDL_VIDEODRIVER", previous, 1) } else { unsetenv("SDL_VIDEODRIVER") }
        }
        let failure = thrownError { () throws(CaretError) in
            try Application(configuration: .init(size: Size(width: 100, height: 100)))
        }
        guard case let .backendUnavailable(subsystem, reason)? = failure else {
            Issue.record("expected backendUnavailable, got \(String(describing: failure))")
            return
        }
        #expect(subsystem == "SDL video")
        #expect(reason.contains("caret-no-such-driver"), "reason: \(reason)")
    }

    /// README's first app (`Application.launch` at top level): a window that cannot open is one
    /// line naming the cause and status 1, never a crash with a backtrace.
    @Test func aStartFailureIsOneLineAndStatusOneNotABacktrace() throws {
        for (product, arguments) in [("caret-hello", []), ("caret-demo", ["--screenshot", "/dev/null"]), ("caret-kiosk", ["--windowed"])] {
            // Should it start after all, CARET_FIRST_FRAME quits after one frame.
            let (status, message) = try runExample(product, arguments, environment: ["SDL_VIDEODRIVER": "bogus", "CARET_FIRST_FRAME": "1"])
            #expect(status == 1, "\(product) exited with \(status): \(message)")
            #expect(
                message == "\(product): SDL video failed to start: bogus not available (SDL_VIDEODRIVER=bogus)\n",
                "\(product) said: \(message)")
            #expect(!message.contains("Fatal error") && !message.contains("Backtrace") && !message.contains("Illegal instruction"))
        }
    }

    /// No display at all (no X11, no Wayland, no usable KMS/DRM): SDL would fall back to its
    /// offscreen driver and the app would run with no window anyone sees. It says so and stops,
    /// unless a driver was named or only one frame was asked for.
    @Test func noDisplayIsOneLineAndStatusOneNotAnUnseenWindow() throws {
        let headless: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil, "CARET_FIRST_FRAME": nil]
        let (status, message) = try runExample("caret-hello", environment: headless)
        #expect(status == 1, "exited with \(status): \(message)")
        #expect(message.hasPrefix("caret-hello: SDL video failed to start: no display to open a window on"), "said: \(message)")
        #expect(message.split(separator: "\n").count == 1, "said: \(message)")
        var oneFrame = headless
        oneFrame["CARET_FIRST_FRAME"] = "1"
        let (smokeStatus, smoke) = try runExample("caret-hello", environment: oneFrame)
        #expect(smokeStatus == 0 && smoke.hasPrefix("caret: first frame"), "one frame without a screen: \(smokeStatus) \(smoke)")
        var named = headless
        named["SDL_VIDEODRIVER"] = "offscreen"
        named["CARET_FIRST_FRAME"] = "1"
        #expect(try runExample("caret-hello", environment: named).status == 0)
    }

    /// A display named but not answering (an X server stopped or refusing) is said to be so, by
    /// the name it was given, not said to be unset.
    @Test func aDisplayThatDoesNotAnswerIsNamed() throws {
        let unreachable = ":4917"  // no server listens there
        let environment: [String: String?] = [
            "DISPLAY": unreachable, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil, "CARET_FIRST_FRAME": nil,
        ]
        let (status, message) = try runExample("caret-hello", environment: environment)
        #expect(status == 1, "exited with \(status): \(message)")
        #expect(
            message.hasPrefix(
                "caret-hello: SDL video failed to start: no display to open a window on (no display could be reached at DISPLAY=:4917 and"),
            "said: \(message)")
        #expect(
            Application.unseenWindowReason(environment: ["DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-1"])
                .hasPrefix("no display to open a window on (no display could be reached at DISPLAY=:1 and WAYLAND_DISPLAY=wayland-1 and"))
        #expect(Application.unseenWindowReason(environment: ["DISPLAY": ""]).contains("DISPLAY and WAYLAND_DISPLAY are unset"))
        // Asked for one frame, it still says so: drawn offscreen, the frame would not be that display's.
        var oneFrame = environment
        oneFrame["CARET_FIRST_FRAME"] = "1"
        let (smokeStatus, smoke) = try runExample("caret-hello", environment: oneFrame)
        #expect(smokeStatus == 1, "exited with \(smokeStatus): \(smoke)")
        #expect(smoke.hasPrefix("caret-hello: SDL video failed to start: no display to open a window on"), "said: \(smoke)")
    }

    /// A named X server that is not up yet when the app starts (or is resetting) is tried again:
    /// one that comes up a moment later gets the window, not SDL's offscreen driver.
    @Test func aDisplayThatComesUpAMomentLaterGetsTheWindow() throws {
        let display = ":4918"
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/caret-hello").path
        let app = Process()
        app.executableURL = URL(fileURLWithPath: binary)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["CARET_FIRST_FRAME"] = "1"
        for name in ["WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        app.environment = environment
        let stderr = Pipe()
        app.standardError = stderr
        app.standardOutput = Pipe()
        try app.run()
        // The server starts only after the app has found no display at least once (its start
        // reaches SDL within a few tenths of a second; it tries again for three seconds).
        usleep(800_000)
        let xvfb = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: xvfb) else {
            app.terminate()
            app.waitUntilExit()
            Issue.record("no \(xvfb) (Scripts/install-packages.sh @checks installs it)")
            return
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = [display, "-ac", "-noreset", "-nolisten", "tcp", "-screen", "0", "640x700x24"]
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch {
            app.terminate()
            app.waitUntilExit()
            throw error
        }
        // The app first (within a minute), then the server: the server holds a copy of the app's
        // standard error (children inherit it), so it is read once both are gone.
        let deadline = Date().addingTimeInterval(60)
        while app.isRunning && Date() < deadline { usleep(50_000) }
        if app.isRunning { app.terminate() }
        app.waitUntilExit()
        // SIGKILL: started from one of libdispatch's worker threads, which block most signals,
        // the server inherits that mask and does not see SIGTERM.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(app.terminationStatus == 0, "exited with \(app.terminationStatus): \(message)")
        #expect(message.hasPrefix("caret: first frame"), "said: \(message)")
        #expect(message.contains("OpenGL (Mesa) 0.1") || !message.contains("OpenGL (Mesa)"), "drawn through Mesa: \(message)")
    }

    /// The line `launch` prints: the program's file name, then the error, never over two lines.
    @Test func theStartFailureLineIsTheProgramAndTheError() {
        let error = CaretError.backendUnavailable(subsystem: "SDL video", reason: "no display\nat all")
        #expect(Application.startFailureLine(error, program: "/usr/bin/my-app") == "my-app: SDL video failed to start: no display at all")
        #expect(Application.startFailureLine(error, program: nil).hasPrefix("caret: SDL video"))
        #expect(error.localizedDescription == "SDL video failed to start: no display\nat all")
    }
}
