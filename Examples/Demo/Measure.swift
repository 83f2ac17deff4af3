// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretExampleOptions
import CaretSDL
import CaretTesting
import CaretText
import Foundation

/// `caret-demo --measure`: frame costs in a real window, each frame ended by waiting for the GPU
/// (glFinish), against the empty window's frame measured in the same process (the floor).
@MainActor
struct WindowMeasurement {
    let app: Application
    let frames: Int

    init(size: Size, renderer: Application.Configuration.RendererKind, frames: Int) throws {
        app = try Application(configuration: .init(title: "Caret measure", size: size, renderer: renderer, vsync: false, engines: PlatformEngine.all))
        self.frames = frames
        app.window.keyboard.policy = .never
    }

    /// Milliseconds of `body` followed by the GPU finishing, each of `count` runs, sorted.
    private func time(_ count: Int, _ body: () -> Void) -> [Double] {
        var durations: [Double] = []
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            app.finishGPU()
            durations.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return durations.sorted()
    }

    /// Milliseconds from the start of `body` to the end of the frame it drew (the GPU finished),
    /// each of `count` runs, sorted: what follows the frame in the same turn (idle work, such as
    /// a spell-checking step) is the time between keystrokes, not the keystroke's.
    private func timeToFrame(_ count: Int, _ body: () -> Void) -> [Double] {
        var durations: [Double] = []
        var framed: UInt64?
        app.onFrame = { [unowned app] _ in
            app.finishGPU()
            framed = DispatchTime.now().uptimeNanoseconds
        }
        defer { app.onFrame = nil }
        for _ in 0..<count {
            framed = nil
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let end = framed ?? DispatchTime.now().uptimeNanoseconds  // no frame: the whole turn
            durations.append(Double(end - start) / 1e6)
        }
        return durations.sorted()
    }

    private func forcedFrame() {
        app.window.setNeedsFrame()
        app.drawFrame()
    }

    /// Lets the window settle: layout, the keyboard's slide, first frames.
    func settle() {
        for _ in 0..<5 {
            app.runOnce()
            forcedFrame()
            app.finishGPU()
        }
        let deadline = Date().addingTimeInterval(3)
        while app.window.animator.isAnimating && Date() < deadline {
            app.runOnce()
            Thread.sleep(forTimeInterval: 1.0 / 120)
        }
        app.runOnce()
    }

    /// The empty window's forced frame: clear and present, nothing retained (the floor).
    func floor() -> [Double] {
        let retained = app.retainsFrame
        app.retainsFrame = false
        defer { app.retainsFrame = retained }
        let empty = View()
        empty.backgroundColor = .systemBackground
        app.window.rootView = empty
        settle()
        return time(frames, forcedFrame)
    }

    /// A 10,000-row table scrolled 7 points a frame (a slow drag), each frame timed: cells reused
    /// as rows enter. `whole`: every pixel of the window drawn again (a forced frame); otherwise
    /// the frame the scroll asks for, as the app draws it (pixels moved where the renderer can,
    /// counted in `moved`).
    func tableScroll(whole: Bool, moved: inout Int) -> [Double] {
        let source = ContactRows(count: 10_000)
        let table = TableView(frame: .zero, style: .plain)
        table.dataSource = source
        app.window.rootView = table
        settle()
        for _ in 0..<60 { table.contentOffset.y += 7; forcedFrame() }  // warm: the cells made, the glyphs
        var count = 0
        let times = time(frames) {
            table.contentOffset.y += 7
            if whole { forcedFrame() } else { app.drawFrame() }
            if app.window.frames.lastFrameScroll != nil { count += 1 }
        }
        moved += count
        return times
    }

    /// `--measure-table`: the floor and the table, in turns (five rounds), each beside the other:
    /// the frames a scroll draws (the target), and the same frames forced whole.
    func runTable() {
        func median(_ values: [Double]) -> Double { values.isEmpty ? .infinity : values[values.count / 2] }
        var floors: [Double] = [], tables: [Double] = [], wholes: [Double] = []
        var moved = 0, ignored = 0
        for _ in 0..<5 {
            floors.append(median(floor()))
            tables.append(median(tableScroll(whole: false, moved: &moved)))
            wholes.append(median(tableScroll(whole: true, moved: &ignored)))
        }
        let f = median(floors.sorted()), t = median(tables.sorted()), w = median(wholes.sorted())
        print("  frames kept in: \(app.retention?.rawValue ?? "nothing"); scroll frames that moved pixels: \(moved) of \(5 * frames)")
        print(String(format: "  the same frames forced whole: %.2f ms, %.2f× the floor", w, w / f))
        print(
            String(
                format:
                    "caret-demo --measure-table (%@): empty window %.2f ms; 10,000-row table scrolled 7 points a frame %.2f ms, %.2f× the floor (medians of 5 rounds of %d frames); target ≤ 1.2×: %@",
                app.rendererName, f, t, t / f, frames, t <= 1.2 * f ? "met" : "MISSED"))
    }

