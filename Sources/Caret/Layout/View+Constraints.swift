// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a view keeps for Auto Layout, made the first time it takes part.
@MainActor
final class ViewConstraintState {
    var installed: [NSLayoutConstraint] = []
    var translatesAutoresizingMaskIntoConstraints = true
    var hugging: [LayoutPriority]?  // horizontal, vertical
    var compressionResistance: [LayoutPriority]?
    var guides: [LayoutGuide] = []
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    var contentGuide: LayoutGuide?
    var frameGuide: LayoutGuide?
    var needsUpdateConstraints = false
    /// Whether a window's engine has the view as an item (its frame changes are reported).
    var isEngineItem = false
}

/// A view or layout guide, as the constraint engine sees it.
@MainActor
protocol LayoutItem: AnyObject {
    /// The view whose coordinates the item's frame is in (superview; a guide's owning view).
    var layoutContainer: View? { get }
    /// The view that stands for the item when looking for common ancestors.
    var layoutHost: View? { get }
    /// Whether constraints decide its frame (else its frame now is held).
    var isLaidOutByConstraints: Bool { get }
    /// Its frame in its container's coordinates now.
    var currentLayoutFrame: Rect { get }
    /// Takes the frame the constraints give it.
    func applySolvedFrame(_ frame: Rect)
    /// How the console names it.
    var layoutDebugName: String { get }
    /// Whether its leading edge is its right edge.
    var isRightToLeft: Bool { get }
}

/// A view whose text sits on a baseline, for `firstBaselineAnchor` and `lastBaselineAnchor`.
@MainActor
protocol BaselineLayoutProviding {
    /// The first line's baseline below the top edge.
    var firstBaselineFromTop: Double { get }
    /// The last line's baseline above the bottom edge.
    var lastBaselineFromBottom: Double { get }
}

extension View: LayoutAnchorProviding, LayoutItem {
    var constraintStorage: ViewConstraintState {
        if let state = constraintState { return state }
        let state = ViewConstraintState()
        constraintState = state
        return state
    }

    var layoutContainer: View? { superview }
    var layoutHost: View? { self }
    var isLaidOutByConstraints: Bool { !translatesAutoresizingMaskIntoConstraints }
    var currentLayoutFrame: Rect { frame }
    func applySolvedFrame(_ frame: Rect) { self.frame = frame }
    var layoutDebugName: String {
        "\(type(of: self)):\(address(self))" + (accessibilityIdentifier.map { " '\($0)'" } ?? "")
    }
    var isRightToLeft: Bool { isRightToLeftLayout }

