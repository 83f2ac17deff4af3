// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// One test per defect the soak (or a user) found, each failing without its fix (issue 11).
@Suite(.serialized) @MainActor
struct SoakRegressionTests {

    private func textViewHost(_ text: String = "") throws -> (HeadlessWindow, TextView) {
        let host = try makeHost(width: 400, height: 300)
        let textView = TextView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        host.rootView = View()
        host.rootView!.addSubview(textView)
        textView.text = text
        host.layout()
        #expect(textView.becomeFirstResponder())
        return (host, textView)
    }

    private func fieldHost() throws -> (HeadlessWindow, TextField) {
        let host = try makeHost(width: 400, height: 300)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        host.rootView = View()
        host.rootView!.addSubview(field)
        host.layout()
        #expect(field.becomeFirstResponder())
        return (host, field)
    }

    // MARK: (a) a selection replaced by text with a line break

    @Test func replacingASelectionWithALineBreakInATextViewKeepsGoing() throws {
        let (host, textView) = try textViewHost()
        host.input.type("abc")
        host.input.key(.letter("a")!, characters: "a", modifiers: .control)
        host.input.key(.keyboardReturnOrEnter)
        host.drawFrame()
        #expect(textView.text == "\n" && textView.selectedRange == NSRange(location: 1, length: 0))
        textView.text = "ab"
        textView.selectedRange = NSRange(location: 0, length: 2)
        host.window.backend.clipboard.string = "x\n"
        host.input.key(.letter("v")!, characters: "v", modifiers: .control)
        host.drawFrame()
        #expect(textView.text == "x\n" && textView.selectedRange == NSRange(location: 2, length: 0))
        #expect(textView.editor.layout.caretRect(at: 2).minY > 0)  // the layout follows the two paragraphs
    }

    // MARK: (b) a restoration archive with a huge length

    @Test func aRestorationArchiveWithAHugeLengthSelectsNothing() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "caret-huge-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let json = #"{"version":1,"views":{"notes":{"location":2,"length":\#(Int.max),"isEditable":true}}}"#
        try Data(json.utf8).write(to: url)
        let textView = TextView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        textView.restorationIdentifier = "notes"
        textView.text = "hello"
        #expect(try RestorationArchive(url: url).restore(textView) == 1)
        #expect(textView.selectedRange == NSRange(location: 0, length: 0))
    }

    // MARK: (c) a delegate that sets the text while it is asked

    final class SetsTextDelegate: TextFieldDelegate, TextViewDelegate {
        let replacement: String
        init(_ replacement: String) { self.replacement = replacement }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            textField.text = replacement
            return true
        }
        func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            textView.text = replacement
            return true
        }
    }

    @Test func aDelegateThatSetsTheTextWhileAskedWinsAndTheChangeIsDropped() throws {
        let (host, field) = try fieldHost()
        field.text = "long text here"
        field.selectedRange = NSRange(location: 10, length: 4)
        let delegate = SetsTextDelegate("e\u{301}")  // shorter, and ending in a cluster
        field.delegate = delegate
        host.input.type("x")
        #expect(field.text == "e\u{301}")
        #expect(field.editor.model.invariantViolations().isEmpty)
        #expect(field.selectedRange == NSRange(location: 2, length: 0))

        let (host2, textView) = try textViewHost("some words")
        textView.delegate = delegate
        textView.selectedRange = NSRange(location: 5, length: 5)
        host2.input.type("y")
        #expect(textView.text == "e\u{301}" && textView.editor.model.invariantViolations().isEmpty)
    }

    // MARK: (d) the keyboard's layout changing while a key is held

    @Test func aKeyHeldWhileFocusMovesToAPhoneFieldTypesNothingAndDoesNotCrash() throws {
        let rig = try KeyboardRig()
        let phone = TextField(frame: Rect(x: 10, y: 60, width: 300, height: 40))
        phone.keyboardType = .phonePad
        rig.host.rootView!.addSubview(phone)
        // The last key of the letters plane has no counterpart on the much shorter phone pad.
        let last = try #require(rig.keyboard.keyFrames.last)
        let point = rig.keyboard.convert(Point(x: last.frame.midX, y: last.frame.midY), to: nil)
        rig.down(1, at: point)
        phone.becomeFirstResponder()
        rig.host.layout()
        rig.up(1, at: point)
        rig.host.drawFrame()
        #expect(phone.text == "" && rig.field.text == "")
    }

