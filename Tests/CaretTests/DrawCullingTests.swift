// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Backend) @testable import Caret

/// A frame that redraws a small area skips every view whose frame and subviews miss it, text
/// fields included (their clear button made them look as if they might draw anywhere).
@MainActor
struct DrawCullingTests {
    @Test func viewsWhoseSubviewsMissTheRedrawnAreaAreNotDrawn() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let renderer = try #require(host.nullRenderer)
        let root = View()
        root.backgroundColor = .white
        var fields: [TextField] = []
        for i in 0..<5 {
            let field = TextField(frame: Rect(x: 20, y: 20 + Double(i) * 50, width: 300, height: 40))
            field.placeholder = "Field \(i)"
            field.clearButtonMode = .always  // a subview: the field no longer counts as a leaf
            fields.append(field)
            root.addSubview(field)
        }
        let label = Label(text: "far below")
        label.frame = Rect(x: 20, y: 500, width: 300, height: 30)
        root.addSubview(label)
        host.rootView = root
        host.drawFrame()
        renderer.recordsText = true
        label.text = "changed below"
        host.drawFrame()
        let drawn = renderer.drawnRuns.map { (run: TextRun) in run.text }
        #expect(drawn.contains("changed below"))
        #expect(!drawn.contains { $0.hasPrefix("Field") }, "fields above the redrawn label drew: \(drawn)")
        // A subview reaching outside its unclipped superview is still drawn where it reaches.
        renderer.drawnRuns.removeAll()
        let outside = Label(text: "hangs out")
        outside.frame = Rect(x: 0, y: 470, width: 200, height: 30)  // below the field, over the label's row
        fields[0].addSubview(outside)
        host.drawFrame()
        renderer.drawnRuns.removeAll()
        label.text = "again"
        host.drawFrame()
        #expect(renderer.drawnRuns.map { (run: TextRun) in run.text }.contains("hangs out"))
    }
}

/// A frame redrawing an area the opaque keyboard covers does not clear that part first: the
/// keyboard's copy overwrites it (a point is left for rounding).
@MainActor
struct KeyboardCoverClearingTests {
    @Test func theStripUnderTheKeyboardIsNotClearedFirst() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let renderer = try #require(host.nullRenderer)
        let root = View()
        root.backgroundColor = .white
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        root.addSubview(field)
        host.rootView = root
        host.window.keyboard.policy = .always
        try host.window.keyboard.loadLayouts()
        _ = field.becomeFirstResponder()
        host.settle()
        host.drawFrame()
        let cover = host.window.keyboard.presence.opaqueRect
        #expect(!cover.isNull && cover.maxY == 600)
        root.setNeedsDisplay(Rect(x: 0, y: cover.minY - 50, width: 400, height: 650 - cover.minY))
        host.drawFrame()
        let clearing = try #require(renderer.lastClearing)
        #expect(clearing.count == 1)
        #expect(clearing.allSatisfy { $0.maxY <= cover.minY + 1.5 }, "cleared \(clearing) under the keyboard at \(cover)")
        #expect(renderer.problems == [])
    }
}

/// A field's placeholder is shaped once, not at every draw, and again when what it depends on changes.
@MainActor
struct PlaceholderShapingTests {
    final class CountingFonts: FontProvider {
        let inner = FixedAdvanceFontProvider(advanceRatio: 0.5)
        var shaped: [String] = []
        func metrics(for font: Font) -> FontMetrics { inner.metrics(for: font) }
        func shape(_ text: String, font: Font) -> TextRun {
            shaped.append(text)
            return inner.shape(text, font: font)
        }
        var segmenter: TextSegmenter { inner.segmenter }
    }

    @Test func thePlaceholderIsShapedOnceUntilItsTextFontOrWidthChanges() throws {
        let fonts = CountingFonts()
        let host = try HeadlessWindow(size: Size(width: 400, height: 200), fonts: .provider(fonts))
        let root = View()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        field.placeholder = "Your name"
        root.addSubview(field)
        host.rootView = root
        host.drawFrame()
        func shapes() -> Int { fonts.shaped.filter { $0 == "Your name" }.count }
        let first = shapes()
        #expect(first >= 1)
        for _ in 0..<5 {
            host.window.setNeedsFrame()
            host.drawFrame()
        }
        #expect(shapes() == first, "the placeholder was shaped again on redraws")
        field.font = .systemFont(ofSize: 22)
        host.drawFrame()
        #expect(shapes() > first)
        let afterFont = shapes()
        field.frame.size.width = 250
        host.layout()
        host.drawFrame()
        #expect(shapes() > afterFont)
        field.placeholder = "Full name"
        host.drawFrame()
        #expect(fonts.shaped.contains("Full name"))
    }
}

/// A root view whose opaque background covers the window is painted by the frame's clear: no
/// window-sized fill a frame. See-through, rounded or moved off an edge, it is filled over the
/// window's own background as before.
@MainActor
struct RootBackgroundClearTests {
    @Test func theClearPaintsAnOpaqueRootsBackground() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let renderer = try #require(host.nullRenderer)
        let color = Color(red: 0.2, green: 0.4, blue: 0.6)
        let root = View()
        root.backgroundColor = color
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        root.addSubview(field)
        host.rootView = root
        renderer.recordsFills = true
        func frame() -> (clear: Color?, rootFills: Int) {
            renderer.fills.removeAll()
            host.window.setNeedsFrame()
            host.drawFrame()
            return (
                renderer.lastClearColor,
                renderer.fills.filter {
                    $0.color.alpha > 0 && $0.color.red == root.backgroundColor?.red && $0.color.blue == root.backgroundColor?.blue
                }.count
            )
        }
        let opaque = frame()
        #expect(opaque.clear == color)
        #expect(opaque.rootFills == 0, "the root's background was filled over the clear of the same colour")
        let windowColor = (host.window.backgroundColor ?? .black).resolvedColor(with: host.window.traitCollection)  // as drawn: light
        root.backgroundColor = color.withAlphaComponent(0.5)
        let seeThrough = frame()
        #expect(seeThrough.clear == windowColor && seeThrough.rootFills == 1)
        root.backgroundColor = color
        root.cornerRadius = 8
        let rounded = frame()
        #expect(rounded.clear == windowColor && rounded.rootFills == 1)
        root.cornerRadius = 0
        root.autoresizingMask = []
        root.frame = Rect(x: 0, y: 1, width: 400, height: 600)
        let moved = frame()
        #expect(moved.clear == windowColor && moved.rootFills == 1)
        #expect(renderer.problems == [])
    }
}
