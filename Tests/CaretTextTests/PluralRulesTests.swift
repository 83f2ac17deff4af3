// SPDX-License-Identifier: Apache-2.0
import CCaretText
import Foundation
import Testing

@testable import Caret

/// Caret's CLDR plural rules (Assets/Strings/plurals.json, evaluated by Caret's own reader)
/// against ICU's, the system's library, for every language with a string table
/// (docs/behaviour/localisation.md).
@Suite struct PluralRulesTests {
    private func icuCategory(_ language: String, _ number: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 32)
        let length = caret_plural_category(language.replacingOccurrences(of: "-", with: "_"), Int32(number), &buffer, 32)
        return length < 0 ? nil : String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func everyLanguagesRulesAgreeWithICU() throws {
        let languages = Localization.languages.sorted()
        #expect(languages.count >= 50)
        var differences: [String] = []
        for language in languages {
            let rules = Localization.pluralRules(language)
            for number in Array(0...1200) + [1_000_000, 2_000_000, 1_000_001] {
                let ours = rules?.category(for: number) ?? "other"
                guard let icu = icuCategory(language, number) else {
                    differences.append("\(language): ICU has no rules")
                    break
                }
                if ours != icu {
                    differences.append("\(language) \(number): \(ours), ICU \(icu)")
                    break
                }
            }
        }
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test func aRuleThatCannotBeReadIsAnErrorNamingIt() {
        #expect(throws: CaretError.self) { try PluralRules(["one": "n is one"]) }
        #expect(throws: CaretError.self) { try PluralRules(["several": "n = 2"]) }
        #expect(throws: CaretError.self) { try PluralRules(["few": "n % 0 = 1"]) }
    }
}
