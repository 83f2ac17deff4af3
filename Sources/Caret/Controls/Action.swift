// SPDX-License-Identifier: Apache-2.0

/// A titled handler run by a control (UIKit's `UIAction`).
@preconcurrency @MainActor
public final class Action {
    /// A title for menus.
    public var title: String
    /// An image for menus.
    public var image: Image?
    /// The control that last ran the action.
    public internal(set) weak var sender: Control?
    /// The code to run.
    public let handler: @MainActor (Action) -> Void
    /// Names the action: a control holds one action per identifier (a reused cell's field
    /// configured again replaces its action rather than adding a second).
    public let identifier: Identifier

    /// An action's name (UIKit's `UIAction.Identifier`).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        /// An identifier from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from its name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The target of a pair made by `addTarget(_:action:for:)`, held weakly.
    weak var target: AnyObject?
    /// Whether `addTarget(_:action:for:)` made it (what `removeTarget(_:action:for:)` removes).
    private(set) var isTargetAction = false

    /// An action running a method of a target (`addTarget(_:action:for:)`).
    convenience init(target: AnyObject, handler: @escaping @MainActor (Action) -> Void) {
        self.init(handler: handler)
        self.target = target
        isTargetAction = true
    }

    /// Creates an action (with a unique identifier unless one is given).
    public init(
        title: String = "", image: Image? = nil, identifier: Identifier? = nil, handler: @escaping @MainActor (Action) -> Void
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }
}
