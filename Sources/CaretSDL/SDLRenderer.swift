// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// The `Renderer` on an `SDL_Renderer`: a window's (accelerated or software) or a surface's
/// (headless). Points are multiplied by `scale`; edges snap to whole pixels so lines stay crisp.
@MainActor
public final class SDLRenderer: Renderer {
    /// The SDL renderer handle.
    let handle: OpaquePointer
    /// The fonts text is drawn with.
    public let fonts: ShapingFontProvider
    /// Pixels per point. A change makes the next frame a whole one.
    public var scale: Double {
        didSet { if scale != oldValue { forgetRetainedFrame() } }
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
        dropFrameTarget()
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
        frameTarget = nil
        forgetRetainedFrame()
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

    /// How the picture is turned on the output (docs/behaviour/kiosk.md): frames are drawn at the turned size
    /// into the frame texture and copied onto the output rotated by this angle, clockwise.
    public var rotation = DisplayRotation.none {
        didSet {
            if rotation != oldValue {
                dropFrameTarget()
                forgetRetainedFrame()
            }
        }
    }

    /// Whether a presenting renderer keeps the frame in a window-sized texture between frames and
    /// redraws only what changed there (then copies it to the back buffer and presents). GPU back
    /// buffers lose their pixels at every present; without this they are drawn whole each frame.
    /// On by default wherever SDL offers render targets; `CARET_FULL_REDRAW=1` turns it off.
    public var retainsFrame = true {
        didSet {
            if retainsFrame != oldValue {
                dropFrameTarget()
                forgetRetainedFrame()
            }
        }
    }

    private lazy var targetsSupported = SDL_RenderTargetSupported(handle) == SDL_TRUE
    /// The frame texture, and whether what it holds is a whole frame at the current size.
    var frameTarget: (texture: OpaquePointer, width: Int32, height: Int32)?
    private var frameTargetHoldsFrame = false
    /// Set when the texture could not be made: frames go straight to the back buffer.
    private var frameTargetFailed = false
    /// Whether this frame is being drawn into the frame texture.
    var drawingIntoFrameTarget = false
    /// Whether this frame is being drawn whole.
    private var drawingWholeFrame = false
    /// The pixel rectangles this frame redraws (empty when whole).
    private var frameDamage: [SDL_Rect] = []

    /// Whether the renderer checks if the back buffer keeps its pixels across presents (Mesa's
    /// software OpenGL copies the back buffer to the window and keeps it) and, when it does, draws
    /// the damage straight into it: no frame texture and no copy of it each frame.
    public var probesBackBuffer = true {
        didSet { if probesBackBuffer != oldValue { forgetRetainedFrame() } }
    }

    /// What the renderer knows of its back buffer's pixels after a present.
    ///
    /// The check is made once per renderer, on the first presented frame that is not one colour:
    /// any other buffer the driver could hand back then was never drawn into or holds an earlier
    /// frame of one colour, so only a kept buffer can equal it.
    private enum BackBuffer {
        /// Not checked yet: frames are drawn whole into it and the first one not of one colour is
        /// remembered (a few tries).
        case unknown(attempts: Int)
        /// Strips of the last presented frame, to compare with the back buffer before the next.
        case probing(width: Int32, height: Int32, pixels: [UInt32])
        /// It keeps them.
        case kept
        /// It does not (flipped or swapped buffers): the frame texture it is.
        case lost
    }
    private var backBuffer = BackBuffer.unknown(attempts: 0)
    /// The size of the whole frame the kept back buffer holds; nil when it holds none.
    private var backBufferFrame: (width: Int32, height: Int32)?

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
    public var retention: Retention {
        if !presents || (rotation == .none && glyphPath == .blits) { return .backBuffer }
        if keepsBackBuffer { return .backBuffer }
        return usesFrameTarget ? .frameTexture : .none
    }

    /// Whether this renderer may draw damage straight into the back buffer (probe permitting).
    private var mayKeepBackBuffer: Bool {
        presents && retainsFrame && probesBackBuffer && rotation == .none && glyphPath == .geometry
    }

    /// Whether the back buffer keeps its pixels and holds a whole frame at the output's size.
    private var keepsBackBuffer: Bool {
        guard mayKeepBackBuffer, case .kept = backBuffer, let frame = backBufferFrame else { return false }
        let output = outputPixels
        return output.width == frame.width && output.height == frame.height
    }

    /// Whether frames go through the frame texture: a turned picture always (when targets exist);
    /// a presenting GPU renderer once its back buffer was found not to keep its pixels (or when it
    /// is not asked). SDL's software renderer and surfaces keep their pixels themselves.
    private var usesFrameTarget: Bool {
        guard !frameTargetFailed, targetsSupported else { return false }
        if rotation != .none { return true }
        guard presents, retainsFrame, glyphPath == .geometry else { return false }
        guard probesBackBuffer else { return true }
        if case .lost = backBuffer { return true }
        return false
    }

    /// The next frame is drawn whole (scale changed, textures lost, retention changed). What the
    /// driver does with its buffers does not change: a decided check stays decided.
    private func forgetRetainedFrame() {
        frameTargetHoldsFrame = false
        backBufferFrame = nil
    }

    /// After a whole frame reached the back buffer: while unchecked, remembers it to compare
    /// with the back buffer before the next frame. A frame of one colour proves nothing: after a
    /// few of those the renderer settles for the frame texture.
    private func startBackBufferProbe() {
        guard mayKeepBackBuffer else { return }
        let output = outputPixels
        switch backBuffer {
        case .kept:
            backBufferFrame = output
        case let .unknown(attempts):
            guard output.width > 0, output.height > 0 else { return }
            if let pixels = readStrips(output), pixels.contains(where: { $0 != pixels[0] }) {
                backBuffer = .probing(width: output.width, height: output.height, pixels: pixels)
            } else {
                backBuffer = attempts >= 2 ? .lost : .unknown(attempts: attempts + 1)
            }
        case .probing, .lost:
            break
        }
    }

    /// Before the next frame: whether the back buffer still holds the last presented one.
    private func finishBackBufferProbe() {
        guard case let .probing(width, height, expected) = backBuffer else { return }
        let output = outputPixels
        guard mayKeepBackBuffer, output.width == width, output.height == height else {
            backBuffer = .unknown(attempts: 0)  // resized meanwhile: the buffers are new, check again
            return
        }
        if readStrips(output) == expected {
            backBuffer = .kept
            backBufferFrame = output
        } else {
            backBuffer = .lost
        }
    }

    /// Four full-height strips, 8 pixels wide, at an eighth, three, five and seven eighths of the
    /// width: they cross most layouts' text, fields and bars for a fraction of a whole read-back.
    private func readStrips(_ output: (width: Int32, height: Int32)) -> [UInt32]? {
        let width = min(8, output.width)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(4 * Int(width) * Int(output.height))
        for eighth in [1, 3, 5, 7] as [Int32] {
            var rect = SDL_Rect(x: min(output.width - width, output.width * eighth / 8), y: 0, w: width, h: output.height)
            var strip = [UInt32](repeating: 0, count: Int(width) * Int(output.height))
            let status = strip.withUnsafeMutableBytes {
                SDL_RenderReadPixels(handle, &rect, caret_SDL_PIXELFORMAT_ARGB8888(), $0.baseAddress, width * 4)
            }
            guard status == 0 else { return nil }
            pixels += strip
        }
        return pixels
    }

    private func dropFrameTarget() {
        flushBatches()
        if let frameTarget { SDL_DestroyTexture(frameTarget.texture) }
        frameTarget = nil
        frameTargetHoldsFrame = false
    }

    /// The output's own size in pixels (asked with no texture bound: a bound one answers its own).
    private var outputPixels: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        let target = SDL_GetRenderTarget(handle)
        if target != nil { SDL_SetRenderTarget(handle, nil) }
        SDL_GetRendererOutputSize(handle, &w, &h)
        if target != nil { SDL_SetRenderTarget(handle, target) }
        return (w, h)
    }

