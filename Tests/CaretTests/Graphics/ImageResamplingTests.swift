// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Testing) @testable import Caret

/// `Image.resampled`: area averaging down, bilinear up, premultiplied alpha.
struct ImageResamplingTests {
    private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> Image {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes += pixel(x, y) } }
        return try Image(pixels: bytes, pixelWidth: width, pixelHeight: height, scale: 2)
    }

    @Test func shrinkingAveragesEverySourcePixel() throws {
        // A one-pixel-wide line every fourth column: a bilinear copy at a quarter samples between
        // them and loses it; the area average keeps a quarter of its weight in every pixel.
        let lines = try image(16, 4) { x, _ in x % 4 == 1 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        let small = lines.resampled(pixelWidth: 4, pixelHeight: 1)
        #expect(small.pixelWidth == 4 && small.pixelHeight == 1 && small.scale == 2)
        for x in 0..<4 { #expect(small.pixel(x: x, y: 0) == (191, 191, 191, 255)) }
    }

    @Test func fractionalRatiosWeighByOverlap() throws {
        // Three pixels 0, 90, 180 into two: each takes one and a half.
        let ramp = try image(3, 1) { x, _ in [UInt8(x * 90), 0, 0, 255] }
        let two = ramp.resampled(pixelWidth: 2, pixelHeight: 1)
        #expect(two.pixel(x: 0, y: 0).r == 30 && two.pixel(x: 1, y: 0).r == 150)
    }

    @Test func transparentPixelsLendNoColourToTheEdge() throws {
        // Red next to transparent black: straight averaging would darken the red.
        let edge = try image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 0, 0] }
        let one = edge.resampled(pixelWidth: 1, pixelHeight: 1)
        #expect(one.pixel(x: 0, y: 0) == (255, 0, 0, 128))
    }

    @Test func growingInterpolatesAndKeepsTheImagesKind() throws {
        let symbol = try #require(Image(systemName: "eye"))
        let big = symbol.resampled(pixelWidth: 100, pixelHeight: 90)
        #expect(big.pixelWidth == 100 && big.pixelHeight == 90)
        #expect(big.isSymbolImage && big.renderingMode == symbol.renderingMode)
        let ramp = try image(2, 1) { x, _ in [UInt8(x * 200), 0, 0, 255] }
        let four = ramp.resampled(pixelWidth: 4, pixelHeight: 1)
        #expect((0..<4).map { four.pixel(x: $0, y: 0).r } == [0, 50, 150, 200])
        #expect(ramp.resampled(pixelWidth: 2, pixelHeight: 1) === ramp)
    }
}
