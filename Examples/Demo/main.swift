// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
@_spi(Backend) import Caret
import CaretDemoKit
import CaretExampleOptions
import CaretSDL
import CaretSpeech
import CaretTesting
import Foundation

/// Parses "1280x800" into a size.
struct WindowSize: ExpressibleByArgument {
    let size: Size
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        size = Size(width: parts[0], height: parts[1])
    }
}

/// The keyboard policy as a command-line word.
enum KeyboardPolicyArgument: String, ExpressibleByArgument {
    case touch, always, never

    var policy: KeyboardController.Policy {
        switch self {
        case .touch: return .onTouch
        case .always: return .always
        case .never: return .never
        }
    }
}

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caret-demo",
        abstract:
            "The Caret demo: a sign-up form, the on-screen keyboard, keyboard avoidance, a kiosk screen and rich-text notes in an SDL2 window."
    )

    @Flag(help: "Cover the whole screen (kiosk mode).")
    var fullscreen = false

    @Option(help: "Window size in points, e.g. 1280x800.")
    var size: WindowSize = WindowSize(argument: "1024x700")!

    @Option(help: "Points to pixels, e.g. 2 for a HiDPI panel (default: $CARET_SCALE or 1).")
    var scale: Double?

    @Option(help: "Renderer: automatic, accelerated or software.")
    var renderer: String = "automatic"

    @Option(help: "Write a PNG of the window to this path after --frames frames, then exit.")
    var screenshot: String?

    @Option(help: "Frames to draw before the screenshot.")
    var frames: Int = 3

    @Flag(help: "Print every text-field delegate call and notification to stdout as a JSON line (never secure text).")
    var trace = false

    @Flag(help: "Keep carets on instead of blinking: screenshots taken at different times agree pixel for pixel.")
    var steadyCaret = false

    @Option(help: "When the on-screen keyboard shows: touch (when editing starts by touch), always (kiosk) or never (desktop).")
    var keyboard: KeyboardPolicyArgument = .touch

    @Option(help: "The keyboard's languages, in globe-key order (files of Assets/Keyboards/languages), e.g. de,en,ko.")
    var languages: String = "en,de,fr,es,ko,ja,zh-pinyin,zh-zhuyin,ar,hi,vi-telex,hi-itrans,hw-latin,ja-handwriting,zh-handwriting"

    @Option(
        help:
            "The language the demo starts in: its own words, the keyboard's language and Caret's words (e.g. de, ja, ar); by default the system's (LANGUAGE, LANG)."
    )
    var language: String?

    @Option(
        help:
            "A field to focus at start: name, email, password, phone, amount, website, notes; code or pin on the kiosk screen; name, birth, country or notes on the table screen; message on the chat screen."
    )
    var focus: String?

    @Option(
        help:
            "The screen to start on: form (scrolls above the keyboard), kiosk (pans), notes (rich text in every script), arabic (a mirrored sign-up form), table (a form in a table with date and country pickers) or chat (an input bar on the keyboard)."
    )
    var screen: String = "form"

    @Option(help: "Where the notes view's selection is kept between launches (state preservation).")
    var state: String = {
        let base = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? (NSHomeDirectory() + "/.local/state")
        return base + "/caret-demo/restoration.json"
    }()

    @Option(help: "Draw this many full frames offscreen with the software renderer, print the timings, and exit.")
    var measureFrames: Int?

    @Flag(
        help:
            "Measure frames in a real window (keystrokes, a forced form frame, the keyboard sliding in, idle CPU) against the empty window's frame, print them, and exit."
    )
    var measure = false

    @Flag(help: "Measure only a 10,000-row table scrolling in a real window against the empty window's frame, print them, and exit.")
    var measureTable = false

    @Flag(
        help:
            "Measure only taps on the on-screen keyboard (autocorrection on and off) against hardware keystrokes in a real window, print them, and exit."
    )
    var measureTaps = false

    @Option(
        help:
            "Measure the peak memory of big text headless (scroll: the 10 MB document end to end; pastes: 10 MB from 1 KB pastes), print it, and exit."
    )
    var measureMemory: String?

    @Option(help: "Print where each key of these languages sits in a window of --size (tab-separated: language, key, x, y), and exit.")
    var keyPositions: String?

    @Option(help: "Measure the swipe decoder on the old and the human-like path generators for these languages (e.g. en,de), print it, and exit.")
    var measureSwipe: String?

    @Option(help: "With --measure-swipe: write the features the swipe likelihood is fitted on (other writers, other words) to FILE instead.")
    var swipeTrainingSet: String?

    @Option(
        name: .customLong("measure-prediction"),
        help: "Print the keystrokes the bar's words save on held-out texts (DIR/<language>.txt) and quit, e.g. en,de:DIR")
    var measurePrediction: String?

    @Option(
        help:
            "Print strokes that write characters on the writing pad of handwriting modes in a window of --size (mode:characters,...; tab-separated: mode, character, x,y points), and exit."
    )
    var handwritingStrokes: String?

    @Option(help: "The KanjiVG stroke file --handwriting-strokes writes Chinese and Japanese from.")
    var strokesFile: String?

    @Flag(
        help:
            "Switch the keyboard to each of a dozen languages for the first time, headless with the real engines, print the time and memory each took, and exit."
    )
    var measureLanguages = false

    @Option(
        help:
            "In a process that has opened no engine, switch the keyboard to this language (ko, ja, zh-pinyin ...) and tap its keys until a candidate shows; print the time, memory and engine libraries mapped, and exit."
    )
    var measureFirstUse: String?

    @Flag(
        help:
            "Print the time from process start (or $CARET_LAUNCH_T0, ns since the epoch) to the first presented frame of a ten-field form, with its breakdown and peak memory, and exit."
    )
    var measureLaunch = false

    @Option(help: "Write what spoken mode's voice says for this text (espeak-ng, as spoken mode calls it) to --speech-wav, and exit.")
    var renderSpeech: String?

    @Option(help: "The BCP 47 language --render-speech speaks in (default: espeak-ng's English).")
    var speechLanguage: String?

    @Option(help: "Where --render-speech writes its WAV file.")
    var speechWav = "speech.wav"

    @OptionGroup(title: "Accessibility")
    var accessibility: AccessibilityArguments

    func validate() throws {
        if frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let scale, scale < 0.5 || scale > 8 { throw ValidationError("--scale must be between 0.5 and 8") }
        if Application.Configuration.RendererKind(rawValue: renderer) == nil {
            throw ValidationError("--renderer must be automatic, accelerated or software")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try runDemo() }
    }

    /// Full frames of the demo screen into memory with SDL's software renderer: the cost of a
    /// frame on this machine, with no display needed.
    @MainActor
    func measure(frames: Int) throws {
        let canvas = try OffscreenCanvas(size: size.size, scale: scale ?? 1)
        let window = Window(size: size.size, backend: OffscreenBackend(fontProvider: canvas.fonts))
        window.rootViewController = FormViewController(
            images: FormScreen.Images(logo: try? Image.named("caret"), checkmark: try? Image.named("checkmark")))
        window.render(to: canvas.renderer)
        let clock = SystemClock()
        var durations: [Double] = []
        for _ in 0..<frames {
            let start = clock.now
            window.setNeedsFrame()
            window.render(to: canvas.renderer)
            durations.append((clock.now - start) * 1000)
        }
        durations.sort()
        let median = durations[durations.count / 2], worst = durations.last ?? 0
        print(
            String(
                format: "caret-demo: %d full frames at %d×%d: median %.2f ms, worst %.2f ms", frames,
                Int(size.size.width), Int(size.size.height), median, worst))
    }

    /// Prints the form's taps, entries and (with --trace) its event trace, unbuffered, so a script
    /// driving the demo sees each at once.
    @MainActor
    static func connect(_ screen: FormScreen, trace: Bool) {
        screen.onAction = { title in
            FileHandle.standardOutput.write(Data("caret-demo: tapped \(title)\n".utf8))
        }
        screen.onEntered = { text in
            FileHandle.standardOutput.write(Data("caret-demo: entered \(text)\n".utf8))
        }
        if trace {
            screen.onTrace = { event in FileHandle.standardOutput.write(Data((event.jsonLine + "\n").utf8)) }
        }
    }

    @MainActor
    func runDemo() throws {
        if let measureFrames {
            return try measure(frames: max(1, measureFrames))
        }
        if let keyPositions {
            let languages = keyPositions.split(separator: ",").map(String.init)
            return try KeyPositions.run(languages: languages, size: size.size)
        }
        if let measureSwipe {
            let languages = measureSwipe.split(separator: ",").map(String.init)
            if let swipeTrainingSet { return try SwipeTrainingSet.write(languages: languages, to: swipeTrainingSet) }
            return try SwipeMeasurement.run(languages: languages)
        }
        if let measurePrediction {
            return try PredictionMeasurement.run(spec: measurePrediction)
        }
        if let handwritingStrokes {
            return try HandwritingStrokes.run(spec: handwritingStrokes, size: size.size, strokesFile: strokesFile)
        }
        if measureLanguages {
            return try LanguageMeasurement.run()
        }
        if let measureFirstUse {
            return try FirstUseMeasurement.run(language: measureFirstUse, stateDirectory: ProcessInfo.processInfo.environment["CARET_STATE"])
        }
        if let renderSpeech {
            let (samples, rate) = try EspeakSpeaker.render(renderSpeech, language: speechLanguage)
            return try EspeakSpeaker.writeWAV(samples, sampleRate: rate, to: URL(fileURLWithPath: speechWav))
        }
        if let measureMemory {
            return try MemoryMeasurement.run(measureMemory)
        }
        if measureLaunch {
            let kind = Application.Configuration.RendererKind(rawValue: renderer) ?? .automatic
            do {
                try LaunchMeasurement.run(
                    size: size.size, renderer: kind, started: LaunchMeasurement.processStart(), mainEntered: mainEntered)
            } catch {
                throw ValidationError("cannot measure: \(error)")
            }
            return
        }
        if measure || measureTaps || measureTable {
            let kind = Application.Configuration.RendererKind(rawValue: renderer) ?? .automatic
            do {
                let measurement = try WindowMeasurement(
                    size: size.size, renderer: kind, frames: Int(ProcessInfo.processInfo.environment["CARET_MEASURE_FRAMES"] ?? "") ?? 200)
                if measureTaps {
                    measurement.runTaps()
                } else if measureTable {
                    measurement.runTable()
                } else {
                    measurement.run()
                }
            } catch {
                throw ValidationError("cannot measure: \(error)")
            }
            return
        }
        // A window that cannot open is one line on standard error and status 1 (no usage text).
        let app = Application.launch(
            .init(
                title: "Caret demo", size: size.size, fullscreen: fullscreen,
                scale: scale,
                renderer: .init(rawValue: renderer) ?? .automatic, engines: PlatformEngine.all))
        var images = FormScreen.Images()
        do {
            images.logo = try Image.named("caret")
            images.checkmark = try Image.named("checkmark")
        } catch {
            // The demo still runs without its icons; say why they are missing.
            FileHandle.standardError.write(Data("caret-demo: \(error)\n".utf8))
        }
        let trace = self.trace
        let words = ExampleWords.demo(preferring: language.map { [$0] } ?? LocalizedStrings.processLanguages)
        if let language, words.language == "en", !language.lowercased().hasPrefix("en") {
            throw ValidationError("the demo has no words in \(language) (its tables: Examples/DemoKit/Strings)")
        }
        var shown: FormScreen?  // the form now made (made again when the language changes)
        let steadyCaret = self.steadyCaret
        let controller = FormViewController(images: images, words: words) { screen in
            if shown != nil, steadyCaret { SteadyCaret.keepCaretsOn(in: [screen, screen.notesScreen]) }  // made again
            shown = screen
            Self.connect(screen, trace: trace)
        }
        if trace {
            // A screen reader joining or leaving the accessibility bus (Scripts/orca-demo.sh reads it).
            _ = NotificationCenter.default.addObserver(forName: Accessibility.voiceOverStatusDidChangeNotification, object: nil, queue: nil) { _ in
                let running = MainActor.assumeIsolated { Accessibility.isVoiceOverRunning }
                FileHandle.standardOutput.write(Data("{\"event\":\"voiceOverStatusDidChange\",\"running\":\"\(running)\"}\n".utf8))
            }
        }
        app.window.rootViewController = controller
        let screen = controller.form
        app.window.keyboard.policy = keyboard.policy
        app.window.keyboard.languages = languages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        do {
            try app.window.keyboard.loadLayouts()  // a missing or broken layout file is reported, not silently keyless
        } catch {
            FileHandle.standardError.write(Data("caret-demo: no on-screen keyboard: \(error)\n".utf8))
        }
        for problem in app.window.keyboard.problems {
            FileHandle.standardError.write(Data("caret-demo: left out of the keyboard: \(problem)\n".utf8))
        }
        FormScreen.start(app.window, in: words, chosen: language)
        do { try app.apply(accessibility.options) } catch { throw ValidationError(error.description) }
        switch self.screen {
        case "form": break
        case "kiosk": screen.showKiosk()
        case "notes": screen.showNotes()
        case "arabic": screen.showArabicSignUp()
        case "table": screen.showTableForm()
        case "chat": screen.showChat()
        default: throw ValidationError("no screen named \(self.screen) (form, kiosk, notes, arabic, table or chat)")
        }
        if steadyCaret { SteadyCaret.keepCaretsOn(in: [screen, screen.notesScreen, app.window.rootView].compactMap { $0 }) }
        if let focus {
            app.window.layoutIfNeeded()  // the table's cells are made in layout
            let target: View? =
                screen.kiosk?.fields[focus] ?? screen.arabicSignUp?.fields[focus] ?? screen.tableForm?.fields[focus]
                ?? (focus == "message" ? screen.chat?.messageView : nil)
                ?? (focus == "notes" ? (screen.tableForm?.notes ?? screen.notes) : screen.fields[focus])
            guard let target else { throw ValidationError("no field named \(focus)") }
            target.becomeFirstResponder()
        }
        let archive = RestorationArchive(url: URL(fileURLWithPath: state))
        do {
            try archive.restore(screen, screen.notesScreen)
        } catch {
            FileHandle.standardError.write(Data("caret-demo: state not restored: \(error)\n".utf8))
        }
        var failure: Error?
        if let screenshot {
            app.onFrame = { [unowned app] frame in
                if frame + 1 < frames || app.window.animator.isAnimating {
                    app.window.setNeedsFrame()  // the keyboard finishes sliding in before the picture
                } else {
                    // The last frame is drawn with capture on, then the demo exits.
                    app.window.setNeedsFrame()
                    app.onFrame = nil
                    guard let image = app.drawFrame(capture: true) else {
                        failure = ValidationError("could not read the window's pixels")
                        app.quit()
                        return
                    }
                    do { try image.writePNG(to: screenshot) } catch { failure = error }
                    app.quit()
                }
            }
            if frames == 1 && !app.window.animator.isAnimating {
                app.onFrame = nil
                guard let image = app.drawFrame(capture: true) else {
                    throw ValidationError("could not read the window's pixels")
                }
                try image.writePNG(to: screenshot)
                return
            }
        }
        print(
            "caret-demo: \(Int(app.window.bounds.width))×\(Int(app.window.bounds.height)) points, renderer \(app.rendererName), "
                + "input method \(app.inputMethodPath), assets \(Assets.searchPaths.first ?? "none")")
        // Main-actor tasks run inside the SDL loop between turns; the end-to-end check waits for this line.
        Task { @MainActor in FileHandle.standardOutput.write(Data("caret-demo: ready\n".utf8)) }
        app.run()
        if screenshot == nil {
            do {
                try FileManager.default.createDirectory(
                    at: archive.url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let form = shown ?? screen
                try archive.save(form, form.notesScreen)
            } catch {
                FileHandle.standardError.write(Data("caret-demo: state not saved: \(error)\n".utf8))
            }
        }
        let status = app.exitStatus
        app.close()
        if case .signal(let number)? = app.stopReason {
            FileHandle.standardError.write(Data("caret-demo: stopped by signal \(number), state saved\n".utf8))
        }
        if status != 0 { throw ExitCode(status) }
        if let failure { throw failure }
        if let screenshot { print("caret-demo: wrote \(screenshot)") }
    }
}

let mainEntered = LaunchMeasurement.now()
Demo.main()
