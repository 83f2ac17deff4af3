// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A rectangle in a view that takes part in Auto Layout without being drawn (UIKit's
/// `UILayoutGuide`): spacing between views, or a region to centre in. The system's guides
/// (`safeAreaLayoutGuide`, `layoutMarginsGuide`, `keyboardLayoutGuide`) follow their view.
@preconcurrency @MainActor
public class LayoutGuide: LayoutAnchorProviding, LayoutItem {
    /// The view whose coordinates the guide's frame is in.
    public internal(set) weak var owningView: View?
    /// A name for the console's messages.
    public var identifier = ""
    /// The frame the last layout gave it.
    private var solvedFrame = Rect.zero

    /// A guide to add to a view with `addLayoutGuide(_:)`.
    public init() {}

    /// The guide's rectangle in its owning view's coordinates.
    public var layoutFrame: Rect {
        if let frame = heldFrame { return frame }
        if let insets = heldInsets, let view = owningView { return view.bounds.inset(by: insets) }
        return solvedFrame
    }

    /// The frame a system guide takes from its view (nil: constraints decide).
    var heldFrame: Rect? { nil }
    /// The origin a guide keeps while constraints decide its size (a scroll view's content).
    var heldOrigin: Point? { nil }
    /// The insets a guide keeps from its view's edges, wherever constraints put the view.
    var heldInsets: EdgeInsets? { nil }

    var layoutContainer: View? { owningView }
    var layoutHost: View? { owningView }
    var isLaidOutByConstraints: Bool { heldFrame == nil }
    var currentLayoutFrame: Rect { layoutFrame }
    func applySolvedFrame(_ frame: Rect) { solvedFrame = frame }
    var layoutDebugName: String { "UILayoutGuide:\(address(self)) '\(identifier)'" }
    var isRightToLeft: Bool { owningView?.isRightToLeftLayout ?? false }
}

/// The view's bounds inside its safe area.
final class SafeAreaLayoutGuide: LayoutGuide {
    override var heldInsets: EdgeInsets? { owningView?.safeAreaInsets }
}

/// The view's bounds inside its layout margins.
final class LayoutMarginsGuide: LayoutGuide {
    override var heldInsets: EdgeInsets? { owningView?.layoutMargins }
}

/// A scroll view's content: its origin is the content's, its solved size is `contentSize`.
final class ContentLayoutGuide: LayoutGuide {
    override var heldOrigin: Point? { .zero }
    override func applySolvedFrame(_ frame: Rect) {
        super.applySolvedFrame(frame)
        (owningView as? ScrollView)?.contentSize = frame.size
    }
}

/// A scroll view's visible rectangle, in its content's coordinates (it stays put while scrolling).
final class FrameLayoutGuide: LayoutGuide {
    override var heldFrame: Rect? { owningView?.bounds }
}

extension ScrollView {
    /// The content's rectangle for constraints: what is pinned to its edges sets `contentSize`.
    public var contentLayoutGuide: LayoutGuide {
        systemGuide(\.contentGuide, identifier: "UIScrollView-contentLayoutGuide") { ContentLayoutGuide() }
    }

    /// The scroll view's own rectangle for constraints: views pinned to it do not scroll.
    public var frameLayoutGuide: LayoutGuide {
        systemGuide(\.frameGuide, identifier: "UIScrollView-frameLayoutGuide") { FrameLayoutGuide() }
    }
}

extension View {
    /// The layout guides added to the view.
    public var layoutGuides: [LayoutGuide] { constraintState?.guides ?? [] }

    /// Adds a guide whose frame constraints decide, in this view's coordinates.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        if let old = guide.owningView, old !== self { old.removeLayoutGuide(guide) }
        guard !layoutGuides.contains(where: { $0 === guide }) else { return }
        guide.owningView = self
        constraintStorage.guides.append(guide)
        window?.constraintEngine?.hierarchyDidChange()
    }

    /// Removes a guide (and the constraints that use it).
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard let state = constraintState, state.guides.contains(where: { $0 === guide }) else { return }
        state.guides.removeAll { $0 === guide }
        for constraint in allConstraintsInSubtree() where constraint.firstItem === guide || constraint.secondItem === guide {
            constraint.isActive = false
        }
        guide.owningView = nil
        window?.constraintEngine?.hierarchyDidChange()
    }

    /// The part of the view inside the window's safe area, as a guide.
    public var safeAreaLayoutGuide: LayoutGuide {
        systemGuide(\.safeAreaGuide, identifier: "UIViewSafeAreaLayoutGuide") { SafeAreaLayoutGuide() }
    }

    /// The view's bounds inside `layoutMargins`, as a guide.
    public var layoutMarginsGuide: LayoutGuide {
        systemGuide(\.marginsGuide, identifier: "UIViewLayoutMarginsGuide") { LayoutMarginsGuide() }
    }

    /// A guide the view keeps in its state, made (with UIKit's identifier) when first asked.
    func systemGuide(
        _ slot: ReferenceWritableKeyPath<ViewConstraintState, LayoutGuide?>, identifier: String, make: () -> LayoutGuide
    ) -> LayoutGuide {
        let state = constraintStorage
        if let guide = state[keyPath: slot] { return guide }
        let guide = make()
        guide.identifier = identifier
        guide.owningView = self
        state[keyPath: slot] = guide
        return guide
    }

    /// The constraints installed on this view and its subviews.
    func allConstraintsInSubtree() -> [NSLayoutConstraint] {
        (constraintState?.installed ?? []) + subviews.flatMap { $0.allConstraintsInSubtree() }
    }
}