    @Test func aSecondKeyBeforeTheNextLayoutPassTypesWhatWasUnderIt() throws {
        let rig = try KeyboardRig()
        let more = try #require(rig.point(.more)), q = try #require(rig.point(.text("q")))
        rig.down(1, at: more)  // the numbers plane comes up; its layout waits for the next pass
        rig.down(2, at: q)
        rig.up(1, at: more)
        rig.host.layout()
        rig.up(2, at: q)
        #expect(rig.field.text == "q")  // the key under the second finger when it went down, not what is there now
    }

    // MARK: (e) forward Delete of a line break before a combining mark

    @Test func deletingALineBreakBeforeACombiningMarkLeavesTheCaretOnABoundary() throws {
        let (host, textView) = try textViewHost("a\n\u{301}b")
        textView.selectedRange = NSRange(location: 1, length: 0)
        host.input.key(.keyboardDeleteForward)
        #expect(textView.text == "a\u{301}b")
        #expect(textView.selectedRange == NSRange(location: 2, length: 0))
        #expect(textView.editor.model.invariantViolations().isEmpty)
    }

    // MARK: (f) line breaks in single-line fields

    @Test(arguments: ["a\u{2029}b", "a\u{2028}b", "a\u{85}b", "a\u{0B}b", "a\u{0C}b", "a\r\nb", "a\n\u{301}b", "a\n\u{FE0F}b"])
    func singleLineFieldsHoldNoLineBreakAfterAPaste(_ pasted: String) throws {
        let (host, field) = try fieldHost()
        host.window.backend.clipboard.string = pasted
        host.input.key(.letter("v")!, characters: "v", modifiers: .control)
        host.input.type(pasted)
        let text = field.text ?? ""
        #expect(!text.unicodeScalars.contains { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) })
        #expect(field.editor.model.document.paragraphs.count == 1)
    }

    @Test func everyLineBreakFormBreaksAParagraphInATextView() throws {
        let (host, textView) = try textViewHost()
        host.input.type("a\u{2029}b\u{2028}c\r\nd\u{85}e")
        #expect(textView.text == "a\nb\nc\nd\ne")
    }

    @Test func aFieldInAModalDialogPansAboveTheKeyboard() throws {
        let host = try makeHost(width: 800, height: 480)
        host.rootView = View()
        host.window.keyboard.policy = .always
        let dialog = View(frame: Rect(x: 0, y: 0, width: 280, height: 120))
        let field = TextField(frame: Rect(x: 20, y: 60, width: 240, height: 40))
        dialog.addSubview(field)
        host.window.overlays.presentModal(dialog)
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        #expect(KeyboardAvoidanceAudit.marginProblems(of: field, in: host.window) == [])
        host.window.endEditing(true)
        host.settle()
        #expect(dialog.frame.midY == 240)  // back in the middle
    }

    @Test func aTextViewResizedWhileEditingKeepsItsCaretInView() throws {
        let (host, textView) = try textViewHost((0..<30).map { "line \($0) of some text" }.joined(separator: "\n"))
        textView.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        host.layout()
        textView.selectedRange = NSRange(location: textView.text.utf16.count, length: 0)
        host.layout()
        textView.frame = Rect(x: 0, y: 0, width: 120, height: 80)  // narrower: the lines wrap, the caret moves down
        host.layout()
        host.drawFrame()
        let caret = textView.editor.convert(textView.editor.caretRect, to: textView)
        #expect(textView.bounds.contains(caret), "caret \(caret) outside \(textView.bounds)")
    }

    // MARK: (h) bad files and a resigning delegate

    @Test func aCorruptLanguageFileCostsThatLanguageOnlyAndNamesItsLine() throws {
        let folder = NSTemporaryDirectory() + "caret-kb-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: try Assets.path(for: "Keyboards"), toPath: folder)
        try Data("{\n  \"identifier\": \"xx\",\n  oops\n}".utf8).write(to: URL(fileURLWithPath: folder + "/languages/xx.json"))
        let layouts = try KeyboardLayouts.load(from: folder)
        #expect(layouts.languages["en"] != nil && layouts.languages["de"] != nil && layouts.languages["xx"] == nil)
        #expect(layouts.skipped.count == 1)
        let message = "\(layouts.skipped.first!)"
        #expect(message.contains("xx.json") && message.contains("line 3"), "\(message)")

        // A value of the wrong kind names its key and line.
        try Data("{\n  \"identifier\": \"xx\",\n  \"name\": 3\n}".utf8).write(to: URL(fileURLWithPath: folder + "/languages/xx.json"))
        let wrongKind = "\(try KeyboardLayouts.load(from: folder).skipped.first!)"
        #expect(wrongKind.contains("xx.json") && wrongKind.contains("line 3") && wrongKind.contains("name"), "\(wrongKind)")

        // The window's keyboard still comes up, and says what it left out.
        let host = try makeHost()
        host.window.keyboard.setLayouts(try KeyboardLayouts.load(from: folder))
        #expect(host.window.keyboard.problems.count == 1)
    }

