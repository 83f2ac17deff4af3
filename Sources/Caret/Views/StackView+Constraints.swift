// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The stack's arrangement as constraints (UIKit's `UISV-` constraints), made once the app uses
/// constraints on the stack or one of its arranged views: the arranged views' own constraints then
/// take part (a field 60 points tall, a label pinned inside a card), and the stack's size comes
/// from its views when constraints place the stack.
extension StackView {
    private typealias Attribute = NSLayoutConstraint.Attribute

    /// Whether constraints make the arrangement: constraints place the stack, or the app named an
    /// arranged view in one.
    var arrangesWithConstraints: Bool { !translatesAutoresizingMaskIntoConstraints || arrangedViewsAreConstrained }

    /// The views, their order or the stack's settings changed.
    func arrangementDidChange() {
        setNeedsLayout()
        if arrangesWithConstraints || !arrangement.constraints.isEmpty { setNeedsUpdateConstraints() }
    }

    /// The app activated a constraint naming an arranged view: constraints make the arrangement from now on.
    func arrangedViewWasConstrained() {
        guard !arrangedViewsAreConstrained else { return }
        arrangedViewsAreConstrained = true
        arrangementDidChange()
        invalidateIntrinsicContentSize()
    }

    /// Replaces the arrangement's constraints and spacing guides with ones for the views shown now.
    func rebuildArrangement() {
        NSLayoutConstraint.deactivate(arrangement.constraints)
        for guide in arrangement.guides { removeLayoutGuide(guide) }
        arrangement = ([], [])
        guard arrangesWithConstraints else { return }
        let views = visible
        for view in views { view.translatesAutoresizingMaskIntoConstraints = false }
        let box: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let horizontal = axis == .horizontal
        // Along the axis: leading/trailing in a row (mirrored right to left), top/bottom in a column.
        let start: Attribute = horizontal ? .leading : .top, end: Attribute = horizontal ? .trailing : .bottom
        let length: Attribute = horizontal ? .width : .height
        var made: [NSLayoutConstraint] = []
        func relate(
            _ name: String, _ a: LayoutItem, _ first: Attribute, _ relation: NSLayoutConstraint.Relation,
            _ b: LayoutItem?, _ second: Attribute, _ multiplier: Double, _ constant: Double, _ priority: LayoutPriority
        ) {
            let constraint = NSLayoutConstraint(
                item: a, attribute: first, relatedBy: relation, toItem: b, attribute: b == nil ? .notAnAttribute : second,
                multiplier: multiplier, constant: constant)
            constraint.identifier = "UISV-" + name
            constraint.priority = priority
            made.append(constraint)
        }
        if let first = views.first, let last = views.last {
            relate("canvas-connection", first, start, .equal, box, start, 1, 0, .required)
            relate("canvas-connection", last, end, .equal, box, end, 1, 0, .required)
            arrangeAlongAxis(views, relate: relate, start: start, end: end, length: length, box: box)
            arrangeAcrossAxis(views, relate: relate, box: box)
        }
        NSLayoutConstraint.activate(made)
        arrangement.constraints = made
    }

    private typealias Relate = (
        String, LayoutItem, Attribute, NSLayoutConstraint.Relation, LayoutItem?, Attribute, Double, Double, LayoutPriority
    ) -> Void

