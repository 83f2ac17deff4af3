// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
import Testing

@testable @_spi(Testing) import Caret

/// An app's first frame does not wait for the keyboard's word files while no field is being
/// typed in: the language's list and bigram table are read in the background once the keyboard's
/// frame is shown, or when the bar first needs them (docs/behaviour/changing-text.md, next words).
/// The files are read through counting readers, so that another test's use of the shared ones
/// cannot hide a read.
@Suite @MainActor
struct KeyboardWordsFirstFrameTests {
    @Test func theKeyboardLoadsWithoutReadingWordFilesAndReadsThemAfterItsFrame() throws {
        let reads = Mutex<[String]>([])
        let lists = BundledFiles<SuggestionProvider> { name in
            reads.withLock { $0.append(name) }
            return .loaded(SuggestionProvider(wordsByFrequency: ["hello", "help", "helmet"]))
        }
        let pairs = BundledFiles<WordPairs> { name in
            reads.withLock { $0.append(name + "-pairs") }
            return .loaded(WordPairs(contexts: ["hello": .init(total: 2, words: [("world", 2)])]))
        }
        let host = try makeHost(width: 800, height: 480)
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        field.autocapitalizationType = .none
        root.addSubview(field)
        let keyboard = host.window.keyboard
        keyboard.words.bundledLists = lists
        keyboard.words.bundledPairs = pairs
        keyboard.policy = .always
        keyboard.languages = ["en"]
        try keyboard.loadLayouts()
        host.layout()
        host.drawFrame()  // the first frame (no field focused yet: the keyboard is made, not shown)
        #expect(reads.withLock { $0 }.isEmpty, "read before the first frame was shown: \(reads.withLock { $0 })")
        host.settle()  // the work that waits for the frame: the background reads start
        let deadline = Date().addingTimeInterval(30)
        while Set(reads.withLock { $0 }) != ["en", "en-pairs"], Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(Set(reads.withLock { $0 }) == ["en", "en-pairs"], "\(reads.withLock { $0 })")
        // The bar completes from the list and predicts from the table that were read, once each.
        field.becomeFirstResponder()
        host.settle()
        let view = try #require(keyboard.keyboardView)
        func tap(_ action: KeyboardKeyAction) throws {
            host.layout()
            let frame = try #require(view.keyFrames.first { $0.key.action == action }?.frame, "no key \(action)")
            host.input.tap(at: view.convert(Point(x: frame.midX, y: frame.midY), to: nil), hold: 0.05)
            host.advance(by: 0.4)
        }
        for character in "hel" { try tap(.text(String(character))) }
        #expect(view.suggestions.contains("helmet"), "\(view.suggestions)")
        for character in "lo" { try tap(.text(String(character))) }
        try tap(.space)
        #expect(field.text == "hello ")
        #expect(view.suggestions.first == "world", "\(view.suggestions)")
        #expect(reads.withLock { $0 }.count == 2, "\(reads.withLock { $0 })")
    }
}
