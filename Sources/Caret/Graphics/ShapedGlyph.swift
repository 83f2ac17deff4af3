// SPDX-License-Identifier: Apache-2.0

/// One glyph of a shaped run: the face it comes from (an id its font provider gave), its glyph id
/// there, where it sits and which characters it draws.
public struct ShapedGlyph: Hashable, Sendable {
    /// The face, as numbered by the font provider that shaped the run.
    public var face: Int32
    /// The glyph id within the face.
    public var id: UInt32
    /// The pen position plus the glyph's offset, from the run's left edge, in points.
    public var x: Double
    /// The glyph's offset from the baseline, downwards, in points.
    public var y: Double
    /// The UTF-16 offset in the run's text of the first character the glyph draws (its cluster).
    public var cluster: Int
    /// Whether it is a colour glyph (drawn as it is, not tinted with the text colour).
    public var isColor: Bool

    /// Creates a glyph.
    public init(face: Int32, id: UInt32, x: Double, y: Double, cluster: Int, isColor: Bool = false) {
        self.face = face
        self.id = id
        self.x = x
        self.y = y
        self.cluster = cluster
        self.isColor = isColor
    }
}