    /// Typing one character into a text view of `lines` lines: pushed as an SDL text-input
    /// event, one loop turn (the frame), the GPU finished.
    func keystroke(lines: Int) -> [Double] {
        let textView = TextView()
        textView.font = .monospacedSystemFont(ofSize: 15)
        textView.text = BenchmarkDocument.make(lines: lines)
        app.window.rootView = textView
        app.runOnce()
        _ = textView.becomeFirstResponder()
        let offset = BenchmarkDocument.insertionOffset(lines: lines)
        textView.selectedRange = NSRange(location: offset, length: 0)
        textView.scrollRangeToVisible(textView.selectedRange)
        settle()
        for _ in 0..<10 { type(in: app) }  // warm: the glyphs typed, the paragraph's layout
        return timeToFrame(frames) { type(in: app) }
    }

    private func type(in app: Application) {
        try? app.post(.textInput(bytes: Array("x".utf8)))
        app.runOnce()
    }

    /// The ten-field form's forced whole frame.
    func formFrame() -> [Double] {
        let form = TenFieldForm()
        app.window.rootView = form
        app.runOnce()
        _ = form.fields[0].becomeFirstResponder()
        settle()
        return time(frames, forcedFrame)
    }

    /// A megabyte pasted into a focused text field (as Ctrl+V does), to the first presented
    /// frame after it: `text` repeated to 1 MB of UTF-8. Spelling and the rest as an app has them.
    func pasteIntoField(_ text: String) -> [Double] {
        var pasted = ""
        while pasted.utf8.count < 1 << 20 { pasted += text }
        var times: [Double] = []
        for _ in 0..<3 {
            let form = TenFieldForm()
            app.window.rootView = form
            app.runOnce()
            _ = form.fields[0].becomeFirstResponder()
            // A word typed first: the spelling dictionary is open, as in a form someone is filling in.
            try? app.post(.textInput(bytes: Array("teh ".utf8)))
            settle()
            app.clipboard.string = pasted
            times += time(1) {
                form.fields[0].editor.paste()
                app.window.setNeedsFrame()
                app.drawFrame()
            }
            guard form.fields[0].editor.model.utf16Count == 4 + pasted.utf16.count else {
                print("  the paste did not arrive (\(form.fields[0].editor.model.utf16Count) of \(4 + pasted.utf16.count) units)")
                return []
            }
        }
        return times.sorted()
    }

    /// The form left alone for `seconds` in the real run loop with its caret blinking: the CPU
    /// it takes (of one core), the frames drawn and the largest rectangle one of them redrew.
    func idle(seconds: Double) -> (cpu: Double, frames: Int, largest: Rect, caret: Rect) {
        let form = TenFieldForm()
        app.window.rootView = form
        app.runOnce()
        _ = form.fields[0].becomeFirstResponder()
        settle()
        var largest = Rect.zero
        let framesBefore = app.statistics.frames
        app.onFrame = { [unowned app] _ in
            let area = app.window.frames.lastFrameArea
            if area.width * area.height > largest.width * largest.height { largest = area }
        }
        let cpuBefore = Self.cpuSeconds()
        let quitter = Thread { [app] in
            Thread.sleep(forTimeInterval: seconds)
            app.requestQuit()
        }
        quitter.start()
        app.run()
        let cpu = Self.cpuSeconds() - cpuBefore
        app.onFrame = nil
        let field = form.fields[0]
        let caret = field.convert(field.caretRect(for: field.selectedTextRange?.start ?? field.endOfDocument), to: nil)
        return (cpu / seconds * 100, app.statistics.frames - framesBefore, largest, caret)
    }

