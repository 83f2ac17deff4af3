// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretSDL
import CaretTesting
@_spi(Testing) import CaretText

/// A headless window's canvas that is a real SDL window drawn by its GPU renderer (OpenGL on
/// Mesa under Xvfb), with the same fonts as `.bundled`: partial redraws go through the renderer's
/// retained frame texture exactly as an app's do on screen.
@preconcurrency @MainActor
public final class SDLWindowHeadlessCanvas: HeadlessCanvas {
    /// The SDL window underneath.
    public let window: WindowCanvas

    /// Opens the window; throws where no accelerated renderer is to be had.
    public init(size: Size, scale: Double) throws(CaretError) {
        try FontconfigFinder.useTestConfiguration()  // the suite's fonts, whatever else the machine has
        window = try WindowCanvas(size: size, scale: scale, fonts: try ShapingFontProvider(scale: scale, language: "ja"))
    }

    /// The bundled fonts, shaped by HarfBuzz and drawn by FreeType.
    public var fontProvider: FontProvider { window.fonts }
    /// The window's GPU renderer.
    public var renderer: Renderer { window.renderer }
    /// Resizes the window.
    public func resize(to size: Size) throws(CaretError) { window.resize(to: size) }
    /// The last presented frame.
    public func snapshot() throws(CaretError) -> Image { try window.snapshot() }
}
