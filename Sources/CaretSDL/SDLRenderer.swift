// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// The `Renderer` on an `SDL_Renderer`: a window's (accelerated or software) or a surface's
/// (headless). Points are multiplied by `scale`; edges snap to whole pixels so lines stay crisp.
@preconcurrency @MainActor
public final class SDLRenderer: Renderer {
    /// The SDL renderer handle.
    let handle: OpaquePointer
    /// The fonts text is drawn with.
    public let fonts: ShapingFontProvider
    /// Pixels per point. A change makes the next frame a whole one.
    public var scale: Double {
        didSet { if scale != oldValue { retained.forgetFrame() } }
    }
    /// Whether `endFrame` presents (a window) or leaves the pixels in place (a surface).
    let presents: Bool
    /// Called after drawing and before presenting, e.g. to read the pixels for a screenshot.
    var beforePresent: (() -> Void)?
    /// Called right after presenting (tests use it to spoil the back buffer as swapping drivers do).
    var afterPresent: (() -> Void)?

    let atlas: GlyphAtlas
    var imageTextures: [ObjectIdentifier: (image: WeakImage, texture: OpaquePointer)] = [:]
    /// Images drawn at another size, resampled to it (see `drawImage`).
    var resampledTextures: [ResampledKey: (image: WeakImage, texture: OpaquePointer, used: UInt64)] = [:]
    var resampleClock: UInt64 = 0
    struct ResampledKey: Hashable {
        var image: ObjectIdentifier
        var width: Int32
        var height: Int32
    }
    var clipIsEmpty = false
    /// The clip in pixels as last set (nil: none), to put back after drawing into another target.
    var clipPixels: SDL_Rect?
    /// Rounded shapes drawn once into textures (see `SDLRenderer+ShapeCache.swift`).
    var shapeCache = ShapeCache()
    /// Whether rounded shapes go through `shapeCache` (tests compare both ways).
    var cachesShapes = true
    /// Triangles handed to SDL so far (tests: what the shape cache saves).
    var trianglesDrawn = 0
    /// Pixels of layers drawn again so far, whole or in part (tests: a tap redraws a key, not the keyboard).
    var layerPixelsDrawn = 0
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    /// Draws held back and merged until the clip, the target or the frame changes (GPU
    /// renderers; see `DrawBatches`).
    var batches = DrawBatches()
    /// Whether a GPU renderer merges draws (tests compare both ways).
    var batchesDraws = true
    /// Draw calls handed to SDL so far (tests: what batching saves).
    var drawCalls = 0

    final class WeakImage {
        weak var image: Image?
        init(_ image: Image) { self.image = image }
    }

    /// How glyphs reach the target. GPU renderers batch textured triangles into one draw, so a
    /// run is one `SDL_RenderGeometry` call; SDL's software renderer rasterises triangles pixel by
    /// pixel but blits unscaled rectangles with optimised loops, so there each glyph is a blit
    /// from the atlas (a full 1280×800 demo frame, release build: 4.34 ms with blits, 4.81 ms with geometry).
    enum GlyphPath {
        case geometry
        case blits
    }

    let glyphPath: GlyphPath
    /// The surface a software renderer made for it draws into (an offscreen canvas's).
    var drawnSurface: UnsafeMutablePointer<SDL_Surface>?
    /// The pixel area moved before this frame, presented with its damage.
    var movedArea: SDL_Rect?

    init(handle: OpaquePointer, fonts: ShapingFontProvider, scale: Double, presents: Bool) {
        self.handle = handle
        self.fonts = fonts
        self.scale = scale
        self.presents = presents
        self.atlas = GlyphAtlas(renderer: handle)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        glyphPath = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 ? .blits : .geometry
        retained = RetainedFrame(handle: handle, settings: .init(presents: presents, drawsGeometry: glyphPath == .geometry))
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
        atlas.willDropPages = { [unowned self] in flushBatches() }
    }

    struct Layer {
        weak var owner: AnyObject?
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
    }
    var layers: [ObjectIdentifier: Layer] = [:]
    var drawingLayer = false

    /// Frees every texture; call before destroying the SDL renderer.
    func releaseTextures() {
        flushBatches()
        retained.dropTarget()
        for (_, layer) in layers { SDL_DestroyTexture(layer.texture) }
        layers.removeAll()
        atlas.reset()
        for (_, entry) in imageTextures { SDL_DestroyTexture(entry.texture) }
        imageTextures.removeAll()
        for (_, entry) in resampledTextures { SDL_DestroyTexture(entry.texture) }
        resampledTextures.removeAll()
        shapeCache.removeAll(destroying: true)
    }

    /// Forgets textures the GPU lost (SDL_RENDER_TARGETS_RESET / DEVICE_RESET).
    func texturesWereLost() {
        batches.discard()
        retained.targetWasLost()
        layers.removeAll()
        atlas.reset()
        imageTextures.removeAll()
        resampledTextures.removeAll()
        shapeCache.removeAll(destroying: false)
    }

    /// The output size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The output size in points.
    public var size: Size {
        let p = pixelSize
        return Size(width: Double(p.width) / scale, height: Double(p.height) / scale)
    }

    /// The number of glyphs rasterised so far (each once).
    public var rasterisedGlyphCount: Int { atlas.rasterisedCount }
    /// The number of atlas textures in use.
    public var atlasPageCount: Int { atlas.pages.count }

    // MARK: The retained frame

    /// How frames are kept between presents (`RetainedFrame`).
    let retained: RetainedFrame

    /// How the picture is turned on the output (docs/behaviour/kiosk.md): frames are drawn at the turned size
    /// into the frame texture and copied onto the output rotated by this angle, clockwise.
    public var rotation: DisplayRotation {
        get { retained.settings.rotation }
        set {
            if newValue != retained.settings.rotation { flushBatches() }
            retained.settings.rotation = newValue
        }
    }

