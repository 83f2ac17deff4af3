// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A layer's shadow, as `CALayer`'s shadow properties set it (docs/behaviour/porting.md): the
/// view's shape, moved by `offset`, blurred by a Gaussian whose standard deviation is `radius`, in
/// `color` at `opacity`. The defaults are Core Animation's: none shown until `opacity` is above 0.
struct LayerShadow: Equatable {
    /// The colour; nil draws no shadow, as in Core Animation.
    var color: Color? = .black
    var opacity: Double = 0
    var offset = Size(width: 0, height: -3)
    var radius: Double = 3
    /// The shape that casts it, in place of the view's (`layer.shadowPath`).
    var path: CGPath?

    /// Whether anything is drawn.
    var isVisible: Bool { opacity > 0 && (color?.alpha ?? 0) > 0 }

    /// The width of one band of the blur, in whole points: one point up to a radius of 20 (120
    /// bands), wider beyond, so that bands meet on pixel edges and none is painted twice or skipped.
    private var step: Double { max(1, (6 * max(0, radius) / 120).rounded(.up)) }

    /// How far the blur reaches beyond the shape's edge: three standard deviations (the rest is
    /// under half a percent), rounded up to whole steps.
    var reach: Double { radius > 0 ? (3 * radius / step).rounded(.up) * step : 0 }

    /// The area the shadow of shapes in `extent` covers.
    func area(of extent: Rect) -> Rect {
        guard isVisible, !extent.isNull else { return .null }
        return extent.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -reach - 1, dy: -reach - 1)
    }

    /// The shadow's coverage at `distance` points outside a straight edge (negative inside), of 1
    /// for the shape itself: the Gaussian blur of a half-plane, `Q(distance / radius)`.
    func coverage(atDistance distance: Double) -> Double {
        guard radius > 0 else { return distance < 0 ? 1 : 0 }
        return 0.5 * erfc(distance / (radius * 2.0.squareRoot()))
    }

    /// Draws the shadow of rounded rectangles (the shapes, in the context's coordinates): bands
    /// one step wide from the blur's outer reach inwards, each in the coverage at its middle,
    /// then the inside, so every point is painted once at the blur's value there. With no blur,
    /// the moved shapes, hard-edged.
    @MainActor func draw(shapes: [(rect: Rect, radius: Double)], in context: GraphicsContext) {
        guard isVisible, let color else { return }
        let alpha = opacity * color.alpha
        let reach = self.reach, step = self.step
        for shape in shapes {
            let moved = shape.rect.offsetBy(dx: offset.width, dy: offset.height)
            var outer = reach
            while outer > -reach {
                let rect = moved.insetBy(dx: -outer, dy: -outer)
                guard rect.width > 0, rect.height > 0 else { break }
                let width = min(step, rect.width / 2, rect.height / 2)
                let value = coverage(atDistance: outer - width / 2) * alpha
                let corner = max(0, shape.radius + outer)
                context.strokeRoundedRect(rect, radius: corner, lineWidth: width, color: color.withAlphaComponent(value))
                outer -= step
            }
            let inside = moved.insetBy(dx: -outer, dy: -outer)
            guard inside.width > 0, inside.height > 0 else { continue }
            let value = (reach > 0 ? coverage(atDistance: outer - step / 2) : 1) * alpha
            context.fillRoundedRect(inside, radius: max(0, shape.radius + outer), color: color.withAlphaComponent(value))
        }
    }
}

extension View {
    /// The shapes that cast the view's shadow, in its own coordinates: the layer's `shadowPath`
    /// when it has one, else its bounds when it draws a background or a border (UIKit's shadow
    /// follows the layer's drawn pixels), else each shown subview that draws one.
    func shadowShapes(bounds b: Rect) -> [(rect: Rect, radius: Double)] {
        if let path = layerShadow.path { return [(path.boundingBox, Double(path.cornerRadius))] }
        if (presentationBackgroundColor?.alpha ?? 0) > 0 || borderWidth > 0 { return [(b, cornerRadius)] }
        return subviews.compactMap { subview in
            guard !subview.isHidden, (subview.presentationBackgroundColor?.alpha ?? 0) > 0 || subview.borderWidth > 0
            else { return nil }
            return (subview.presentationFrame, subview.cornerRadius)
        }
    }

    /// The area the view's shadow (or `shadow`, one it had) covers, in its superview's
    /// coordinates, for a view at `f` (null when it casts none).
    func shadowArea(frame f: Rect, of shadow: LayerShadow? = nil) -> Rect {
        let shadow = shadow ?? layerShadow
        guard shadow.isVisible, !clipsToBounds else { return .null }  // a layer that clips clips its shadow away
        let b = presentationBounds
        let extent = shadowShapes(bounds: b).reduce(Rect.null) { $0.union($1.rect) }
        return shadow.area(of: extent).offsetBy(dx: f.minX - b.minX, dy: f.minY - b.minY)
    }
}
