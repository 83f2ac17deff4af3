// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

/// UIKit delegate code, ported by renaming `UITextField` to `TextField`.
@MainActor
final class DigitsOnly: TextFieldDelegate {
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        string.allSatisfy(\.isNumber)
    }
}

@MainActor
final class MaxLength: TextFieldDelegate {
    let limit: Int
    init(_ limit: Int) { self.limit = limit }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let current = (textField.text ?? "") as NSString
        return current.replacingCharacters(in: range, with: string).count <= limit
    }
}

@Suite(.serialized) @MainActor
struct PortedDelegateTests {
    @Test func aDigitsOnlyAndAMaxLengthFieldBehaveAsInUIKit() throws {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let pin = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let digits = DigitsOnly()
        pin.delegate = digits
        let code = TextField(frame: Rect(x: 0, y: 50, width: 200, height: 40))
        let max4 = MaxLength(4)
        code.delegate = max4
        root.addSubview(pin)
        root.addSubview(code)
        pin.becomeFirstResponder()
        for text in ["1", "a", "2", "é", "3"] { host.input.type(text) }
        #expect(pin.text == "123")
        code.becomeFirstResponder()
        for text in ["a", "b", "👍🏽", "c", "d", "e"] { host.input.type(text) }
        #expect(code.text == "ab👍🏽c")  // four characters, whatever their UTF-16 length
        host.input.key(.keyboardDeleteOrBackspace)
        host.input.type("z")
        #expect(code.text == "ab👍🏽z")
    }
}