    /// The first line of text's baseline (the bottom edge for views without text).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// The last line of text's baseline (the bottom edge for views without text).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// Whether the autoresizing mask and frame fix the view (true, UIKit's default for views made
    /// in code); set it to false for a view its constraints place.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { constraintState?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            constraintStorage.translatesAutoresizingMaskIntoConstraints = newValue
            window?.ensureConstraintEngine().itemDidChange(self)
            superview?.setNeedsLayout()
            (self as? StackView)?.arrangementDidChange()  // placed by constraints, arranged by them
        }
    }

    /// The constraints installed on this view (activating a constraint installs it on its items'
    /// nearest common ancestor).
    public var constraints: [NSLayoutConstraint] { constraintState?.installed ?? [] }

    /// Installs a constraint on this view, which must hold its items.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedOn === self { return }
        constraint.installedOn?.removeConstraint(constraint)
        constraintStorage.installed.append(constraint)
        constraint.installedOn = self
        constraint.isBroken = false
        window?.ensureConstraintEngine().hierarchyDidChange()
        setNeedsLayout()
        // An arranged view the app constrains is arranged with constraints from now on.
        guard constraint.identifier?.hasPrefix("UISV-") != true else { return }
        for case let view as View in [constraint.firstItem, constraint.secondItem] {
            if let stack = view.superview as? StackView, stack.arrangedSubviews.contains(where: { $0 === view }) {
                stack.arrangedViewWasConstrained()
            }
        }
    }

    /// Installs constraints on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }

    /// Removes a constraint installed on this view (deactivates it).
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        constraintState?.installed.removeAll { $0 === constraint }
        constraint.installedOn = nil
        window?.constraintEngine?.hierarchyDidChange()
        setNeedsLayout()
    }

    /// Removes constraints installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    /// Deactivates the constraints on this view's ancestors that reference it or its subviews
    /// (UIKit does when a view leaves its superview).
    func removeConstraintsReferencingSubtree(from oldSuperview: View) {
        guard takesPartInLayout else { return }  // most removals (a caret, a menu) reference nothing
        var ancestor: View? = oldSuperview
        while let view = ancestor {
            for constraint in view.constraints where references(constraint) { view.removeConstraint(constraint) }
            ancestor = view.superview
        }
    }

    /// Whether the view or one of its subviews has Auto Layout state (constraints can name it).
    private var takesPartInLayout: Bool { constraintState != nil || subviews.contains { $0.takesPartInLayout } }

    private func references(_ constraint: NSLayoutConstraint) -> Bool {
        [constraint.firstItem, constraint.secondItem].contains { item in
            guard let host = (item as? LayoutItem)?.layoutHost else { return false }
            return host.isDescendant(of: self)
        }
    }

    /// How strongly the view keeps from growing past its intrinsic size along an axis.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> LayoutPriority {
        constraintState?.hugging?[axis.rawValue] ?? defaultContentHugging
    }

    /// Sets how strongly the view keeps from growing past its intrinsic size.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: NSLayoutConstraint.Axis) {
        var values = constraintStorage.hugging ?? [contentHuggingPriority(for: .horizontal), contentHuggingPriority(for: .vertical)]
        values[axis.rawValue] = priority
        constraintStorage.hugging = values
        invalidateIntrinsicContentSize()
    }

    /// How strongly the view keeps from shrinking below its intrinsic size along an axis.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> LayoutPriority {
        constraintState?.compressionResistance?[axis.rawValue] ?? .defaultHigh
    }

    /// Sets how strongly the view keeps from shrinking below its intrinsic size.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: NSLayoutConstraint.Axis) {
        var values = constraintStorage.compressionResistance ?? [.defaultHigh, .defaultHigh]
        values[axis.rawValue] = priority
        constraintStorage.compressionResistance = values
        invalidateIntrinsicContentSize()
    }

    /// UIKit's defaults: labels and image views hug at 251, other views at 250.
    private var defaultContentHugging: LayoutPriority { self is Label || self is ImageView ? 251 : .defaultLow }

    /// Tells layout that `intrinsicContentSize` changed (text, font, image).
    public func invalidateIntrinsicContentSize() {
        // Constraints that name the view are solved again in the next layout pass; a view no
        // constraint names costs nothing (a counter label changes on every keystroke).
        window?.constraintEngine?.itemDidChange(self)
        // A stack's arrangement and natural size are its arranged views': they change with them.
        if let stack = superview as? StackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
            stack.setNeedsLayout()
            stack.invalidateIntrinsicContentSize()
            // Proportional shares are made from natural sizes.
            if stack.distribution == .fillProportionally && stack.arrangesWithConstraints { stack.setNeedsUpdateConstraints() }
        }
    }

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        constraintStorage.needsUpdateConstraints = true
        window?.ensureConstraintEngine().viewNeedsUpdateConstraints(self)
        setNeedsLayout()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { constraintState?.needsUpdateConstraints ?? false }

    /// Runs `updateConstraints()` on this view and its subviews that asked for it, subviews first.
    public func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        guard let state = constraintState, state.needsUpdateConstraints else { return }
        state.needsUpdateConstraints = false
        updateConstraints()
    }

    /// Whether the view's constraints leave its frame undecided (more than one frame fits).
    public var hasAmbiguousLayout: Bool {
        guard let engine = window?.constraintEngine else { return false }
        engine.update()
        return engine.isAmbiguous(self)
    }

    /// Moves an ambiguously laid-out view to another frame its constraints allow (to see the ambiguity).
    public func exerciseAmbiguityInLayout() {
        window?.constraintEngine?.exerciseAmbiguity(of: self)
    }
}
