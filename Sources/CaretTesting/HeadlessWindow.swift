import Caret
import CaretSDL

/// A window without a display: drawn by SDL's software renderer into memory, driven by
/// synthetic input and virtual time. Caret's own tests use it, and so can an app's.
@MainActor
public final class HeadlessWindow {
    /// Which fonts text is measured and drawn with.
    public enum Fonts {
        /// The bundled DejaVu fonts through SDL_ttf, exactly as an app draws.
        case bundled
        /// The fixed-advance test font: no font files, every character `ratio × size` wide; draws nothing.
        case fixedAdvance(ratio: Double)
    }

    /// The window under test.
    public let window: Window
    /// Its backend: the chosen fonts, an in-memory clipboard, the virtual clock.
    public let backend: OffscreenBackend
    /// The virtual clock.
    public let clock = VirtualClock()
    /// Synthesises taps, drags, scrolls, keys and text.
    public private(set) lazy var input = EventSynthesizer(host: self)
    /// The interval `advance(by:)` steps animations by.
    public var frameInterval: Double = 1.0 / 60
    private var canvas: OffscreenCanvas?
    /// With the fixed-advance font: the renderer that draws nothing but checks every call.
    public private(set) var nullRenderer: NullRenderer?
    private let scale: Double

    /// Creates a headless window of a size.
    public init(size: Size = Size(width: 800, height: 600), scale: Double = 1, fonts: Fonts = .bundled) throws(CaretError) {
        self.scale = scale
        let provider: FontProvider
        switch fonts {
        case .bundled:
            let ttf = try TTFFontProvider(scale: scale)
            canvas = try OffscreenCanvas(size: size, scale: scale, fonts: ttf)
            provider = ttf
        case let .fixedAdvance(ratio):
            provider = FixedAdvanceFontProvider(advanceRatio: ratio)
            nullRenderer = NullRenderer(size: size, scale: scale)
        }
        backend = OffscreenBackend(fontProvider: provider, clock: clock)
        window = Window(size: size, backend: backend)
    }

    /// Sets the root view.
    public var rootView: View? {
        get { window.rootView }
        set { window.rootView = newValue }
    }

    /// Runs pending layout now.
    public func layout() { window.layoutIfNeeded() }

    /// Moves virtual time forward in frame steps, running timers, animations and layout at each.
    public func advance(by seconds: Double) {
        var remaining = seconds
        while remaining > 1e-9 {
            let step = min(frameInterval, remaining)
            clock.advance(by: step)
            remaining -= step
            window.tick()
            window.layoutIfNeeded()
        }
    }

    /// Runs animations until none is left (at most `limit` seconds of virtual time).
    public func settle(limit: Double = 10) {
        var elapsed = 0.0
        repeat {
            advance(by: frameInterval)
            elapsed += frameInterval
        } while window.animator.isAnimating && elapsed < limit
    }

    /// Resizes the window (as a user or a rotation would).
    public func resize(to size: Size) throws(CaretError) {
        try canvas?.resize(to: size)
        nullRenderer?.size = size
        window.send(.resized(size))
    }

    /// Lays out and draws the window, returning its pixels. Needs `.bundled` fonts.
    public func render() throws(CaretError) -> Image {
        guard let canvas else {
            throw CaretError.backendUnavailable(
                subsystem: "headless renderer", reason: "the fixed-advance test font cannot draw; use .bundled")
        }
        window.render(to: canvas.renderer)
        return try canvas.snapshot()
    }

    /// Lays out and draws the window without reading the pixels back (for benchmarks); with the
    /// fixed-advance font it draws through a `NullRenderer`, which checks every call.
    public func drawFrame() {
        if let canvas {
            window.render(to: canvas.renderer)
        } else if let nullRenderer {
            window.render(to: nullRenderer)
        }
    }

    /// The renderer, for counters such as rasterised glyphs.
    public var renderer: SDLRenderer? { canvas?.renderer }
}
