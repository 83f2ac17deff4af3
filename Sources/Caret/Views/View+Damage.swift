// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Damage: marking the parts of a view (and of the subviews around it) that the next frame must
/// draw again, in the window's coordinates, and invalidating the rasterised layers above them.
extension View {
    /// Marks the whole view to be drawn again in the next frame.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
        damageShadow()  // its alpha, background, corners or border may change its shadow
    }

    /// Damages where the view's shadow was last drawn and where it falls now (both outside its
    /// bounds), so that no shadow is left behind when it moves, changes or goes.
    func damageShadow() {
        guard let parent = superview, !drawnShadowArea.isNull || layerShadow.isVisible else { return }
        parent.setNeedsDisplay(drawnShadowArea.union(shadowArea(frame: presentationFrame)))
    }

    /// Marks a rectangle of the view (its own coordinates) to be drawn again in the next frame.
    public func setNeedsDisplay(_ rect: Rect) {
        var ancestor: View? = self
        while let view = ancestor {
            // A layer drawn whole is drawn again where it changed (a key pressed redraws the
            // key, not the keyboard).
            if view.rasterizes, view.rasterIsValid {
                let damage = (rect.isNull ? bounds : convert(rect, to: view)).insetBy(dx: -1, dy: -1)
                view.rasterDamage = view.rasterDamage.map { $0.union(damage) } ?? damage
            }
            ancestor = view.superview
        }
        guard let window, !rect.isNull else { return }
        window.setNeedsDisplay(inWindowRect: convert(rect, to: nil).insetBy(dx: -1, dy: -1))
    }

    /// Damages the area the view and its subviews cover, given the view's frame (in the superview):
    /// subviews may draw outside an unclipped view.
    func damageSubtree(in frameRect: Rect) {
        guard let parent = superview, window != nil else { return setNeedsDisplay() }
        var area = frameRect.union(drawnShadowArea).union(shadowArea(frame: frameRect))
        if !clipsToBounds {
            func collect(_ view: View, _ offset: Point) {
                for subview in view.subviews where !subview.isHidden {
                    let dx = offset.x - view.bounds.minX, dy = offset.y - view.bounds.minY
                    let f = subview.frame.offsetBy(dx: dx, dy: dy)
                    area = area.union(f).union(subview.shadowArea(frame: f)).union(subview.drawnShadowArea.offsetBy(dx: dx, dy: dy))
                    if !subview.clipsToBounds { collect(subview, f.origin) }
                }
            }
            collect(self, frameRect.origin)
        }
        parent.setNeedsDisplay(area)
    }
}