    /// The frame texture's size for the output now: the output's, turned.
    private var frameTargetSize: (width: Int32, height: Int32) {
        let output = outputPixels
        return rotation.swapsAxes ? (output.height, output.width) : output
    }

    /// Binds the frame texture (made or remade at the turned output size); false when it cannot be.
    private func bindFrameTarget() -> Bool {
        let (width, height) = frameTargetSize
        if frameTarget.map({ $0.width != width || $0.height != height }) ?? true {
            dropFrameTarget()
            guard width > 0, height > 0,
                let texture = SDL_CreateTexture(
                    handle, caret_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
            else {
                frameTargetFailed = true
                return false
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            frameTarget = (texture, width, height)
        }
        guard SDL_SetRenderTarget(handle, frameTarget!.texture) == 0 else {
            dropFrameTarget()
            frameTargetFailed = true
            return false
        }
        return true
    }

    /// Copies the frame texture onto the output (turned, centred when turned).
    private func presentFrameTarget() {
        guard drawingIntoFrameTarget, let frameTarget else { return }
        flushBatches()
        drawingIntoFrameTarget = false
        SDL_SetRenderTarget(handle, nil)
        if rotation == .none {
            SDL_RenderCopy(handle, frameTarget.texture, nil, nil)
            return
        }
        SDL_SetRenderDrawColor(handle, 0, 0, 0, 255)
        SDL_RenderClear(handle)
        let output = outputPixels
        var target = SDL_Rect(
            x: (output.width - frameTarget.width) / 2, y: (output.height - frameTarget.height) / 2,
            w: frameTarget.width, h: frameTarget.height)
        SDL_RenderCopyEx(handle, frameTarget.texture, nil, &target, Double(rotation.rawValue), nil, SDL_FLIP_NONE)
    }

    /// Whether the next frame may redraw only what changed: offscreen surfaces and SDL's software
    /// window keep their pixels; GPU renderers do in a back buffer found to keep them, or else
    /// through the frame texture once it holds a whole frame at the output's current size (never
    /// after a resize or lost textures). Asking settles a pending check of the back buffer.
    public var preservesContents: Bool {
        finishBackBufferProbe()
        if keepsBackBuffer { return true }
        if usesFrameTarget {
            guard frameTargetHoldsFrame, let frameTarget else { return false }
            let size = frameTargetSize
            return frameTarget.width == size.width && frameTarget.height == size.height
        }
        return rotation == .none && (!presents || glyphPath == .blits)
    }

    public func beginFrame(clearColor: Color, damage: [Rect], clearing: [Rect]) {
        beginFrame(clearColor: clearColor, damage: damage, fill: clearing)
    }

    public func beginFrame(clearColor: Color, damage: [Rect]?) {
        beginFrame(clearColor: clearColor, damage: damage, fill: damage)
    }

    private func beginFrame(clearColor: Color, damage: [Rect]?, fill: [Rect]?) {
        flushBatches()
        finishBackBufferProbe()
        if !keepsBackBuffer { backBufferFrame = nil }  // resized: this frame is whole
        drawingIntoFrameTarget = usesFrameTarget && bindFrameTarget()
        // A texture just made (or one that never held a whole frame) is cleared whole.
        let partial = damage != nil && (!drawingIntoFrameTarget || frameTargetHoldsFrame)
        drawingWholeFrame = !partial
        frameDamage = partial ? (damage ?? []).map(pixelRect) + [movedArea].compactMap { $0 } : []
        movedArea = nil
        if drawingIntoFrameTarget { frameTargetHoldsFrame = true }
        setClip(nil)
        let c = clearColor.bytes
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, 255)
        // Damage over the whole output is cleared as a whole frame is (a GPU clears in tiles
        // far faster than it fills a rectangle as shapes: llvmpipe, 1280×800, about 0.5 ms).
        let rects = partial ? (fill ?? []).filter { !$0.isEmpty }.map(pixelRect) : []
        let size = drawingIntoFrameTarget ? frameTargetSize : outputPixels
        if partial, !rects.contains(where: { $0.x <= 0 && $0.y <= 0 && $0.x + $0.w >= size.width && $0.y + $0.h >= size.height }) {
            for var r in rects { SDL_RenderFillRect(handle, &r) }
        } else {
            SDL_RenderClear(handle)
        }
    }

    public func endFrame() {
        flushBatches()
        setClip(nil)
        let wholeFrameInBackBuffer = rotation == .none && (drawingIntoFrameTarget || drawingWholeFrame)
        presentFrameTarget()
        if wholeFrameInBackBuffer { startBackBufferProbe() }
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
        if glyphPath == .blits, rotation == .none, !drawingWholeFrame, !frameDamage.isEmpty,
            let window = SDL_RenderGetWindow(handle)
        {
            SDL_RenderFlush(handle)
            if SDL_UpdateWindowSurfaceRects(window, frameDamage, Int32(frameDamage.count)) == 0 { return }
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
