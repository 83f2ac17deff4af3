// SPDX-License-Identifier: Apache-2.0
/// The focus ring (docs/behaviour/focus-and-editing.md): a two-tone ring just outside the
/// focused control, shown while focus was moved by keyboard or switch, placed by the layout
/// phase so that it follows the control when it moves or scrolls.
@MainActor
final class FocusRing {
    /// The ring's band width: two bands make a ring of 4 points.
    static let bandWidth: Double = 2
    private weak var host: FocusHost?
    /// The ring around the focused view, made when first shown.
    private(set) var view: FocusRingView?

    init(host: FocusHost) { self.host = host }

    /// Places (or hides) the ring around the first responder while focus shows; the layout
    /// phase runs it last.
    func update(isFocusVisible: Bool) {
        guard let host, isFocusVisible, let view = host.firstResponder as? View, view.isDescendant(of: host), view.canBecomeFocused,
            !view.isHiddenInHierarchy, !(host.isShowingModal && !view.isDescendant(of: host.modalLayer))
        else {
            if let ring = self.view, !ring.isHidden { ring.isHidden = true }
            return
        }
        let width = Self.bandWidth * 2
        let frame = host.topLayer.convert(view.convert(view.bounds, to: nil), from: nil).insetBy(dx: -width, dy: -width)
        let ring = self.view ?? make(frame: frame, in: host.topLayer)
        if ring.frame != frame { ring.frame = frame }
        ring.windowClip = view.clipOfAncestors
        let radius = view.focusRingCornerRadius + width
        if ring.ringRadius != radius { ring.ringRadius = radius }
        if ring.isHidden {
            ring.isHidden = false
            ring.setNeedsDisplay()  // shown again: what it contrasts with may have changed under it
        }
        // Otherwise it is drawn again only when it moves, changes shape or is cut differently
        // (their setters damage it): redrawing it on every layout pass redrew its whole frame,
        // a large control's nearly the whole window, every frame.
    }

    /// Made where it first shows: a ring made at the origin and moved would damage everything
    /// between the origin and the control.
    private func make(frame: Rect, in topLayer: View) -> FocusRingView {
        let ring = FocusRingView(frame: frame)
        ring.bandWidth = Self.bandWidth
        if let bottom = topLayer.subviews.first {  // under the keyboard and popups
            topLayer.insertSubview(ring, belowSubview: bottom)
        } else {
            topLayer.addSubview(ring)
        }
        view = ring
        return ring
    }

    /// The colour the window shows at a point, as far as views' backgrounds and known control
    /// fills tell (text and images aside): what a ring drawn there must stand out from.
    func shownColor(at point: Point) -> Color {
        var color = Color.black  // where nothing draws, the frame is cleared to black
        func visit(_ view: View) {
            guard !view.isHidden, view.alpha > 0, !(view is FocusRingView) else { return }
            guard view.bounds.contains(view.convert(point, from: nil)) else { return }
            color = view.surfaceColor(over: color)
            for subview in view.subviews { visit(subview) }
        }
        if let host { visit(host) }
        return color
    }
}

extension View {
    /// Whether the view or an ancestor is hidden.
    var isHiddenInHierarchy: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return true }
            view = current.superview
        }
        return false
    }

    /// Where the view's clipping ancestors (a scroll view) let it show, in window coordinates;
    /// nil when none clips. Empty when it is clipped away altogether.
    var clipOfAncestors: Rect? {
        var clip: Rect?
        var ancestor = superview
        while let view = ancestor {
            if view.clipsToBounds {
                let shown = view.convert(view.bounds, to: nil)
                clip = clip.map { $0.intersection(shown) } ?? shown
            }
            ancestor = view.superview
        }
        return clip.map { $0.isNull ? .zero : $0 }
    }

    /// The corner radius a focus ring around the view follows.
    var focusRingCornerRadius: Double {
        if cornerRadius > 0 { return cornerRadius }
        if self is Button { return 8 }
        if let field = self as? TextField, field.borderStyle == .roundedRect || window?.prefersHighContrast == true { return 5 }
        return 0
    }

    /// The colour the view shows at its edges over what is behind it: its border, else its
    /// control's fill (a button's style, a field's border), else its background.
    func surfaceColor(over below: Color) -> Color {
        let style = drawnStyle  // dynamic colours as this view draws them
        if borderWidth > 0 { return borderColor.resolvedColor(with: style).composited(over: below) }
        switch self {
        case let button as Button:
            let fill: Color?
            switch button.style {
            case .filled: fill = button.isEnabled ? button.tintColor.darkened(forText: .white, toContrast: 4.5) : .disabledFill
            case .tinted: fill = button.tintColor.withAlphaComponent(button.isHighlighted || button.isSelected ? 0.24 : 0.12)
            case .gray: fill = button.isHighlighted ? .grayButtonHighlight : .systemGray5
            case .plain: fill = nil
            }
            if let fill { return fill.resolvedColor(with: style).composited(over: backgroundSurface(over: below)) }
        case let field as TextField:
            if field.window?.prefersHighContrast == true && field.borderStyle != .none { return .black }
            switch field.borderStyle {
            case .none: break
            case .line: return Color.label.resolvedColor(with: style)
            case .bezel: return Color.bezelEdge.resolvedColor(with: style)
            case .roundedRect: return Color.fieldBorder.resolvedColor(with: style)
            }
        case let keyboard as KeyboardView where keyboard.highContrast:
            return .black
        default:
            break
        }
        return backgroundSurface(over: below)
    }

    private func backgroundSurface(over below: Color) -> Color {
        guard let background = presentationBackgroundColor, background.alpha > 0 else { return below }
        return background.resolvedColor(with: drawnStyle).composited(over: below)
    }
}
