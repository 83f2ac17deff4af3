import CSDL2
import Caret
import CaretText

/// Images (a texture each, made once) and layers: render-target textures that a view draws into
/// once and the renderer composites with an alpha (animations).
extension SDLRenderer {
    func texture(for image: Image) -> OpaquePointer? {
        let key = ObjectIdentifier(image)
        if let entry = imageTextures[key], entry.image.image === image { return entry.texture }
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
        imageTextures[key] = (WeakImage(image), texture)
        return texture
    }

    public func beginLayer(for owner: AnyObject, size: Size) -> Bool {
        if getenv("CARET_DEBUG_LAYER") != nil { print("beginLayer", size) }
        guard !drawingLayer else { return false }
        let w = Int32((size.width * scale).rounded(.up)), h = Int32((size.height * scale).rounded(.up))
        guard w > 0, h > 0 else { return false }
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
        drawingLayer = true
        setClip(nil)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, 0, 0, 0, 0)
        SDL_RenderClear(handle)
        return true
    }

    public func endLayer() {
        guard drawingLayer else { return }
        SDL_SetRenderTarget(handle, drawingIntoFrameTarget ? frameTarget?.texture : nil)  // back to the frame
        drawingLayer = false
        setClip(nil)
    }

    public func drawLayer(for owner: AnyObject, at origin: Point, alpha: Double, opaque: Bool) -> Bool {
        guard let layer = layers[ObjectIdentifier(owner)] else { return false }
        guard !clipIsEmpty else { return true }
        let shownAlpha = max(0, min(1, alpha))
        SDL_SetTextureBlendMode(layer.texture, opaque && shownAlpha >= 1 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(layer.texture, UInt8((shownAlpha * 255).rounded()))
        var target = SDL_Rect(x: px(origin.x), y: px(origin.y), w: layer.width, h: layer.height)
        SDL_RenderCopy(handle, layer.texture, nil, &target)
        return true
    }

    public func drawImage(_ image: Image, in rect: Rect, alpha: Double) {
        guard !clipIsEmpty, let texture = texture(for: image) else { return }
        SDL_SetTextureAlphaMod(texture, UInt8((max(0, min(1, alpha)) * 255).rounded()))
        var target = pixelRect(rect)
        SDL_RenderCopy(handle, texture, nil, &target)
    }
}
