// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretDemoKit
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// A text view given focus in code shows its caret, as UIKit's scrolls to its selection when
/// editing begins; one focused by a tap keeps the caret where the finger lifted.
@Suite(.serialized) @MainActor
struct ChatFocusTests {
    /// The chat's bar holding a long message scrolled to its top, its caret near the end.
    private func chatWithLongMessage() throws -> (HeadlessWindow, ChatScreen) {
        let host = try HeadlessWindow(size: Size(width: 1024, height: 700), fonts: .bundled)
        let chat = ChatScreen()
        host.rootView = chat
        host.window.keyboard.policy = .always
        host.settle()
        chat.messageView.text = String(repeating: "lorem ipsum dolor sit amet ", count: 200)
        chat.textViewDidChange(chat.messageView)
        host.settle()
        chat.messageView.selectedRange = NSRange(location: 5_000, length: 0)
        chat.messageView.contentOffset = .zero
        host.settle()
        return (host, chat)
    }

    private func caretLine(_ textView: TextView) -> Rect {
        textView.editor.convert(textView.editor.caretRect, to: textView)
    }

    /// Soak seed 370000100: the bar focused again in code kept its caret 1,000 points below
    /// what it showed, under the keyboard.
    @Test func focusInCodeScrollsTheCaretIntoView() throws {
        let (host, chat) = try chatWithLongMessage()
        #expect(!chat.messageView.bounds.contains(caretLine(chat.messageView)), "the caret starts out of view")
        _ = chat.messageView.becomeFirstResponder()
        host.settle()
        let visible = chat.messageView.bounds, caret = caretLine(chat.messageView)
        #expect(caret.minY >= visible.minY && caret.maxY <= visible.maxY, "caret \(caret), visible \(visible)")
        let inWindow = chat.messageView.convert(caret, to: nil)
        #expect(inWindow.maxY <= host.window.keyboard.frame.minY, "caret \(inWindow) under the keyboard \(host.window.keyboard.frame)")
    }

    /// A tap focuses a text view with the caret where it lifted: nothing scrolls to the caret it
    /// had before (a plain text view, the keyboard off, so that no resize moves it either).
    @Test func aTapFocusesWithTheCaretWhereItLifted() throws {
        let host = try HeadlessWindow(size: Size(width: 600, height: 400), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = View()
        let textView = TextView(frame: Rect(x: 20, y: 20, width: 400, height: 120))
        root.addSubview(textView)
        host.rootView = root
        textView.text = String(repeating: "lorem ipsum dolor sit amet ", count: 200)
        host.settle()
        textView.selectedRange = NSRange(location: 5_000, length: 0)
        textView.contentOffset = .zero
        host.settle()
        host.input.tap(at: textView.convert(Point(x: 40, y: 20), to: nil))
        host.settle()
        #expect(textView.isFirstResponder)
        #expect(Double(textView.contentOffset.y) == 0, "scrolled to \(textView.contentOffset)")
        #expect(textView.selectedRange.location < 200, "the caret went to \(textView.selectedRange)")
    }
}
