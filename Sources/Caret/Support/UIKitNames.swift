// SPDX-License-Identifier: Apache-2.0

// Names UIKit code uses for types Caret spells otherwise, so that such code ports by dropping
// the `UI` prefix alone (docs/behaviour/porting.md).

/// UIKit's `UIEvent`: the event that delivered touches (`touchesBegan(_:with:)`).
public typealias Event = InputEvent
/// Foundation's `NSUnderlineStyle`, as `NSAttributedString.Key.underlineStyle`'s values are written.
public typealias NSUnderlineStyle = UnderlineStyle

/// A colour written as Xcode's colour literal (`#colorLiteral(red: 1, green: 0.58, blue: 0, alpha: 1)`).
extension Color: _ExpressibleByColorLiteral {
    /// The colour of a colour literal's components.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}
