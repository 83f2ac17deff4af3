// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretSDL
import Foundation

/// `caret-demo --measure` (and `--measure-taps`): a tap on the on-screen keyboard against a
/// hardware keystroke, in a real window on the demo's sign-up form (issue 43). A tap is a finger
/// going down and up on a key's pixels through SDL's queue; a keystroke is the text SDL sends for
/// a key; each is timed to the end of the presented frame that shows its letter (the GPU
/// finished), and the idle work after that frame (autocorrection's search steps, spell checking)
/// runs before the next one, unmeasured, as between a person's taps.
@MainActor
extension WindowMeasurement {
    /// What the taps and keys type: real words with spaces, some misspelt (so corrections are
    /// offered and made), and one long word a letter at a time.
    static let tapText = "teh quick brown fox jumsp over the lazy dog and tpyes a few more wrods here "

    /// The form with the keyboard up and the name field focused, autocorrection as asked.
    private func formWithKeyboard(autocorrection: Bool) -> TextField? {
        let screen = FormScreen(images: FormScreen.Images(logo: try? Image.named("caret"), checkmark: try? Image.named("checkmark")))
        app.window.rootView = screen
        app.window.keyboard.policy = .always
        app.window.keyboard.languages = ["en"]
        guard let field = screen.fields["name"] else { return nil }
        field.autocorrectionType = autocorrection ? .yes : .no
        field.autocapitalizationType = .none
        field.maximumLength = nil
        app.runOnce()
        _ = field.becomeFirstResponder()
        return field
    }

    /// Lets the turn's idle work and animations (the key's popup fading) finish, unmeasured.
    private func quiesce() {
        var turns = 0
        repeat {
            app.runOnce()
            turns += 1
        } while (app.window.animator.isAnimating || app.window.animator.hasIdleWork || app.window.needsFrame) && turns < 50
    }

    /// The window point of a key's centre (a letter or the space bar), or nil.
    private func keyCentre(_ character: Character) -> Point? {
        guard let keyboard = app.window.keyboard.keyboardView else { return nil }
        let entry = keyboard.keyFrames.first { entry in
            if character == " " { return entry.key.action == .space }
            return entry.key.action == .text(String(character))
        }
        return entry.map { keyboard.convert(Point(x: $0.frame.midX, y: $0.frame.midY), to: nil) }
    }

    /// Milliseconds from each tap (or keystroke) to its presented frame, `count` of them typing
    /// `tapText` over and over (the field emptied, unmeasured, when it fills up); sorted.
    func typing(count: Int, byTaps: Bool, autocorrection: Bool) -> [Double] {
        guard let field = formWithKeyboard(autocorrection: autocorrection) else { return [] }
        settle()
        var durations: [Double] = []
        var framed: UInt64?
        var typed = 0
        app.onFrame = { [unowned app] _ in
            app.finishGPU()
            framed = DispatchTime.now().uptimeNanoseconds
        }
        defer {
            app.onFrame = nil
            app.window.keyboard.policy = .never
        }
        let letters = Array(Self.tapText)
        var index = 0
        while durations.count < count {
            let character = letters[index % letters.count]
            index += 1
            let before = field.text?.utf16.count ?? 0
            framed = nil
            let start = DispatchTime.now().uptimeNanoseconds
            if byTaps {
                guard let point = keyCentre(character) else { return [] }
                try? app.post(.finger(id: 1, phase: .began, location: point))
                try? app.post(.finger(id: 1, phase: .ended, location: point))
            } else {
                try? app.post(.textInput(bytes: Array(String(character).utf8)))
            }
            app.runOnce()
            let end = framed ?? DispatchTime.now().uptimeNanoseconds
            // Only what typed: a warm-up of a line's worth first (glyphs, the word list, the dictionary).
            if (field.text?.utf16.count ?? 0) != before, typed >= 20 { durations.append(Double(end - start) / 1e6) }
            typed += 1
            if typed > 20 * count { return [] }  // taps that type nothing: no figure rather than a hang
            quiesce()
            if (field.text?.utf16.count ?? 0) > 60 {
                field.text = ""
                quiesce()
            }
        }
        return durations.sorted()
    }

    /// Prints the taps with autocorrection on and off beside the keystroke, medians of three runs
    /// of `count`, in turns; returns the three medians (on, off, key).
    @discardableResult
    func reportTaps(count: Int, report: (String, String, Bool) -> Void) -> (on: Double, off: Double, key: Double) {
        func median(_ values: [Double]) -> Double { values.isEmpty ? .infinity : values[values.count / 2] }
        func p95(_ values: [Double]) -> Double { values.isEmpty ? .infinity : values[min(values.count - 1, values.count * 95 / 100)] }
        var on: [Double] = [], off: [Double] = [], key: [Double] = []
        var all = (on: [Double](), off: [Double](), key: [Double]())
        for _ in 0..<3 {
            let a = typing(count: count, byTaps: true, autocorrection: true)
            let b = typing(count: count, byTaps: true, autocorrection: false)
            let c = typing(count: count, byTaps: false, autocorrection: true)
            on.append(median(a))
            off.append(median(b))
            key.append(median(c))
            all.on += a
            all.off += b
            all.key += c
        }
        let m = (on: median(on.sorted()), off: median(off.sorted()), key: median(key.sorted()))
        print(
            String(
                format:
                    "  tap on the keyboard to presented frame, name field of the form: autocorrection on %.2f ms (p95 %.2f), off %.2f ms (p95 %.2f); hardware keystroke into the same field %.2f ms (p95 %.2f); medians of 3 runs of %d",
                m.on, p95(all.on.sorted()), m.off, p95(all.off.sorted()), m.key, p95(all.key.sorted()), count))
        report(String(format: "tap with autocorrection: %.2f× the tap without", m.on / m.off), "≤ 1.5×", m.on <= 1.5 * m.off)
        report(String(format: "tap with autocorrection: %.2f× the hardware keystroke", m.on / m.key), "≤ 2×", m.on <= 2 * m.key)
        return m
    }

    /// `--measure-taps`: the taps and the keystroke alone, with the verdicts.
    func runTaps() {
        var missed: [String] = []
        let size = app.window.bounds.size
        print(
            "caret-demo --measure-taps: \(Int(size.width))×\(Int(size.height)) window, renderer \(app.rendererName), vsync off, GPU finished after each frame"
        )
        reportTaps(count: frames) { figure, target, met in
            print("  \(figure); target \(target): \(met ? "met" : "MISSED")")
            if !met { missed.append(figure) }
        }
        print(missed.isEmpty ? "  every target met" : "  targets missed: \(missed.joined(separator: "; "))")
    }
}
