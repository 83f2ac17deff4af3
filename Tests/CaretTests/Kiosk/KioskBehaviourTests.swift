// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Kiosk behaviours under virtual time (SPEC §10, issue 16 item 3): the idle timeout and what
/// resets it, screen blanking whose waking touch reaches no view, and the hidden pointer.
@Suite(.serialized) @MainActor
struct KioskBehaviourTests {
    private func make() throws -> (HeadlessWindow, Button, TextField, () -> Int) {
        let host = try makeHost(width: 400, height: 600)
        let root = View(frame: host.window.bounds)
        var taps = 0
        let button = Button(title: "Check in", style: .filled) { _ in taps += 1 }
        button.frame = Rect(x: 20, y: 20, width: 160, height: 44)
        let field = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        root.addSubview(button)
        root.addSubview(field)
        host.rootView = root
        host.layout()
        return (host, button, field, { taps })
    }

    @Test func theIdleTimeoutFiresAfterQuietAndAnyInputPutsItOff() throws {
        let (host, button, field, _) = try make()
        var fired = 0
        host.window.kiosk.onIdleTimeout = { fired += 1 }
        host.window.kiosk.idleTimeout = 30
        host.advance(by: 29)
        #expect(fired == 0)
        host.input.tap(button)  // a touch resets it
        host.advance(by: 29)
        #expect(fired == 0)
        field.becomeFirstResponder()
        host.input.key(.keyboardA)  // a hardware key too
        host.advance(by: 20)
        host.input.type("b")  // and typed text
        host.window.keyboard.policy = .always
        field.resignFirstResponder()
        field.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let key = try #require(keyboard.keyFrames.first { $0.key.label.lowercased() == "q" })
        host.advance(by: 20)
        #expect(fired == 0)
        host.input.tap(at: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil))  // the on-screen keyboard
        host.advance(by: 25)
        #expect(fired == 0)
        host.advance(by: 6)
        #expect(fired == 1)  // 31 s after the last key
        host.advance(by: 60)
        #expect(fired == 1)  // once, until there is input again
    }

    @Test func aBlankedScreenWakesOnATouchThatReachesNoView() throws {
        let (host, button, _, taps) = try make()
        host.window.kiosk.screenBlankingDelay = 60
        host.advance(by: 59)
        #expect(!host.window.kiosk.isScreenBlanked)
        host.advance(by: 2)
        #expect(host.window.kiosk.isScreenBlanked)
        // The waking touch, on the button, with its move and release: the button hears none of it.
        let point = button.convert(Point(x: 20, y: 20), to: nil)
        host.window.send(.touch(id: 7, phase: .began, location: point))
        #expect(!host.window.kiosk.isScreenBlanked)
        host.window.send(.touch(id: 7, phase: .moved, location: point))
        host.window.send(.touch(id: 7, phase: .ended, location: point))
        #expect(taps() == 0)
        #expect(!button.isHighlighted)
        // The next touch works, and a click or a key wakes it the same way.
        host.input.tap(button)
        #expect(taps() == 1)
        host.advance(by: 61)
        #expect(host.window.kiosk.isScreenBlanked)
        host.input.click(at: point)
        #expect(taps() == 1 && !host.window.kiosk.isScreenBlanked)
        host.window.kiosk.blankScreen()
        host.input.key(.keyboardReturnOrEnter)
        #expect(!host.window.kiosk.isScreenBlanked)
    }

    @Test func aBlankedScreenDrawsBlack() throws {
        let (host, _, _, _) = try make()
        let renderer = try #require(host.nullRenderer)
        host.window.kiosk.blankScreen()
        let before = renderer.calls
        host.drawFrame()
        #expect(renderer.lastClearColor == .black)
        #expect(renderer.lastClearing == nil)  // the whole window, not the damage only
        #expect(renderer.calls == before)  // no view draws over it
    }

    final class PointerBackend: Backend {
        let inner: Backend
        var visible: [Bool] = []
        init(_ inner: Backend) { self.inner = inner }
        var fontProvider: FontProvider { inner.fontProvider }
        var clipboard: Clipboard { inner.clipboard }
        var textInput: TextInputConnection { inner.textInput }
        var clock: Clock { inner.clock }
        func setNeedsRedraw() { inner.setNeedsRedraw() }
        func setPointerVisible(_ visible: Bool) { self.visible.append(visible) }
    }

    @Test func thePointerHidesAndAMovingMouseShowsItWhenAllowed() throws {
        let host = try makeHost(width: 300, height: 200)
        let backend = PointerBackend(host.backend)
        let window = Window(size: Size(width: 300, height: 200), backend: backend)
        window.kiosk.hidesPointer = true
        #expect(backend.visible == [false])
        window.send(.mouseMoved(location: Point(x: 5, y: 5), buttons: [], modifiers: []))
        #expect(backend.visible == [false, true])
        window.kiosk.showsPointerOnMouseMove = false
        window.kiosk.hidesPointer = true
        window.send(.mouseMoved(location: Point(x: 6, y: 5), buttons: [], modifiers: []))
        #expect(backend.visible == [false, true, false])
    }
}
