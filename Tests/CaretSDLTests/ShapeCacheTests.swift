@_spi(Testing) import Caret
@testable import CaretSDL
import CaretTesting
import Foundation
import Testing

/// SDL's software renderer draws rounded shapes from a texture made once (the shape cache): a
/// whole frame of rounded fields hands SDL no triangles, and the pixels are those of the triangles.
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
        panel.cornerRadius = 14
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

    @Test func aCachedShapeDrawsThePixelsOfItsTriangles() throws {
        let (canvas, window) = try makeScene()
        canvas.renderer.cachesShapes = false
        let direct = try wholeFrame(window, canvas)
        canvas.renderer.cachesShapes = true
        _ = try wholeFrame(window, canvas)  // makes the textures
        let cached = try wholeFrame(window, canvas)
        // The scene has edges to compare: pixels that are neither background nor a field's white.
        let background = Array(direct.pixels[0..<4])
        var edges = 0, differing = 0, largest = 0
        for i in stride(from: 0, to: direct.pixels.count, by: 4) {
            let a = direct.pixels[i..<(i + 3)], b = cached.pixels[i..<(i + 3)]
            if Array(a) != Array(background.prefix(3)), a.contains(where: { $0 != 255 }) { edges += 1 }
            let delta = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
            if delta > 0 { differing += 1 }
            largest = max(largest, delta)
        }
        #expect(edges > 5_000)
        // Straightening premultiplied colours rounds: a unit at most, on a few pixels.
        #expect(largest <= 1, "\(differing) pixels differ, by up to \(largest)")
    }
}
