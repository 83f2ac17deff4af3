// SPDX-License-Identifier: Apache-2.0
import Caret

/// What a headless window draws into when its pixels matter: a renderer over memory, the fonts
/// it measures text with, and a way to read the pixels back. `CaretSDLTesting` provides SDL's
/// software renderer with the bundled fonts (`HeadlessWindow.Fonts.bundled`).
@preconcurrency @MainActor
public protocol HeadlessCanvas: AnyObject {
    /// The fonts text is measured and drawn with.
    var fontProvider: FontProvider { get }
    /// The renderer frames are drawn with.
    var renderer: Renderer { get }
    /// Resizes the drawing surface (points).
    func resize(to size: Size) throws(CaretError)
    /// The pixels drawn so far.
    func snapshot() throws(CaretError) -> Image
}
