// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Testing

@_spi(Testing) @testable import Caret

/// The editing view with the fixed-advance font: 20-point text, 10 points a character, 24-point lines.
@Suite(.serialized) @MainActor
struct TextEditingViewTests {
    private func make(_ text: String = "", singleLine: Bool = false, width: Double = 200) throws -> (
        HeadlessWindow, TextEditingView
    ) {
        let host = try makeHost(width: 400, height: 300)
        let root = View()
        host.rootView = root
        let view = TextEditingView(
            frame: Rect(x: 0, y: 0, width: width, height: 120), singleLine: singleLine, font: .systemFont(ofSize: 20))
        root.addSubview(view)
        view.text = text
        host.layout()
        #expect(view.becomeFirstResponder())
        return (host, view)
    }

    private func key(_ host: HeadlessWindow, _ code: KeyboardHIDUsage, _ characters: String = "", _ flags: KeyModifierFlags = []) {
        host.input.key(code, characters: characters, modifiers: flags)
    }

    @Test func typingMovingAndDeletingWithTheHardwareKeyboard() throws {
        let (host, view) = try make()
        host.input.type("hello world")
        #expect(view.text == "hello world" && view.selectedRange == 11..<11)
        key(host, .keyboardLeftArrow, "", .control)
        #expect(view.selectedRange == 6..<6)
        key(host, .keyboardRightArrow, "", .shift)
        key(host, .keyboardRightArrow, "", .shift)
        #expect(view.selectedRange == 6..<8)
        key(host, .keyboardLeftArrow)
        #expect(view.selectedRange == 6..<6)
        key(host, .keyboardHome)
        #expect(view.selectedRange == 0..<0)
        key(host, .keyboardEnd, "", .shift)
        #expect(view.selectedRange == 0..<11)
        key(host, .keyboardEnd, "", .control)
        key(host, .keyboardDeleteOrBackspace)
        #expect(view.text == "hello worl")
        key(host, .keyboardDeleteOrBackspace, "", .control)
        #expect(view.text == "hello ")
        key(host, .keyboardHome, "", .control)
        key(host, .keyboardDeleteForward)
        #expect(view.text == "ello " && view.selectedRange == 0..<0)
        key(host, .keyboardDeleteForward, "", .control)
        #expect(view.text == " ")
    }

    @Test func lineDeletesUseVisualLines() throws {
        let (host, view) = try make("the quick brown fox", width: 100)  // wraps after "the quick "
        view.selectedRange = 13..<13
        key(host, .keyboardDeleteOrBackspace, "", [.control, .shift])
        #expect(view.text == "the quick wn fox" && view.selectedRange == 10..<10)  // "bro" was before the caret
        key(host, .keyboardDeleteForward, "", [.control, .shift])
        #expect(view.text == "the quick ")
    }

    @Test func draggingPastTheBottomScrollsTheEnclosingScrollView() throws {
        let host = try makeHost(width: 400, height: 300)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        host.rootView = View()  // the root view is sized to the window; the scroll view sits in it
        host.rootView!.addSubview(scroll)
        let view = TextEditingView(
            frame: Rect(x: 0, y: 0, width: 400, height: 24 * 20), singleLine: false, font: .systemFont(ofSize: 20))
        view.text = (0..<20).map { "line \($0)" }.joined(separator: "\n")
        scroll.addSubview(view)
        scroll.contentSize = view.frame.size
        host.layout()
        #expect(view.becomeFirstResponder())
        host.input.mouseDrag(from: Point(x: 5, y: 5), to: Point(x: 5, y: 140), duration: 0.2, steps: 8)
        #expect(scroll.contentOffset.y > 0 && view.selectedRange.lowerBound == 0 && view.selectedRange.count > 20)
        // Keyboard moves keep the caret just inside the visible area, however far it has scrolled.
        for _ in 0..<12 { host.input.key(.keyboardDownArrow) }
        let caret = view.convert(view.caretRect, to: scroll)
        #expect(scroll.bounds.contains(caret) && caret.maxY > scroll.bounds.maxY - 10, "caret \(caret) in \(scroll.bounds)")
        // A finger drag on the text scrolls instead.
        let before = scroll.contentOffset.y
        host.advance(by: 1)
        host.input.drag(from: Point(x: 200, y: 90), to: Point(x: 200, y: 20), duration: 0.3, steps: 10, holdBeforeRelease: 0.2)
        #expect(scroll.contentOffset.y > before)
    }

