// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
@_spi(Testing) import Caret
import CaretTesting
import CaretText
import Foundation

/// Memory of big text, headless, through the real text stack (issue 25, item 4): the peak resident
/// set above the launch figure (the window and its fonts made, before any text), for two runs:
/// `scroll` loads the 10 MB benchmark document (200,000 lines) into a text view and scrolls it end
/// to end a screen at a time, drawing each frame; `pastes` builds 10 MB in a text view from 1 KB
/// pastes. Each run is its own process (the peak only grows): `caret-demo --measure-memory scroll`.
/// The scroll run resets the peak after loading (`/proc/self/clear_refs`), so its peak is the
/// scrolling's, not that of making the 10 MB string the measurement hands over.
@MainActor
enum MemoryMeasurement {
    static func run(_ scenario: String) throws {
        let fonts = try ShapingFontProvider(scale: 1)
        let host = try HeadlessWindow(size: Size(width: 1280, height: 800), fonts: .provider(fonts))
        host.window.keyboard.policy = .never
        host.rootView = View()
        let textView = TextView(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        host.rootView!.addSubview(textView)
        host.layout()
        host.drawFrame()
        let launch = LaunchMeasurement.status("VmRSS")
        // The document is made, measured and handed over inside a scope: the measurement keeps no copy.
        let units = 200_000 * 50 - 1
        let start = Date()
        switch scenario {
        case "scroll":
            do { textView.text = BenchmarkDocument.make(lines: 200_000) }
            host.drawFrame()
            let loaded = LaunchMeasurement.status("VmRSS")
            // The peak from here on: scrolling's, not the making of the document string.
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            var offset = 0.0
            var frames = 0
            while offset < textView.contentSize.height {
                textView.contentOffset = Point(x: 0, y: offset)
                host.drawFrame()
                offset += textView.bounds.height
                frames += 1
            }
            print(
                String(
                    format: "scroll: loaded %.1f MiB above launch; %d frames end to end in %.1f s", loaded - launch, frames,
                    Date().timeIntervalSince(start)))
        case "pastes":
            guard textView.becomeFirstResponder() else { throw ValidationError("the text view took no focus") }
            let piece = String(BenchmarkDocument.make(lines: 21).prefix(1024))
            host.backend.clipboard.string = piece
            var pasted = 0
            while pasted < units {
                textView.editor.paste()
                pasted += piece.utf16.count
                if pasted % (1024 * 256) == 0 { host.drawFrame() }
            }
            host.drawFrame()
            print(
                String(
                    format: "pastes: %d units in 1 KB pastes in %.1f s; undo steps kept: %d", textView.text.utf16.count,
                    Date().timeIntervalSince(start), textView.editor.model.undoStepCount))
        default:
            throw ValidationError("--measure-memory takes scroll or pastes")
        }
        let peak = LaunchMeasurement.status("VmHWM")
        let target = scenario == "scroll" ? 3 * Double(units * 2) / 1_048_576 : 300
        print(
            String(
                format: "%@: launch %.1f MiB, peak %.1f MiB, %.1f MiB above launch (target %@ %.0f MiB)", scenario, launch, peak, peak - launch,
                scenario == "scroll" ? "3 × the UTF-16 size:" : "peak", target))
    }
}
