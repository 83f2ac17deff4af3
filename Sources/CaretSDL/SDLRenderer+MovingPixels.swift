// SPDX-License-Identifier: Apache-2.0

import CSDL2
import Caret
import Foundation

/// Moving kept pixels for a scroll (ScrollBlit.swift): on SDL's software renderer the
/// frame is a surface in memory (the window's, or an offscreen canvas's), so a scrolled area's
/// rows are moved in place, where drawing them again would cost the text and shapes they hold.
/// GPU renderers draw instead: their kept frame sits in a texture or the driver's back buffer.
extension SDLRenderer {
    /// The surface SDL's software renderer draws into, when it has one it keeps.
    private var keptSurface: UnsafeMutablePointer<SDL_Surface>? {
        guard glyphPath == .blits, rotation == .none else { return nil }
        if let drawnSurface { return drawnSurface }
        guard presents, let window = SDL_RenderGetWindow(handle) else { return nil }
        return SDL_GetWindowSurface(window)
    }

    public var movesPixels: Bool { keptSurface != nil }

    public func scrollPixels(in area: Rect, by dy: Double) -> Bool {
        flushBatches()
        SDL_RenderFlush(handle)
        guard let surface = keptSurface, dy != 0 else { return false }
        let bounds = SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)
        var wanted = pixelRect(area), rect = SDL_Rect()
        guard SDL_IntersectRect(&wanted, [bounds], &rect) == SDL_TRUE, rect.x == wanted.x, rect.y == wanted.y,
            rect.w == wanted.w, rect.h == wanted.h
        else { return false }
        let shift = Int32((dy * scale).rounded())
        guard abs(shift) < rect.h else { return false }
        if SDL_MUSTLOCK(surface) { SDL_LockSurface(surface) }
        defer { if SDL_MUSTLOCK(surface) { SDL_UnlockSurface(surface) } }
        guard let pixels = surface.pointee.pixels else { return false }
        let pitch = Int(surface.pointee.pitch), bytesPerPixel = Int(surface.pointee.format.pointee.BytesPerPixel)
        let rowBytes = Int(rect.w) * bytesPerPixel, left = Int(rect.x) * bytesPerPixel
        let rows = Int(rect.h - abs(shift))
        // Up: top row first; down: bottom row first, so no row is read after it was written.
        let order = shift > 0 ? Array(0..<rows) : Array((0..<rows).reversed())
        for i in order {
            let to = Int(rect.y) + (shift > 0 ? i : i - Int(shift))
            let from = to + Int(shift)
            memmove(pixels + to * pitch + left, pixels + from * pitch + left, rowBytes)
        }
        movedArea =
            movedArea.map {
                var a = $0, b = rect, u = SDL_Rect(); SDL_UnionRect(&a, &b, &u); return u
            } ?? rect
        return true
    }
}

/// SDL's SDL_MUSTLOCK macro.
private func SDL_MUSTLOCK(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
    surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
}
