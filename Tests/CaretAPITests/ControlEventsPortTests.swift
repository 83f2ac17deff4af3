// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A hold-to-record button as UIKit apps wire it (renamed only): it shrinks while pressed, grows
// back when the finger slides off and shrinks again when it comes back, and its targets are
// cleared with `.allEvents` before it is wired again.
@MainActor
final class RecordViewController: ViewController {
    let recordButton = Button(type: .system)
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        recordButton.frame = Rect(x: 100, y: 100, width: 80, height: 80)
        view.addSubview(recordButton)
        wire()
    }

    func wire() {
        recordButton.removeTarget(nil, action: nil, for: .allEvents)
        recordButton.addTarget(self, action: RecordViewController.pressed, for: .touchDown)
        recordButton.addTarget(self, action: RecordViewController.slidOff, for: .touchDragExit)
        recordButton.addTarget(self, action: RecordViewController.slidBack, for: .touchDragEnter)
        recordButton.addTarget(self, action: RecordViewController.released, for: [.touchUpInside, .touchUpOutside])
    }

    func pressed() { log.append("down") }
    func slidOff() { log.append("exit") }
    func slidBack() { log.append("enter") }
    func released() { log.append("up") }
}

@Suite @MainActor
struct ControlEventsPortTests {
    @Test func slidingOffAndBackSendsExitAndEnterOnceEachAndAllEventsClearsTargets() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 400), fonts: .fixedAdvance(ratio: 0.5))
        let record = RecordViewController()
        host.window.rootViewController = record
        host.settle()
        record.wire()  // wired again: the first wiring's targets are gone, nothing runs twice
        let centre = Point(x: 140, y: 140), far = Point(x: 140, y: 350)  // beyond the control's slop
        host.input.drag(along: [centre, far, centre])
        host.settle()
        #expect(record.log == ["down", "exit", "enter", "up"])
    }
}
