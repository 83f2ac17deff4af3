// SPDX-License-Identifier: Apache-2.0

import CSDL2
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// A GPU renderer merges draws of one clip into few calls (Mesa's software OpenGL spends about
/// 20 µs on each): a table's rows become a few draws, and the picture is the one drawing each
/// call at once gives.
@Suite(.serialized) @MainActor
struct DrawBatchesTests {
    private static let plain = DrawBatches.Key(texture: nil, blend: SDL_BLENDMODE_BLEND)
    /// Any non-nil pointer stands for a texture: the batches only compare it.
    private static let atlas = DrawBatches.Key(texture: OpaquePointer(bitPattern: 0x1000), blend: SDL_BLENDMODE_BLEND)

    private func add(_ batches: inout DrawBatches, _ key: DrawBatches.Key, x: Int32, y: Int32, w: Int32 = 100, h: Int32 = 10) {
        let r = SDL_Rect(x: x, y: y, w: w, h: h)
        let quad = DrawBatches.quad(r, color: SDL_Color(r: 0, g: 0, b: 0, a: 255))
        batches.add(key, vertices: quad.vertices, indices: quad.indices, area: r)
    }

    /// Rows of a separator, then a label: each kind joins its own batch, as no row overlaps another.
    @Test func drawsThatDoNotOverlapJoinTheBatchOfTheirKind() {
        var batches = DrawBatches()
        for row in 0..<20 {
            let top = Int32(row) * 44
            add(&batches, Self.plain, x: 0, y: top + 43, w: 640, h: 1)  // separator
            add(&batches, Self.atlas, x: 16, y: top + 12, w: 200, h: 20)  // label
        }
        #expect(batches.batches.count == 2)
        #expect(batches.batches.map(\.indices.count) == [20 * 6, 20 * 6])
        // The indices of each merged quad point at its own four vertices.
        for batch in batches.batches {
            for (i, index) in batch.indices.enumerated() { #expect(Int(index) / 4 == i / 6) }
        }
    }

    /// A draw over one of another kind drawn after its batch starts a batch of its own, after it:
    /// a label's highlight, then text over it, then a fill over that text, keep their order.
    @Test func aDrawOverALaterOneKeepsItsPlace() {
        var batches = DrawBatches()
        add(&batches, Self.plain, x: 0, y: 0)
        add(&batches, Self.atlas, x: 0, y: 0)
        add(&batches, Self.plain, x: 50, y: 5)  // overlaps the text: after it
        #expect(batches.batches.map(\.key.texture) == [nil, Self.atlas.texture, nil])
        add(&batches, Self.atlas, x: 0, y: 100)  // clear of the last fill: joins the text
        #expect(batches.batches.count == 3)
        #expect(batches.batches[1].indices.count == 12)
    }

    /// A draw looks back a bounded number of batches for its kind.
    @Test func aDrawLooksBackABoundedNumberOfBatches() {
        var batches = DrawBatches()
        for k in 0...DrawBatches.lookBack {
            add(&batches, .init(texture: OpaquePointer(bitPattern: 0x1000 + k), blend: SDL_BLENDMODE_BLEND), x: 0, y: Int32(k) * 20)
        }
        add(&batches, .init(texture: OpaquePointer(bitPattern: 0x1000), blend: SDL_BLENDMODE_BLEND), x: 0, y: 500)
        #expect(batches.batches.count == DrawBatches.lookBack + 2)
    }

    /// A table of contacts (subtitle rows with chevrons, under a header that stays at the top
    /// over the rows scrolled beneath it) on the GPU renderer: a whole frame is a
    /// handful of draw calls, not three or more a row, and its pixels are those of drawing each
    /// call at once. The same for the form, whose fields are rounded shapes, whose images and
    /// clipped scroll view change the clip, and whose keyboard is a layer drawn between batches.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
    func aGPUFrameMergesDrawsAndDrawsTheSamePixels() throws {
        let size = Size(width: 640, height: 480)
        let host = try HeadlessWindow(size: size, fonts: .gpuWindow)
        let renderer = try #require(host.gpuRenderer)
        let rowHeight = 44.0
        let rowsOnScreen = Int(size.height / rowHeight)  // whole rows at least
        let table = TableView(frame: .zero, style: .plain)
        let source = ContactRows(count: 1_000, header: "Contacts")
        table.dataSource = source
        table.rowHeight = rowHeight
        host.rootView = table
        func whole(batching: Bool) throws -> (image: Image, calls: Int) {
            renderer.batchesDraws = batching
            host.window.setNeedsFrame()
            let before = renderer.drawCalls
            let image = try host.render()
            return (image, renderer.drawCalls - before)
        }
        _ = try whole(batching: true)
        table.contentOffset.y = 3 * rowHeight + 7  // a row cut at the top
        let merged = try whole(batching: true)
        let separate = try whole(batching: false)
        #expect(separate.calls >= 3 * rowsOnScreen, "drawn call by call: \(separate.calls) calls")
        #expect(merged.calls <= 8, "merged: \(merged.calls) calls for \(rowsOnScreen) rows")
        let tableDiffering = Self.differingPixels(merged.image, separate.image)
        #expect(tableDiffering == 0, "the table: \(tableDiffering) pixels differ between merged and separate draws")

        // The form with the on-screen keyboard up: its layer is drawn into and copied between
        // batches, and a key's press redraws part of it.
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.window.keyboard.policy = .always
        _ = form.fields["name"]?.becomeFirstResponder()
        host.settle()
        _ = try whole(batching: true)
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let key = try #require(keyboard.keyFrames.first { $0.key.action == .shift })
        host.input.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil))
        host.settle()
        _ = try host.render()
        // Each frame draws the keyboard's layer afresh (setting `rasterizes` drops the layer's pixels).
        let layerPixels = renderer.layerPixelsDrawn
        keyboard.rasterizes = true
        let formMerged = try whole(batching: true)
        keyboard.rasterizes = true
        let formSeparate = try whole(batching: false)
        #expect(
            renderer.layerPixelsDrawn - layerPixels >= 2 * Int(keyboard.bounds.width * keyboard.bounds.height),
            "the keyboard's layer was not drawn again")
        #expect(formMerged.calls < formSeparate.calls)
        let differing = Self.differingPixels(formMerged.image, formSeparate.image)
        #expect(differing == 0, "the form: \(differing) pixels differ between merged and separate draws")
    }

    private static func differingPixels(_ a: Image, _ b: Image) -> Int {
        guard a.pixels.count == b.pixels.count else { return max(a.pixels.count, b.pixels.count) / 4 }
        var differing = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<(i + 4)] != b.pixels[i..<(i + 4)] { differing += 1 }
        return differing
    }
}
