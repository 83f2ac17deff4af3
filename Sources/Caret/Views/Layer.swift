// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The part of UIKit's `CALayer` that text-input screens set through `view.layer`: rounded
/// corners, a border, and clipping. It speaks for its view (the same properties as the view's
/// `cornerRadius`, `borderWidth`, `borderColor` and `clipsToBounds`), so both ways draw the same.
@MainActor
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
