// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// SDL's software renderer draws rounded shapes from a texture made once (the shape cache): a
/// whole frame of rounded fields hands SDL no triangles (their pixels: ShapeCoverageTests).
@Suite(.serialized) @MainActor
struct ShapeCacheTests {
    /// Ten rounded fields (one focused), a translucent rounded panel, and a field half cut off by
    /// a clipping view, in a software canvas.
    private func makeScene() throws -> (OffscreenCanvas, Window) {
        let size = Size(width: 480, height: 700)
        let canvas = try OffscreenCanvas(size: size)
        let window = Window(size: size, backend: OffscreenBackend(fontProvider: canvas.fonts))
        let root = View()
        root.backgroundColor = .systemGroupedBackground
        for i in 0..<10 {
            let field = TextField(frame: Rect(x: 24, y: 24 + Double(i) * 52, width: 300, height: 40))
            field.borderStyle = .roundedRect
            field.placeholder = "Field \(i + 1)"
            root.addSubview(field)
        }
        let panel = View(frame: Rect(x: 340, y: 24, width: 120, height: 80))
        panel.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5)
        panel.layer.cornerRadius = 14
        root.addSubview(panel)
        let clip = View(frame: Rect(x: 340, y: 560, width: 100, height: 30))
        clip.clipsToBounds = true
        let cut = TextField(frame: Rect(x: -40, y: 6, width: 120, height: 40))
        cut.borderStyle = .roundedRect
        clip.addSubview(cut)
        root.addSubview(clip)
        window.rootView = root
        _ = (root.subviews[0] as? TextField)?.becomeFirstResponder()
        return (canvas, window)
    }

    private func wholeFrame(_ window: Window, _ canvas: OffscreenCanvas) throws -> Image {
        window.setNeedsFrame()
        window.render(to: canvas.renderer)
        return try canvas.renderer.readPixels()
    }

    @Test func aWholeFrameOfRoundedFieldsHandsSDLNoTrianglesOnceCached() throws {
        let (canvas, window) = try makeScene()
        _ = try wholeFrame(window, canvas)
        #expect(canvas.renderer.shapeCache.entries.count >= 3, "fill edges, border, panel: \(canvas.renderer.shapeCache.entries.count)")
        let before = canvas.renderer.trianglesDrawn
        _ = try wholeFrame(window, canvas)
        #expect(canvas.renderer.trianglesDrawn == before, "a cached frame drew \(canvas.renderer.trianglesDrawn - before) triangles")
        // Drawn directly, the same frame is hundreds of triangles (the counter counts).
        canvas.renderer.cachesShapes = false
        _ = try wholeFrame(window, canvas)
        #expect(canvas.renderer.trianglesDrawn - before > 10 * 100)
    }
}
