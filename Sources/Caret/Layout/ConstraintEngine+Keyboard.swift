// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What keyboard avoidance asks the engine: which views the app lays out on a keyboard layout guide.
extension ConstraintEngine {
    /// Whether the view or an ancestor is constrained to a keyboard layout guide (it moves with
    /// the keyboard: automatic avoidance leaves it alone).
    func followsKeyboard(_ view: View) -> Bool {
        let tied = keyboardGuideConstraints()
        guard !tied.isEmpty else { return false }
        var ancestors = Set<ObjectIdentifier>()
        var current: View? = view
        while let v = current {
            ancestors.insert(ObjectIdentifier(v))
            current = v.superview
        }
        return tied.contains { constraint in
            [constraint.firstItem, constraint.secondItem].contains { $0.map { ancestors.contains(ObjectIdentifier($0)) } ?? false }
        }
    }

    /// Whether a view or guide inside `root` (root included) is constrained to a keyboard layout
    /// guide: the app lays that screen out around the keyboard itself.
    func tiesToKeyboard(inside root: View) -> Bool {
        keyboardGuideConstraints().contains { constraint in
            [constraint.firstItem, constraint.secondItem].contains { item in
                guard let item, !(item is KeyboardLayoutGuide) else { return false }
                let view = (item as? View) ?? (item as? LayoutGuide)?.owningView
                return view?.isDescendant(of: root) == true
            }
        }
    }

    /// The installed constraints that tie an item to a keyboard layout guide.
    private func keyboardGuideConstraints() -> [NSLayoutConstraint] {
        let tied =
            guideConstraints
            ?? installed.values.compactMap { entry in
                entry.linear != nil && (entry.constraint.firstItem is KeyboardLayoutGuide || entry.constraint.secondItem is KeyboardLayoutGuide)
                    ? entry.constraint : nil
            }
        guideConstraints = tied
        return tied
    }
}
