import Caret
import CaretTesting
import Foundation
import Testing

/// The one place that merges text pieces and tells a key's text from an input method's commit,
/// and the headless window going through it as the app does.
@Suite @MainActor
struct InputAssemblerTests {
    let a = Key(keyCode: .letter("a")!, characters: "a")

    @Test func piecesOfACommitBecomeOneAndAKeysTextStaysApart() {
        var assembler = InputAssembler()
        let events = assembler.assemble([
            .textInput("한글"), .textInput("안녕"), .key(a, isDown: true, isRepeat: false), .textInput("a"), .textInput("b"),
            .textInput("c"),
        ])
        #expect(
            events == [
                .textInput("한글안녕", origin: .inputMethod), .key(a, isDown: true, isRepeat: false), .textInput("a", origin: .key),
                .textInput("bc", origin: .inputMethod),
            ])
    }

    @Test func aKeyDownCarriesOverToTheNextBatchAndAnythingElseEndsIt() {
        var assembler = InputAssembler()
        _ = assembler.assemble([.key(a, isDown: true, isRepeat: false)])
        #expect(assembler.assemble([.textInput("a")]) == [.textInput("a", origin: .key)])
        _ = assembler.assemble([.key(a, isDown: true, isRepeat: false), .key(a, isDown: false, isRepeat: false)])
        #expect(assembler.assemble([.textInput("a")]) == [.textInput("a", origin: .inputMethod)])
        let onScreen = assembler.assemble([.key(a, isDown: true, isRepeat: false), .textInput("x", origin: .onScreenKeyboard)])
        #expect(onScreen.last == .textInput("x", origin: .onScreenKeyboard))
    }

    @Test func theHeadlessWindowMergesACutCommitBeforeTheDelegateIsAsked() throws {
        let host = try makeHost()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        let delegate = RecordingDelegate()
        field.delegate = delegate
        host.rootView = View(frame: host.window.bounds)
        host.rootView?.addSubview(field)
        #expect(field.becomeFirstResponder())
        delegate.log.removeAll()
        host.window.send([.textInput("long com"), .textInput("mit")])
        #expect(field.text == "long commit")
        #expect(delegate.log.filter { $0.hasPrefix("shouldChange") }.count == 1, "\(delegate.log)")
    }

    @Test func anOnScreenKeyDuringASystemCompositionGoesAfterThePreedit() throws {
        let rig = try KeyboardRig()
        rig.host.input.compose("k")  // an input method's preedit, as IBus shows it
        #expect(rig.field.markedTextRange != nil)
        rig.tapText("a")
        // The preedit is committed as it stands and the key's letter (a capital: the sentence's
        // start) follows it; before, the key's text replaced the preedit.
        #expect(rig.field.text == "kA" && rig.field.markedTextRange == nil)
        #expect(rig.delegate.log.filter { $0.hasPrefix("shouldChange") } == ["shouldChange A 0+1 \"k\"", "shouldChange A 1+0 \"A\""])
    }
}
