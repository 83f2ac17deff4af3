// SPDX-License-Identifier: Apache-2.0
/// Traits for views and view controllers (UIKit's trait environment): a view's traits are its
/// superview's (the window's at the root: its style, text size, size classes and scale) with its
/// own and its controller's `overrideUserInterfaceStyle` put over them. When they change (the
/// window's style or text size, an override, a move to another superview) the views whose
/// traits changed hear `traitCollectionDidChange(_:)` and their registered handlers, and are
/// laid out and drawn again, their dynamic colours resolved with the new style.
struct TraitState {
    /// The style set on this view or controller (`overrideUserInterfaceStyle`).
    var overrideStyle = UserInterfaceStyle.unspecified
    /// The traits last told (and drawn with); nil before the view was first in a window.
    var last: TraitCollection?
    /// Handlers registered with `registerForTraitChanges`.
    var handlers: [Handler] = []
    private var lastID = 0

    struct Handler {
        let registration: TraitChangeRegistration
        let traits: [any TraitDefinition.Type]
        let call: @MainActor (AnyObject, TraitCollection) -> Void
    }

    mutating func add(_ traits: [any TraitDefinition.Type], _ call: @escaping @MainActor (AnyObject, TraitCollection) -> Void)
        -> TraitChangeRegistration
    {
        lastID += 1
        let registration = TraitChangeRegistration(id: lastID)
        handlers.append(Handler(registration: registration, traits: traits, call: call))
        return registration
    }

    /// Runs the handlers of the traits that changed.
    @MainActor func notify(_ owner: AnyObject, from previous: TraitCollection, to now: TraitCollection) {
        for handler in handlers where handler.traits.contains(where: { $0.differs(previous, now) }) {
            handler.call(owner, previous)
        }
    }
}

extension View: TraitEnvironment {
    /// The traits of the view's environment, with its overrides.
    public var traitCollection: TraitCollection { adjustedTraits(superview?.traitCollection ?? environmentTraits) }

    /// A style for this view and its subviews, over what they inherit (`.unspecified`: inherit).
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { traitState.overrideStyle }
        set {
            guard newValue != traitState.overrideStyle else { return }
            traitState.overrideStyle = newValue
            updateTraitsInSubtree()
        }
    }

    /// Calls `handler` with the view and the previous traits whenever one of `traits` changes.
    @discardableResult
    public func registerForTraitChanges<Environment: View>(
        _ traits: [any TraitDefinition.Type], handler: @escaping (Environment, TraitCollection) -> Void
    ) -> TraitChangeRegistration {
        traitState.add(traits) { owner, previous in if let owner = owner as? Environment { handler(owner, previous) } }
    }

    /// Stops a handler registered with `registerForTraitChanges`.
    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        traitState.handlers.removeAll { $0.registration == registration }
    }

    /// The traits at the root of the tree: the window's environment (none outside a window).
    private var environmentTraits: TraitCollection { (self as? Window)?.windowTraits ?? TraitCollection() }

    /// Inherited traits with this view's (and its controller's) style override put over them.
    private func adjustedTraits(_ inherited: TraitCollection) -> TraitCollection {
        var traits = inherited
        if let controller = viewController, controller.overrideUserInterfaceStyle != .unspecified {
            traits.userInterfaceStyle = controller.overrideUserInterfaceStyle
        }
        if traitState.overrideStyle != .unspecified { traits.userInterfaceStyle = traitState.overrideStyle }
        return traits
    }

    /// The style the view is drawn in.
    var drawnStyle: UserInterfaceStyle { (traitState.last ?? traitCollection).resolvedStyle }

    /// Works out the traits of this view and its subviews again and tells those whose traits changed.
    func updateTraitsInSubtree() {
        guard window != nil else { return }
        updateTraits(inheriting: superview?.traitCollection ?? environmentTraits)
    }

    private func updateTraits(inheriting inherited: TraitCollection) {
        let traits = adjustedTraits(inherited)
        let previous = traitState.last
        // The first traits a view gets (as it first enters a window) are not a change, as in
        // UIKit since iOS 17: only later changes are told.
        if let previous, previous != traits {
            traitState.last = traits
            if previous.resolvedStyle != traits.resolvedStyle { setNeedsDisplay() }
            // Laid out again, as UIKit lays views out after an appearance or text size change
            // (apps pick colours and sizes from the traits in layoutSubviews).
            setNeedsLayout()
            traitCollectionDidChange(previous)
            traitState.notify(self, from: previous, to: traits)
            if let controller = viewController {
                controller.traitCollectionDidChange(previous)
                controller.traitState.notify(controller, from: previous, to: traits)
            }
        } else if previous == nil {
            traitState.last = traits
        }
        for subview in subviews { subview.updateTraits(inheriting: traits) }
    }
}

extension Window {
    /// What the window gives its views: light (unless an override says dark), its text size, size
    /// classes from its size (regular from 600 points across and 500 down) and its pixel scale.
    fileprivate var windowTraits: TraitCollection {
        var traits = TraitCollection(userInterfaceStyle: .light)
        traits.preferredContentSizeCategory = preferredContentSizeCategory
        traits.horizontalSizeClass = bounds.width >= 600 ? .regular : .compact
        traits.verticalSizeClass = bounds.height >= 500 ? .regular : .compact
        traits.displayScale = screen.scale
        return traits
    }
}

/// A trait to register for (UIKit's `UITrait`): `TraitUserInterfaceStyle.self` and the others.
public typealias Trait = any TraitDefinition.Type

extension ViewController: TraitEnvironment {
    /// The traits of the controller's view (with the controller's override); none before it is loaded.
    public var traitCollection: TraitCollection { viewIfLoaded?.traitCollection ?? TraitCollection() }

    /// A style for this controller's view and everything in it (`.unspecified`: inherit).
    public var overrideUserInterfaceStyle: UserInterfaceStyle {
        get { traitState.overrideStyle }
        set {
            guard newValue != traitState.overrideStyle else { return }
            traitState.overrideStyle = newValue
            viewIfLoaded?.updateTraitsInSubtree()
        }
    }

    /// Calls `handler` with the controller and the previous traits whenever one of `traits` changes.
    @discardableResult
    public func registerForTraitChanges<Environment: ViewController>(
        _ traits: [any TraitDefinition.Type], handler: @escaping (Environment, TraitCollection) -> Void
    ) -> TraitChangeRegistration {
        traitState.add(traits) { owner, previous in if let owner = owner as? Environment { handler(owner, previous) } }
    }

    /// Stops a handler registered with `registerForTraitChanges`.
    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        traitState.handlers.removeAll { $0.registration == registration }
    }
}
