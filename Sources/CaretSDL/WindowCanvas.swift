// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// A real SDL window drawn by its GPU renderer (OpenGL on Mesa under Xvfb), whose frames can be
/// read back as they are presented: for tests and measurements of the path apps take on screen.
@preconcurrency @MainActor
public final class WindowCanvas {
    /// The renderer drawing into the window.
    public let renderer: SDLRenderer
    /// The fonts text is drawn with.
    public let fonts: ShapingFontProvider
    /// The name of the SDL renderer (e.g. "opengl").
    public let rendererName: String
    /// Whether each presented frame is read back for `snapshot()` (slow: for tests only).
    public var capturesFrames = true {
        didSet { installCapture() }
    }
    private let sdlWindow: OpaquePointer
    private var lastFrame: Image?

    /// Opens a window of a size in points with an accelerated renderer; throws when the video
    /// driver offers none (the dummy driver, a display without GL).
    public init(size: Size, scale: Double = 1, fonts: ShapingFontProvider? = nil) throws(CaretError) {
        try SDLRuntime.startVideo()
        let w = Int32(max(1, (size.width * scale).rounded())), h = Int32(max(1, (size.height * scale).rounded()))
        guard
            let window = SDL_CreateWindow(
                "Caret canvas", caret_SDL_WINDOWPOS_CENTERED(), caret_SDL_WINDOWPOS_CENTERED(), w, h,
                SDL_WINDOW_SHOWN.rawValue)
        else {
            let reason = sdlErrorMessage()
            SDLRuntime.stopVideo()
            throw CaretError.backendUnavailable(subsystem: "SDL window", reason: reason)
        }
        guard let handle = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue) else {
            let reason = sdlErrorMessage()
            SDL_DestroyWindow(window)
            SDLRuntime.stopVideo()
            throw CaretError.backendUnavailable(subsystem: "SDL renderer (accelerated)", reason: reason)
        }
        let provider: ShapingFontProvider
        do throws(CaretError) {
            if let fonts { provider = fonts } else { provider = try ShapingFontProvider(scale: scale) }
        } catch {
            SDL_DestroyRenderer(handle)
            SDL_DestroyWindow(window)
            SDLRuntime.stopVideo()
            throw error
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        sdlWindow = window
        self.fonts = provider
        renderer = SDLRenderer(handle: handle, fonts: provider, scale: scale, presents: true)
        installCapture()
    }

    private func installCapture() {
        renderer.beforePresent =
            capturesFrames ? { [unowned self] in self.lastFrame = try? self.renderer.readPixels() } : nil
    }

    isolated deinit {
        renderer.beforePresent = nil
        renderer.afterPresent = nil
        renderer.releaseTextures()
        SDL_DestroyRenderer(renderer.handle)
        SDL_DestroyWindow(sdlWindow)
        SDLRuntime.stopVideo()
    }

    /// Resizes the window (the renderer's frame texture is made again at the new size).
    public func resize(to size: Size) {
        SDL_SetWindowSize(
            sdlWindow, Int32(max(1, (size.width * renderer.scale).rounded())),
            Int32(max(1, (size.height * renderer.scale).rounded())))
    }

    /// For tests: after each present the back buffer is filled with magenta, as a driver that
    /// hands out another buffer leaves it; the renderer must find out and keep frames elsewhere.
    public var spoilsBackBufferAfterPresent = false {
        didSet {
            renderer.afterPresent =
                spoilsBackBufferAfterPresent
                ? { [unowned self] in
                    SDL_SetRenderDrawColor(self.renderer.handle, 255, 0, 255, 255)
                    SDL_RenderClear(self.renderer.handle)
                    SDL_RenderFlush(self.renderer.handle)
                } : nil
        }
    }

    /// Tells the renderer the GPU lost its textures, as SDL_RENDER_TARGETS_RESET does.
    public func simulateLostTextures() { renderer.texturesWereLost() }

    /// The last presented frame as it went to the screen.
    public func snapshot() throws(CaretError) -> Image {
        guard let lastFrame else {
            throw CaretError.backendUnavailable(subsystem: "window canvas", reason: "no frame presented yet")
        }
        return lastFrame
    }

    /// Waits for the GPU to finish the frames sent so far (glFinish on OpenGL renderers; a
    /// one-pixel read-back elsewhere), so a timed frame includes the GPU's work.
    public func finish() { renderer.finishGPU() }
}
