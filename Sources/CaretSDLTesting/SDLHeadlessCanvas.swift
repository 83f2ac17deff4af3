// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretSDL
import CaretTesting
@_spi(Testing) import CaretText

/// A headless window's canvas drawn by SDL's software renderer with the bundled fonts, exactly as
/// an app draws: for golden images and benchmarks.
@preconcurrency @MainActor
public final class SDLHeadlessCanvas: HeadlessCanvas {
    /// The SDL canvas underneath.
    public let offscreen: OffscreenCanvas

    /// Creates a canvas of a size in points at a scale, with the bundled fonts (and the system's
    /// for what they lack, Han characters in their Japanese forms unless the text says otherwise,
    /// so images do not depend on the user's locale).
    public init(size: Size, scale: Double) throws(CaretError) {
        try FontconfigFinder.useTestConfiguration()  // the suite's fonts, whatever else the machine has
        offscreen = try OffscreenCanvas(size: size, scale: scale, fonts: try ShapingFontProvider(scale: scale, language: "ja"))
    }

    /// The bundled fonts, shaped by HarfBuzz and drawn by FreeType.
    public var fontProvider: FontProvider { offscreen.fonts }
    /// SDL's software renderer over the canvas.
    public var renderer: Renderer { offscreen.renderer }
    /// Resizes the surface.
    public func resize(to size: Size) throws(CaretError) { try offscreen.resize(to: size) }
    /// The pixels drawn so far.
    public func snapshot() throws(CaretError) -> Image { try offscreen.snapshot() }
}

extension HeadlessWindow.Fonts {
    /// The bundled DejaVu fonts (system fonts for what they lack) drawn by SDL's software renderer.
    public static var bundled: Self { .canvas { size, scale throws(CaretError) in try SDLHeadlessCanvas(size: size, scale: scale) } }
}

extension HeadlessWindow {
    /// The SDL renderer of a `.bundled` window, for counters such as rasterised glyphs.
    public var renderer: SDLRenderer? { (canvas as? SDLHeadlessCanvas)?.offscreen.renderer }
}

extension HeadlessWindow.Fonts {
    /// The bundled fonts drawn into a real window by its GPU renderer (needs a display).
    public static var gpuWindow: Self { gpuWindow(probingBackBuffer: true) }

    /// The same, keeping frames in the frame texture even where the back buffer keeps them
    /// (`probingBackBuffer` false), or with a back buffer spoilt after every present, as drivers
    /// that swap buffers leave it (`spoilingBackBuffer`).
    public static func gpuWindow(probingBackBuffer: Bool, spoilingBackBuffer: Bool = false) -> Self {
        .canvas { size, scale throws(CaretError) in
            let canvas = try SDLWindowHeadlessCanvas(size: size, scale: scale)
            canvas.window.renderer.probesBackBuffer = probingBackBuffer
            canvas.window.spoilsBackBufferAfterPresent = spoilingBackBuffer
            return canvas
        }
    }
}

extension HeadlessWindow {
    /// The SDL renderer of a `.gpuWindow` window.
    public var gpuRenderer: SDLRenderer? { (canvas as? SDLWindowHeadlessCanvas)?.window.renderer }
}
