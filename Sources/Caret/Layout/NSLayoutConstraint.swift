// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A relation between two layout attributes, `first = multiplier × second + constant` (or ≤, ≥),
/// solved with the others by the window's constraint engine (UIKit's `NSLayoutConstraint`, name
/// kept as UIKit keeps it). Made by anchors or `init(item:attribute:relatedBy:toItem:...)`.
@preconcurrency @MainActor
public final class NSLayoutConstraint: @MainActor CustomStringConvertible {
    /// A part of a view or layout guide a constraint relates.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        /// For a constraint with no second item.
        case notAnAttribute = 0
    }

    /// How the sides relate.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item (a `View` or `LayoutGuide`).
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// How the first side relates to the second.
    public let relation: Relation
    /// The second item, if any.
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute (`.notAnAttribute` without one).
    public let secondAttribute: Attribute
    /// The second attribute's factor.
    public let multiplier: Double
    /// Added to the second side; changing it re-solves incrementally.
    public var constant: Double {
        didSet { if constant != oldValue { engineChange() } }
    }
    /// How much it matters (required: 1000).
    public var priority: LayoutPriority = .required {
        didSet { if priority != oldValue { engineChange() } }
    }
    /// A name for the console's messages.
    public var identifier: String?
    /// Whether an engine's last solve broke it (it could not hold with the required ones).
    public internal(set) var isBroken = false

    /// The view it is installed on while active (the items' nearest common ancestor).
    weak var installedOn: View? {
        didSet { if installedOn != nil { activationOrder = NSLayoutConstraint.activations; NSLayoutConstraint.activations += 1 } }
    }
    /// When it was last activated: the engine adds constraints in that order, as UIKit's does
    /// (a form's constraints, view by view, solve far faster than grouped by where they live).
    private(set) var activationOrder = 0
    private static var activations = 0

    /// A constraint between two attributes, inactive until activated (UIKit's designated form).
    public init(
        item: Any, attribute: Attribute, relatedBy relation: Relation, toItem: Any?,
        attribute secondAttribute: Attribute, multiplier: Double, constant: Double
    ) {
        precondition(item is LayoutItem, "a constraint's item is a View or a LayoutGuide")
        precondition(toItem == nil || toItem is LayoutItem, "a constraint's item is a View or a LayoutGuide")
        firstItem = item as AnyObject
        firstAttribute = attribute
        self.relation = relation
        secondItem = toItem.map { $0 as AnyObject }
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
    }

    /// Whether the constraint takes part in layout; setting it installs it on the items' nearest
    /// common ancestor, or removes it.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue == isActive { return }
            if newValue { activate() } else { installedOn?.removeConstraint(self) }
        }
    }

    /// Activates constraints together.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates constraints together.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func activate() {
        guard let first = firstItem as? LayoutItem else { return }
        let second = secondItem as? LayoutItem
        guard let ancestor = NSLayoutConstraint.commonAncestor(first, second) else {
            ConsoleLog.write(
                "[LayoutConstraints] Unable to activate constraint \(self) because its items have no common ancestor. "
                    + "Does the constraint or its anchors reference items in different view hierarchies? That's illegal.")
            return
        }
        ancestor.addConstraint(self)
    }

    /// The nearest view that holds both items (a guide counts as its owning view).
    static func commonAncestor(_ first: LayoutItem, _ second: LayoutItem?) -> View? {
        guard let a = first.layoutHost else { return nil }
        guard let second else { return a }
        guard let b = second.layoutHost else { return nil }
        // An item that is a view contains itself; a guide is inside its owning view.
        var ancestors = Set<ObjectIdentifier>()
        var current: View? = a
        while let view = current {
            ancestors.insert(ObjectIdentifier(view))
            current = view.superview
        }
        current = b
        while let view = current {
            if ancestors.contains(ObjectIdentifier(view)) { return view }
            current = view.superview
        }
        return nil
    }

    func engineChange() {
        installedOn?.window?.constraintEngine?.constraintDidChange(self)
    }

    /// UIKit's form for the console: `<NSLayoutConstraint:0x… 'id' View:0x….leading == View:0x….leading + 20   (active)>`.
    public var description: String {
        func item(_ object: AnyObject?, _ attribute: Attribute) -> String {
            guard let object else { return "" }
            let name = (object as? LayoutItem)?.layoutDebugName ?? "\(type(of: object))"
            return "\(name).\(attribute)"
        }
        var text = "<NSLayoutConstraint:\(address(self))"
        if let identifier { text += " '\(identifier)'" }
        text += " \(item(firstItem, firstAttribute)) \(["<=", "==", ">="][relation.rawValue + 1]) "
        var right: [String] = []
        if secondItem != nil {
            right.append(multiplier == 1 ? item(secondItem, secondAttribute) : "\(format(multiplier))*\(item(secondItem, secondAttribute))")
        }
        if constant != 0 || secondItem == nil {
            right.append(right.isEmpty ? format(constant) : (constant < 0 ? "- \(format(-constant))" : "+ \(format(constant))"))
        }
        text += right.joined(separator: " ")
        if priority != .required { text += " @\(format(Double(priority.rawValue)))" }
        text += isActive ? "   (active)>" : "   (inactive)>"
        return text
    }
}

/// `0x…` for an object, as UIKit's descriptions print.
func address(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
}

private func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
