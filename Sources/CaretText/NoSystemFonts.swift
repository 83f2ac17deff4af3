// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Foundation

/// No system fonts: only the bundled and registered ones draw (a locked-down kiosk image, or a
/// test of what happens without fontconfig).
public struct NoSystemFonts: SystemFontFinder {
    /// Creates the finder.
    public init() {}

    public func font(covering scalars: [Unicode.Scalar], language: String?, color: Bool) -> FontFileReference? { nil }
}