    @Test func aCorruptWordListIsAnErrorNamingTheLine() throws {
        let path = NSTemporaryDirectory() + "caret-words-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (contents, expected) in [
            ("the\nof\nand\u{0}x\n", "line 3"), ("the\nin the\n", "line 2"), ("\n\n", "no words"),
            ("ok\n" + String(repeating: "x", count: 100) + "\n", "line 2"),
        ] {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            let error = Result { try SuggestionProvider.load(contentsOf: path) }
            guard case let .failure(failure) = error else {
                Issue.record("\(contents.debugDescription) was accepted as a word list")
                continue
            }
            #expect("\(failure)".contains(expected) && "\(failure)".contains(path), "\(failure)")
        }
        try Data("the\r\nof\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SuggestionProvider.load(contentsOf: path).completions(of: "t") == ["the"])
    }

    @Test func aRestorationArchivePathThatIsADirectoryIsAnError() throws {
        let folder = NSTemporaryDirectory() + "caret-archive-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let textView = TextView()
        textView.restorationIdentifier = "notes"
        #expect(throws: CaretError.self) { try RestorationArchive(url: URL(fileURLWithPath: folder)).restore(textView) }
    }

    final class ResignsAtOnce: TextFieldDelegate, TextViewDelegate {
        func textFieldDidBeginEditing(_ textField: TextField) { textField.resignFirstResponder() }
        func textViewDidBeginEditing(_ textView: TextView) { textView.resignFirstResponder() }
    }

    @Test func becomeFirstResponderIsFalseWhenDidBeginEditingResignedAtOnce() throws {
        let host = try makeHost()
        host.rootView = View()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let textView = TextView(frame: Rect(x: 0, y: 40, width: 100, height: 60))
        let delegate = ResignsAtOnce()
        field.delegate = delegate
        textView.delegate = delegate
        host.rootView!.addSubview(field)
        host.rootView!.addSubview(textView)
        #expect(!field.becomeFirstResponder() && !field.isFirstResponder)
        #expect(!textView.becomeFirstResponder() && !textView.isFirstResponder)
    }

    // MARK: Found by the soak as well

    @Test func maximumLengthCountsCommittedTextNotThePreedit() throws {
        let (host, field) = try fieldHost()
        field.maximumLength = 5
        host.input.type("abcd")
        host.input.compose("かんj", selectedRange: 3..<3)  // the preedit may run past the limit
        host.input.type("漢字")  // its commit may not
        #expect(field.text == "abcd")
    }

    @Test func aMaskedFieldShowsTheSameAfterEditsAsMaskedAnew() throws {
        let (host, field) = try fieldHost()
        field.isSecureTextEntry = true
        for text in ["a", "👍🏽", "e\u{301}", "bc"] { host.input.type(text) }
        host.input.key(.keyboardLeftArrow)
        host.input.key(.keyboardDeleteOrBackspace)
        host.advance(by: 2)  // the revealed character is masked again
        let shown = field.editor.display.document
        #expect(shown.utf16Count == field.editor.model.utf16Count)
        #expect(shown.string == "\u{2022}\u{2022}\u{200B}\u{200B}\u{200B}\u{2022}\u{200B}\u{2022}")  // a, 👍🏽 (4 units), é (2), c
    }

    /// Found by the independent oracle (seed 100): a password field focused again, then revealed
    /// with its eye button, lost the whole password to the next key (the secure field's "next edit
    /// replaces it all" outlived the secure entry).
    @Test func aRevealedPasswordFocusedAgainIsEditedWhereTheCaretIs() throws {
        let (host, field) = try fieldHost()
        field.isSecureTextEntry = true
        host.input.type("secret")
        #expect(field.resignFirstResponder())
        #expect(field.becomeFirstResponder())
        field.isSecureTextEntry = false  // the eye button
        host.input.type("1")
        #expect(field.text == "secret1")
    }

