// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// Strings that mix everything that can go wrong with offsets: precomposed and combining é,
/// a skin-tone emoji, a ZWJ family, a flag, CJK, a tab and line breaks; Arabic, Devanagari
/// (conjuncts and vowel signs), Thai (marks above and below) and emoji sequences with a keycap.
let worldSweepStrings = [
    "مرحبا بكم، في متجرنا",
    "नमस्ते क्षत्रिय कि",
    "สวัสดีครับ ยินดีต้อนรับ",
    "👍🏽👨‍👩‍👧 🇩🇪1️⃣x",
    "Arabic: مرحبا and कि 日本語",
]

let sweepStrings =
    worldSweepStrings + [
        "aé e\u{301}👍🏽x",
        "👨‍👩‍👧 🇩🇪\t漢字",
        "ab\nc\u{301}d\n\n👍🏽",
        "",
        "e\u{301}\u{302}🇩🇪🇫🇷",
    ]

@Suite struct TextEditingModelTests {
    private func boundaries(_ text: String) -> [Int] {
        var result = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.append(offset)
        }
        return result
    }

    private func model(_ text: String, caret: Int) -> TextEditingModel {
        var m = TextEditingModel(text: text)
        m.select(TextSelection(caret: caret))
        return m
    }

    @Test(arguments: sweepStrings)
    func utf16OffsetsRoundTripAtEveryBoundary(_ text: String) {
        let document = TextDocument(text)
        #expect(document.utf16Count == text.utf16.count)
        #expect(document.string == text)
        for b in boundaries(text) {
            #expect(document.isGraphemeBoundary(b), "\(b) in \(text.debugDescription)")
            let left = document.substring(0..<b), right = document.substring(b..<document.utf16Count)
            #expect(left.utf16.count == b && left + right == text)
        }
        // Offsets inside a cluster are not boundaries and snap down to one.
        for offset in 0...text.utf16.count where !boundaries(text).contains(offset) {
            #expect(!document.isGraphemeBoundary(offset))
            #expect(boundaries(text).contains(document.graphemeBoundary(atOrBefore: offset)))
        }
    }

    @Test(arguments: sweepStrings)
    func everyMoveFromEveryCaretKeepsTheInvariants(_ text: String) {
        let stops = boundaries(text)
        for caret in stops {
            for direction in [TextDirection.backward, .forward] {
                for granularity in [TextGranularity.character, .word, .paragraph, .document] {
                    for extending in [false, true] {
                        var m = model(text, caret: caret)
                        m.move(direction, by: granularity, extending: extending)
                        #expect(
                            m.invariantViolations().isEmpty,
                            "\(direction) \(granularity) from \(caret): \(m.invariantViolations())")
                        #expect(stops.contains(m.selection.head) && stops.contains(m.selection.anchor))
                        if !extending { #expect(m.selection.isEmpty) }
                        if granularity == .character && caret != (direction == .backward ? 0 : text.utf16.count) {
                            // One step moves exactly one cluster.
                            let index = stops.firstIndex(of: caret)!
                            #expect(m.selection.head == stops[direction == .backward ? index - 1 : index + 1])
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: sweepStrings)
    func everyDeleteFromEveryCaretRemovesWholeClusters(_ text: String) {
        let characters = Array(text)
        for caret in boundaries(text) {
            for direction in [TextDirection.backward, .forward] {
                for granularity in [TextGranularity.character, .word, .paragraph, .document] {
                    var m = model(text, caret: caret)
                    guard let change = m.proposal(for: .delete(direction, granularity)) else {
                        #expect(caret == (direction == .backward ? 0 : text.utf16.count) || granularity != .character)
                        continue
                    }
                    m.apply(change)
                    #expect(m.invariantViolations().isEmpty)
                    // The result is the original with one contiguous block of whole clusters removed.
                    let after = Array(m.text)
                    let removed = characters.count - after.count
                    #expect(removed >= 1)
                    let prefix = zip(characters, after).prefix { $0 == $1 }.count
                    #expect(
                        Array(characters[..<prefix]) + Array(characters[(prefix + removed)...]) == after,
                        "\(direction) \(granularity) at \(caret) in \(text.debugDescription) gave \(m.text.debugDescription)")
                    if granularity == .character { #expect(removed == 1) }
                    #expect(m.selection.head == change.range.lowerBound)
                }
            }
        }
    }

    @Test func deleteBackwardRemovesOneWholeClusterAndReportsItsUTF16Range() {
        var m = TextEditingModel(text: "a👨‍👩‍👧")
        let change = m.proposal(for: .delete(.backward, .character))!
        #expect(change.range == 1..<9 && change.replacement == "")
        m.apply(change)
        #expect(m.text == "a" && m.selection == TextSelection(caret: 1))
    }

    @Test func selectingInsideAClusterSnapsToItsStart() {
        var m = TextEditingModel(text: "x👍🏽y")
        m.select(TextSelection(anchor: 2, head: 4))
        #expect(m.selection == TextSelection(caret: 1))
        m.select(TextSelection(anchor: -5, head: 500))
        #expect(m.selection == TextSelection(anchor: 0, head: 6))
    }

    @Test func wordMovesAndWordSelection() {
        var m = TextEditingModel(text: "hello, big world")
        m.select(TextSelection(caret: 0))
        m.move(.forward, by: .word)
        #expect(m.selection.head == 5)
        m.move(.forward, by: .word)
        #expect(m.selection.head == 10)
        m.move(.backward, by: .word)
        #expect(m.selection.head == 7)
        m.selectWord(at: 12)
        #expect(m.selection.range == 11..<16)
        m.selectWord(at: 5)  // at the end of "hello": the word before wins
        #expect(m.selection.range == 0..<5)
        m.selectParagraph(at: 3)
        #expect(m.selection.range == 0..<16)
    }

    @Test func arrowsCollapseASelectionToTheirSide() {
        var m = TextEditingModel(text: "abcdef")
        m.select(range: 2..<4)
        m.move(.backward, by: .character)
        #expect(m.selection == TextSelection(caret: 2))
        m.select(range: 2..<4)
        m.move(.forward, by: .character)
        #expect(m.selection == TextSelection(caret: 4))
        m.move(.forward, by: .character, extending: true)
        m.move(.forward, by: .character, extending: true)
        #expect(m.selection == TextSelection(anchor: 4, head: 6))
        m.move(.backward, by: .document, extending: true)
        #expect(m.selection == TextSelection(anchor: 4, head: 0))
    }

    @Test func singleLineModelsFlattenLineBreaksAndDropControlCharacters() {
        var m = TextEditingModel(text: "a\nb", allowsLineBreaks: false)
        #expect(m.text == "a b")
        m.perform(.paste("x\r\ny\u{0}z\u{7}"))
        #expect(m.text == "a bx yz")
        var multi = TextEditingModel(text: "")
        multi.perform(.paste("1\r\n2\r3\u{0}"))
        #expect(multi.text == "1\n2\n3" && multi.document.paragraphs.count == 3)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let document = TextDocument(utf8: [0x61, 0xFF, 0x62, 0xE2, 0x82])
        #expect(document.string == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func typingCoalescesPerWordAndPause() {
        var m = TextEditingModel()
        var t = 0.0
        for character in "hello world" {
            m.perform(.insert(String(character)), time: t)
            t += 0.1
        }
        t += 2  // a pause starts a new step
        m.perform(.insert("!"), time: t)
        m.undo()
        #expect(m.text == "hello world")
        m.undo()
        #expect(m.text == "hello ")
        m.undo()
        #expect(m.text == "" && !m.canUndo)
        m.redo()
        m.redo()
        m.redo()
        #expect(m.text == "hello world!" && m.selection == TextSelection(caret: 12) && !m.canRedo)
    }

    @Test func repeatedBackspaceIsOneUndoStepAndUndoRestoresTheSelection() {
        var m = TextEditingModel(text: "abcdef")
        m.select(range: 1..<3)
        m.perform(.insert("X"), time: 0)
        #expect(m.text == "aXdef")
        for i in 0..<3 { m.perform(.delete(.backward, .character), time: 5 + Double(i) * 0.1) }
        #expect(m.text == "def")
        m.undo()
        #expect(m.text == "aXdef" && m.selection == TextSelection(caret: 2))
        m.undo()
        #expect(m.text == "abcdef" && m.selection == TextSelection(anchor: 1, head: 3))
    }

    @Test func aNewEditClearsRedo() {
        var m = TextEditingModel(text: "")
        m.perform(.insert("a"))
        m.undo()
        #expect(m.canRedo)
        m.perform(.insert("b"))
        #expect(!m.canRedo && m.text == "b")
    }

    /// A composition before a mark that joins it (a skin tone, a combining accent) marks the
    /// joined cluster; undoing the commit brings back the mark that was there before, and only
    /// the commit goes (soak seeds 261700016 and 261730043).
    @Test func undoingACommitThatJoinedAMarkKeepsTheMark() {
        for (existing, composed) in [("\u{1F3FD}   ", "👍🏽"), ("\u{0301} ", "e")] {
            var m = TextEditingModel(text: existing)
            m.select(TextSelection(caret: 0))
            m.setMarkedText(composed)
            let marked = m.markedRange
            #expect(marked.map { $0.upperBound > composed.utf16.count } == true, "the mark joined the preedit: \(String(describing: marked))")
            m.apply(m.commitProposal(composed))
            #expect(m.text == composed + existing)
            m.undo()
            #expect(m.text == existing, "undo left \(m.text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func markedTextAsksNothingUntilCommitted() {
        var m = TextEditingModel(text: "x")
        m.setMarkedText("k")
        m.setMarkedText("ka", selectedRange: 2..<2)
        #expect(m.text == "xka" && m.markedRange == 1..<3 && m.selection == TextSelection(caret: 3))
        m.setMarkedText("か")
        #expect(m.text == "xか" && m.markedRange == 1..<2)
        let commit = m.commitProposal("関")
        #expect(commit.range == 1..<2 && commit.kind == .composition)
        m.apply(commit)
        #expect(m.text == "x関" && m.markedRange == nil && m.selection == TextSelection(caret: 2))
        m.undo()
        #expect(m.text == "x")  // the preedit never reached the undo history
        m.setMarkedText("zz")
        m.cancelComposition()
        #expect(m.text == "x" && m.markedRange == nil)
        // A composition over a selection that is cancelled (or emptied) brings the selection back.
        m.selectAll()
        m.setMarkedText("y")
        #expect(m.text == "y")
        m.setMarkedText("")
        #expect(m.text == "x" && m.markedRange == nil)
        m.selectAll()
        m.setMarkedText("q")
        m.cancelComposition()
        #expect(m.text == "x" && m.selection == TextSelection(anchor: 0, head: 1))
    }

    @Test func settingTextAsksNothingAndResetsUndo() {
        var m = TextEditingModel(text: "one")
        m.perform(.insert("two"))
        m.text = "three"
        #expect(m.text == "three" && !m.canUndo && m.selection == TextSelection(caret: 5))
    }

    @Test func aHugePasteCompletes() {
        var m = TextEditingModel(text: "start")
        let line = String(repeating: "0123456789", count: 10) + "\n"
        let big = String(repeating: line, count: 100_000)  // 10.1 MB
        m.perform(.paste(big))
        #expect(m.utf16Count == 5 + big.utf16.count)
        #expect(m.document.paragraphs.count == 100_001)
        m.undo()
        #expect(m.text == "start")
    }
}

@Suite struct BenchmarkDocumentTests {
    @Test func matchesTheSharedGenerator() throws {
        let doc = BenchmarkDocument.make(lines: 20_000)
        #expect(doc.utf8.count == 999_999)
        #expect(BenchmarkDocument.line(0) == "00000 The quick brown fox jumps over the lazy dog")
        #expect(BenchmarkDocument.line(1) == "00001 ck brown fox jumps over the lazy dog; pack ")
        let document = TextDocument(doc)
        #expect(document.paragraphs.count == 20_000 && document.utf16Count == 999_999)
        let offset = BenchmarkDocument.insertionOffset(lines: 20_000)
        #expect(document.paragraphPosition(of: offset) == (10_000, 25))
        // Byte for byte what the generator writes (Scripts/bench/gen_doc.py, the repository's copy
        // of the shared benchmark script): a missing script fails, it never skips.
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/bench/gen_doc.py")
        try #require(FileManager.default.fileExists(atPath: script.path), "the benchmark generator \(script.path) is missing")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "1000"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == BenchmarkDocument.make(lines: 1000))
    }
}
