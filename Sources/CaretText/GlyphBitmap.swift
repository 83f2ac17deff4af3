// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Caret
import Foundation

/// A rasterised glyph: 32-bit ARGB pixels (straight alpha), placed from the pen position on the
/// baseline (`left` to the right, `top` upwards), in pixels.
public struct GlyphBitmap: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// From the pen to the bitmap's left edge.
    public var left: Int
    /// From the baseline up to the bitmap's top edge.
    public var top: Int
    /// A colour glyph (not tinted).
    public var isColor: Bool
    /// ARGB8888 pixels, row by row.
    public var pixels: [UInt32]
}
