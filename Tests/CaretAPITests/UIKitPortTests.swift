// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// Typical UIKit text-input code, ported by dropping the `UI` prefix. This target imports Caret
// without `@_spi` or `@testable`: it compiles against the public API only (issue 12).

/// A login form's delegate: Return moves from the user name to the password, then signs in.
@MainActor
final class LoginFormDelegate: NSObject, TextFieldDelegate {
    let username: TextField
    let password: TextField
    var signedIn: [String] = []

    init(username: TextField, password: TextField) {
        self.username = username
        self.password = password
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === username {
            password.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
            signedIn.append(username.text ?? "")
        }
        return true
    }

    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard textField === username else { return true }
        let current = (textField.text ?? "") as NSString
        let updated = current.replacingCharacters(in: range, with: string)
        return updated.count <= 12 && !string.contains(" ")
    }

    func textFieldShouldClear(_ textField: TextField) -> Bool { true }
}

/// A phone mask: digits only, grouped "555 123 4567", the caret put back after the digit typed
/// with `UITextInput`'s positions.
@MainActor
final class PhoneMaskDelegate: TextFieldDelegate {
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let current = (textField.text ?? "") as NSString
        let updated = current.replacingCharacters(in: range, with: string)
        let digits = String(updated.filter(\.isNumber).prefix(10))
        var grouped = ""
        for (i, digit) in digits.enumerated() {
            if i == 3 || i == 6 { grouped.append(" ") }
            grouped.append(digit)
        }
        textField.text = grouped
        // Caret after the digits that were before the edit point plus those typed.
        let digitsBefore = current.substring(to: range.location).filter(\.isNumber).count + string.filter(\.isNumber).count
        var offset = 0, seen = 0
        for character in grouped where seen < digitsBefore {
            offset += character.utf16.count
            if character.isNumber { seen += 1 }
        }
        if let position = textField.position(from: textField.beginningOfDocument, offset: offset) {
            textField.selectedTextRange = textField.textRange(from: position, to: position)
        }
        textField.sendActions(for: .editingChanged)
        return false
    }
}

/// A text view with a placeholder and a character counter (UITextView has no placeholder).
@MainActor
final class CommentBox: NSObject, TextViewDelegate {
    let counter = Label()
    let placeholder = "Write a comment"
    let limit = 140
    var isShowingPlaceholder = true

    func textViewDidBeginEditing(_ textView: TextView) {
        if isShowingPlaceholder {
            textView.text = ""
            textView.textColor = .label
            isShowingPlaceholder = false
        }
    }

    func textViewDidEndEditing(_ textView: TextView) {
        if textView.text.isEmpty {
            textView.text = placeholder
            textView.textColor = .secondaryLabel
            isShowingPlaceholder = true
        }
    }

    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let current = textView.text as NSString
        return current.replacingCharacters(in: range, with: text).count <= limit
    }

    func textViewDidChange(_ textView: TextView) {
        counter.text = "\(textView.text.count)/\(limit)"
    }
}

@Suite(.serialized) @MainActor
struct UIKitPortTests {
    private func host(_ views: View...) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View()
        for view in views { root.addSubview(view) }
        host.rootView = root
        host.layout()
        return host
    }

    @Test func aLoginFormMovesOnReturnAndLimitsTheUserName() throws {
        let username = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let password = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        password.isSecureTextEntry = true
        let delegate = LoginFormDelegate(username: username, password: password)
        username.delegate = delegate
        password.delegate = delegate
        let host = try host(username, password)
        #expect(username.becomeFirstResponder())
        for piece in ["jane", " ", "doe"] { host.input.type(piece) }
        #expect(username.text == "janedoe")  // the space was refused
        host.input.type("-has-a-long-name")
        #expect(username.text == "janedoe")  // 23 characters refused whole, as UIKit's delegate would
        host.input.key(.keyboardReturnOrEnter)
        #expect(password.isFirstResponder)
        host.input.type("secret")
        host.input.key(.keyboardReturnOrEnter)
        #expect(!password.isFirstResponder && delegate.signedIn == ["janedoe"])
    }

    @Test func aPhoneMaskGroupsDigitsAndPutsTheCaretBackWithTextPositions() throws {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let delegate = PhoneMaskDelegate()
        field.delegate = delegate
        let host = try host(field)
        #expect(field.becomeFirstResponder())
        host.input.type("5551234567")
        #expect(field.text == "555 123 4567")
        // Insert a digit in the middle: the mask regroups, the caret follows the digit.
        let start = field.beginningOfDocument
        let afterTwo = try #require(field.position(from: start, offset: 2))
        field.selectedTextRange = field.textRange(from: afterTwo, to: afterTwo)
        host.input.type("9")
        #expect(field.text == "559 512 3456")
        let caret = try #require(field.selectedTextRange)
        #expect(field.offset(from: field.beginningOfDocument, to: caret.start) == 3 && caret.isEmpty)
        #expect(field.position(from: field.endOfDocument, offset: 1) == nil)
    }

    @Test func aCommentBoxShowsAPlaceholderAndCounts() throws {
        let box = CommentBox()
        let textView = TextView(frame: Rect(x: 10, y: 10, width: 300, height: 100))
        textView.text = box.placeholder
        textView.delegate = box
        let host = try host(textView)
        #expect(textView.becomeFirstResponder())
        #expect(textView.text == "")
        host.input.type("Nice")
        #expect(box.counter.text == "4/140")
        host.input.type(String(repeating: "x", count: 200))
        #expect(textView.text == "Nice")  // refused: over the limit
        textView.resignFirstResponder()
        textView.selectAll(nil)
        #expect(textView.text == "Nice")
    }

    @Test func markedTextFollowsUIKitsAPI() throws {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let host = try host(field)
        #expect(field.becomeFirstResponder())
        field.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0))
        #expect(field.markedTextRange?.start == field.beginningOfDocument)
        #expect(field.markedTextRange.map { field.offset(from: $0.start, to: $0.end) } == 2)
        field.unmarkText()
        #expect(field.markedTextRange == nil && field.text == "にほ")
        let caret = field.caretRect(for: field.endOfDocument)
        #expect(caret.height > 0 && field.bounds.contains(Point(x: caret.midX, y: caret.midY)))
        withExtendedLifetime(host) {}
    }
}
