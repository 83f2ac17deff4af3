// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// Pixels in memory drawn by SDL's software renderer: no display, no video driver, no window.
/// The headless test kit and the benchmarks render through it.
@preconcurrency @MainActor
public final class OffscreenCanvas {
    /// The renderer drawing into the canvas.
    public private(set) var renderer: SDLRenderer
    /// The fonts text is drawn with.
    public let fonts: ShapingFontProvider
    private var surface: UnsafeMutablePointer<SDL_Surface>

    /// Creates a canvas of a size in points at a scale.
    public init(size: Size, scale: Double = 1, fonts: ShapingFontProvider? = nil) throws(CaretError) {
        let provider: ShapingFontProvider
        if let fonts { provider = fonts } else { provider = try ShapingFontProvider(scale: scale) }
        self.fonts = provider
        let fonts = provider
        (surface, renderer) = try Self.make(size: size, scale: scale, fonts: fonts)
        SDLImageDecoder.install()
    }

    private static func make(size: Size, scale: Double, fonts: ShapingFontProvider) throws(CaretError)
        -> (UnsafeMutablePointer<SDL_Surface>, SDLRenderer)
    {
        let w = Int32(max(1, (size.width * scale).rounded())), h = Int32(max(1, (size.height * scale).rounded()))
        // ARGB8888, the format of the glyph atlas and of most window surfaces, so SDL blits
        // between them with its fast paths; `readPixels` converts to RGBA.
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, caret_SDL_PIXELFORMAT_ARGB8888()) else {
            throw CaretError.backendUnavailable(subsystem: "SDL surface \(w)×\(h)", reason: sdlErrorMessage())
        }
        guard let handle = SDL_CreateSoftwareRenderer(surface) else {
            let reason = sdlErrorMessage()
            SDL_FreeSurface(surface)
            throw CaretError.backendUnavailable(subsystem: "SDL software renderer", reason: reason)
        }
        let renderer = SDLRenderer(handle: handle, fonts: fonts, scale: scale, presents: false)
        renderer.drawnSurface = surface
        return (surface, renderer)
    }

    isolated deinit {
        renderer.releaseTextures()
        SDL_DestroyRenderer(renderer.handle)
        SDL_FreeSurface(surface)
    }

    /// Replaces the pixels with a new size (textures are made again).
    public func resize(to size: Size) throws(CaretError) {
        let (newSurface, newRenderer) = try Self.make(size: size, scale: renderer.scale, fonts: fonts)
        renderer.releaseTextures()
        SDL_DestroyRenderer(renderer.handle)
        SDL_FreeSurface(surface)
        surface = newSurface
        renderer = newRenderer
    }

    /// The pixels drawn so far.
    public func snapshot() throws(CaretError) -> Image { try renderer.readPixels() }
}
