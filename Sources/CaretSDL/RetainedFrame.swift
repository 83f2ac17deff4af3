// SPDX-License-Identifier: Apache-2.0

import CSDL2
import Caret

/// How a presenting renderer keeps its frame between presents, so that the next frame redraws
/// only what changed (ARCHITECTURE.md, "a frame"): in the back buffer when the driver keeps it
/// (`BackBufferProbe`), else in a window-sized texture copied to the back buffer each frame, and
/// always in that texture when the picture is turned (docs/behaviour/kiosk.md). Owned by its
/// `SDLRenderer`, which flushes its held-back draws before any call that changes the target.
@MainActor
final class RetainedFrame {
    /// What the renderer asks of retention.
    struct Settings: Equatable {
        /// Whether the renderer presents (a window) or leaves its pixels in place (a surface).
        var presents: Bool
        /// Whether glyphs and shapes go as geometry (a GPU) rather than blits (SDL's software renderer).
        var drawsGeometry: Bool
        /// Whether frames are kept at all (`CARET_FULL_REDRAW=1` turns it off).
        var retainsFrame = true
        /// Whether the back buffer is checked for keeping its pixels.
        var probesBackBuffer = true
        /// How the picture is turned on the output, clockwise.
        var rotation = DisplayRotation.none
    }

    private let handle: OpaquePointer
    /// What retention is asked; a change of rotation or retention drops the frame texture, and
    /// any change makes the next frame whole.
    var settings: Settings {
        didSet {
            guard settings != oldValue else { return }
            if settings.rotation != oldValue.rotation || settings.retainsFrame != oldValue.retainsFrame { dropTarget() }
            forgetFrame()
        }
    }
    private lazy var targetsSupported = SDL_RenderTargetSupported(handle) == SDL_TRUE
    /// The frame texture.
    private(set) var target: (texture: OpaquePointer, width: Int32, height: Int32)?
    /// Whether the frame texture holds a whole frame at its size.
    private var targetHoldsFrame = false
    /// Set when the texture could not be made: frames go straight to the back buffer.
    private var targetFailed = false
    /// Whether this frame is being drawn into the frame texture.
    private(set) var drawingIntoTarget = false
    /// Whether this frame is being drawn whole.
    private(set) var drawingWholeFrame = false
    /// The pixel rectangles this frame redraws (empty when whole).
    private(set) var damage: [SDL_Rect] = []
    private var probe = BackBufferProbe()

    init(handle: OpaquePointer, settings: Settings) {
        self.handle = handle
        self.settings = settings
    }

    /// How frames are kept between presents now (surfaces keep their own pixels: `backBuffer`).
    var retention: SDLRenderer.Retention {
        if !settings.presents || (settings.rotation == .none && !settings.drawsGeometry) { return .backBuffer }
        if keepsBackBuffer { return .backBuffer }
        return usesTarget ? .frameTexture : .none
    }

    /// Whether the next frame may redraw only what changed: offscreen surfaces and SDL's software
    /// window keep their pixels; GPU renderers do in a back buffer found to keep them, or else
    /// through the frame texture once it holds a whole frame at the output's current size (never
    /// after a resize or lost textures). Asking settles a pending check of the back buffer.
    var preservesContents: Bool {
        finishProbe()
        if keepsBackBuffer { return true }
        if usesTarget {
            guard targetHoldsFrame, let target else { return false }
            let size = targetSize
            return target.width == size.width && target.height == size.height
        }
        return settings.rotation == .none && (!settings.presents || !settings.drawsGeometry)
    }

    /// The size frames are drawn at in pixels: the frame texture's while drawing into it, else the output's.
    var drawingSize: (width: Int32, height: Int32) { drawingIntoTarget ? targetSize : outputPixels }

    /// Starts a frame: binds the frame texture when frames go through it, and says whether the
    /// frame may be partial (`damage` given, and a target that holds a whole frame). `moved`
    /// (pixels moved before this frame) is presented with the damage.
    func beginFrame(damage requested: [SDL_Rect]?, moved: SDL_Rect?) -> Bool {
        finishProbe()
        if !keepsBackBuffer { probe.forgetFrame() }  // resized: this frame is whole
        drawingIntoTarget = usesTarget && bindTarget()
        // A texture just made (or one that never held a whole frame) is cleared whole.
        let partial = requested != nil && (!drawingIntoTarget || targetHoldsFrame)
        drawingWholeFrame = !partial
        damage = partial ? (requested ?? []) + [moved].compactMap { $0 } : []
        if drawingIntoTarget { targetHoldsFrame = true }
        return partial
    }

