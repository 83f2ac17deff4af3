// SPDX-License-Identifier: Apache-2.0

import Caret
import CaretTesting
import Foundation
import Testing

/// Typing that moves the caret's line down towards the keyboard runs the avoidance pass again in
/// the frame that shows it (docs/behaviour/avoidance.md): the new line is clear of the keyboard
/// in the first frame after the key, and the input method is told where the caret ends up, not
/// where it was before the pass moved it.
@Suite(.serialized) @MainActor
struct AvoidanceWhileTypingTests {
    /// A text view reaching under the keyboard, empty and focused; Return typed line after line
    /// until the caret's line would have gone three lines behind the keyboard's top. The
    /// keyboard's top is the frame its will-show notification posted; the margin is the one the
    /// test sets. Scrolling or not, every new line stays that margin above the keyboard.
    @Test(arguments: [true, false])
    func returnTypedAtTheKeyboardsTopKeepsEachNewCaretLineAboveIt(scrollEnabled: Bool) throws {
        let host = try makeKeyboardHost(width: 800, height: 480)
        let textView = TextView(frame: Rect(x: 20, y: 30, width: 500, height: 440))
        textView.isScrollEnabled = scrollEnabled
        let margin = 16.0
        textView.keyboardAvoidanceMargin = margin
        host.rootView?.addSubview(textView)
        host.settle()
        var posted: [Rect] = []
        let center = NotificationCenter.default
        let names = [Responder.keyboardWillShowNotification, Responder.keyboardWillChangeFrameNotification]
        let observers = names.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                guard let end = (note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
                MainActor.assumeIsolated { posted.append(end) }
            }
        }
        defer { for observer in observers { center.removeObserver(observer) } }
        #expect(textView.becomeFirstResponder())
        host.settle()
        let keyboard = try #require(posted.last, "the keyboard came up and said where")
        let top = keyboard.minY
        let textInput = try #require(host.backend.textInput as? RecordingTextInput)
        func caretLine() -> Rect { textView.convert(textView.caretRect(for: textView.endOfDocument), to: nil) }
        let first = caretLine()
        #expect(first.maxY + margin <= top, "the caret starts above the keyboard: \(first), keyboard at \(top)")
        #expect(textView.convert(textView.bounds, to: nil).maxY > top, "the text view reaches under the keyboard")
        // Enough lines for the caret, left where it was typed, to end three lines behind the keyboard.
        let returns = Int(((top - first.maxY) / first.height).rounded(.up)) + 3
        for typed in 1...returns {
            host.input.key(.keyboardReturnOrEnter)
            #expect(textView.text == String(repeating: "\n", count: typed))
            host.drawFrame()  // the frame after the key, no time passed
            let line = caretLine()
            #expect(
                line.maxY + margin <= top + 0.5,
                "Return \(typed) of \(returns), in the first frame: the caret's line \(line) is not \(margin) above the keyboard at \(top)")
        }
        host.settle()
        host.drawFrame()
        let line = caretLine()
        #expect(line.maxY + margin <= top + 0.5, "after the frame: the caret's line \(line), the keyboard at \(top)")
        #expect(line.minY >= 0, "the caret's line stays in the window: \(line)")
        // The input method's candidates go where the caret is, not under the keyboard.
        let told = try #require(textInput.caretRect)
        #expect(told == line, "the input method was told \(told); the caret's line is at \(line)")
        #expect(told.maxY <= top, "the input method was told \(told), under the keyboard at \(top)")
    }
}
