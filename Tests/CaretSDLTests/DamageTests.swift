// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

@testable import CaretSDL

/// Redrawing only what changed must give exactly the pixels of redrawing everything.
@Suite(.serialized) @MainActor
struct DamageTests {
    /// Renders after `change` twice: incrementally, then whole; the images must match and the
    /// incremental frame must have drawn less than the window (when `expectPartial`).
    private func check(
        _ name: String, on canvas: HeadlessWindow.Fonts = .bundled, retention: SDLRenderer.Retention? = nil,
        expectPartial: Bool = true,
        setUp: (HeadlessWindow, FormScreen) -> Void = { _, _ in },
        change: (HeadlessWindow, FormScreen) -> Void
    ) throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: canvas)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = screen
        setUp(host, screen)
        _ = try host.render()
        host.window.setNeedsFrame()  // a second whole frame: a GPU renderer settles where it keeps frames
        _ = try host.render()
        change(host, screen)
        host.layout()
        let partial = try host.render()
        let drawn = host.window.frames.lastFrameArea
        if expectPartial { #expect(drawn.width * drawn.height < 640 * 480, "\(name) redrew \(drawn) \(host.window.frames.lastFrameRects)") }
        host.window.setNeedsFrame()
        let full = try host.render()
        if let retention {
            #expect(host.gpuRenderer?.retention == retention, "\(name): frames kept in \(String(describing: host.gpuRenderer?.retention))")
        }
        var differing = 0
        for i in stride(from: 0, to: full.pixels.count, by: 4) where full.pixels[i..<(i + 3)] != partial.pixels[i..<(i + 3)] {
            differing += 1
        }
        #expect(differing == 0, "\(name): \(differing) pixels differ between the partial and the full redraw")
    }

    @Test func partialRedrawsMatchFullRedraws() throws {
        try checkPartialRedraws(on: .bundled)
    }

    /// The same on a GPU renderer (OpenGL under Xvfb): it keeps the frame in a texture and
    /// redraws only the damage there; what it presents must equal a whole redraw, pixel for pixel.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
    func partialRedrawsThroughTheGPURenderersFrameTextureMatchFullRedraws() throws {
        let probe = try SDLWindowHeadlessCanvas(size: Size(width: 64, height: 64), scale: 1)
        #expect(probe.window.rendererName.hasPrefix("opengl"), "the test wants a GPU renderer, got \(probe.window.rendererName)")
        try checkPartialRedraws(on: .gpuWindow(probingBackBuffer: false), retention: .frameTexture)
    }

    /// Mesa's software OpenGL keeps the back buffer across presents: the renderer finds that out
    /// after its first whole frame and draws damage straight into it; still pixel for pixel.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
    func partialRedrawsStraightIntoAKeptBackBufferMatchFullRedraws() throws {
        try checkPartialRedraws(on: .gpuWindow, retention: .backBuffer)
    }

    /// A driver that hands out another buffer after each present: the check finds the back
    /// buffer changed and the renderer keeps frames in its texture; the picture stays right.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
    func aBackBufferSpoiltAfterEachPresentIsFoundOutAndTheFrameTextureKeepsTheFrame() throws {
        try checkPartialRedraws(on: .gpuWindow(probingBackBuffer: true, spoilingBackBuffer: true), retention: .frameTexture)
    }

    /// The frame texture holds nothing usable after the GPU lost its textures or the window
    /// changed size: the next frame is drawn whole (then partial ones again), and matches.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
    func theGPUFrameTextureIsDrawnWholeAfterLostTexturesAndAResize() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .gpuWindow)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = screen
        _ = try host.render()
        let renderer = try #require(host.gpuRenderer)
        #expect(renderer.preservesContents)
        func changeAndCompare(_ step: String, expectWhole: Bool) throws {
            screen.statusLabel.text = "\(step) \(screen.statusLabel.text ?? "")"
            let partial = try host.render()
            let size = host.window.bounds.size
            let drawn = host.window.frames.lastFrameArea
            #expect((drawn.width * drawn.height >= size.width * size.height) == expectWhole, "\(step): drew \(drawn)")
            host.window.setNeedsFrame()
            let full = try host.render()
            #expect(partial.pixels == full.pixels, "\(step): the presented frame differs from a whole redraw")
        }
        try changeAndCompare("steady", expectWhole: false)
        (host.canvas as? SDLWindowHeadlessCanvas)?.window.simulateLostTextures()
        #expect(!renderer.preservesContents)
        try changeAndCompare("lost", expectWhole: true)
        try changeAndCompare("after lost", expectWhole: false)
        try host.resize(to: Size(width: 560, height: 420))
        #expect(!renderer.preservesContents)
        try changeAndCompare("resized", expectWhole: true)
        #expect(renderer.pixelSize.width == 560)
        try changeAndCompare("after resize", expectWhole: false)
    }

    private func checkPartialRedraws(on canvas: HeadlessWindow.Fonts, retention: SDLRenderer.Retention? = nil) throws {
        func check(
            _ name: String, expectPartial: Bool = true, setUp: (HeadlessWindow, FormScreen) -> Void = { _, _ in },
            change: (HeadlessWindow, FormScreen) -> Void
        ) throws {
            try self.check(name, on: canvas, retention: retention, expectPartial: expectPartial, setUp: setUp, change: change)
        }
        try check("button highlight") { _, s in s.buttons["Save"]!.isHighlighted = true }
        try check("label text") { _, s in s.statusLabel.text = "Something shorter" }
        try check("hidden view") { _, s in s.buttons["Share"]!.isHidden = true }
        try check("moved view") { _, s in s.buttons["Details"]!.frame.origin.x += 37 }
        try check("removed view") { _, s in s.buttons["Cancel"]!.removeFromSuperview() }
        try check("scrolled", expectPartial: false) { _, s in s.scrollView.setContentOffset(Point(x: 0, y: 57), animated: false) }
        try check("typing in a text field") { h, s in
            s.fields["name"]!.becomeFirstResponder()
            h.input.type("more")
        }
        try check("focus moving between fields") { h, s in
            s.fields["name"]!.becomeFirstResponder()
            h.input.key(.keyboardTab)
        }
        try check("caret blink", setUp: { _, s in s.fields["name"]!.becomeFirstResponder() }) { h, _ in h.advance(by: 0.55) }
        let scrolledToEditors: (HeadlessWindow, FormScreen) -> Void = { h, s in
            s.scrollView.scrollRectToVisible(
                s.multiLineEditor.convert(s.multiLineEditor.bounds, to: s.scrollView), animated: false)
            h.layout()
        }
        try check("selection in the multi-line editor", setUp: scrolledToEditors) { _, s in
            s.multiLineEditor.becomeFirstResponder()
            s.multiLineEditor.selectedRange = NSRange(5..<60)
        }
        // Handles reach outside the selected line: showing and hiding them must redraw there.
        let focusedWithHandles: (HeadlessWindow, FormScreen) -> Void = { h, s in
            scrolledToEditors(h, s)
            s.multiLineEditor.becomeFirstResponder()
            h.input.longPress(at: s.multiLineEditor.convert(Point(x: 40, y: 20), to: nil))
            h.advance(by: 1)
            h.input.key(.keyboardEscape)  // close the menu: only the handles stay
        }
        try check("a tap far away hides the handles", setUp: focusedWithHandles) { h, s in
            h.input.tap(at: s.multiLineEditor.convert(Point(x: 300, y: 80), to: nil))
        }
        try check(
            "a long press shows handles",
            setUp: { h, s in
                scrolledToEditors(h, s)
                s.multiLineEditor.becomeFirstResponder()
            }
        ) { h, s in
            h.input.longPress(at: s.multiLineEditor.convert(Point(x: 40, y: 20), to: nil))
            h.input.key(.keyboardEscape)
        }
        try check("typing a line break", setUp: scrolledToEditors) { h, s in
            s.multiLineEditor.becomeFirstResponder()
            s.multiLineEditor.selectedRange = NSRange(10..<10)
            h.input.key(.keyboardReturnOrEnter)
        }
        // A paragraph laid out in blocks: an edit redraws from its line to the end of its block.
        let longParagraph: (HeadlessWindow, FormScreen) -> Void = { h, s in
            scrolledToEditors(h, s)
            s.multiLineEditor.text = (0..<1_200).map { "w\($0)" }.joined(separator: " ")
            s.multiLineEditor.becomeFirstResponder()
            s.multiLineEditor.selectedRange = NSRange(30..<30)
            h.layout()
        }
        for (name, typed) in [("a character", "x"), ("a space (a word moves up)", " "), ("a long word", String(repeating: "y", count: 90))] {
            try check("typing \(name) in a long paragraph", setUp: longParagraph) { h, _ in h.input.type(typed) }
        }
        try check("deleting in a long paragraph", setUp: longParagraph) { h, _ in h.input.key(.keyboardDeleteOrBackspace) }
        for offset in [2_040, 2_048, 2_060] {  // around the first block's end
            try check(
                "typing at \(offset) in a long paragraph",
                setUp: { h, s in
                    longParagraph(h, s)
                    s.multiLineEditor.selectedRange = NSRange(offset..<offset)
                    s.scrollView.scrollRectToVisible(
                        s.multiLineEditor.convert(
                            s.multiLineEditor.caretRect(for: s.multiLineEditor.selectedTextRange!.start).insetBy(dx: 0, dy: -60), to: s.scrollView),
                        animated: false)
                    h.layout()
                }
            ) { h, _ in h.input.type(" yy ") }
        }
        try check(
            "typing in a ten-thousand-character field",
            setUp: { _, s in
                s.fields["website"]!.text = String(repeating: "abcdefghij", count: 1_000)
                s.fields["website"]!.becomeFirstResponder()
            }
        ) { h, _ in h.input.type("z") }
    }

    @Test func editsInAParagraphLaidOutInBlocksRedrawExactlyWhatChanged() throws {
        // Prose (words of every length): a change settles within a few lines, as in real text.
        let text = BenchmarkDocument.make(lines: 120).replacingOccurrences(of: "\n", with: " ")
        // The last one adds a line: everything below moves, and the whole view is redrawn.
        for (offset, typed, partial) in [
            (30, "x", true), (2_040, " yy ", true), (2_048, "z", true), (2_060, " ", true),
            (4_100, String(repeating: "q", count: 70), false),
        ] {
            let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
            let textView = TextView(frame: Rect(x: 0, y: 0, width: 640, height: 480))
            host.rootView = textView
            textView.text = text
            host.layout()
            #expect(textView.becomeFirstResponder())
            textView.selectedRange = NSRange(location: offset, length: 0)
            let caretY = textView.editor.caretRect.minY
            textView.contentOffset = Point(x: 0, y: max(0, caretY - 200))  // the caret mid-screen: typing scrolls nothing
            _ = try host.render()
            _ = try host.render()  // the first frame replaced estimated heights: the content size settles
            host.input.type(typed)
            host.layout()
            let incremental = try host.render()
            let drawn = host.window.frames.lastFramePointCount
            host.window.setNeedsFrame()
            let full = try host.render()
            #expect(incremental.pixels == full.pixels, "typing at \(offset): the partial redraw differs")
            if partial { #expect(drawn < 640 * 480 * 0.25, "typing at \(offset) redrew \(host.window.frames.lastFrameRects)") }
        }
    }

    @Test func everyFrameOfTheKeyboardSlidingInAndOutDrawsOnlyItsStrip() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        screen.tracer.onEvent = nil  // the live event panel relayouts the form: not what is measured here
        host.rootView = screen
        host.window.keyboard.policy = .always
        _ = try host.render()
        func compareFrames(_ phase: String) throws {
            var frames = 0
            repeat {
                host.advance(by: 1.0 / 60)
                let partial = try host.render()
                let drawn = host.window.frames.lastFramePointCount
                #expect(drawn < 640 * 480 * 0.6, "\(phase) frame \(frames) redrew \(host.window.frames.lastFrameRects)")
                host.window.setNeedsFrame()
                let full = try host.render()
                let same = partial.pixels == full.pixels
                #expect(same, "\(phase) frame \(frames): the partial redraw differs")
                frames += 1
            } while host.window.animator.isAnimating && frames < 60
            #expect(frames >= 14)  // 0.25 s at 60 frames a second
        }
        screen.fields["name"]!.becomeFirstResponder()
        try compareFrames("sliding in")
        screen.fields["name"]!.resignFirstResponder()
        try compareFrames("sliding out")
    }

    /// The demo's form at 640×480 with its Name field focused and the keyboard up.
    private func formWithKeyboard() throws -> (HeadlessWindow, FormScreen) {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = screen
        host.window.keyboard.policy = .always
        screen.fields["name"]!.becomeFirstResponder()
        host.settle()
        return (host, screen)
    }

    @Test func aRasterizedKeyboardDrawsWhatDirectDrawingDraws() throws {
        let (host, _) = try formWithKeyboard()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        /// Draws with the layer as it stands (stale if a change failed to invalidate it), then
        /// directly, and compares; leaves a fresh, valid layer behind.
        func compare(_ step: String) throws {
            host.window.setNeedsFrame()
            let layered = try host.render()
            keyboard.rasterizes = false
            host.window.setNeedsFrame()
            let direct = try host.render()
            let same = layered.pixels == direct.pixels
            #expect(same, "\(step): the layer differs from direct drawing")
            keyboard.rasterizes = true
            host.window.setNeedsFrame()
            _ = try host.render()
        }
        try compare("at rest")
        // A change inside the keyboard redraws its layer: shift, then the numbers plane.
        let shift = try #require(keyboard.keyFrames.first { $0.key.action == .shift })
        host.input.tap(at: keyboard.convert(Point(x: shift.frame.midX, y: shift.frame.midY), to: nil))
        host.settle()
        try compare("after shift")
        let more = try #require(keyboard.keyFrames.first { $0.key.action == .more })
        host.input.tap(at: keyboard.convert(Point(x: more.frame.midX, y: more.frame.midY), to: nil))
        host.settle()
        try compare("numbers plane")
        #expect(keyboard.model.plane == .numbers)
    }

    /// A tap redraws the key it pressed (and the suggestion bar) in the keyboard's layer, not
    /// the whole keyboard, and the layer then holds exactly what drawing it whole gives (issue 43:
    /// every tap drew every key again).
    @Test func aTapRedrawsItsKeyInTheLayerAndTheLayerStaysExact() throws {
        let (host, screen) = try formWithKeyboard()
        _ = try host.render()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let renderer = try #require(host.renderer)
        let whole = Int(keyboard.bounds.width * keyboard.bounds.height)
        for letter in "kiosk" {
            let key = try #require(keyboard.keyFrames.first { $0.key.action == .text(String(letter)) })
            let point = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil)
            host.window.send(.touch(id: 1, phase: .began, location: point))
            let before = renderer.layerPixelsDrawn
            _ = try host.render()
            #expect(
                renderer.layerPixelsDrawn - before < whole / 4,
                "pressing \(letter) redrew \(renderer.layerPixelsDrawn - before) of \(whole) pixels of the layer")
            host.window.send(.touch(id: 1, phase: .ended, location: point))
            host.settle()
            _ = try host.render()
        }
        #expect(screen.fields["name"]!.text == "Kiosk")
        // What the layer holds after the partial redraws is what drawing the keyboard whole gives.
        host.window.setNeedsFrame()
        let layered = try host.render()
        keyboard.rasterizes = false
        host.window.setNeedsFrame()
        let direct = try host.render()
        #expect(layered.pixels == direct.pixels, "the layer redrawn in parts differs from the keyboard drawn whole")
    }

    @Test func anIdleFrameDrawsNothingAndABlinkDrawsOnlyTheCaret() throws {
        let host = try HeadlessWindow(size: Size(width: 640, height: 480), fonts: .bundled)
        let screen = FormScreen(locale: Locale(identifier: "en_US"))
        host.rootView = screen
        screen.fields["name"]!.becomeFirstResponder()
        _ = try host.render()
        #expect(host.window.render(to: host.renderer!) == false)
        host.advance(by: 0.55)  // the caret turns off
        #expect(host.window.render(to: host.renderer!))
        let area = host.window.frames.lastFrameArea
        #expect(area.width <= 6 && area.height <= 40, "a blink redrew \(area)")
    }
}

