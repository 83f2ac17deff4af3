// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The part of UIKit's `CALayer` that text-input screens set through `view.layer`: rounded
/// corners, a border, a shadow, and clipping. It speaks for its view (the same properties as the view's
/// `cornerRadius`, `borderWidth`, `borderColor` and `clipsToBounds`), so both ways draw the same.
@preconcurrency @MainActor
public final class Layer {
    /// The view drawn (held: a layer kept after its view still reads it safely).
    public let view: View

    init(view: View) { self.view = view }

    /// The corners' radius, in points.
    public var cornerRadius: Double {
        get { view.cornerRadius }
        set { view.cornerRadius = newValue }
    }

    /// The border's width, in points (0: none).
    public var borderWidth: Double {
        get { view.borderWidth }
        set { view.borderWidth = newValue }
    }

    /// The border's colour (UIKit's `CGColor?`: `Color.gray.cgColor`); nil is opaque black.
    public var borderColor: Color? {
        get { view.borderColor }
        set { view.borderColor = newValue ?? .black }
    }

    /// The shadow's colour (UIKit's `CGColor?`; opaque black by default); nil draws none.
    public var shadowColor: Color? {
        get { view.layerShadow.color }
        set { view.layerShadow.color = newValue }
    }

    /// How opaque the shadow is, 0 (none, the default) to 1.
    public var shadowOpacity: Float {
        get { Float(view.layerShadow.opacity) }
        set { view.layerShadow.opacity = Double(max(0, min(1, newValue))) }
    }

    /// How far the shadow is moved from the view, in points (down and right are positive; default 0, -3).
    public var shadowOffset: Size {
        get { view.layerShadow.offset }
        set { view.layerShadow.offset = newValue }
    }

    /// The shadow's blur, in points (the Gaussian's standard deviation; default 3).
    public var shadowRadius: Double {
        get { view.layerShadow.radius }
        set { view.layerShadow.radius = max(0, newValue) }
    }

    /// The shape that casts the shadow, in the view's coordinates (nil: the view's own shape).
    public var shadowPath: CGPath? {
        get { view.layerShadow.path }
        set { view.layerShadow.path = newValue }
    }

    /// Whether subviews are clipped to the bounds (the view's `clipsToBounds`).
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }
}

extension View {
    /// The view's layer, for code that sets `layer.cornerRadius`, `layer.borderWidth`,
    /// `layer.borderColor` and `layer.masksToBounds` as UIKit code does.
    public var layer: Layer { Layer(view: self) }
}
