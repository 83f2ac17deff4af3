// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// A scroll moves the kept pixels on SDL's software renderer and draws only what scrolled in
/// (ScrollBlit.swift); each frame must still be, pixel for pixel, the frame drawn whole.
@Suite(.serialized) @MainActor
struct ScrollPixelsTests {
    /// Draws the frame the window asks for, then the same frame whole: what the first moved,
    /// how much it drew, and how many of its pixels differ from the whole one.
    private func differingFromWhole(_ host: HeadlessWindow) throws -> (moved: (area: Rect, dy: Double)?, drawn: Double, differing: Int) {
        let partial = try host.render()
        let moved = host.window.frames.lastFrameScroll, drawn = host.window.frames.lastFramePointCount
        host.window.setNeedsFrame()
        let whole = try host.render()
        return (moved, drawn, Self.differing(partial, whole))
    }

    /// A table of 10,000 contacts drawn whole (the source is returned to keep it: tables hold theirs weakly).
    private func contacts(_ host: HeadlessWindow, header: String? = "Contacts") throws -> (TableView, ContactRows) {
        let table = TableView(frame: .zero, style: .plain)
        let source = ContactRows(count: 10_000, header: header)
        table.dataSource = source
        table.rowHeight = 44
        host.rootView = table
        host.window.setNeedsFrame()
        _ = try host.render()
        return (table, source)
    }

    /// Scrolled by whole pixels, the table (its header staying on top) moves its pixels and
    /// draws a strip and the header: the frames equal whole ones. A scroll by part of a pixel,
    /// or by more than the table shows, draws the table whole, and equals too.
    @Test func aScrolledTableMovesItsPixelsAndDrawsWhatScrolledIn() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let (table, source) = try contacts(host)
        defer { withExtendedLifetime(source) {} }
        let window = Size(width: 640, height: 480)
        for (step, moves) in [(7.0, true), (7, true), (-13, true), (44, true), (2.5, false), (-0.5, false), (600, false), (-31, true)] {
            table.contentOffset.y += step
            host.layout()
            let (moved, drawn, differing) = try differingFromWhole(host)
            if moves {
                #expect(moved?.dy == step, "scrolled \(step): moved \(String(describing: moved))")
                #expect(drawn < window.width * window.height / 3, "scrolled \(step): drew \(drawn) square points")
            } else {
                #expect(moved == nil, "scrolled \(step): moved \(String(describing: moved))")
            }
            #expect(differing == 0, "scrolled \(step): \(differing) pixels differ from the frame drawn whole")
        }
    }

    /// Several scrolls in a row before a comparison: the moved pixels build on moved pixels.
    @Test func movesBuildOnMovesFrameAfterFrame() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let (table, source) = try contacts(host, header: nil)
        defer { withExtendedLifetime(source) {} }
        var last: Image?
        for step in [7.0, 7, 7, 7, 7, 7, 7, 7, -3, -3, -3, 50, 1, 1] {
            table.contentOffset.y += step
            host.layout()
            last = try host.render()
            #expect(host.window.frames.lastFrameScroll?.dy == step)
        }
        host.window.setNeedsFrame()
        let whole = try host.render()
        let differing = Self.differing(try #require(last), whole)
        #expect(differing == 0, "\(differing) pixels differ after fourteen moves")
    }

    /// A row's text changed, then the table scrolled before the frame: the change's damage,
    /// noted where the row was, is also where its pixels move to, and both are drawn.
    @Test func aChangeBeforeTheScrollIsDrawnWhereItsPixelsMoved() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let (table, source) = try contacts(host)
        defer { withExtendedLifetime(source) {} }
        for (row, step) in [(3, 7.0), (5, -9), (8, 20)] {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            cell.textLabel?.text = "Changed \(row) then scrolled"
            table.contentOffset.y += step
            host.layout()
            let (moved, _, differing) = try differingFromWhole(host)
            #expect(moved?.dy == step)
            #expect(differing == 0, "row \(row) changed, scrolled \(step): \(differing) pixels differ")
        }
    }

    /// A finger dragging the table shows the scroll indicator, which stays put while the rows
    /// move under it: frames during the drag equal whole ones.
    @Test func aDragWithItsIndicatorMovesPixelsAndTheIndicatorStaysRight() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let (table, source) = try contacts(host)
        defer { withExtendedLifetime(source) {} }
        var point = Point(x: 320, y: 400)
        host.window.send(.touch(id: 1, phase: .began, location: point))
        var moves = 0
        for i in 0..<12 {
            host.advance(by: 1.0 / 60)
            point.y -= 9
            host.window.send(.touch(id: 1, phase: .moved, location: point))
            host.layout()
            if i % 4 == 3 {
                #expect(table.scrollIndicatorAlpha > 0)
                let (moved, _, differing) = try differingFromWhole(host)
                if moved != nil { moves += 1 }
                #expect(differing == 0, "drag step \(i): \(differing) pixels differ from the frame drawn whole")
            } else {
                _ = try host.render()
                if host.window.frames.lastFrameScroll != nil { moves += 1 }
            }
        }
        host.window.send(.touch(id: 1, phase: .ended, location: point))
        #expect(moves >= 8, "only \(moves) of 12 drag frames moved pixels")
    }

    /// The form with its field focused and the keyboard up: the scroll view's pixels move above
    /// the keyboard's opaque strip, and the keyboard is left as it was.
    @Test func aFormScrolledAboveTheKeyboardMovesOnlyWhatIsAboveIt() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let form = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = form
        host.window.keyboard.policy = .always
        _ = form.fields["name"]?.becomeFirstResponder()
        host.settle()
        _ = try host.render()
        let keyboardTop = try #require(host.window.keyboard.keyboardView).convert(Point.zero, to: nil).y
        for step in [7.0, 12, -5] {
            form.scrollView.contentOffset.y += step
            host.layout()
            let (moved, _, differing) = try differingFromWhole(host)
            #expect(moved?.dy == step)
            #expect(differing == 0, "the form scrolled \(step): \(differing) pixels differ")
        }
        form.scrollView.contentOffset.y += 6
        host.layout()
        _ = try host.render()
        let moved = try #require(host.window.frames.lastFrameScroll)
        #expect(moved.area.maxY <= keyboardTop)
        // The wheel shows the indicators, inset by the keyboard's share of the content's insets,
        // and they fade while it scrolls on: every frame equals the whole one.
        let wheelAt = Point(x: 320, y: 150)
        for (i, wait) in [0.0, 0.0, 0.6, 0.1, 0.05, 0.0].enumerated() {
            host.advance(by: wait)
            host.input.scroll(dy: i % 3 == 2 ? -1 : 1, at: wheelAt)
            host.layout()
            let (moved, _, differing) = try differingFromWhole(host)
            #expect(moved != nil, "wheel step \(i) drew the form whole")
            #expect(differing == 0, "wheel step \(i): \(differing) pixels differ")
        }
    }

    /// How many pixels differ (and the first of them, for the message).
    private static func differing(_ a: Image, _ b: Image) -> Int {
        guard a.pixels.count == b.pixels.count else { return max(a.pixels.count, b.pixels.count) / 4 }
        var differing = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<(i + 3)] != b.pixels[i..<(i + 3)] {
            if differing == 0 { Issue.record("first differing pixel at (\((i / 4) % a.pixelWidth), \((i / 4) / a.pixelWidth))") }
            differing += 1
        }
        return differing
    }
}