    @Test func shortcutsForSelectAllClipboardUndoAndRedo() throws {
        let (host, view) = try make("one two")
        view.traits.smartInsertDeleteType = .no  // the clipboard as it is (smart insertion has its own tests)
        key(host, .letter("a")!, "a", .control)
        #expect(view.selectedRange == 0..<7)
        key(host, .letter("c")!, "c", .control)
        #expect(host.window.backend.clipboard.string == "one two")
        key(host, .keyboardEnd)
        key(host, .letter("v")!, "v", .control)
        #expect(view.text == "one twoone two")
        key(host, .letter("z")!, "z", .control)
        #expect(view.text == "one two")
        key(host, .letter("z")!, "z", [.control, .shift])
        #expect(view.text == "one twoone two")
        key(host, .letter("z")!, "z", .control)
        key(host, .letter("y")!, "y", .control)
        #expect(view.text == "one twoone two")
        view.selectedRange = 0..<4
        key(host, .letter("x")!, "x", .control)
        #expect(view.text == "twoone two" && host.window.backend.clipboard.string == "one ")
    }

    @Test func everyUserChangeIsOfferedFirstWithUTF16RangesAndCanBeRefused() throws {
        let (host, view) = try make("a👍🏽b")
        let hooks = TestEditorHost.attach(to: view)
        var asked: [String] = []
        var allow = false
        hooks.shouldChange = { range, text in
            asked.append("\(range.lowerBound)+\(range.count) \(text.debugDescription)")
            return allow
        }
        var changes = 0
        hooks.onTextChange = { changes += 1 }
        key(host, .keyboardLeftArrow)
        key(host, .keyboardDeleteOrBackspace)  // the whole emoji: 4 UTF-16 units
        host.input.type("x")
        key(host, .letter("v")!, "v", .control)  // empty clipboard: nothing to ask
        #expect(asked == ["1+4 \"\"", "5+0 \"x\""])
        #expect(view.text == "a👍🏽b" && changes == 0)
        allow = true
        host.input.type("x")
        #expect(view.text == "a👍🏽xb" && changes == 1)
        view.text = "set in code"  // asks nothing, posts nothing
        #expect(asked.count == 3 && changes == 1)
    }

    @Test func textChangeComesBeforeSelectionChange() throws {
        let (host, view) = try make("ab")
        let hooks = TestEditorHost.attach(to: view)
        var log: [String] = []
        hooks.onTextChange = { log.append("text") }
        hooks.onSelectionChange = { log.append("selection") }
        host.input.type("c")
        key(host, .keyboardLeftArrow)
        view.selectedRange = 1..<1
        view.selectedRange = 1..<1  // no move, no call
        #expect(log == ["text", "selection", "selection", "selection"])
    }

    @Test func multiLineUpDownPageAndReturn() throws {
        let (host, view) = try make("0123456789\nabcdefghij\nklmnop", width: 200)
        view.selectedRange = 3..<3
        key(host, .keyboardDownArrow)
        #expect(view.selectedRange == 14..<14)
        key(host, .keyboardDownArrow)
        #expect(view.selectedRange == 25..<25)
        key(host, .keyboardDownArrow)
        #expect(view.selectedRange == 28..<28)  // past the last line: the end
        key(host, .keyboardPageUp)  // four lines a page in a 120-point view: past the top, to the start
        #expect(view.selectedRange == 0..<0)
        key(host, .keyboardPageDown)
        #expect(view.selectedRange == 28..<28)
        view.selectedRange = 3..<3
        key(host, .keyboardReturnOrEnter)
        #expect(view.text == "012\n3456789\nabcdefghij\nklmnop" && view.selectedRange == 4..<4)
    }

    @Test func singleLineFieldsHandReturnAndTabToTheHost() throws {
        let (host, view) = try make("abc", singleLine: true)
        view.traits.smartInsertDeleteType = .no  // the paste as it is
        let hooks = TestEditorHost.attach(to: view)
        var log: [String] = []
        hooks.onReturn = { log.append("return") }
        hooks.onTab = { shift in
            log.append(shift ? "backtab" : "tab"); return true
        }
        key(host, .keyboardReturnOrEnter)
        key(host, .keyboardTab)
        key(host, .keyboardTab, "", .shift)
        #expect(log == ["return", "tab", "backtab"] && view.text == "abc")
        view.perform(.paste("x\ny"))
        #expect(view.text == "abcx y")
        key(host, .keyboardUpArrow)
        #expect(view.selectedRange == 0..<0)
    }

