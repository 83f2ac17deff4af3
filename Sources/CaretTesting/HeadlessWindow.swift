// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret

/// A window without a display, driven by synthetic input and virtual time. With the fixed-advance
/// test font it needs no font files and draws through a renderer that checks every call; with
/// a canvas (`CaretSDLTesting`'s `.bundled`: SDL's software renderer and the bundled fonts) it
/// draws real pixels. Caret's own tests use it, and so can an app's.
@preconcurrency @MainActor
public final class HeadlessWindow {
    /// Which fonts text is measured and drawn with.
    public enum Fonts {
        /// The fixed-advance test font: no font files, every character `ratio × size` wide; draws nothing.
        case fixedAdvance(ratio: Double)
        /// A canvas made for the window's size and scale, whose fonts measure and draw the text.
        case canvas(@MainActor (Size, Double) throws(CaretError) -> HeadlessCanvas)
        /// Any font provider (CaretText's shaping one, say) measures the text; nothing is drawn.
        case provider(FontProvider)
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
    /// What frames are drawn into (nil with the fixed-advance font).
    public private(set) var canvas: HeadlessCanvas?
    /// With the fixed-advance font: the renderer that draws nothing but checks every call.
    public private(set) var nullRenderer: NullRenderer?
    private let scale: Double

    /// Creates a headless window of a size.
    /// `inputMethod` stands for a system input method the backend talks to itself (IBus);
    /// `spelling` is the window's dictionaries (none by default).
    public init(
        size: Size = Size(width: 800, height: 600), scale: Double = 1, fonts: Fonts, inputMethod: InputMethodService? = nil,
        spelling: SpellingDictionaries? = nil
    ) throws(CaretError) {
        self.scale = scale
        let provider: FontProvider
        switch fonts {
        case let .canvas(make):
            let made = try make(size, scale)
            canvas = made
            provider = made.fontProvider
        case let .fixedAdvance(ratio):
            provider = FixedAdvanceFontProvider(advanceRatio: ratio)
            nullRenderer = NullRenderer(size: size, scale: scale)
        case let .provider(given):
            provider = given
            nullRenderer = NullRenderer(size: size, scale: scale)
        }
        backend = OffscreenBackend(fontProvider: provider, clock: clock, inputMethod: inputMethod)
        backend.spellingDictionaries = spelling
        window = Window(size: size, backend: backend)
    }

    /// Sets the root view.
    public var rootView: View? {
        get { window.rootView }
        set { window.rootView = newValue }
    }

    /// Runs pending layout now.
    public func layout() { window.layoutIfNeeded() }

    /// Moves virtual time forward in frame steps, running timers, animations, layout and then idle
    /// work at each.
    public func advance(by seconds: Double) {
        var remaining = seconds
        while remaining > 1e-9 {
            let step = min(frameInterval, remaining)
            clock.advance(by: step)
            remaining -= step
            window.tick()
            window.layoutIfNeeded()
            window.animator.runIdleWork()  // after the frame, as the run loop does
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

    /// Lays out and draws the window, returning its pixels. Needs a canvas.
    public func render() throws(CaretError) -> Image {
        guard let canvas else {
            throw CaretError.backendUnavailable(
                subsystem: "headless renderer", reason: "the fixed-advance test font cannot draw; use a canvas (.bundled)")
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
}
