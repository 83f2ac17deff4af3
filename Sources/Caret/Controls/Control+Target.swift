// SPDX-License-Identifier: Apache-2.0
/// UIKit's target-action for controls (`addTarget(_:action:for:)`). Linux has no `#selector`:
/// the action is the target's method, `picker.addTarget(self, action: Screen.dateChanged, for:
/// .valueChanged)`, with or without the control as argument; the target is held weakly, as UIKit does.
extension Control {
    /// Runs a target's method without arguments when any of the events happen.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for events: Event) {
        addAction(Action(target: target) { [weak target] _ in if let target { action(target)() } }, for: events)
    }

    /// Runs a target's method taking the control (as its own class) when any of the events happen.
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Event
    ) {
        if !(self is Sender) {  // it would never run: said now, not left silent
            ConsoleLog.write("Caret: an action taking a \(Sender.self) was added to a \(type(of: self)); it will never run")
        }
        addAction(
            Action(target: target) { [weak target] ran in
                if let target, let sender = ran.sender as? Sender { action(target)(sender) }
            }, for: events)
    }

    /// Runs a target's method taking its sender as `Any` (UIKit's `@objc func tapped(_ sender: Any)`)
    /// when any of the events happen.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Any) -> Void, for events: Event) {
        addAction(Action(target: target) { [weak target] ran in if let target, let sender = ran.sender { action(target)(sender) } }, for: events)
    }

    /// Runs a target's method taking its sender as `AnyObject` when any of the events happen.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (AnyObject) -> Void, for events: Event) {
        addAction(Action(target: target) { [weak target] ran in if let target, let sender = ran.sender { action(target)(sender) } }, for: events)
    }

    /// Stops a target's methods (nil: every target's) running for the events (UIKit's
    /// `removeTarget(_:action:for:)` with a nil action); actions added as `Action`s stay.
    public func removeTarget(_ target: AnyObject?, action: Never?, for events: Event) {
        removeTargetActions(of: target, for: events)
    }

    /// Stops a target's methods (nil: every target's) running for the events. Linux cannot tell
    /// one method of a target from another, so every method of the target added for those
    /// events stops, not only `action`.
    public func removeTarget<Target: AnyObject, Method>(_ target: Target?, action: (Target) -> Method, for events: Event) {
        removeTargetActions(of: target, for: events)
    }

    private func removeTargetActions(of target: AnyObject?, for events: Event) {
        for action in actions(for: events) where action.isTargetAction && (target == nil || action.target === target) {
            removeEvents(events, of: action)
        }
    }
}
