// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// SDL's software renderer draws a rounded shape's pixels as the share of each the shape covers:
/// a one-pixel outline on pixel boundaries is one row of its colour with nothing either side (as
/// a GPU draws it), and a corner's pixels are as partial as the curve through them.
@Suite(.serialized) @MainActor
struct ShapeCoverageTests {
    private let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    private let red = Color(red: 1, green: 0, blue: 0, alpha: 1)

    /// An outline and an opaque fill on white, both over pixel rectangles sent in whole points.
    private func drawShapes(cached: Bool) throws -> Image {
        let canvas = try OffscreenCanvas(size: Size(width: 400, height: 160))
        canvas.renderer.cachesShapes = cached
        for _ in 0..<2 {  // the second frame comes from the cache
            canvas.renderer.beginFrame(clearColor: .white, damage: nil)
            canvas.renderer.strokeRoundedRect(Rect(x: 20, y: 20, width: 300, height: 40), radius: 5, lineWidth: 1, color: black)
            canvas.renderer.fillRoundedRect(Rect(x: 20, y: 90, width: 300, height: 40), radius: 10, color: red)
            canvas.renderer.endFrame()
        }
        return try canvas.snapshot()
    }

    /// Where the straight edges of the shapes `drawShapes` sent are not exactly their colour inside
    /// and white outside: each pixel named by its coordinates and what it holds.
    private func blurredEdgePixels(_ image: Image) -> [String] {
        var wrong: [String] = []
        func expect(_ x: Int, _ y: Int, _ rgb: (UInt8, UInt8, UInt8)) {
            let p = image.pixel(x: x, y: y)
            if (p.r, p.g, p.b) != rgb { wrong.append("(\(x), \(y)) is \(p.r),\(p.g),\(p.b)") }
        }
        let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
        for x in stride(from: 40, through: 300, by: 20) {
            // The outline: its top row 20 and bottom row 59 black, the rows either side white.
            for (y, rgb) in [(19, white), (20, (0, 0, 0)), (21, white), (58, white), (59, (0, 0, 0)), (60, white)] { expect(x, y, rgb) }
            // The fill: rows 90 to 129 red, 89 and 130 white.
            for (y, rgb) in [(89, white), (90, (255, 0, 0)), (129, (255, 0, 0)), (130, white)] { expect(x, y, rgb) }
        }
        for y in stride(from: 30, through: 50, by: 5) {
            for (x, rgb) in [(19, white), (20, (0, 0, 0)), (21, white), (318, white), (319, (0, 0, 0)), (320, white)] { expect(x, y, rgb) }
        }
        return wrong
    }

    @Test func straightEdgesAreWholePixelsWithNothingEitherSide() throws {
        let wrong = blurredEdgePixels(try drawShapes(cached: true))
        #expect(wrong.isEmpty, "\(wrong.count) edge pixels: \(wrong.prefix(6))")
    }

    /// The check sees the half-coloured rows SDL's triangles put either side of a straight edge.
    @Test func theEdgeCheckSeesTrianglesBlurredRows() throws {
        let wrong = blurredEdgePixels(try drawShapes(cached: false))
        #expect(wrong.count >= 20, "the triangles' edges passed: \(wrong.count) pixels")
    }

    /// The area of a pixel square inside a disc of radius `r` centred at the origin, for a square
    /// wholly in one quadrant, integrated column by column (independent of the renderer's sampling).
    private func discArea(x0: Double, x1: Double, y0: Double, y1: Double, r: Double) -> Double {
        let (a, b) = (min(abs(x0), abs(x1)), max(abs(x0), abs(x1)))
        let (c, d) = (min(abs(y0), abs(y1)), max(abs(y0), abs(y1)))
        let steps = 2_000
        var area = 0.0
        for i in 0..<steps {
            let x = a + (Double(i) + 0.5) / Double(steps) * (b - a)
            guard x < r else { continue }
            area += min(max((r * r - x * x).squareRoot() - c, 0), d - c) * (b - a) / Double(steps)
        }
        return area
    }

    /// Every pixel of the fill's top-left corner holds the fill's colour in the share of it the
    /// quarter circle covers, over white.
    @Test func aCornersPixelsAreTheShareOfThemTheCurveCovers() throws {
        let image = try drawShapes(cached: true)
        // The fill sent: (20, 90), radius 10; the curve's centre is at (30, 100).
        let (cx, cy, r) = (30.0, 100.0, 10.0)
        var largest = 0, partial = 0
        for y in 90..<100 {
            for x in 20..<30 {
                let share = discArea(x0: Double(x) - cx, x1: Double(x + 1) - cx, y0: Double(y) - cy, y1: Double(y + 1) - cy, r: r)
                let expected = Int((255 * (1 - share)).rounded())  // green and blue: red over white
                let p = image.pixel(x: x, y: y)
                largest = max(largest, abs(Int(p.g) - expected), abs(Int(p.b) - expected), 255 - Int(p.r))
                if share > 0.02 && share < 0.98 { partial += 1 }
            }
        }
        #expect(partial >= 10, "only \(partial) pixels on the curve")
        // Sampled 16 × 16, a pixel's share is within 1 % of its area, and SDL's blend rounds down
        // by up to two units; a blurred row is off by half.
        #expect(largest <= 3, "a corner pixel is \(largest) units from the share the curve covers")
    }

    /// A cached shape's texture repeats a straight edge's pixels along it instead of working
    /// each out: pixel for pixel what each, worked out alone, is (every kind, radii from none to
    /// more than half the height, outlines of one to three pixels, sizes up to, at and past the corners').
    @Test func aTexturesRepeatedEdgesAreEachPixelWorkedOutAlone() {
        var compared = 0
        for kind in [ShapeCache.Key.Kind.stroke, .fill, .opaqueFillEdges] {
            for radius in [0, 0.5, 3, 8.4, 30] {
                for lineWidth: Int32 in kind == .stroke ? [1, 2, 3] : [0] {
                    // The texture one pixel wider and taller than two corners, the least that repeats.
                    let least =
                        ShapeCache.Key(kind: kind, width: 1000, height: 1000, radius: radius, lineWidth: lineWidth, color: 0).corner * 2 + 1 - 4
                    for (w, h): (Int32, Int32) in [(300, 44), (40, 24), (20, 20), (9, 9), (3, 40), (least, least), (least + 1, 60)] {
                        let key = ShapeCache.Key(kind: kind, width: w, height: h, radius: radius, lineWidth: lineWidth, color: 0x3366_99C0)
                        let (width, height) = (w + 4, h + 4)
                        let pixels = key.coveragePixels(width: width, height: height)
                        var wrong: [String] = []
                        for y in 0..<height {
                            for x in 0..<width where pixels[Int(y * width + x)] != key.pixel(x: x, y: y) { wrong.append("(\(x), \(y))") }
                        }
                        #expect(wrong.isEmpty, "\(kind) \(w)×\(h) radius \(radius) line \(lineWidth): \(wrong.prefix(5))")
                        compared += Int(width * height)
                    }
                }
            }
        }
        #expect(compared > 400_000)
    }
}
