// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Measuring a view by its constraints (UIKit's `systemLayoutSizeFitting`): the size the
/// constraints, intrinsic sizes, hugging and compression resistance inside it give it, solved by
/// an engine of its own, outside any window's (a cell measured before it is in a window). The
/// view's own frame is not held; it is pulled toward the target size at the priorities given.
extension View {
    /// The smallest size the view's constraints allow, as a target (UIKit's `layoutFittingCompressedSize`).
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest size the view's constraints allow, as a target (UIKit's `layoutFittingExpandedSize`).
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size the view's constraints give it, as close to `targetSize` as they allow (both
    /// dimensions pulled at `fittingSizeLevel`).
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it with its width and height pulled toward
    /// `targetSize` at the priorities given (`.required` fixes a dimension: a cell's width).
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
        verticalFittingPriority: LayoutPriority
    ) -> Size {
        updateConstraintsIfNeeded()
        let engine = ConstraintEngine(measuring: self)
        return engine.measure(
            toward: targetSize, horizontalPriority: horizontalFittingPriority, verticalPriority: verticalFittingPriority)
    }
}

extension ConstraintEngine {
    /// Solves the measured view's subtree with its width and height pulled toward `target`; the
    /// solved size, on whole points.
    func measure(toward target: Size, horizontalPriority: LayoutPriority, verticalPriority: LayoutPriority) -> Size {
        let root = record(for: host)
        for (variable, value, priority) in [(root.width, target.width, horizontalPriority), (root.height, target.height, verticalPriority)] {
            let pull = LinearConstraint(
                LinearExpression(variable), .equal, LinearExpression(constant: value),
                strength: LinearStrength.weight(priority: priority.rawValue))
            try? solver.add(pull)
        }
        update()
        // Text that wraps is as tall as its lines at the width the constraints give it: a label
        // first measured at another width is measured again at that one (UIKit's second pass:
        // a self-sizing cell's multi-line label).
        for _ in 0..<2 where rewrapLabels() { update() }
        return root.frame.size
    }

    /// Wrapping labels (no `preferredMaxLayoutWidth`) whose solved width is not the one their
    /// intrinsic size was read at take it and are read again; whether any did.
    private func rewrapLabels() -> Bool {
        var changed = false
        for record in records.values {
            guard let label = record.item as? Label, label.numberOfLines != 1, label.preferredMaxLayoutWidth == 0 else { continue }
            let width = record.frame.width
            guard width > 0, abs(label.bounds.width - width) > 0.5 else { continue }
            label.bounds.size.width = width
            itemDidChange(label)
            changed = true
        }
        return changed
    }
}
