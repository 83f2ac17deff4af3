// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret
import CaretText

/// Images (a texture each, made once) and layers: render-target textures that a view draws into
/// once and the renderer composites with an alpha (animations).
extension SDLRenderer {
    func texture(for image: Image) -> OpaquePointer? {
        let key = ObjectIdentifier(image)
        if let entry = imageTextures[key], entry.image.image === image { return entry.texture }
        guard let texture = makeTexture(image) else { return nil }
        imageTextures[key] = (WeakImage(image), texture)
        return texture
    }

    /// The image resampled to a size in pixels; an image keeps its three last-used sizes.
    func texture(for image: Image, width: Int32, height: Int32) -> OpaquePointer? {
        let key = ResampledKey(image: ObjectIdentifier(image), width: width, height: height)
        resampleClock &+= 1
        if let entry = resampledTextures[key], entry.image.image === image {
            resampledTextures[key]?.used = resampleClock
            return entry.texture
        }
        flushBatches()  // a miss may destroy textures that draws held back use
        if let stale = resampledTextures.removeValue(forKey: key) { SDL_DestroyTexture(stale.texture) }
        let sizes = resampledTextures.filter { $0.key.image == key.image }.sorted { $0.value.used < $1.value.used }
        for (old, entry) in sizes.dropLast(2) {
            SDL_DestroyTexture(entry.texture)
            resampledTextures[old] = nil
        }
        guard let texture = makeTexture(image.resampled(pixelWidth: Int(width), pixelHeight: Int(height))) else { return nil }
        resampledTextures[key] = (WeakImage(image), texture, resampleClock)
        return texture
    }

    private func makeTexture(_ image: Image) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                handle, caret_SDL_PIXELFORMAT_RGBA32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                Int32(image.pixelWidth), Int32(image.pixelHeight))
        else { return nil }
        image.pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(image.pixelWidth * 4))
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    public func beginLayer(for owner: AnyObject, size: Size) -> Bool {
        if getenv("CARET_DEBUG_LAYER") != nil { print("beginLayer", size) }
        guard !drawingLayer else { return false }
        let w = Int32((size.width * scale).rounded(.up)), h = Int32((size.height * scale).rounded(.up))
        guard w > 0, h > 0 else { return false }
        flushBatches()  // what was drawn before goes to the frame
        let key = ObjectIdentifier(owner)
        var layer = layers[key]
        if let existing = layer, existing.width != w || existing.height != h {
            SDL_DestroyTexture(existing.texture)
            layer = nil
        }
        if layer == nil {
            guard
                let texture = SDL_CreateTexture(
                    handle, caret_SDL_PIXELFORMAT_ARGB8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h)
            else { return false }
            layer = Layer(owner: owner, texture: texture, width: w, height: h)
            layers[key] = layer
        }
        guard let layer, SDL_SetRenderTarget(handle, layer.texture) == 0 else { return false }
        layerPixelsDrawn += Int(w) * Int(h)
        drawingLayer = true
        setClip(nil)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, 0, 0, 0, 0)
        SDL_RenderClear(handle)
        return true
    }

    public func updateLayer(for owner: AnyObject, size: Size, in rect: Rect) -> Bool {
        guard !drawingLayer, let layer = layers[ObjectIdentifier(owner)] else { return false }
        flushBatches()
        let w = Int32((size.width * scale).rounded(.up)), h = Int32((size.height * scale).rounded(.up))
        guard layer.width == w, layer.height == h, SDL_SetRenderTarget(handle, layer.texture) == 0 else { return false }
        drawingLayer = true
        setClip(nil)
        var area = pixelRect(rect)
        layerPixelsDrawn += Int(area.w) * Int(area.h)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, 0, 0, 0, 0)
        SDL_RenderFillRect(handle, &area)
        return true
    }

    public func endLayer() {
        guard drawingLayer else { return }
        flushBatches()  // the layer's draws go to the layer
        SDL_SetRenderTarget(handle, retained.frameTexture)  // back to the frame
        drawingLayer = false
        setClip(nil)
    }

    public func drawLayer(for owner: AnyObject, at origin: Point, alpha: Double, opaque: Bool) -> Bool {
        guard let layer = layers[ObjectIdentifier(owner)] else { return false }
        guard !clipIsEmpty else { return true }
        let shownAlpha = max(0, min(1, alpha))
        let blend = opaque && shownAlpha >= 1 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND
        let alphaMod = UInt8((shownAlpha * 255).rounded())
        var target = SDL_Rect(x: px(origin.x), y: px(origin.y), w: layer.width, h: layer.height)
        if batching {
            submitCopy(layer.texture, blend: blend, alpha: alphaMod, to: target)
            return true
        }
        SDL_SetTextureBlendMode(layer.texture, blend)
        SDL_SetTextureAlphaMod(layer.texture, alphaMod)
        drawCalls += 1
        SDL_RenderCopy(handle, layer.texture, nil, &target)
        return true
    }

    /// Draws an image into a rectangle. A scaled copy is resampled once in the core and then drawn
    /// pixel for pixel where SDL would scale on the CPU (its software renderer, whose scaled copy
    /// samples differently when the clip cuts it, so a partial redraw would differ from a whole
    /// one) or where the image shrinks to less than half (a GPU's bilinear copy drops strokes).
    public func drawImage(_ image: Image, in rect: Rect, alpha: Double) {
        guard !clipIsEmpty else { return }
        var target = pixelRect(rect)
        guard target.w > 0, target.h > 0 else { return }
        let scaled = Int(target.w) != image.pixelWidth || Int(target.h) != image.pixelHeight
        let shrinksFar = Int(target.w) * 2 < image.pixelWidth || Int(target.h) * 2 < image.pixelHeight
        let resample = scaled && (glyphPath == .blits || shrinksFar)
        guard let texture = resample ? texture(for: image, width: target.w, height: target.h) : texture(for: image) else { return }
        let alphaMod = UInt8((max(0, min(1, alpha)) * 255).rounded())
        if batching { return submitCopy(texture, blend: SDL_BLENDMODE_BLEND, alpha: alphaMod, to: target) }
        SDL_SetTextureAlphaMod(texture, alphaMod)
        drawCalls += 1
        SDL_RenderCopy(handle, texture, nil, &target)
    }
}

extension SDLRenderer {
    /// The frame's pixels in a rectangle as drawn so far (SDL reads the current target: the
    /// window's surface, the frame texture, or the back buffer), for the text loupe. Nil while a
    /// layer is drawn (not the frame) or when SDL cannot read.
    public func snapshot(of rect: Rect) -> Image? {
        guard !drawingLayer else { return nil }
        flushBatches()
        let limit = (width: Int32((size.width * scale).rounded()), height: Int32((size.height * scale).rounded()))
        let r = pixelRect(rect)
        let x0 = max(0, r.x), y0 = max(0, r.y), x1 = min(limit.width, r.x + r.w), y1 = min(limit.height, r.y + r.h)
        guard x1 > x0, y1 > y0 else { return nil }
        var area = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
        var bytes = [UInt8](repeating: 0, count: Int(area.w * area.h) * 4)
        let status = bytes.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(handle, &area, caret_SDL_PIXELFORMAT_RGBA32(), buffer.baseAddress, area.w * 4)
        }
        guard status == 0 else { return nil }
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }  // the frame is opaque
        return try? Image(pixels: bytes, pixelWidth: Int(area.w), pixelHeight: Int(area.h), scale: scale)
    }
}