    /// Every frame of the on-screen keyboard sliding in over the form, in milliseconds.
    func keyboardSlideIn() -> [Double] {
        let form = TenFieldForm()
        app.window.rootView = form
        app.window.keyboard.policy = .always
        defer { app.window.keyboard.policy = .never }
        try? app.window.keyboard.loadLayouts()
        settle()
        var durations: [Double] = []
        for round in 0..<4 {
            _ = form.fields[round % 2 == 0 ? 1 : 0].resignFirstResponder()
            app.window.endEditing(true)
            while app.window.animator.isAnimating || app.window.needsFrame { app.runOnce() }
            _ = form.fields[round % 2].becomeFirstResponder()
            let deadline = Date().addingTimeInterval(2)
            repeat {
                app.window.tick()
                let start = DispatchTime.now().uptimeNanoseconds
                if app.window.needsFrame { app.drawFrame() }
                app.finishGPU()
                if round > 0 { durations.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
                Thread.sleep(forTimeInterval: 1.0 / 60)
            } while app.window.animator.isAnimating && Date() < deadline
        }
        return durations.sorted()
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Runs everything and prints a report: each figure beside the target README.md states, and
    /// at the end which targets this run missed.
    func run() {
        func median(_ values: [Double]) -> Double { values.isEmpty ? .infinity : values[values.count / 2] }
        func p90(_ values: [Double]) -> Double { values.isEmpty ? .infinity : values[min(values.count - 1, values.count * 9 / 10)] }
        var missed: [String] = []
        func report(_ figure: String, target: String, met: Bool) {
            print("  \(figure); target \(target): \(met ? "met" : "MISSED")")
            if !met { missed.append(figure.components(separatedBy: ":").first ?? figure) }
        }
        let size = app.window.bounds.size
        print(
            "caret-demo --measure: \(Int(size.width))×\(Int(size.height)) window, renderer \(app.rendererName), vsync off, GPU finished after each frame; \(frames) frames each, median (p90)"
        )
        let floorTimes = floor()
        let floorMedian = median(floorTimes)
        print(String(format: "  empty window, forced frame (the floor): %.2f ms (%.2f)", floorMedian, p90(floorTimes)))
        let thousand = median(keystroke(lines: 1_000))
        report(
            String(format: "keystroke to presented frame, text view of 1,000 lines: %.2f ms, %.2f× the floor", thousand, thousand / floorMedian),
            target: "under the floor", met: thousand < floorMedian)
        let twenty = median(keystroke(lines: 20_000))
        report(
            String(
                format: "keystroke to presented frame, text view of 20,000 lines: %.2f ms, %.2f× the floor, %.2f× the 1,000-line one", twenty,
                twenty / floorMedian, twenty / thousand),
            target: "under the floor and ≤ 1.1× the 1,000-line one", met: twenty < floorMedian && twenty <= 1.1 * thousand)
        print("  frames kept in: \(app.retention?.rawValue ?? "nothing")")
        var moved = 0
        let table = median(tableScroll(whole: false, moved: &moved))
        report(
            String(format: "10,000-row table scrolled 7 points a frame: %.2f ms, %.2f× the floor", table, table / floorMedian),
            target: "≤ 1.2× the floor", met: table <= 1.2 * floorMedian)
        let form = median(formFrame())
        report(
            String(format: "ten-field form, forced whole frame: %.2f ms, %.2f× the floor", form, form / floorMedian),
            target: "≤ 1.5× the floor", met: form <= 1.5 * floorMedian)
        for (name, text) in [
            ("ASCII", "The quick brown fox jumps over the lazy dog. "), ("mixed scripts", "Hello مرحبا שלום नमस्ते 你好 こんにちは 안녕 Привет γειά "),
        ] {
            let paste = pasteIntoField(text)
            report(
                String(
                    format: "1 MB paste into a text field (%@), to its first frame: %.1f ms (slowest of 3: %.1f)", name, median(paste),
                    paste.last ?? .infinity),
                target: "≤ 50 ms", met: median(paste) <= 50)
        }
        let slide = keyboardSlideIn()
        report(
            String(format: "keyboard sliding in: %d frames, median %.2f ms, slowest %.2f ms", slide.count, median(slide), slide.last ?? .infinity),
            target: "no frame over 4 ms", met: (slide.last ?? .infinity) <= 4)
        reportTaps(count: frames, report: report)
        let idle = idle(seconds: 5)
        // The caret's damage is its rectangle with a 2-point margin on every side (antialiasing).
        let onlyCaret = idle.largest.width <= idle.caret.width + 4 && idle.largest.height <= idle.caret.height + 4
        report(
            String(
                format: "idle 5 s, caret blinking in the form: %.2f %% of a core, %d frames, largest redraw %.0f×%.0f pt (the caret: %.0f×%.0f pt)",
                idle.cpu, idle.frames, idle.largest.width, idle.largest.height, idle.caret.width, idle.caret.height),
            target: "≤ 1 % of a core, redrawing only the caret", met: idle.cpu <= 1 && onlyCaret)
        print(missed.isEmpty ? "  every target met" : "  targets missed: \(missed.joined(separator: "; "))")
    }
}

/// Ten labelled text fields in a column, as a sign-up form has.
@MainActor
final class TenFieldForm: View {
    let fields: [TextField]

    required init?(coder: NSCoder) { nil }  // made in code

    override init(frame: Rect = .zero) {
        fields = (0..<10).map { i in
            let field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = "Field \(i + 1)"
            field.clearButtonMode = .whileEditing
            return field
        }
        super.init(frame: frame)
        backgroundColor = .systemGroupedBackground
        for field in fields { addSubview(field) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = min(bounds.width - 48, 560)
        for (i, field) in fields.enumerated() {
            field.frame = Rect(x: (bounds.width - width) / 2, y: 24 + Double(i) * 52, width: width, height: 40)
        }
    }
}

/// `caret-demo --measure-launch`: process start to the first presented frame of the ten-field
/// form, step by step, and the peak resident set.
@MainActor
enum LaunchMeasurement {
    /// Nanoseconds since the epoch when the process started (CaretSDL's reading).
    static func processStart() -> UInt64 { Application.processStart() }

    nonisolated static func now() -> UInt64 { Application.now() }

    /// A line of /proc/self/status in MiB (VmHWM is the peak resident set, VmRSS the current one).
    static func status(_ key: String) -> Double { Application.procStatus(key) }

    /// The mappings holding the most resident memory (from /proc/self/smaps), grouped by file.
    static func printLargestMappings() {
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return }
        let text = String(decoding: data, as: UTF8.self)
        var byName: [String: Double] = [:]
        var current = "?"
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = parts.first, first.contains("-"), parts.count >= 5 {
                current = parts.count >= 6 ? String(parts[5...].joined(separator: " ")) : "[anonymous]"
            } else if parts.first == "Rss:", parts.count >= 2, let kib = Double(parts[1]) {
                byName[current, default: 0] += kib / 1024
            }
        }
        for (name, mib) in byName.sorted(by: { $0.value > $1.value }).prefix(25) {
            print(String(format: "  %7.1f MiB  %@", mib, name))
        }
    }

    static func run(size: Size, renderer: Application.Configuration.RendererKind, started: UInt64, mainEntered: UInt64) throws {
        var marks: [(String, UInt64, Double)] = [("process start to Swift's main", mainEntered, 0)]
        func mark(_ name: String) { marks.append((name, now(), status("VmRSS"))) }
        if ProcessInfo.processInfo.environment["CARET_MEASURE_PARTS"] != nil {
            _ = try? ShapingFontProvider(scale: 1)
            mark("(fonts alone)")
        }
        let app = try Application(
            configuration: .init(title: "Caret launch", size: size, renderer: renderer, vsync: false, engines: PlatformEngine.all))
        mark("SDL video, window, \(app.rendererName) renderer, fonts")
        if ProcessInfo.processInfo.environment["CARET_MEASURE_PARTS"] != nil {
            _ = try? KeyboardLayouts.bundled()
            mark("(layouts alone)")
            _ = try? SuggestionProvider.bundledEnglish()
            mark("(word list alone)")
        }
        try? app.window.keyboard.loadLayouts()
        mark("keyboard layouts")
        let form = TenFieldForm()
        app.window.rootView = form
        _ = form.fields[0].becomeFirstResponder()
        mark("the form's views, first responder")
        app.window.layoutIfNeeded()
        mark("layout")
        app.drawFrame()
        app.finishGPU()
        mark("first frame drawn, presented, finished")
        var previous = started
        print("caret-demo --measure-launch: \(app.rendererName) renderer, \(Int(size.width))×\(Int(size.height))")
        for (name, time, rss) in marks {
            print(
                String(format: "  %6.1f ms  %@%@", Double(time - previous) / 1e6, name, rss > 0 ? String(format: " (resident: %.1f MiB)", rss) : ""))
            previous = time
        }
        print(String(format: "  launch to first frame: %.1f ms", Double(previous - started) / 1e6))
        print(String(format: "  peak resident set: %.1f MiB (now %.1f MiB)", status("VmHWM"), status("VmRSS")))
        if ProcessInfo.processInfo.environment["CARET_MEASURE_MAPS"] != nil { printLargestMappings() }
        app.close()
    }
}
