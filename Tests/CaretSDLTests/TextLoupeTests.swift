// SPDX-License-Identifier: Apache-2.0

import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@_spi(Backend) @_spi(Testing) @testable import Caret

/// The loupe (issue 30): above the finger while it drags the caret or a handle, or moves after
/// a long press; the text under the finger at 1.5× from the window's own pixels; inside the
/// window and above the keyboard; fading; never secure text.
@Suite(.serialized) @MainActor
struct TextLoupeTests {
    private func makeField(_ text: String, at origin: Point = Point(x: 40, y: 120), secure: Bool = false, keyboard: Bool = false)
        throws -> (HeadlessWindow, TextField)
    {
        let host = try HeadlessWindow(size: Size(width: 480, height: 320), fonts: .bundled)
        host.window.keyboard.policy = keyboard ? .always : .never
        let root = whiteRoot()
        host.rootView = root
        let field = TextField(frame: Rect(origin: origin, size: Size(width: 400, height: 44)))
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 20)
        field.isSecureTextEntry = secure
        root.addSubview(field)
        field.text = text
        host.layout()
        return (host, field)
    }

    /// The window point over a boundary of the field's text.
    private func point(at offset: Int, in field: TextField) -> Point {
        let editor = field.editor
        let caret = editor.layout.caretRect(at: offset).offsetBy(dx: editor.textOrigin.x, dy: editor.textOrigin.y)
        return editor.convert(Point(x: caret.midX, y: caret.midY), to: nil)
    }

    private func loupe(_ host: HeadlessWindow) -> TextLoupeView? {
        host.window.topLayer.subviews.compactMap { $0 as? TextLoupeView }.first
    }

    /// A finger on the caret, then moving along the line: the caret follows under the loupe.
    /// A finger already down at `start` slides along the line to `end` in even steps.
    private func slide(_ host: HeadlessWindow, from start: Point, to end: Point, steps: Int = 6) {
        for i in 1...steps {
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: Point(x: start.x + (end.x - start.x) * Double(i) / Double(steps), y: start.y)))
        }
    }

    private func dragCaret(_ host: HeadlessWindow, _ field: TextField, from a: Int, to b: Int, lift: Bool) {
        let start = point(at: a, in: field), end = point(at: b, in: field)
        host.window.send(.touch(id: 1, phase: .began, location: start))
        slide(host, from: start, to: end)
        host.advance(by: 0.2)  // the fade in has run
        if lift { host.window.send(.touch(id: 1, phase: .ended, location: end)) }
    }

    @Test func draggingTheCaretShowsTheLoupeAboveTheLineAndLiftingHidesIt() throws {
        let (host, field) = try makeField("Magnify the text under a finger")
        #expect(field.becomeFirstResponder())
        field.selectedTextRange = TextRange(7..<7)
        host.settle()
        dragCaret(host, field, from: 7, to: 16, lift: false)
        #expect(field.editor.model.selection.head == 16, "the caret follows the finger")
        let lens = try #require(loupe(host))
        let line = field.editor.convert(field.editor.bounds, to: nil)
        #expect(lens.frame.maxY <= line.minY + 12 && lens.alpha == 1, "above the line")
        #expect(abs(lens.sourceRect.midX - point(at: 16, in: field).x) < 1)
        try expectGolden(host, named: "loupe-over-field")
        host.window.send(.touch(id: 1, phase: .ended, location: point(at: 16, in: field)))
        host.advance(by: 0.3)
        #expect(loupe(host) == nil, "gone after its fade")
    }

    @Test func theLoupeShowsTheWindowsPixelsMagnified() throws {
        let (host, field) = try makeField("WWWWWWWWWWWWWWWWWWWW")
        #expect(field.becomeFirstResponder())
        field.selectedTextRange = TextRange(4..<4)
        host.settle()
        dragCaret(host, field, from: 4, to: 10, lift: false)
        let frame = try host.render()
        let lens = try #require(loupe(host))
        // Dark pixels (the letters) fill the lens's middle row as they fill the line magnified.
        let y = Int(lens.frame.midY)
        let dark = (Int(lens.frame.minX) + 8..<Int(lens.frame.maxX) - 8).filter { x in frame.pixel(x: x, y: y).r < 128 }.count
        #expect(dark > 20, "the letters under the finger show in the lens")
    }

    @Test func nearTheWindowsEdgesTheLoupeStaysInside() throws {
        let (host, field) = try makeField("Edge of the window, left and top", at: Point(x: 2, y: 4))
        #expect(field.becomeFirstResponder())
        field.selectedTextRange = TextRange(1..<1)
        host.settle()
        dragCaret(host, field, from: 1, to: 0, lift: false)
        let lens = try #require(loupe(host))
        #expect(host.window.bounds.insetBy(dx: 3, dy: 3).contains(lens.frame), "inside the window: \(lens.frame)")
        try expectGolden(host, named: "loupe-at-window-edge")
    }

    @Test func theLoupeStaysAboveTheKeyboard() throws {
        let (host, field) = try makeField("Close to the keyboard", at: Point(x: 40, y: 10), keyboard: true)
        #expect(field.becomeFirstResponder())
        host.settle()
        // A window so short that the line sits right above the keyboard.
        let top = host.window.keyboardAvoidance.keyboardTop
        field.frame.origin.y = top - 46
        host.layout()
        field.selectedTextRange = TextRange(3..<3)
        dragCaret(host, field, from: 3, to: 8, lift: false)
        let lens = try #require(loupe(host))
        #expect(lens.frame.maxY <= top, "above the keyboard's top \(top): \(lens.frame)")
    }

    @Test func aLongPressThenMovingPlacesTheCaretUnderTheLoupeAndEndsWithTheMenu() throws {
        let (host, field) = try makeField("hold and slide here")
        #expect(field.becomeFirstResponder())
        host.settle()
        let start = point(at: 2, in: field), end = point(at: 12, in: field)
        host.window.send(.touch(id: 1, phase: .began, location: start))
        host.advance(by: 0.6)  // the long press fires
        slide(host, from: start, to: end, steps: 5)
        host.advance(by: 0.2)
        #expect(loupe(host) != nil && field.editor.model.selection.isEmpty && field.editor.model.selection.head == 12)
        host.window.send(.touch(id: 1, phase: .ended, location: end))
        host.advance(by: 0.3)
        #expect(loupe(host) == nil && field.editor.interaction.editMenu != nil)
    }

    @Test func draggingASelectionHandleShowsTheLoupe() throws {
        let (host, field) = try makeField("select these words please")
        #expect(field.becomeFirstResponder())
        host.settle()
        host.input.longPress(at: point(at: 9, in: field))  // selects "these" with handles
        #expect(field.editor.interaction.showsSelectionHandles)
        let end = field.editor.model.selection.range.upperBound
        let from = point(at: end, in: field), to = point(at: 18, in: field)
        host.window.send(.touch(id: 1, phase: .began, location: from))
        slide(host, from: from, to: to, steps: 5)
        #expect(loupe(host) != nil && field.editor.model.selection.range.upperBound == 18)
        host.window.send(.touch(id: 1, phase: .ended, location: to))
        host.advance(by: 0.3)
        #expect(loupe(host) == nil)
    }

    @Test func theLoupeNeverShowsSecureText() throws {
        let (host, field) = try makeField("", secure: true)
        #expect(field.becomeFirstResponder())
        host.settle()
        host.input.type("swordfish")  // the last character shows for a second
        let before = try host.render()
        _ = before
        dragCaret(host, field, from: 9, to: 8, lift: false)
        let lens = try #require(loupe(host))
        #expect(field.editor.display.revealedRange == nil, "the reveal ended when the loupe came")
        let withLoupe = try host.render()
        // The same lens over a field that shows only bullets (nothing revealed).
        let (other, plain) = try makeField("", secure: true)
        #expect(plain.becomeFirstResponder())
        other.settle()
        plain.text = "swordfish"
        plain.selectedTextRange = TextRange(9..<9)
        other.settle()
        dragCaret(other, plain, from: 9, to: 8, lift: false)
        let bullets = try other.render()
        let otherLens = try #require(loupe(other))
        #expect(otherLens.frame == lens.frame)
        var differing = 0
        for y in Int(lens.frame.minY)..<Int(lens.frame.maxY) {
            for x in Int(lens.frame.minX)..<Int(lens.frame.maxX) where withLoupe.pixel(x: x, y: y) != bullets.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "the lens shows bullets only")
    }

    /// The demo's form with a finger dragging the caret through the name (the README's picture).
    @Test func theDemoFormWithTheLoupe() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .bundled)
        host.window.keyboard.policy = .always
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        screen.tracer.onEvent = nil
        host.rootView = screen
        let field = try #require(screen.fields["name"])
        #expect(field.becomeFirstResponder())
        host.input.type("Ada Lovelace, Countess")
        host.settle()
        field.selectedTextRange = TextRange(4..<4)
        host.settle()
        dragCaret(host, field, from: 4, to: 9, lift: false)
        #expect(loupe(host) != nil && field.editor.model.selection.head == 9)
        try expectGolden(host, named: "demo-loupe")
        host.window.send(.touch(id: 1, phase: .ended, location: point(at: 9, in: field)))
    }

    /// Focus leaving (or the field leaving the window) mid-drag takes the loupe with it.
    @Test func theLoupeGoesWhenFocusGoesMidDrag() throws {
        let (host, field) = try makeField("a field that loses focus")
        #expect(field.becomeFirstResponder())
        field.selectedTextRange = TextRange(6..<6)
        host.settle()
        dragCaret(host, field, from: 6, to: 12, lift: false)
        #expect(loupe(host) != nil)
        #expect(field.resignFirstResponder())
        host.advance(by: 0.3)
        #expect(loupe(host) == nil)
    }
}
