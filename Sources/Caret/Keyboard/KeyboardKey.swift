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
}