    /// Ends a frame before it is presented: copies the frame texture onto the output and, after
    /// a whole frame reached the back buffer, checks whether the driver keeps it.
    func endFrame() {
        let wholeFrameInBackBuffer = settings.rotation == .none && (drawingIntoTarget || drawingWholeFrame)
        presentTarget()
        if wholeFrameInBackBuffer, mayKeepBackBuffer {
            probe.wholeFrameShown(outputPixels) { readStrips(outputPixels) }
        }
    }

    /// The texture drawing goes back to after a layer: the frame texture, or the output (nil).
    var frameTexture: OpaquePointer? { drawingIntoTarget ? target?.texture : nil }

    /// The next frame is drawn whole (scale changed, textures lost, retention changed). What the
    /// driver does with its buffers does not change: a decided check stays decided.
    func forgetFrame() {
        targetHoldsFrame = false
        probe.forgetFrame()
    }

    /// Frees the frame texture.
    func dropTarget() {
        if let target { SDL_DestroyTexture(target.texture) }
        target = nil
        targetHoldsFrame = false
    }

    /// Forgets the frame texture the GPU lost (its handle is no longer valid).
    func targetWasLost() {
        target = nil
        forgetFrame()
    }

    // MARK: Deciding

    /// Whether this renderer may draw damage straight into the back buffer (probe permitting).
    private var mayKeepBackBuffer: Bool {
        settings.presents && settings.retainsFrame && settings.probesBackBuffer && settings.rotation == .none
            && settings.drawsGeometry
    }

    /// Whether the back buffer keeps its pixels and holds a whole frame at the output's size.
    private var keepsBackBuffer: Bool { mayKeepBackBuffer && probe.holdsWholeFrame(of: outputPixels) }

    /// Whether frames go through the frame texture: a turned picture always (when targets exist);
    /// a presenting GPU renderer once its back buffer was found not to keep its pixels (or when it
    /// is not asked). SDL's software renderer and surfaces keep their pixels themselves.
    private var usesTarget: Bool {
        guard !targetFailed, targetsSupported else { return false }
        if settings.rotation != .none { return true }
        guard settings.presents, settings.retainsFrame, settings.drawsGeometry else { return false }
        return !settings.probesBackBuffer || probe.isLost
    }

    /// Before the next frame: whether the back buffer still holds the last presented one.
    private func finishProbe() {
        guard probe.isProbing else { return }
        let output = outputPixels
        probe.beforeNextFrame(output, mayKeep: mayKeepBackBuffer) { readStrips(output) }
    }

    // MARK: SDL

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

    /// The output's own size in pixels (asked with no texture bound: a bound one answers its own).
    var outputPixels: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        let bound = SDL_GetRenderTarget(handle)
        if bound != nil { SDL_SetRenderTarget(handle, nil) }
        SDL_GetRendererOutputSize(handle, &w, &h)
        if bound != nil { SDL_SetRenderTarget(handle, bound) }
        return (w, h)
    }

    /// The frame texture's size for the output now: the output's, turned.
    private var targetSize: (width: Int32, height: Int32) {
        let output = outputPixels
        return settings.rotation.swapsAxes ? (output.height, output.width) : output
    }

    /// Binds the frame texture (made or remade at the turned output size); false when it cannot be.
    private func bindTarget() -> Bool {
        let (width, height) = targetSize
        if target.map({ $0.width != width || $0.height != height }) ?? true {
            dropTarget()
            guard width > 0, height > 0,
                let texture = SDL_CreateTexture(
                    handle, caret_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
            else {
                targetFailed = true
                return false
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            target = (texture, width, height)
        }
        guard let target, SDL_SetRenderTarget(handle, target.texture) == 0 else {
            dropTarget()
            targetFailed = true
            return false
        }
        return true
    }

    /// Copies the frame texture onto the output (turned, centred when turned).
    private func presentTarget() {
        guard drawingIntoTarget, let target else { return }
        drawingIntoTarget = false
        SDL_SetRenderTarget(handle, nil)
        let rotation = settings.rotation
        if rotation == .none {
            SDL_RenderCopy(handle, target.texture, nil, nil)
            return
        }
        SDL_SetRenderDrawColor(handle, 0, 0, 0, 255)
        SDL_RenderClear(handle)
        let output = outputPixels
        var rect = SDL_Rect(
            x: (output.width - target.width) / 2, y: (output.height - target.height) / 2, w: target.width, h: target.height)
        SDL_RenderCopyEx(handle, target.texture, nil, &rect, Double(rotation.rawValue), nil, SDL_FLIP_NONE)
    }
}
