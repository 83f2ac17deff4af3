// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// The globe key stays where it is on every layout, so that a guest cycling through the
/// languages by tapping one spot never types (a space bar that moved under the finger typed
/// spaces on Thai).
@Suite(.serialized) @MainActor
struct GlobeKeyPlacementTests {
    /// Every language the keyboard ships, from its layout files.
    private var shippedLanguages: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/Keyboards/languages")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test(arguments: [Size(width: 800, height: 480), Size(width: 400, height: 700), Size(width: 1280, height: 800)])
    func theGlobeKeyIsInOnePlaceOnEveryLayout(size: Size) throws {
        let languages = shippedLanguages
        #expect(languages.count >= 60)
        let rig = try KeyboardRig(size: size) { $0.autocapitalizationType = .none }
        rig.host.window.keyboard.languages = languages
        rig.host.settle()
        var frames: [String: Rect] = [:]  // in the window
        for language in rig.keyboard.model.languages {
            rig.host.window.keyboard.showLanguage(language)
            rig.host.settle()
            rig.host.layout()
            if let entry = rig.keyboard.keyFrames.first(where: { $0.key.action == .globe }) {
                frames[language] = rig.keyboard.convert(entry.frame, to: nil)
            }
        }
        #expect(frames.count == rig.keyboard.model.languages.count, "every layout has a globe key")
        let english = try #require(frames["en"])
        // Across, the same key everywhere; down, a layout with a fourth row of letters has shorter
        // keys, so the key's middle on one layout is on the key on every other.
        let moved = frames.filter { language, frame in
            frame.minX != english.minX || frame.width != english.width
                || !frame.contains(Point(x: english.midX, y: english.midY))
                || !english.contains(Point(x: frame.midX, y: frame.midY))
        }.map { "\($0.key): \($0.value)" }.sorted()
        #expect(moved.isEmpty, "the globe key of en is at \(english); elsewhere on \(moved)")
    }

    /// The keyboards for URLs, e-mail addresses, searches and posts have their own bottom rows:
    /// the globe key is where it is on the default one (on a layout of eleven keys a row too).
    @Test(arguments: ["en", "de", "th"])
    func theGlobeKeyIsInOnePlaceOnEveryKeyboardType(language: String) throws {
        var frames: [KeyboardType: Rect] = [:]
        for type in [KeyboardType.default, .URL, .emailAddress, .webSearch, .twitter, .asciiCapable] {
            let rig = try KeyboardRig(type) { $0.autocapitalizationType = .none }
            rig.host.window.keyboard.languages = [language, "en"]
            rig.host.settle()
            rig.host.layout()
            let entry = try #require(rig.keyboard.keyFrames.first { $0.key.action == .globe }, "\(type) has a globe key")
            frames[type] = rig.keyboard.convert(entry.frame, to: nil)
        }
        let standard = try #require(frames[.default])
        let moved = frames.filter { $0.value != standard }.map { "\($0.key): \($0.value)" }
        #expect(moved.isEmpty, "\(language): the default keyboard's globe key is at \(standard); elsewhere on \(moved)")
    }

    /// Tapping one spot cycles the languages and types nothing.
    @Test func tappingTheGlobeKeysSpotCyclesEveryLanguageAndTypesNothing() throws {
        let rig = try KeyboardRig { $0.autocapitalizationType = .none }
        rig.host.window.keyboard.languages = shippedLanguages
        rig.host.settle()
        let spot = try #require(rig.point(.globe))
        var seen: Set<String> = [rig.keyboard.model.language]
        for _ in 0..<rig.keyboard.model.languages.count {
            rig.host.input.tap(at: spot, hold: 0.05)
            rig.host.advance(by: 0.4)
            seen.insert(rig.keyboard.model.language)
        }
        #expect(seen.count == rig.keyboard.model.languages.count)
        #expect(rig.field.text == "", "typed \(rig.field.text ?? "")")
    }
}
