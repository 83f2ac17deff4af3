// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
@_spi(Backend) import Caret
import CaretExampleOptions
import CaretKioskKit
import CaretSDL
import Foundation

/// The kiosk example: a full-screen check-in app on Caret alone, for panels driven straight by
/// KMS/DRM or under a Wayland kiosk compositor (docs/kiosk.md).
struct Kiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caret-kiosk", abstract: "A full-screen check-in kiosk built on Caret: start screen, form, confirmation.")

    @Flag(help: "Run in a window instead of covering the screen.")
    var windowed = false

    @Option(help: "The window's size in points when windowed (the panel's when full screen), e.g. 1280x800.")
    var size: String = "1280x800"

    @Option(help: "How the picture is turned on the panel: 0, 90, 180 or 270 (default $CARET_ROTATION or 0).")
    var rotation: Int?

    @Option(help: "Points to pixels (default $CARET_SCALE or 1).")
    var scale: Double?

    @Option(help: "Key height in millimetres (the keyboard is sized physically).")
    var keyHeightMm: Double?

    @Option(help: "Pixels per millimetre of the panel, for --key-height-mm.")
    var pixelsPerMm: Double = 96.0 / 25.4

    @Option(help: "The keyboard's languages in globe-key order, e.g. en,de,ar.")
    var languages: String = "en"

    @Option(help: "Seconds without input before starting over (0: never).")
    var idleTimeout: Double = 90

    @Option(help: "Seconds without input before the screen blanks (0: never); the waking touch does nothing else.")
    var blankAfter: Double = 0

    @Flag(help: "High-contrast fields and keyboard with larger key labels.")
    var highContrast = false

    @OptionGroup(title: "Accessibility (docs/kiosk.md)")
    var accessibility: AccessibilityArguments

    @Flag(help: "Honour close requests and quit shortcuts (a kiosk refuses them).")
    var allowQuit = false

    @Flag(help: "Show the mouse pointer.")
    var showPointer = false

    @Option(help: "Draw this many frames, write a PNG of the panel here, and exit (for checks).")
    var screenshot: String?

    @Option(help: "Frames before --screenshot.")
    var frames: Int = 3

    @Flag(help: "Print the form's delegate calls and screen changes as lines (never the PIN).")
    var trace = false

    @Option(help: "The screen to start on: start or form.")
    var screen: String = "start"

    func run() throws {
        try MainActor.assumeIsolated { try runKiosk() }
    }

    @MainActor
    func runKiosk() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2 else { throw ValidationError("--size takes WIDTHxHEIGHT") }
        let turn = try rotation.map { value -> DisplayRotation in
            guard let r = DisplayRotation(rawValue: value) else { throw ValidationError("--rotation takes 0, 90, 180 or 270") }
            return r
        }
        // A window that cannot open is one line on standard error and status 1.
        let app = Application.launch(
            .init(
                title: "Caret kiosk", size: Size(width: parts[0], height: parts[1]), fullscreen: !windowed, scale: scale,
                rotation: turn, engines: PlatformEngine.all))
        var options = CheckInFlow.Options()
        options.idleTimeout = idleTimeout > 0 ? idleTimeout : nil
        options.blankAfter = blankAfter > 0 ? blankAfter : nil
        options.languages = languages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        options.keyHeightMillimetres = keyHeightMm
        options.pointsPerMillimetre = pixelsPerMm
        options.highContrast = highContrast
        options.allowsQuit = allowQuit
        options.showsPointer = showPointer
        do {
            try app.window.keyboard.loadLayouts()
        } catch {
            FileHandle.standardError.write(Data("caret-kiosk: no on-screen keyboard: \(error)\n".utf8))
        }
        let flow = CheckInFlow(window: app.window, options: options)
        var accessibilityOptions = accessibility.options
        accessibilityOptions.headsetStartsSpeech = accessibility.headsetSpeech ?? true  // a kiosk's guest plugs in a headset
        do { try app.apply(accessibilityOptions) } catch { throw ValidationError(error.description) }
        flow.captureOperatorSettings()  // what starting over goes back to for the next guest
        if trace {
            flow.onTrace = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
            // Where frames are kept is settled after the first frames: say it once then.
            app.onFrame = { [unowned app] frame in
                guard frame == 3 else { return }
                FileHandle.standardOutput.write(Data("caret-kiosk: frames kept in \(app.retention?.rawValue ?? "nothing")\n".utf8))
            }
        }
        switch screen {
        case "start": break
        case "form": flow.showForm()
        default: throw ValidationError("no screen named \(screen) (start or form)")
        }
        var screenshotProblem: CaretError?
        if let screenshot {
            var count = 0
            app.onFrame = { [unowned app] _ in
                count += 1
                if count < frames || app.window.animator.isAnimating {
                    app.window.setNeedsFrame()
                } else {
                    app.onFrame = nil
                    app.window.setNeedsFrame()
                    do throws(CaretError) {
                        guard let image = app.drawFrame(capture: true) else {
                            throw CaretError.backendUnavailable(subsystem: "frame capture", reason: "no pixels read")
                        }
                        try image.writePNG(to: screenshot)
                    } catch {
                        screenshotProblem = error
                    }
                    app.quit()
                }
            }
            app.window.setNeedsFrame()
        }
        FileHandle.standardOutput.write(
            Data(
                ("caret-kiosk: \(Int(app.window.bounds.width))×\(Int(app.window.bounds.height)) points, "
                    + "rotation \(app.rotation.rawValue), renderer \(app.rendererName)\n").utf8))
        app.run()
        let status = app.exitStatus
        app.close()
        if case .signal(let number)? = app.stopReason {
            FileHandle.standardError.write(Data("caret-kiosk: stopped by signal \(number)\n".utf8))
        }
        if let screenshotProblem {
            FileHandle.standardError.write(Data("caret-kiosk: no screenshot: \(screenshotProblem)\n".utf8))
            throw ExitCode(1)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

Kiosk.main()
