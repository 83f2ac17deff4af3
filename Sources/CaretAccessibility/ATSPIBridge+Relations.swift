// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// Labels and what they name, as AT-SPI relations (`View.accessibilityTitleElement`): a field is
/// labelled by its title element, and that label is the label for the field, so a screen reader
/// reads them together and its flat review knows which label goes with which field.
extension ATSPIBridge {
    /// The ids related to a node: kind 0, the labels naming it; kind 1, the elements it names.
    func relations(of id: Int64, kind: Int32) -> [Int64] {
        guard id > 1, let view = node(id) as? View else { return [] }
        if kind == 0 {
            guard let title = view.accessibilityTitleElement, title.isAccessibilityElement, title.isAccessibilityVisible else { return [] }
            return [self.id(of: title)]
        }
        guard view.isAccessibilityElement else { return [] }
        guard let window else { return [] }
        var named: [Int64] = []
        var stack: [View] = [window]
        while let current = stack.popLast() {
            if current.accessibilityTitleElement === view, current.isAccessibilityElement, current.isAccessibilityVisible {
                named.append(self.id(of: current))
            }
            stack.append(contentsOf: current.subviews)
        }
        return named
    }
}
