import Benchmark
import Caret
import CaretDemoKit
import CaretSDL
import CaretTesting
import Foundation

/// The keyboard issue's target: no frame over 4 ms while the keyboard slides in over the demo
/// screen at 1280×800 with the software renderer. Each iteration focuses a field, draws every
/// frame of the 0.25 s slide at 60 frames a second on a virtual clock, and records the slowest
/// frame; then it hides the keyboard again (not measured).
func keyboardBenchmarks() {
    let slowestFrame = BenchmarkMetric.custom("slowest slide-in frame (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Keyboard slide-in, slowest frame, demo screen, 1280×800, software renderer",
        configuration: .init(metrics: [slowestFrame, .wallClock], maxIterations: 100)
    ) { benchmark async throws in
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            let scene = try KeyboardScene(size: Size(width: 1280, height: 800))
            for _ in measured.scaledIterations {
                measured.measurement(slowestFrame, scene.slideIn())
                scene.slideOut()
            }
        }
    }
}

/// The demo screen with the keyboard always on, drawn offscreen by the software renderer.
@MainActor
final class KeyboardScene {
    let canvas: OffscreenCanvas
    let window: Window
    let clock = VirtualClock()
    let field: TextField
    var warm = false

    init(size: Size) throws {
        canvas = try OffscreenCanvas(size: size)
        FontProviders.fallback = canvas.fonts
        window = Window(size: size, backend: OffscreenBackend(fontProvider: canvas.fonts, clock: clock))
        let images = FormScreen.Images(logo: try Image.named("caret"), checkmark: try Image.named("checkmark"))
        let screen = FormScreen(images: images)
        window.rootView = screen
        window.keyboard.policy = .always
        if ProcessInfo.processInfo.environment["CARET_NO_PANEL"] != nil { screen.tracer.onEvent = nil }
        field = screen.fields["name"]!
        window.render(to: canvas.renderer)
        // Warm up: the layouts load, the glyph atlas learns the keys, the event panel fills up.
        for _ in 0..<6 {
            _ = slideIn()
            slideOut()
        }
        warm = true
    }

    /// Focuses the field and draws the slide; returns the slowest frame in microseconds.
    func slideIn() -> Int {
        field.becomeFirstResponder()
        var slowest = Duration.zero
        let timer = ContinuousClock()
        repeat {
            clock.advance(by: 1.0 / 60)
            window.tick()
            let took = timer.measure { window.render(to: canvas.renderer) }
            if ProcessInfo.processInfo.environment["CARET_BENCH_TRACE"] != nil {
                print("frame", took, window.lastFrameRects, warm ? "measured" : "warm-up")
            }
            slowest = max(slowest, took)
        } while window.animator.isAnimating
        return Int(slowest / .microseconds(1))
    }

    /// Ends editing and lets the keyboard slide away.
    func slideOut() {
        field.resignFirstResponder()
        repeat {
            clock.advance(by: 1.0 / 60)
            window.tick()
            window.render(to: canvas.renderer)
        } while window.animator.isAnimating
    }
}