    private func arrangeAlongAxis(
        _ views: [View], relate: Relate,
        start: Attribute, end: Attribute, length: Attribute, box: LayoutItem
    ) {
        let horizontal = axis == .horizontal
        switch distribution {
        case .fill, .fillEqually, .fillProportionally:
            for (a, b) in zip(views, views.dropFirst()) { relate("spacing", b, start, .equal, a, end, 1, spacing, .required) }
            if distribution == .fillEqually {
                for view in views.dropFirst() { relate("fill-equally", view, length, .equal, views[0], length, 1, 0, .required) }
            } else if distribution == .fillProportionally {
                // Each view's share of the room left after the gaps is its share of the natural lengths.
                let natural = views.map { max(0, horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height) }
                let sum = natural.reduce(0, +)
                let gaps = spacing * Double(views.count - 1)
                for (view, size) in zip(views, natural) {
                    let share = sum > 0 ? size / sum : 1 / Double(views.count)
                    relate("fill-proportionally", view, length, .equal, box, length, share, -gaps * share, LayoutPriority(999))
                }
            } else {
                // Views with no natural length share what is left; with none, the last view takes
                // it (the others keep from growing, just above nothing), as the frame arrangement does.
                let flexible = views.filter { v in
                    (horizontal ? v.intrinsicContentSize.width : v.intrinsicContentSize.height) == View.noIntrinsicMetric && v.constraints.isEmpty
                }
                // They never take less than nothing, and nothing at all when the stack's own length
                // is free (a row turned into a column hugs its buttons, its spacer collapses).
                for view in flexible {
                    relate("fill-flexible-nonnegative", view, length, .greaterThanOrEqual, nil, .notAnAttribute, 1, 0, .required)
                    relate("fill-flexible-fit", view, length, .equal, nil, .notAnAttribute, 1, 0, .fittingSizeLevel)
                }
                if flexible.count > 1 {
                    for view in flexible.dropFirst() { relate("fill-flexible", view, length, .equal, flexible[0], length, 1, 0, .defaultLow) }
                } else if flexible.isEmpty {
                    for view in views.dropLast() {
                        relate("fill-last", view, length, .lessThanOrEqual, nil, .notAnAttribute, 1, 0, .fittingSizeLevel + 1)
                    }
                }
            }
        case .equalSpacing, .equalCentering:
            // Spacing guides between neighbours (edges, or centres), all the same length.
            let centring = distribution == .equalCentering
            let centre: Attribute = horizontal ? .centerX : .centerY
            var first: LayoutGuide?
            for (a, b) in zip(views, views.dropFirst()) {
                relate("spacing", b, start, .greaterThanOrEqual, a, end, 1, spacing, .required)
                let guide = LayoutGuide()
                guide.identifier = centring ? "UISV-distributing-centering" : "UISV-distributing-edges"
                addLayoutGuide(guide)
                arrangement.guides.append(guide)
                relate("distributing", guide, start, .equal, a, centring ? centre : end, 1, 0, .required)
                relate("distributing", guide, end, .equal, b, centring ? centre : start, 1, 0, .required)
                if let first {
                    relate("fill-equally", guide, length, .equal, first, length, 1, 0, centring ? LayoutPriority(999) : .required)
                } else {
                    first = guide
                }
            }
        }
    }

    private func arrangeAcrossAxis(
        _ views: [View], relate: Relate,
        box: LayoutItem
    ) {
        let horizontal = axis == .horizontal
        let start: Attribute = horizontal ? .top : .leading, end: Attribute = horizontal ? .bottom : .trailing
        let centre: Attribute = horizontal ? .centerY : .centerX, length: Attribute = horizontal ? .height : .width
        for view in views {
            switch alignment {
            case .fill:
                relate("alignment", view, start, .equal, box, start, 1, 0, .required)
                relate("alignment", view, end, .equal, box, end, 1, 0, .required)
            case .leading:
                relate("alignment", view, start, .equal, box, start, 1, 0, .required)
                relate("spanning-boundary", view, end, .lessThanOrEqual, box, end, 1, 0, .required)
            case .center:
                relate("alignment", view, centre, .equal, box, centre, 1, 0, .required)
                relate("spanning-boundary", view, start, .greaterThanOrEqual, box, start, 1, 0, .required)
            case .trailing:
                relate("alignment", view, end, .equal, box, end, 1, 0, .required)
                relate("spanning-boundary", view, start, .greaterThanOrEqual, box, start, 1, 0, .required)
            }
        }
        // A stack not filled across hugs its largest view (UIKit's canvas fit), just above nothing.
        if alignment != .fill { relate("canvas-fit", self, length, .equal, nil, .notAnAttribute, 1, 0, .fittingSizeLevel + 1) }
    }
}
