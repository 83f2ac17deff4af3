// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@Suite(.serialized) @MainActor
struct TextFieldFormattingTests {
    private func make() throws -> (HeadlessWindow, TextField, TextField) {
        let host = try makeHost()
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        let other = TextField(frame: Rect(x: 0, y: 50, width: 300, height: 40))
        root.addSubview(field)
        root.addSubview(other)
        return (host, field, other)
    }

    private func currency(_ locale: String) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .currency
        return formatter
    }

    @Test func aUSDollarFieldFiltersTypingAndFormatsOnEnd() throws {
        let (host, field, other) = try make()
        field.formatter = currency("en_US")
        field.becomeFirstResponder()
        for text in ["1", "2", "a", "3", "4", ".", "5", "6", "7", ".", "-"] { host.input.type(text) }
        #expect(field.text == "1234.56")  // no letters, no third decimal, no second point, no trailing minus
        other.becomeFirstResponder()
        #expect(field.text == "$1,234.56")
    }

    @Test func aGermanEuroFieldUsesTheLocalesSeparators() throws {
        let (host, field, other) = try make()
        field.formatter = currency("de_DE")
        field.becomeFirstResponder()
        for text in ["1", "2", "3", "4", ".", ",", "5"] { host.input.type(text) }
        #expect(field.text == "1234,5")  // "." is the grouping separator here: accepted only where it fits a number
        other.becomeFirstResponder()
        #expect(field.text == currency("de_DE").string(from: 1234.5))  // "1.234,50 €", with ICU's no-break space
        #expect(field.text?.hasPrefix("1.234,50") == true)
    }

    @Test func aFrenchDecimalFieldAcceptsItsNarrowSpaceGrouping() throws {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "fr_FR")
        formatter.numberStyle = .decimal
        #expect(TextField.isPartialNumber("1 234,5", for: formatter))
        #expect(TextField.isPartialNumber("-12", for: formatter))
        #expect(!TextField.isPartialNumber("12,3,4", for: formatter))
        #expect(!TextField.isPartialNumber("12x", for: formatter))
        let german = NumberFormatter()
        german.locale = Locale(identifier: "de_DE")
        german.numberStyle = .decimal
        #expect(TextField.isPartialNumber("1.2", for: german))  // on its way to 1.234
        #expect(TextField.isPartialNumber("12.345,6", for: german))
        #expect(!TextField.isPartialNumber("1234.", for: german) && !TextField.isPartialNumber("1.23,4", for: german))
        formatter.minimum = 0
        #expect(!TextField.isPartialNumber("-12", for: formatter))
    }

    @Test func maximumLengthCountsCharactersAndAllowedCharactersFilter() throws {
        let (host, field, _) = try make()
        field.maximumLength = 3
        field.becomeFirstResponder()
        for text in ["a", "👍🏽", "b", "c"] { host.input.type(text) }
        #expect(field.text == "a👍🏽b")
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(field.text == "a👍🏽")  // shortening is always allowed
        field.text = ""
        field.maximumLength = nil
        field.allowedCharacters = CharacterSet(charactersIn: "0123456789")
        for text in ["4", "x", "2", "é"] { host.input.type(text) }
        field.editor.perform(.paste("7a8"))
        #expect(field.text == "42")
        field.editor.perform(.paste("78"))
        #expect(field.text == "4278")
    }

    @Test func theDelegateIsAskedFirstEvenWhenARuleRefuses() throws {
        let (host, field, _) = try make()
        let delegate = RecordingDelegate()
        field.accessibilityIdentifier = "F"
        field.delegate = delegate
        field.allowedCharacters = CharacterSet(charactersIn: "0123456789")
        field.becomeFirstResponder()
        delegate.log.removeAll()
        host.input.type("x")
        #expect(delegate.log == ["shouldChange F 0+0 \"x\""] && field.text == "")
    }
}