    /// Found by the independent oracle (seed 502): a finger held on a key while the keyboard hid
    /// (a hardware key was pressed) and lifted off the screen left its press behind, and the next
    /// key tapped after the keyboard came back paired with it and typed nothing.
    @Test func aKeyHeldAsTheKeyboardHidesDoesNotSwallowTheNextTap() throws {
        let (host, field) = try fieldHost()
        host.input.tap(field)
        host.advance(by: 1)
        let keyboard = try #require(host.window.keyboard.keyboardView)
        let key = try #require(keyboard.keyFrames.first { $0.key.label.lowercased() == "q" })
        host.window.send(.touch(id: 1, phase: .began, location: keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil)))
        host.input.key(.keyboardUpArrow)  // a hardware key: the on-screen keyboard hides
        host.advance(by: 1)
        #expect(!host.window.keyboard.isVisible)
        host.window.send(.touch(id: 1, phase: .ended, location: Point(x: 10, y: 1_000)))  // lifted off the screen
        host.input.tap(field)
        host.advance(by: 1)
        #expect(host.window.keyboard.isVisible)
        let keys = KeyboardDriver(host)
        #expect(keys.tap(label: "A") || keys.tap(label: "a"))
        #expect(field.text?.lowercased() == "a")
    }

    @Test func drawingASelectionOfEverythingLaysOutOnlyWhatShows() throws {
        let (host, textView) = try textViewHost(String(repeating: "x", count: 200_000))
        textView.selectedRange = NSRange(location: 0, length: 200_000)  // as a double tap on one long word does
        host.drawFrame()
        #expect(textView.editor.layout.paragraphLayoutCount < 10)  // blocks of about 2,048 units: only those on screen
    }

    @Test func linesLaidOutAboveTheScreenDoNotMoveWhatIsOnIt() throws {
        let text = (0..<600).map { i in String(repeating: "word ", count: (i * 7) % 40 + 1) }.joined(separator: "\n")
        let (host, textView) = try textViewHost(text)
        textView.resignFirstResponder()
        textView.contentOffset = Point(x: 0, y: 6_000)  // into estimated heights
        host.drawFrame()
        let first = textView.layoutManager.characterIndex(for: Point(x: 20, y: 6_010))
        let before = textView.layoutManager.lineFragmentRect(forCharacterAt: first).minY - textView.contentOffset.y
        textView.editor.layout.layOutLines(before: first, covering: .infinity)  // every estimate above is replaced
        host.drawFrame()
        let after = textView.layoutManager.lineFragmentRect(forCharacterAt: first).minY - textView.contentOffset.y
        #expect(abs(after - before) < 0.5, "the first line on screen moved from \(before) to \(after)")
    }

    @Test func aTinyKeyboardDrawsNoNegativeSizes() throws {
        let rig = try KeyboardRig(size: Size(width: 128, height: 1075))
        rig.host.drawFrame()
        #expect(rig.host.nullRenderer?.problems == [])
    }

    @Test func aTextViewKeepsItsCaretInViewWhenAHardwareKeySendsTheKeyboardAway() throws {
        let host = try makeHost(width: 320, height: 240)
        let textView = TextView(frame: Rect(x: 20, y: 40, width: 280, height: 110))
        host.rootView = View()
        host.rootView!.addSubview(textView)
        textView.text = (1...200).map { "line \($0)" }.joined(separator: "\n")
        host.layout()
        host.input.tap(textView)  // a finger: the keyboard comes and covers the view
        host.settle()
        #expect(host.window.keyboard.isVisible)
        textView.selectedRange = NSRange(location: (textView.text as NSString).length, length: 0)
        host.input.type("!")
        host.settle()
        // A hardware key that changes nothing (forward delete at the end): the keyboard goes.
        host.input.key(.keyboardDeleteForward)
        host.settle()
        #expect(!host.window.keyboard.isVisible && textView.text.hasSuffix("line 200!"))
        let caret = textView.editor.convert(textView.editor.caretRect, to: textView)
        #expect(caret.minY >= textView.bounds.minY - 1 && caret.maxY <= textView.bounds.maxY + 1)
    }
}
