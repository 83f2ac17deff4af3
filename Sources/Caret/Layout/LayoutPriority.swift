// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How much a constraint, hugging or compression resistance matters (UIKit's `UILayoutPriority`):
/// 1000 is required; lower ones are met as well as the required ones allow, higher first.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The priority, 1…1000.
    public var rawValue: Float
    /// A priority from its value.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority from its value.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority from a literal.
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority from a literal.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// A constraint that must hold.
    public static let required = LayoutPriority(1000)
    /// A button's compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// What a window resize drag is held at.
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// What keeps a window its size.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// A button's hugging.
    public static let defaultLow = LayoutPriority(250)
    /// The level `systemLayoutSizeFitting` pulls toward the target size with.
    public static let fittingSizeLevel = LayoutPriority(50)

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// A priority raised by a number.
    public static func + (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue + b) }
    /// A priority lowered by a number.
    public static func - (a: LayoutPriority, b: Float) -> LayoutPriority { LayoutPriority(a.rawValue - b) }
}

extension NSLayoutConstraint {
    /// An axis a view hugs or resists compression along (UIKit's `NSLayoutConstraint.Axis`).
    public enum Axis: Int, Sendable {
        /// Left to right.
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
}

/// Where Caret writes console messages (UIKit's console: unsatisfiable constraints, ambiguous
/// layouts); standard error unless the app sets its own handler.
@preconcurrency @MainActor
public enum ConsoleLog {
    /// Receives every message.
    public static var handler: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    static func write(_ message: String) { handler(message) }
}
