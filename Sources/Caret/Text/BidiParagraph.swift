// SPDX-License-Identifier: Apache-2.0

/// A paragraph's resolved bidirectional embedding levels (UAX #9): odd levels are right to left.
public struct BidiParagraph: Hashable, Sendable {
    /// The paragraph's own level: 0 left to right, 1 right to left.
    public var baseLevel: UInt8
    /// One level per UTF-16 unit.
    public var levels: [UInt8]

    /// Creates a resolved paragraph.
    public init(baseLevel: UInt8, levels: [UInt8]) {
        self.baseLevel = baseLevel
        self.levels = levels
    }

    /// Whether the paragraph runs right to left.
    public var isRightToLeft: Bool { baseLevel & 1 == 1 }
}
