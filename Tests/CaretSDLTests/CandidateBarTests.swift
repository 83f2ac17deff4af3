// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// A source of an app's own that offers three candidates and commits the one chosen.
@MainActor
private final class CandidateSource: TextInputSource {
    var chosen: [Int] = []
    let candidates = ["水", "氷", "永"]

    func write(in session: TextInputSession) {
        session.setComposition(CompositionState(preedit: candidates[0], candidates: candidates), from: self)
    }

    func inputSession(_ session: TextInputSession, didSettleCompositionResetting resetting: Bool) {}

    func inputSession(_ session: TextInputSession, didChooseCandidateAt index: Int) {
        chosen.append(index)
        session.insertText(candidates[index], origin: .inputMethod, from: self)
        session.setComposition(.empty, from: self)
    }
}

/// Records what a field's delegate is asked.
@MainActor
private final class ChangeRecorder: TextFieldDelegate {
    var changes: [String] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        changes.append("\(range.location)+\(range.length) \(string)")
        return true
    }
}

/// A custom input view (a handwriting pad, say) uses the same session and a candidate bar of its
/// own: the bar shows the session's candidates and a tap on one reaches the composing source.
@Suite(.serialized) @MainActor
struct CustomInputViewSessionTests {
    @Test func aCandidateBarInACustomInputViewShowsAndTakesTheSourcesCandidates() throws {
        let host = try HeadlessWindow(size: Size(width: 800, height: 520), fonts: .bundled)
        host.rootView = View()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 400, height: 40))
        let log = ChangeRecorder()
        field.delegate = log
        let pad = View(frame: Rect(x: 0, y: 0, width: 800, height: 200))
        let bar = CandidateBar(frame: Rect(x: 0, y: 0, width: 800, height: 44))
        pad.addSubview(bar)
        field.inputView = pad
        host.rootView?.addSubview(field)
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        let source = CandidateSource()
        source.write(in: try #require(host.window.inputSession))
        host.layout()
        #expect(bar.candidates == source.candidates)
        let frames = bar.candidateFrames
        #expect(frames.count == 3, "\(frames)")
        // Drawn: the first candidate's cell holds the blue of the first candidate, the third's none.
        let image = try host.render()
        let scale = Double(image.pixelWidth) / host.window.bounds.width
        func blue(in cell: Rect) -> Int {
            let box = bar.convert(cell, to: nil)
            var count = 0
            for y in Int(box.minY * scale)..<Int(box.maxY * scale) {
                for x in Int(box.minX * scale)..<Int(box.maxX * scale) {
                    let p = image.pixel(x: x, y: y)
                    if p.b > 150 && p.r < 60 && p.g < 140 { count += 1 }
                }
            }
            return count
        }
        #expect(blue(in: frames[0]) > 20 && blue(in: frames[2]) == 0, "\(blue(in: frames[0])) \(blue(in: frames[2]))")
        host.input.tap(at: bar.convert(Point(x: frames[2].midX, y: frames[2].midY), to: nil))
        #expect(source.chosen == [2])
        #expect(field.text == "永" && field.markedTextRange == nil)
        #expect(log.changes == ["0+1 永"])
        #expect(bar.candidates.isEmpty)
    }
}
