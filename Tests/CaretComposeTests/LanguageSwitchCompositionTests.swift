// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

/// Switching the keyboard's language with a composition open commits what the field showed as its
/// engine's Return would: no space added, no letter left unconverted (issue 44).
@Suite(.serialized) @MainActor
struct LanguageSwitchCompositionTests {
    /// Types, switches to English; returns the rig and the marked text the field showed.
    private func switchMidComposition(_ language: String, typing labels: String) throws -> (ComposeRig, String) {
        let rig = try ComposeRig(languages: [language, "en"]) { $0.autocapitalizationType = .none }
        #expect(rig.keys.type(labels: labels))
        let shown = try #require(rig.marked)
        rig.log.changes.removeAll()
        rig.controller.showLanguage("en")
        rig.host.settle()
        return (rig, shown)
    }

    @Test func pinyinIsCommittedAsTypedWithoutTheSpacesBetweenItsSyllables() throws {
        let (rig, shown) = try switchMidComposition("zh-pinyin", typing: "nihao")
        #expect(shown.contains(" "), "librime shows its syllables apart: \(shown)")
        #expect(rig.field.text == "nihao" && rig.marked == nil)
        #expect(rig.log.changes == ["0+\(shown.utf16.count) nihao"], "one change, in place of the marked text")
        #expect(rig.controller.compositionState == .empty)
        #expect(rig.keys.tap(label: "x"))  // the next key types in English, after it
        #expect(rig.field.text == "nihaox")
    }

    @Test func romajisTrailingNBecomesN() throws {
        let (rig, shown) = try switchMidComposition("ja", typing: "nihon")
        #expect(shown == "にほn")
        #expect(rig.field.text == "にほん" && rig.marked == nil)
        rig.undo()
        #expect(rig.field.text == "")
    }

    @Test func hangulKeepsTheSyllableShown() throws {
        let rig = try ComposeRig(languages: ["ko", "en"])
        for label in ["ㅎ", "ㅏ", "ㄴ"] { #expect(rig.keys.tap(label: label)) }
        #expect(rig.marked == "한")
        rig.controller.showLanguage("en")
        rig.host.settle()
        #expect(rig.field.text == "한" && rig.marked == nil)
    }
}
