// SPDX-License-Identifier: Apache-2.0

/// Vertical metrics of a font at a size, in points.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the tallest glyphs.
    public var ascender: Double
    /// Distance from the baseline to the bottom of the lowest glyphs; negative, as in UIKit.
    public var descender: Double
    /// The distance between baselines of consecutive lines.
    public var lineHeight: Double

    /// Creates metrics from their values.
    public init(ascender: Double, descender: Double, lineHeight: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
    }
}
