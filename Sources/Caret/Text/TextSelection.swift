// SPDX-License-Identifier: Apache-2.0
/// A selection in UTF-16 offsets: where it started (`anchor`) and where it moves (`head`).
/// Empty when they are equal: a caret.
public struct TextSelection: Hashable, Sendable, CustomStringConvertible {
    /// The fixed end.
    public var anchor: Int
    /// The moving end (where the caret is drawn).
    public var head: Int

    /// A selection from anchor to head.
    public init(anchor: Int, head: Int) {
        self.anchor = anchor
        self.head = head
    }

    /// A caret at an offset.
    public init(caret: Int) { self.init(anchor: caret, head: caret) }

    /// The selected range, ordered.
    public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }
    /// Whether nothing is selected.
    public var isEmpty: Bool { anchor == head }

    public var description: String { isEmpty ? "caret \(head)" : "\(anchor)→\(head)" }
}