    @Test func clicksPlaceTheCaretAndDoubleAndTripleClicksSelectWordsAndParagraphs() throws {
        let (host, view) = try make("hello big world\nnext")
        host.input.click(at: Point(x: 72, y: 10))
        #expect(view.selectedRange == 7..<7)
        host.input.click(at: Point(x: 72, y: 10), count: 2)
        #expect(view.selectedRange == 6..<9)
        host.input.click(at: Point(x: 72, y: 10), count: 3)
        #expect(view.selectedRange == 0..<15)
        host.input.click(at: Point(x: 20, y: 10))
        host.input.click(at: Point(x: 50, y: 10), modifiers: .shift)
        #expect(view.selectedRange == 2..<5)
        host.input.mouseDrag(from: Point(x: 10, y: 10), to: Point(x: 30, y: 34))
        #expect(view.selectedRange == 1..<19)
    }

    @Test func touchTapDoubleTapLongPressAndHandles() throws {
        let (host, view) = try make("hello big world")
        host.input.tap(at: Point(x: 41, y: 10))  // on the "o" of "hello": a finger goes to the word's end
        #expect(view.selectedRange == 5..<5 && view.interaction.editMenu == nil)
        host.advance(by: 1)
        host.input.longPress(at: Point(x: 72, y: 10))
        #expect(view.selectedRange == 6..<9 && view.interaction.showsSelectionHandles && view.interaction.editMenu != nil)
        // Drag the end handle (at x 90) to the end of "world".
        host.input.drag(from: Point(x: 90, y: 12), to: Point(x: 150, y: 12), duration: 0.2, steps: 6)
        #expect(view.selectedRange == 6..<15)
        host.advance(by: 1)
        host.input.tap(at: Point(x: 5, y: 10))
        host.advance(by: 0.1)
        host.input.tap(at: Point(x: 5, y: 10))  // double tap
        #expect(view.selectedRange == 0..<5)
        host.advance(by: 1)
        host.input.tap(at: Point(x: 20, y: 10))  // a tap on the selection shows the menu
        #expect(view.interaction.editMenu != nil && view.selectedRange == 0..<5)
    }

    @Test func inputMethodCompositionIsMarkedUntilCommitted() throws {
        let (host, view) = try make("x")
        let hooks = TestEditorHost.attach(to: view)
        var asked: [Range<Int>] = []
        hooks.shouldChange = { range, _ in
            asked.append(range); return true
        }
        host.input.compose("k")
        host.input.compose("ka", selectedRange: 2..<2)
        host.input.compose("か")
        #expect(view.text == "xか" && view.model.markedRange == 1..<2 && asked.isEmpty)
        host.input.type("か")
        host.input.compose("")
        #expect(view.text == "xか" && view.model.markedRange == nil && asked == [1..<2])
        let ime = host.window.backend.textInput as! RecordingTextInput
        #expect(ime.isActive && ime.caretRect?.minX == 20)
        // A refused commit drops the preedit.
        hooks.shouldChange = { _, _ in false }
        host.input.compose("z")
        host.input.type("Z")
        #expect(view.text == "xか" && view.model.markedRange == nil)
    }

    @Test func theCaretBlinksAndStaysSolidWhileTyping() throws {
        let (host, view) = try make("")
        #expect(view.caretBlink.isVisible)
        host.advance(by: 0.55)
        #expect(!view.caretBlink.isVisible)
        host.advance(by: 0.5)
        #expect(view.caretBlink.isVisible)
        host.advance(by: 0.5)
        host.input.type("a")
        #expect(view.caretBlink.isVisible)
        host.advance(by: 0.3)
        #expect(view.caretBlink.isVisible)
        view.resignFirstResponder()
        #expect(host.window.animator.nextDeadline == nil)  // no timer left: an idle window sleeps
    }

    @Test func controlCharactersAreDroppedAndAHugePasteCompletes() throws {
        let (host, view) = try make("ab")
        host.input.type("\u{0}\u{7}")
        #expect(view.text == "ab")
        let big = String(repeating: String(repeating: "x", count: 99) + "\n", count: 100_000)
        host.window.backend.clipboard.string = big
        view.paste()
        #expect(view.model.utf16Count == 2 + big.utf16.count)
        #expect(view.selectedRange.lowerBound == view.model.utf16Count)
    }
}

@Suite @MainActor
struct ReadOnlyDuringCompositionTests {
    @Test func makingTextReadOnlyDuringACompositionCommitsIt() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let textView = TextView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(textView)
        textView.text = "a"
        #expect(textView.becomeFirstResponder())
        host.input.compose("글")
        #expect(textView.markedTextRange != nil)
        textView.isEditable = false
        #expect(textView.text == "a글" && textView.markedTextRange == nil)
    }
}
