// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

@testable import CaretCompose

/// Japanese as on phones (issue 44): once a conversion is committed, the bar predicts what comes
/// next; a prediction tapped goes in as it is (no space) as one change and one undo step, and
/// the bar predicts again after it; a new reading brings the conversion's candidates back.
@Suite(.serialized) @MainActor
struct JapanesePredictionTests {
    private func converted(_ romaji: String) throws -> ComposeRig {
        let rig = try ComposeRig(languages: ["ja", "en"]) { $0.autocapitalizationType = .none }
        #expect(rig.keys.type(labels: romaji))
        #expect(rig.keys.tap(.space))
        #expect(rig.keys.tap(.return))
        #expect(rig.marked == nil)
        return rig
    }

    @Test func aCommittedNounIsFollowedByItsParticles() throws {
        let rig = try converted("tenki")
        #expect(rig.field.text == "天気")
        let keyboard = try #require(rig.keys.keyboard)
        let words = keyboard.barItems.map(\.word)
        #expect(keyboard.barItems.allSatisfy { if case .prediction = $0 { true } else { false } }, "\(keyboard.barItems)")
        // A noun takes a particle next (what the grammar says, not a list of this test's).
        let particles: Set = ["の", "が", "を", "に", "は", "で", "と", "も"]
        #expect(words.count == 3 && words.allSatisfy(particles.contains), "\(words)")
        // Tapped at its cell: in as it is, one change, one undo step.
        let before = rig.log.changes.count
        #expect(rig.keys.tapBarWord(words[1]))
        #expect(rig.field.text == "天気" + words[1])
        #expect(Array(rig.log.changes.dropFirst(before)) == ["2+0 \(words[1])"])
        // After a particle, no particle of a noun comes first again: the bar predicted anew.
        let next = keyboard.barItems.map(\.word)
        #expect(!next.isEmpty && next != words, "\(next)")
        rig.undo()
        #expect(rig.field.text == "天気")
    }

    /// The clear button empties the field: the bar shows what it shows for an empty field (read
    /// from a field that was never typed in), and a tap where a particle was puts nothing in.
    @Test func theClearButtonTakesThePredictionsForTheOldTextAway() throws {
        let rig = try ComposeRig(languages: ["ja", "en"]) {
            $0.autocapitalizationType = .none
            $0.clearButtonMode = .whileEditing
        }
        #expect(rig.keys.type(labels: "tenki") && rig.keys.tap(.space) && rig.keys.tap(.return))
        let keyboard = try #require(rig.keys.keyboard)
        let particles = keyboard.barItems.map(\.word)
        #expect(rig.field.text == "天気" && !particles.isEmpty)
        let clear = rig.field.convert(rig.field.clearButtonRect, to: nil)
        rig.host.input.tap(at: Point(x: clear.midX, y: clear.midY))
        rig.host.settle()
        #expect(rig.field.text == "")
        let fresh = try ComposeRig(languages: ["ja", "en"]) { $0.autocapitalizationType = .none }
        let emptyBar = try #require(fresh.keys.keyboard).barItems.map(\.word)
        #expect(keyboard.barItems.map(\.word) == emptyBar, "after the clear button: \(keyboard.barItems)")
        if !emptyBar.contains(particles[0]) {
            #expect(!rig.keys.tapBarWord(particles[0]))
            #expect(rig.field.text == "")
        }
    }

    @Test func aReadingBringsBackTheConversionAndTheEnglishKeyboardPredictsNothing() throws {
        let rig = try converted("tenki")
        let keyboard = try #require(rig.keys.keyboard)
        #expect(!keyboard.barItems.isEmpty && keyboard.predictsNextWords)
        #expect(rig.keys.type(labels: "ga"))
        #expect(rig.marked == "が")
        #expect(!keyboard.predictsNextWords && keyboard.barItems.isEmpty && keyboard.candidates.contains("が"))
        #expect(rig.keys.tap(.return))
        #expect(rig.field.text == "天気が" && keyboard.predictsNextWords)
        // English has no predictions: its bar completes words as typed.
        rig.controller.showLanguage("en")
        rig.host.settle()
        #expect(!keyboard.predictsNextWords && keyboard.barItems.isEmpty)
    }
}
