// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Expressions: an `NSLayoutConstraint` as a linear constraint over its items' frame variables,
/// in their nearest common ancestor's coordinates (each container adding its origin less its
/// scroll offset on the way out), with leading and trailing mirrored right to left and baselines
/// from the text's own.
extension ConstraintEngine {
    /// The constraint as a linear constraint in its items' nearest common ancestor's coordinates.
    func build(_ constraint: NSLayoutConstraint) -> (linear: LinearConstraint, sources: [View])? {
        guard let first = constraint.firstItem as? LayoutItem else { return nil }
        let second = constraint.secondItem as? LayoutItem
        guard let space = NSLayoutConstraint.commonAncestor(first, second), holds(space) else { return nil }
        var sources: [View] = []
        guard let lhs = expression(first, constraint.firstAttribute, in: space, &sources) else { return nil }
        var rhs = LinearExpression(constant: constraint.constant)
        if let second, constraint.secondAttribute != .notAnAttribute {
            guard let other = expression(second, constraint.secondAttribute, in: space, &sources) else { return nil }
            rhs = other * constraint.multiplier + constraint.constant
        }
        let relation: LinearRelation = [.lessThanOrEqual, .equal, .greaterThanOrEqual][constraint.relation.rawValue + 1]
        let linear = LinearConstraint(
            lhs, relation, rhs, strength: LinearStrength.weight(priority: constraint.priority.rawValue), owner: constraint)
        return (linear, sources)
    }

    /// The views between an item and the common ancestor, innermost first (the ancestor itself
    /// when it is the item); nil when the ancestor does not hold the item. Adds the views whose
    /// bounds origins the item's position depends on to `sources`.
    private func containers(of item: LayoutItem, in space: View, _ sources: inout [View]) -> [View]? {
        if (item as? View) === space {
            if !(space is ScrollView) { sources.append(space) }
            return []
        }
        var chain: [View] = []
        var container = item.layoutContainer
        while let view = container, view !== space {
            chain.append(view)
            sources.append(view)
            container = view.superview
        }
        return container === space ? chain : nil
    }

    private func expression(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, in space: View, _ sources: inout [View])
        -> LinearExpression?
    {
        let record = record(for: item)
        // A width or height is the same in every coordinate space: no position, no offsets read.
        if attribute == .width { return LinearExpression(record.width) }
        if attribute == .height { return LinearExpression(record.height) }
        guard let chain = containers(of: item, in: space, &sources) else { return nil }
        var x: LinearExpression, y: LinearExpression
        if (item as? View) === space {
            // The common ancestor's own edges, in its own coordinates; a scroll view's are its
            // content's (UIKit's content edges), so scrolling moves nothing inside it.
            let origin = space is ScrollView ? Point.zero : space.bounds.origin
            x = LinearExpression(constant: origin.x)
            y = LinearExpression(constant: origin.y)
        } else {
            // Its frame is in its container's coordinates: each container adds its own origin,
            // less its scroll offset, on the way out to the common ancestor's.
            x = LinearExpression(record.minX)
            y = LinearExpression(record.minY)
            for view in chain {
                let outer = self.record(for: view)
                x = x + LinearExpression(outer.minX) - view.bounds.minX
                y = y + LinearExpression(outer.minY) - view.bounds.minY
            }
        }
        var width = LinearExpression(record.width), height = LinearExpression(record.height)
        // A scroll view's edges, to what it holds, are its content's (UIKit): the far edges are the
        // content's size, which a form pinned to all four edges sets. Its centres, width and height
        // stay its frame's.
        if (item as? View) === space, let scroll = space as? ScrollView, attribute != .centerX, attribute != .centerY {
            let content = self.record(for: scroll.contentLayoutGuide)
            width = LinearExpression(content.width)
            height = LinearExpression(content.height)
        }
        let rtl = item.isRightToLeft
        switch attribute {
        case .left: return x
        case .right: return x + width
        // Right to left, leading and trailing live in a mirrored axis (x' = -x): a constant that
        // moves a leading edge inwards moves it left there, as in UIKit.
        case .leading: return rtl ? (x + width) * -1 : x
        case .trailing: return rtl ? x * -1 : x + width
        case .top: return y
        case .bottom: return y + height
        case .centerX: return x + width * 0.5
        case .centerY: return y + height * 0.5
        case .width: return width
        case .height: return height
        case .firstBaseline:
            if let text = item as? BaselineLayoutProviding { return y + text.firstBaselineFromTop }
            return y + height
        case .lastBaseline:
            if let text = item as? BaselineLayoutProviding { return y + height - text.lastBaselineFromBottom }
            return y + height
        case .notAnAttribute: return nil
        }
    }
}