/// Images drawn at another size than their pixels: a damage rectangle that cuts one must redraw
/// that strip exactly as a whole frame draws it (SDL's software renderer samples a scaled copy
/// differently when the clip cuts it; Caret resamples once and copies pixel for pixel).
@Suite(.serialized) @MainActor
struct ScaledImageDamageTests {
    @Test func aDamageStripThatCutsAScaledImageRedrawsItAsAWholeFrameDoes() throws {
        let host = try HeadlessWindow(size: Size(width: 200, height: 120), fonts: .bundled)
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        root.backgroundColor = .white
        let eye = try #require(Image(systemName: "eye"))
        let imageView = ImageView(image: eye)
        imageView.frame = Rect(x: 30.3, y: 20.2, width: 61.4, height: 61.4)
        imageView.contentMode = .scaleToFill
        let cover = View(frame: Rect(x: 0, y: 60, width: 200, height: 3))
        cover.backgroundColor = .systemRed
        root.addSubview(imageView)
        root.addSubview(cover)
        host.rootView = root
        _ = try host.render()
        for step in 0..<3 {
            cover.backgroundColor = step % 2 == 0 ? .systemGreen : .systemRed
            cover.frame.origin.y = [60, 45, 70][step]
            let partial = try host.render()
            let drawn = host.window.frames.lastFrameArea
            #expect(drawn.height < 60, "step \(step) redrew \(drawn)")
            host.window.setNeedsFrame()
            let full = try host.render()
            let same = partial.pixels == full.pixels
            #expect(same, "step \(step): the strip through the image differs from a whole frame")
        }
    }
}
