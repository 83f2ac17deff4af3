// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One key as the keyboard shows it now: its action, label, width in key units (nil: takes
/// what the row leaves, as the space bar does), whether it works, and its long-press alternates.
public struct KeyboardKey: Hashable, Sendable {
    /// What the key does.
    public var action: KeyboardKeyAction
    /// What it shows.
    public var label: String
    /// Width in key units; nil stretches to fill the row.
    public var width: Double?
    /// Whether pressing it does anything (the return key while the text is empty, blanks).
    public var isEnabled: Bool
    /// Characters a long press offers, in order.
    public var alternates: [String]

    package init(action: KeyboardKeyAction, label: String, width: Double? = 1, isEnabled: Bool = true, alternates: [String] = []) {
        (self.action, self.label, self.width, self.isEnabled, self.alternates) = (action, label, width, isEnabled, alternates)
    }

    /// A label as drawn: a dependent vowel, tone mark or sign (a mark that joins the letter before
    /// it: Thai ิ ่, Devanagari ा ्) sits on a dotted circle, as on phones, instead of on nothing.
    @_spi(Testing) public static func drawnLabel(_ label: String) -> String {
        guard let first = label.unicodeScalars.first else { return label }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return "\u{25CC}" + label
        default: return label
        }
    }
}
