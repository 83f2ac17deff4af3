

/// A titled handler run by a control (UIKit's `UIAction`).
@MainActor
public final class Action {
    /// A title for menus.
    public var title: String
    /// An image for menus.
    public var image: Image?
    /// The control that last ran the action.
    public internal(set) weak var sender: Control?
    /// The code to run.
    public let handler: @MainActor (Action) -> Void

    /// Creates an action.
    public init(title: String = "", image: Image? = nil, handler: @escaping @MainActor (Action) -> Void) {
        self.title = title
        self.image = image
        self.handler = handler
    }
}