    /// Whether a presenting renderer keeps the frame in a window-sized texture between frames and
    /// redraws only what changed there (then copies it to the back buffer and presents). GPU back
    /// buffers lose their pixels at every present; without this they are drawn whole each frame.
    /// On by default wherever SDL offers render targets; `CARET_FULL_REDRAW=1` turns it off.
    public var retainsFrame: Bool {
        get { retained.settings.retainsFrame }
        set {
            if newValue != retained.settings.retainsFrame { flushBatches() }
            retained.settings.retainsFrame = newValue
        }
    }

    /// Whether the renderer checks if the back buffer keeps its pixels across presents (Mesa's
    /// software OpenGL copies the back buffer to the window and keeps it) and, when it does, draws
    /// the damage straight into it: no frame texture and no copy of it each frame.
    public var probesBackBuffer: Bool {
        get { retained.settings.probesBackBuffer }
        set { retained.settings.probesBackBuffer = newValue }
    }

    /// How a presenting renderer keeps frames between presents.
    public enum Retention: String, Sendable {
        /// It does not: every frame is drawn whole.
        case none
        /// In a window-sized texture copied to the back buffer each frame.
        case frameTexture = "frame texture"
        /// In the back buffer itself, which the driver keeps across presents.
        case backBuffer = "back buffer"
    }

    /// How frames are kept between presents now (surfaces keep their own pixels: `backBuffer`).
    public var retention: Retention { retained.retention }

    /// Whether the next frame may redraw only what changed (`RetainedFrame.preservesContents`).
    public var preservesContents: Bool { retained.preservesContents }

    public func beginFrame(clearColor: Color, damage: [Rect], clearing: [Rect]) {
        beginFrame(clearColor: clearColor, damage: damage, fill: clearing)
    }

    public func beginFrame(clearColor: Color, damage: [Rect]?) {
        beginFrame(clearColor: clearColor, damage: damage, fill: damage)
    }

    private func beginFrame(clearColor: Color, damage: [Rect]?, fill: [Rect]?) {
        flushBatches()
        let partial = retained.beginFrame(damage: damage?.map(pixelRect), moved: movedArea)
        movedArea = nil
        setClip(nil)
        let c = clearColor.bytes
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, 255)
        // Damage over the whole output is cleared as a whole frame is (a GPU clears in tiles
        // far faster than it fills a rectangle as shapes: llvmpipe, 1280×800, about 0.5 ms).
        let rects = partial ? (fill ?? []).filter { !$0.isEmpty }.map(pixelRect) : []
        let size = retained.drawingSize
        if partial, !rects.contains(where: { $0.x <= 0 && $0.y <= 0 && $0.x + $0.w >= size.width && $0.y + $0.h >= size.height }) {
            for var r in rects { SDL_RenderFillRect(handle, &r) }
        } else {
            SDL_RenderClear(handle)
        }
    }

    public func endFrame() {
        flushBatches()
        setClip(nil)
        retained.endFrame()
        beforePresent?()
        if presents {
            present()
            afterPresent?()
        }
        imageTextures = imageTextures.filter { _, entry in
            if entry.image.image == nil { SDL_DestroyTexture(entry.texture); return false }
            return true
        }
        resampledTextures = resampledTextures.filter { _, entry in
            if entry.image.image == nil { SDL_DestroyTexture(entry.texture); return false }
            return true
        }
        layers = layers.filter { _, layer in
            if layer.owner == nil { SDL_DestroyTexture(layer.texture); return false }
            return true
        }
    }

    /// Shows the frame. SDL's software renderer draws into the window's surface and its present
    /// sends the whole surface to the display (4 MB at 1280×800, the software floor); a partial
    /// frame sends only its rectangles instead.
    private func present() {
        let damage = retained.damage
        if glyphPath == .blits, rotation == .none, !retained.drawingWholeFrame, !damage.isEmpty,
            let window = SDL_RenderGetWindow(handle)
        {
            SDL_RenderFlush(handle)
            if SDL_UpdateWindowSurfaceRects(window, damage, Int32(damage.count)) == 0 { return }
        }
        SDL_RenderPresent(handle)
    }

    private typealias GLFinish = @convention(c) () -> Void
    private lazy var glFinish: GLFinish? = {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        guard let name = info.name.map({ String(cString: $0) }), name.hasPrefix("opengl"),
            let address = SDL_GL_GetProcAddress("glFinish")
        else { return nil }
        return unsafeBitCast(address, to: GLFinish.self)
    }()

    /// Waits until the GPU has done the work sent so far: glFinish on SDL's OpenGL renderers, a
    /// one-pixel read-back on others (for measuring frames, never needed to draw them).
    public func finishGPU() {
        flushBatches()
        SDL_RenderFlush(handle)
        if let glFinish { return glFinish() }
        var pixel: UInt32 = 0
        var rect = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        _ = SDL_RenderReadPixels(handle, &rect, caret_SDL_PIXELFORMAT_ARGB8888(), &pixel, 4)
    }

    /// Reads the current frame's pixels as an image at the renderer's scale.
    public func readPixels() throws(CaretError) -> Image {
        flushBatches()
        let (w, h) = pixelSize
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let status = bytes.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(handle, nil, caret_SDL_PIXELFORMAT_RGBA32(), buffer.baseAddress, Int32(w * 4))
        }
        if status != 0 { throw CaretError.backendUnavailable(subsystem: "SDL_RenderReadPixels", reason: sdlErrorMessage()) }
        return try Image(pixels: bytes, pixelWidth: w, pixelHeight: h, scale: scale)
    }
}
