// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretKioskKit
import CaretTesting
import Foundation
import Testing

/// The kiosk's own words (Examples/KioskKit/Strings): a table for every language the keyboard
/// offers, each with every key and the same placeholders as English, and every screen in the
/// language a guest picks.
@Suite(.serialized) @MainActor
struct KioskWordsTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/KioskKit/Strings")

    private static func table(_ language: String) throws -> [String: String] {
        try #require(try WordTables.table(folder, language) as? [String: String])
    }

    @Test func everyTableHasEveryKeyWithItsPlaceholders() throws {
        let problems = try WordTables.problems(in: Self.folder)
        #expect(problems.isEmpty, "\(problems.prefix(20))")
    }

    /// A guest who taps Deutsch gets every screen in German, the form's problems included.
    @Test func aGuestWhoPicksGermanReadsEveryScreenInGerman() throws {
        let german = try Self.table("de")
        let host = try HeadlessWindow(size: Size(width: 800, height: 1000), fonts: .fixedAdvance(ratio: 0.5))
        var options = CheckInFlow.Options()
        options.languages = ["en", "de"]
        let flow = CheckInFlow(window: host.window, options: options)
        host.settle()
        #expect(flow.start.startButton.title(for: .normal) == "Check in")
        host.input.tap(flow.start.languageButtons[1])
        host.settle()
        #expect(flow.start.startButton.title(for: .normal) == german["start.checkIn"])
        host.input.tap(flow.start.startButton)
        host.settle()
        #expect(flow.form.fields["code"]?.placeholder == german["form.code"])
        #expect(flow.form.submitButton.title(for: .normal) == german["form.continue"])
        flow.form.submit()
        let fillIn = try #require(german["form.fillIn"]?.components(separatedBy: "{").first)
        #expect(flow.form.problemLabel.text?.hasPrefix(fillIn) == true, "\(flow.form.problemLabel.text ?? "")")
        #expect(flow.form.problemLabel.text?.contains(german["form.missing.pin"] ?? "?") == true)
    }
}
