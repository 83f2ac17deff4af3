// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Issue 41, defect 9 (second half): a double tap or double click in a secure field selected one
/// word, and so showed where the secret's spaces are; it selects all of it, as UIKit does.
@Suite(.serialized) @MainActor
struct SecureSelectionTests {
    private func make(secure: Bool) throws -> (HeadlessWindow, TextField) {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        let host = try makeKeyboardHost(width: 800, height: 480, field)
        field.isSecureTextEntry = secure
        field.text = "open sesame now"
        #expect(field.becomeFirstResponder())
        host.settle()
        return (host, field)
    }

    private func selected(_ field: TextField) throws -> Range<Int> { try #require(field.selectedTextRange).offsets }

    /// A point over the middle word, found from the field's own caret geometry.
    private func middleWord(_ field: TextField) -> Point {
        let start = field.caretRect(for: TextPosition(offset: 6)), end = field.caretRect(for: TextPosition(offset: 9))
        return field.convert(Point(x: (start.midX + end.midX) / 2, y: start.midY), to: nil)
    }

    @Test func aDoubleTapSelectsTheWholeSecretButOneWordOfPlainText() throws {
        let (plainHost, plain) = try make(secure: false)
        let point = middleWord(plain)
        plainHost.input.tap(at: point)
        plainHost.input.tap(at: point)
        #expect(try selected(plain) == 5..<11)  // "sesame"
        let (host, secret) = try make(secure: true)
        host.input.tap(at: middleWord(secret))
        host.input.tap(at: middleWord(secret))
        #expect(try selected(secret) == 0..<15)
    }

    @Test func aDoubleClickSelectsTheWholeSecret() throws {
        let (host, secret) = try make(secure: true)
        host.input.click(at: middleWord(secret), count: 2)
        #expect(try selected(secret) == 0..<15)
    }
}
