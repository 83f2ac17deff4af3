// SPDX-License-Identifier: Apache-2.0

import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// A window's frame bookkeeping on its own: one request per frame, damage kept as a few merged
/// rectangles cut to the window, and a whole redraw that reports no rectangles.
@Suite @MainActor
struct FrameDamageTests {
    private let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    @Test func aFrameIsAskedForOnceUntilItIsDrawn() {
        var requests = 0
        let frames = FrameDamage { requests += 1 }
        frames.frameBegins()
        frames.requestFrame()
        frames.add(Rect(x: 0, y: 0, width: 10, height: 10), within: bounds)
        #expect(requests == 1 && frames.isFrameRequested)
        frames.frameBegins()
        frames.requestFullRedraw()
        #expect(requests == 2 && frames.pending(adding: nil, within: bounds) == nil)
    }

    @Test func damageNearbyMergesAndFarApartStaysApart() {
        let frames = FrameDamage {}
        frames.frameBegins()
        frames.add(Rect(x: 0, y: 0, width: 100, height: 10), within: bounds)
        frames.add(Rect(x: 0, y: 10, width: 100, height: 10), within: bounds)  // adjoining: one
        frames.add(Rect(x: 0, y: 280, width: 100, height: 40), within: bounds)  // far, and cut to the window
        #expect(frames.rects == [Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 0, y: 280, width: 100, height: 20)])
        let held = Rect(x: 200, y: 100, width: 50, height: 50)
        #expect(frames.pending(adding: held, within: bounds) == frames.rects + [held])
        frames.add(Rect(x: 0, y: 0, width: Double.nan, height: 1), within: bounds)  // not a number: everything
        #expect(frames.rects.contains(bounds))
    }

    @Test func moreThanFourRectanglesBecomeTheirBoundingBox() {
        let frames = FrameDamage {}
        frames.frameBegins()
        for i in 0..<5 { frames.add(Rect(x: Double(i) * 80, y: Double(i) * 60, width: 4, height: 4), within: bounds) }
        #expect(frames.rects == [Rect(x: 0, y: 0, width: 324, height: 244)])
        frames.frameBegins()
        #expect(frames.rects.isEmpty && !frames.isFrameRequested && frames.pending(adding: nil, within: bounds) == [])
    }

    @Test func theLastFrameIsMeasured() {
        let frames = FrameDamage {}
        frames.lastFrameRects = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 5)]
        #expect(frames.lastFrameArea == Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(frames.lastFramePointCount == 150)
    }
}
