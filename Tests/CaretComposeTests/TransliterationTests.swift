// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretCompose
import CaretTesting
import Foundation
import Testing

/// Transliteration through libm17n and m17n-db (issue 44, item 3): Vietnamese Telex and VNI,
/// ITRANS for Indic scripts and Swanalekha for Malayalam, typed on the on-screen keyboard's keys.
/// The word being written is the field's marked text until space or a key the method does not
/// take; its candidates (the method's, else the word and its completions) fill the bar.
@Suite(.serialized) @MainActor
struct TransliterationTests {
    /// Taps each character's key, at its place whatever shift shows there: capitals after a tap
    /// on shift, spaces on the space bar.
    private func type(_ text: String, on rig: ComposeRig) {
        for character in text {
            if character == " " {
                #expect(rig.keys.tap(.space), "space")
                continue
            }
            if character.isUppercase { #expect(rig.keys.tap(.shift)) }
            let place = String(character).lowercased()
            #expect(rig.keys.tap { $0.label.lowercased() == place && $0.action != .space }, "\(character)")
        }
    }

    private func rig(_ language: String) throws -> ComposeRig {
        try ComposeRig(languages: [language, "en"]) { $0.autocapitalizationType = .none }
    }

    @Test func telexTypesVietnameseAndKeepsTheSyllableMarkedUntilSpace() throws {
        let rig = try rig("vi-telex")
        type("Tieesng", on: rig)
        #expect(rig.field.text == "Tiêsng" || rig.marked == "Tiếng", "the tone moves onto the vowel: \(rig.field.text ?? "")")
        #expect(rig.marked == "Tiếng" && rig.field.text == "Tiếng")
        type(" Vieejt", on: rig)
        #expect(rig.field.text == "Tiếng Việt" && rig.marked == "Việt")
        #expect(rig.keys.tap(.space))
        #expect(rig.field.text == "Tiếng Việt " && rig.marked == nil)
        // Each word reached the delegate as one change in place of its marked text, with the space.
        #expect(rig.log.changes == ["0+\("Tiếng".utf16.count) Tiếng ", "6+\("Việt".utf16.count) Việt "])
        rig.undo()
        #expect(rig.field.text?.hasSuffix("Việt ") == false, "undo takes the last word back: \(rig.field.text ?? "")")
    }

    @Test func telexMarksEveryToneAndDd() throws {
        let rig = try rig("vi-telex")
        type("dduwowcj nguwowif vieetj", on: rig)
        #expect(rig.keys.tap(.space))
        #expect(rig.field.text == "được người việt ")
    }

    @Test func vniTypesTonesWithTheDigitRowOfTheLetters() throws {
        let rig = try rig("vi-vni")
        type("Tie61ng Vie65t", on: rig)
        #expect(rig.marked == "Việt")
        #expect(rig.keys.tap(.return))
        #expect(rig.field.text == "Tiếng Việt" && rig.marked == nil)
    }

    @Test func itransTypesHindiWithTheWholeWordMarked() throws {
        let rig = try rig("hi-itrans")
        type("nam", on: rig)
        #expect(rig.marked == "नम्", "the method shows the virama until a vowel follows")
        type("aste", on: rig)
        #expect(rig.marked == "नमस्ते" && rig.field.text == "नमस्ते")
        #expect(rig.keys.tap(.space))
        #expect(rig.field.text == "नमस्ते " && rig.marked == nil)
        type("bhaarat", on: rig)
        #expect(rig.marked == "भारत्")
        #expect(rig.keys.tap(.space))
        #expect(rig.field.text == "नमस्ते भारत ", "Hindi's ITRANS drops the final virama as it commits")
    }

    /// The bar offers the word as typed, then its completions from the Hindi word list, most
    /// frequent first: what is expected is read from the list itself.
    @Test func hindiCandidatesAreTheWordAndItsCompletionsFromTheList() throws {
        let rig = try rig("hi-itrans")
        type("namas", on: rig)
        let marked = try #require(rig.marked)
        #expect(marked == "नमस्")
        let list = try String(contentsOfFile: Assets.path(for: "Words/hi.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let expected = list.filter { $0.unicodeScalars.starts(with: marked.unicodeScalars) && $0 != marked }.prefix(4)
        #expect(expected.contains("नमस्ते") && expected.contains("नमस्कार"))
        let shown = try #require(rig.keys.keyboard?.candidates)
        #expect(shown.first == marked)
        #expect(Array(shown.dropFirst()) == Array(expected), "\(shown)")
        #expect(rig.keys.tapCandidate("नमस्कार"))
        #expect(rig.field.text == "नमस्कार " && rig.marked == nil)
    }

    /// While a consonant waits for its vowel (नमस्त् for "namast") the word is completed as the
    /// consonant, not left without suggestions just before it is finished (found by a typist).
    @Test func aConsonantWaitingForItsVowelIsCompleted() throws {
        let rig = try rig("hi-itrans")
        type("namast", on: rig)
        #expect(rig.marked == "नमस्त्")
        let shown = try #require(rig.keys.keyboard?.candidates)
        #expect(shown.first == "नमस्त्" && shown.contains("नमस्ते"), "\(shown)")
    }

    @Test func backspaceUndoesTheMethodsKeysThenTheWordsLetters() throws {
        let rig = try rig("hi-itrans")
        type("namas", on: rig)
        #expect(rig.marked == "नमस्")
        #expect(rig.keys.tap(.backspace))
        #expect(rig.marked == "नम")
        #expect(rig.keys.tap(.backspace))
        #expect(rig.marked == "न")
        #expect(rig.keys.tap(.backspace))
        #expect(rig.marked == nil && rig.field.text == "")
        #expect(rig.keys.tap(.backspace))
        #expect(rig.field.text == "")
    }

    /// Telex does not take Backspace right after a first consonant (it commits its preedit
    /// instead): the consonant still goes, with one Backspace (found in review).
    @Test func oneBackspaceTakesTelexsFirstConsonant() throws {
        let rig = try rig("vi-telex")
        type("t", on: rig)
        #expect(rig.marked == "t")
        #expect(rig.keys.tap(.backspace))
        #expect(rig.field.text == "" && rig.marked == nil)
        type("tieesng", on: rig)
        #expect(rig.keys.tap(.backspace))
        #expect(rig.marked == "tiến", "\(rig.marked ?? "nil")")
    }

    /// Telex keeps its vowel alternates hidden (its lookup is off): the bar completes the word
    /// from the Vietnamese list, marks and all (issue 44: "vie" offered vietnam, view, vienna).
    @Test func telexCompletesVieWithVietnameseWords() throws {
        let rig = try rig("vi-telex")
        type("vie", on: rig)
        let shown = try #require(rig.keys.keyboard?.candidates)
        #expect(shown.first == "vie")
        for word in ["việt", "việc", "viên"] { #expect(shown.contains(word), "\(shown)") }
        #expect(!shown.contains("é"), "no vowel alternates: \(shown)")
        #expect(rig.keys.tapCandidate("việt"))
        #expect(rig.field.text == "việt " && rig.marked == nil)
    }

    /// Half-way through Telex ("viee" shows viê) the bar still completes to the words whose
    /// letters carry the marks typed and more: việt, viết (a helper typing Telex saw việt drop).
    @Test func telexHalfMarkedCompletesWithWordsCarryingMoreMarks() throws {
        let rig = try rig("vi-telex")
        type("viee", on: rig)
        #expect(rig.marked == "viê")
        let shown = try #require(rig.keys.keyboard?.candidates)
        for word in ["việt", "viết", "viên"] { #expect(shown.contains(word), "\(shown)") }
        #expect(!shown.contains { !$0.hasPrefix("vi") }, "\(shown)")
        #expect(rig.keys.tapCandidate("viết"))
        #expect(rig.field.text == "viết " && rig.marked == nil)
    }

    @Test func swanalekhasOwnCandidatesFillTheBarAndOneIsChosen() throws {
        let rig = try rig("ml-swanalekha")
        type("a", on: rig)
        let shown = try #require(rig.keys.keyboard?.candidates)
        // Swanalekha's table for "a": അ, ആ, എ (m17n-db's ml-swanalekha.mim).
        #expect(Array(shown.prefix(3)) == ["അ", "ആ", "എ"], "\(shown)")
        #expect(rig.keys.tapCandidate("ആ"))
        #expect(rig.field.text == "ആ" && rig.marked == nil)
    }

    /// Autocapitalisation shifts Telex's first letter (its capitals are capitals) but never
    /// ITRANS's, whose capitals are other letters: "namaste" at the start of a sentence is नमस्ते,
    /// not णमस्ते (seen in the demo's name field, whose words are capitalised).
    @Test func autocapitalisationShiftsTelexButNeverItrans() throws {
        let telex = try ComposeRig(languages: ["vi-telex"]) { $0.autocapitalizationType = .words }
        type("tieesng vieejt", on: telex)
        #expect(telex.keys.tap(.space))
        #expect(telex.field.text == "Tiếng Việt ")
        let itrans = try ComposeRig(languages: ["hi-itrans"]) { $0.autocapitalizationType = .words }
        type("namaste namaste", on: itrans)
        #expect(itrans.keys.tap(.space))
        #expect(itrans.field.text == "नमस्ते नमस्ते ")
    }

    /// Shift gives ITRANS its capitals, which are other letters: "A" is आ's sign, "N" is ण.
    @Test func shiftTypesItransCapitals() throws {
        let rig = try rig("hi-itrans")
        type("bhArat", on: rig)
        #expect(rig.keys.tap(.space))
        type("Na", on: rig)
        #expect(rig.keys.tap(.return))
        #expect(rig.field.text == "भारत ण")
    }

    @Test func everyTransliterationTypesItsScript() throws {
        let cases: [(String, String)] = [
            ("bn-itrans", "নমস্তে"), ("ta-itrans", "நமஸ்தெ"), ("te-itrans", "నమస్తె"), ("mr-itrans", "नमस्ते"),
            ("gu-itrans", "નમસ્તે"), ("kn-itrans", "ನಮಸ್ತೆ"), ("pa-itrans", "ਨਮਸ੍ਤੇ"),
        ]
        for (language, expected) in cases {
            let rig = try rig(language)
            type("namaste", on: rig)
            #expect(rig.keys.tap(.return), "\(language)")
            #expect(rig.field.text == expected, "\(language): \(rig.field.text ?? "")")
        }
    }

    @Test func aMissingDatabaseLeavesTheModesOutWithItsReason() throws {
        let composers = SystemTextComposers(stateDirectory: ComposeRig.state, m17nDirectory: "/nonexistent/m17n")
        let problem = try #require(composers.unavailability(of: KeyboardComposition(engine: "m17n", schema: "vi-telex")))
        #expect("\(problem)".contains("m17n-db") && "\(problem)".contains("vi-telex"), "\(problem)")
        let host = try HeadlessWindow(size: Size(width: 800, height: 520), fonts: .fixedAdvance(ratio: 0.5))
        host.backend.textComposers = composers
        let field = TextField(frame: Rect(x: 10, y: 10, width: 400, height: 40))
        host.rootView = View()
        host.rootView?.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = ["vi-telex", "hi-itrans", "en"]
        field.becomeFirstResponder()
        host.settle()
        #expect(host.window.keyboard.inputModes.map(\.identifier) == ["en"])
        #expect(host.window.keyboard.problems.contains(problem))
    }
}

/// Korean gets suggestions (issue 44): while libhangul composes a word's last syllable the bar
/// offers the completions of the whole word, its earlier syllables included, from the Korean
/// word list; one tapped finishes the word in one change.
@Suite(.serialized) @MainActor
struct KoreanSuggestionTests {
    @Test func theWordBeingComposedIsCompletedFromTheList() throws {
        let rig = try ComposeRig(languages: ["ko", "en"])
        for jamo in ["ㅎ", "ㅏ", "ㄴ", "ㄱ", "ㅜ", "ㄱ"] { #expect(rig.keys.tap(label: jamo)) }
        #expect(rig.field.text == "한국" && rig.marked == "국")
        let list = try String(contentsOfFile: Assets.path(for: "Words/ko.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = Array(list.filter { $0.hasPrefix("한국") && $0 != "한국" }.prefix(4))
        #expect(expected.contains("한국어"))
        #expect(rig.keys.keyboard?.candidates == expected)
        rig.log.changes.removeAll()
        #expect(rig.keys.tapCandidate("한국어"))
        #expect(rig.field.text == "한국어 " && rig.marked == nil)
        #expect(rig.log.changes == ["1+1 국어 "], "the marked syllable becomes the rest of the word and a space")
        rig.undo()
        #expect(rig.field.text == "한")
    }

    /// A syllable begun with its first consonant only (한 then ㄱ) is completed with every word
    /// going on with a syllable that consonant begins: 한국, 한글 (a helper saw the bar go blank).
    @Test func aSyllableBegunWithItsConsonantIsCompletedByThatConsonant() throws {
        let rig = try ComposeRig(languages: ["ko", "en"])
        for jamo in ["ㅎ", "ㅏ", "ㄴ", "ㄱ"] { #expect(rig.keys.tap(label: jamo)) }
        #expect(rig.field.text == "한ㄱ" && rig.marked == "ㄱ")
        let list = try String(contentsOfFile: Assets.path(for: "Words/ko.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        // Syllables whose initial is ㄱ: 가 (U+AC00) to 깋 (U+AE4B).
        let expected = Array(
            list.filter { word in
                let scalars = Array(word.unicodeScalars)
                return scalars.count > 1 && scalars[0] == "한" && (0xAC00...0xAE4B).contains(scalars[1].value)
            }.prefix(4))
        #expect(expected.contains("한국"), "\(expected)")
        #expect(rig.keys.keyboard?.candidates == expected)
        #expect(rig.keys.tapCandidate(expected[0]))
        #expect(rig.field.text == expected[0] + " " && rig.marked == nil)
    }

    @Test func aWordsFirstSyllableIsOfferedAsTypedWithItsCompletions() throws {
        let rig = try ComposeRig(languages: ["ko", "en"])
        for jamo in ["ㅅ", "ㅏ"] { #expect(rig.keys.tap(label: jamo)) }
        let list = try String(contentsOfFile: Assets.path(for: "Words/ko.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let shown = try #require(rig.keys.keyboard?.candidates)
        #expect(shown.first == "사")
        #expect(Array(shown.dropFirst()) == Array(list.filter { $0.hasPrefix("사") }.prefix(4)))
    }
}
