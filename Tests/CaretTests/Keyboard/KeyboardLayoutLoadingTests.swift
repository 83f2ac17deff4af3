// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// A keyboard reads the layout files of the languages it offers (and English, which Latin-only
/// fields show), not all sixty: an app offering two languages starts faster. Languages offered
/// later are read when they are.
@Suite(.serialized) @MainActor
struct KeyboardLayoutLoadingTests {
    /// Each keyboard type is read from the file its case names (`KeyboardType.name`, spelt out
    /// rather than reflected), and every bundled type file is one of them.
    @Test func everyKeyboardTypeIsReadFromTheFileItsCaseNames() throws {
        for type in KeyboardType.allCases { #expect(type.name == String(describing: type)) }
        let folder = try Assets.path(for: "Keyboards/types")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == KeyboardType.allCases.map { $0.name + ".json" }.sorted())
        let layouts = try KeyboardLayouts.bundled()
        #expect(Set(layouts.types.keys) == Set(KeyboardType.allCases) && layouts.skipped.isEmpty, "\(layouts.skipped)")
    }

    @Test func aKeyboardReadsOnlyTheLanguagesItOffersAndEnglish() throws {
        let host = try makeHost(width: 800, height: 480)
        host.window.keyboard.languages = ["de", "el"]
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        host.rootView = View()
        host.rootView?.addSubview(field)
        host.window.keyboard.policy = .always
        field.becomeFirstResponder()
        host.settle()
        let keyboard = try #require(host.window.keyboard.keyboardView)
        #expect(keyboard.model.layouts.languages.keys.sorted() == ["de", "el", "en"])
        #expect(keyboard.model.languages == ["de", "el"])
    }

    @Test func aLanguageOfferedLaterIsReadAndShown() throws {
        let rig = try KeyboardRig()
        rig.host.window.keyboard.languages = ["de"]
        rig.host.settle()
        #expect(rig.keyboard.model.layouts.languages["th"] == nil)
        rig.host.window.keyboard.languages = ["de", "th"]
        rig.host.window.keyboard.showLanguage("th")
        rig.host.settle()
        #expect(rig.keyboard.model.language == "th")
        #expect(rig.keyboard.model.layouts.languages["th"]?.identifier == "th")
        #expect(rig.keyboard.keyFrames.contains { $0.key.label == "ก" })
    }

    /// Layouts the app set hold what it offers: a language they lack is left out, not read from Caret's own.
    @Test func layoutsTheAppSetAreNotToppedUpFromCaretsOwn() throws {
        let rig = try KeyboardRig()
        let bundled = try KeyboardLayouts.bundled()
        var own = bundled
        own.languages = ["en": try #require(bundled.languages["en"])]
        rig.host.window.keyboard.setLayouts(own)
        rig.host.window.keyboard.languages = ["en", "de"]
        rig.host.settle()
        let keyboard = try #require(rig.host.window.keyboard.keyboardView)
        #expect(keyboard.model.languages == ["en"])
        #expect(keyboard.model.layouts.languages["de"] == nil)
    }

    @Test func aLanguageWithNoLayoutIsLeftOutAsBefore() throws {
        let rig = try KeyboardRig()
        rig.host.window.keyboard.languages = ["de", "xx-none"]
        rig.host.settle()
        #expect(rig.keyboard.model.languages == ["de"])
    }
}
