// SPDX-License-Identifier: Apache-2.0

@_spi(Testing) import Caret
import Testing

/// The keyboard's touch state machine on its own (docs/behaviour/world-input.md), driven by
/// synthetic touches and timer ticks over a row of made-up keys: no view, no window.
@Suite
struct KeyPressMachineTests {
    /// A finger's identity, as the keyboard takes it from a touch.
    private final class Finger {}

    /// One row: e (with alternates), r, t, then Delete, the globe and a wide space bar below.
    private static let keys: KeyGeometry = {
        func key(_ text: String, alternates: [String] = []) -> KeyboardKey {
            KeyboardKey(action: .text(text), label: text, alternates: alternates)
        }
        let row: [(key: KeyboardKey, frame: Rect)] = [
            (key("e", alternates: ["e", "é", "è"]), Rect(x: 0, y: 0, width: 40, height: 44)),
            (key("r"), Rect(x: 46, y: 0, width: 40, height: 44)),
            (key("t"), Rect(x: 92, y: 0, width: 40, height: 44)),
            (KeyboardKey(action: .backspace, label: "⌫"), Rect(x: 0, y: 50, width: 40, height: 44)),
            (KeyboardKey(action: .globe, label: "🌐"), Rect(x: 46, y: 50, width: 40, height: 44)),
            (KeyboardKey(action: .space, label: "space"), Rect(x: 92, y: 50, width: 200, height: 44)),
        ]
        return KeyGeometry(keys: row, gap: 6)
    }()

    private let accommodations = TouchAccommodations()

    private func centre(_ index: Int) -> Point {
        let frame = Self.keys.keys[index].frame
        return Point(x: frame.midX, y: frame.midY)
    }

    /// Lands a finger on the key under a point, as the keyboard does (rollover first).
    private func land(_ finger: Finger, at point: Point, time: Double, on machine: inout KeyPressMachine, swipes: Bool = false)
        -> [KeyPressMachine.Output]
    {
        guard let index = Self.keys.index(at: point) else { return [] }
        let key = Self.keys.keys[index].key
        let paired = machine.landsWithAnotherFinger(on: key, at: time, accommodations: accommodations)
        var outputs: [KeyPressMachine.Output] = []
        if !paired { while let rolled = machine.rollOver() { outputs += rolled } }
        return outputs
            + machine.land(
                ObjectIdentifier(finger), on: key, frame: Self.keys.keys[index].frame, at: point, time: time, paired: paired,
                swipes: swipes, accommodations: accommodations)
    }

    private func typed(_ outputs: [KeyPressMachine.Output]) -> [String] {
        outputs.compactMap {
            switch $0 {
            case let .type(.text(text)): text
            case .type(.space): " "
            case let .typeAlternate(text): text
            default: nil
            }
        }
    }

    @Test func aTapTypesItsKeyOnLift() {
        var machine = KeyPressMachine()
        let finger = Finger()
        let down = land(finger, at: centre(0), time: 0, on: &machine)
        #expect(down.contains(.showPreview(label: "e", over: Self.keys.keys[0].frame)))
        #expect(typed(down).isEmpty, "nothing types as the finger lands")
        let up = machine.end(ObjectIdentifier(finger), cancelled: false)
        #expect(typed(up) == ["e"])
        #expect(up.contains(.hidePopup) && machine.presses.isEmpty)
    }

    @Test func slidingToAnotherKeyTypesTheKeyLiftedOn() {
        var machine = KeyPressMachine()
        let finger = Finger()
        _ = land(finger, at: centre(0), time: 0, on: &machine)
        let moved = machine.move(ObjectIdentifier(finger), to: centre(1), keys: Self.keys)
        #expect(moved.contains(.showPreview(label: "r", over: Self.keys.keys[1].frame)))
        #expect(moved.contains(.stopTimer(ObjectIdentifier(finger))), "the slide cancels e's long press")
        #expect(machine.tick(to: 2, accommodations: accommodations).isEmpty, "no alternates after sliding off")
        #expect(typed(machine.end(ObjectIdentifier(finger), cancelled: false)) == ["r"])
    }

    @Test func rolloverTypesTheEarlierKeyFirst() {
        var machine = KeyPressMachine()
        let first = Finger(), second = Finger()
        _ = land(first, at: centre(1), time: 0, on: &machine)
        #expect(typed(land(second, at: centre(2), time: 0.2, on: &machine)) == ["r"])
        #expect(typed(machine.end(ObjectIdentifier(first), cancelled: false)).isEmpty, "r typed already")
        #expect(typed(machine.end(ObjectIdentifier(second), cancelled: false)) == ["t"])
    }

    @Test func aLongPressShowsAlternatesAndTheLiftChoosesOne() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        _ = land(finger, at: centre(0), time: 0, on: &machine)
        #expect(machine.tick(to: KeyPressMachine.longPressDelay - 0.01, accommodations: accommodations).isEmpty, "not yet")
        let held = machine.tick(to: KeyPressMachine.longPressDelay, accommodations: accommodations)
        #expect(held == [.showAlternates(id, labels: ["e", "é", "è"], over: Self.keys.keys[0].frame)])
        // The keyboard laid the popup out: three cells of 30 points from x = 0 (4 points of margin).
        machine.alternatesShown(for: id, cells: KeyPressMachine.AlternateCells(minX: 0, cellWidth: 30, count: 3))
        #expect(machine.move(id, to: Point(x: 4 + 30 + 15, y: -20), keys: Self.keys) == [.highlightAlternate(1)])
        #expect(typed(machine.end(id, cancelled: false)) == ["é"])
    }

    @Test func aKeyWithoutAlternatesWaitsForNothing() {
        var machine = KeyPressMachine()
        let finger = Finger()
        _ = land(finger, at: centre(1), time: 0, on: &machine)
        #expect(machine.nextDeadline == nil)
        #expect(typed(machine.end(ObjectIdentifier(finger), cancelled: false)) == ["r"])
    }

    @Test func theHeldSpaceBarMovesTheCaretInWholeSteps() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        let start = centre(5)
        _ = land(finger, at: start, time: 0, on: &machine)
        #expect(machine.tick(to: KeyPressMachine.longPressDelay, accommodations: accommodations) == [.startTrackpad])
        let step = KeyPressMachine.trackpadStep
        let right = Point(x: start.x + step.across * 2 + 1, y: start.y)
        #expect(machine.move(id, to: right, keys: Self.keys) == [.moveCaret(id, .right, steps: 2, to: right)])
        // The point left over carries: 8 more make a third step, then a line up.
        let more = Point(x: right.x + step.across - 1, y: start.y - step.lines)
        #expect(machine.move(id, to: more, keys: Self.keys) == [.moveCaret(id, .right, steps: 1, to: more), .moveCaret(id, .up, steps: 1, to: more)])
        let up = machine.end(id, cancelled: false)
        #expect(typed(up).isEmpty, "the trackpad types no space")
        #expect(up.contains(.stopTrackpad))
    }

    @Test func travelPastTheTextsEndIsNotOwedBack() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        let start = centre(5)
        _ = land(finger, at: start, time: 0, on: &machine)
        _ = machine.tick(to: 1, accommodations: accommodations)
        let far = Point(x: start.x + KeyPressMachine.trackpadStep.across * 3 + 5, y: start.y)
        #expect(machine.move(id, to: far, keys: Self.keys) == [.moveCaret(id, .right, steps: 3, to: far)])
        machine.caretStopped(for: id, across: true, at: far)  // the caret reached the line's end first
        let back = Point(x: far.x - KeyPressMachine.trackpadStep.across, y: start.y)
        #expect(machine.move(id, to: back, keys: Self.keys) == [.moveCaret(id, .left, steps: 1, to: back)])
    }

    @Test func twoFingersThatMoveTogetherAreTheTrackpad() {
        var machine = KeyPressMachine()
        let first = Finger(), second = Finger()
        _ = land(first, at: centre(1), time: 0, on: &machine)
        let down = land(second, at: centre(2), time: KeyPressMachine.twoFingerWindow / 2, on: &machine)
        #expect(typed(down).isEmpty, "landing together, neither types yet")
        let moved = Point(x: centre(2).x + KeyPressMachine.twoFingerSlop + KeyPressMachine.trackpadStep.across + 1, y: centre(2).y)
        let outputs = machine.move(ObjectIdentifier(second), to: moved, keys: Self.keys)
        #expect(outputs.last == .startTrackpad)
        let step = Point(x: moved.x + KeyPressMachine.trackpadStep.across, y: moved.y)
        #expect(
            machine.move(ObjectIdentifier(second), to: step, keys: Self.keys) == [.moveCaret(ObjectIdentifier(second), .right, steps: 1, to: step)])
        #expect(typed(machine.end(ObjectIdentifier(first), cancelled: false) + machine.end(ObjectIdentifier(second), cancelled: false)).isEmpty)
    }

    @Test func twoFingersThatLiftStillTypeBothInOrder() {
        var machine = KeyPressMachine()
        let first = Finger(), second = Finger()
        _ = land(first, at: centre(1), time: 0, on: &machine)
        _ = land(second, at: centre(2), time: 0.01, on: &machine)
        #expect(typed(machine.end(ObjectIdentifier(second), cancelled: false)) == ["r", "t"])
        #expect(typed(machine.end(ObjectIdentifier(first), cancelled: false)).isEmpty)
    }

    @Test func aFingerLeavingItsLetterSwipes() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        _ = land(finger, at: centre(0), time: 0, on: &machine, swipes: true)
        let inside = Point(x: 38, y: 22)
        #expect(machine.move(id, to: inside, keys: Self.keys).isEmpty, "still on its key")
        let out = Point(x: 40 + 21, y: 22)  // past half a key's width
        let started = machine.move(id, to: out, keys: Self.keys)
        #expect(started.contains(.startTrail([centre(0), inside, out])))
        #expect(started.contains(.hidePopup))
        #expect(machine.pressedFrames.isEmpty, "a swipe presses no key")
        let on = centre(2)
        #expect(machine.move(id, to: on, keys: Self.keys) == [.extendTrail(on)])
        #expect(machine.tick(to: 5, accommodations: accommodations).isEmpty, "no alternates for a swipe")
        let up = machine.end(id, cancelled: false)
        #expect(up.contains(.finishSwipe(path: [centre(0), inside, out, on], times: nil, began: 0, key: Self.keys.keys[0].key)))
        #expect(typed(up).isEmpty)
    }

    @Test func aSwipeKeepsWhenTheFingerWasAtEachPointAndEndsWhereItLifted() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        _ = land(finger, at: centre(0), time: 1, on: &machine, swipes: true)
        let out = Point(x: 40 + 21, y: 22), on = centre(2), lift = Point(x: on.x + 9, y: on.y - 3)
        _ = machine.move(id, to: out, at: 1.05, keys: Self.keys)
        _ = machine.move(id, to: on, at: 1.2, keys: Self.keys)
        let up = machine.end(id, at: lift, time: 1.23, cancelled: false)
        #expect(up.contains(.finishSwipe(path: [centre(0), out, on, lift], times: [1, 1.05, 1.2, 1.23], began: 1, key: Self.keys.keys[0].key)))
    }

    @Test func aCancelledTouchTypesNothing() {
        var machine = KeyPressMachine()
        let finger = Finger()
        _ = land(finger, at: centre(0), time: 0, on: &machine)
        let outputs = machine.end(ObjectIdentifier(finger), cancelled: true)
        #expect(typed(outputs).isEmpty)
        #expect(outputs.contains(.stopTimer(ObjectIdentifier(finger))))
        #expect(machine.presses.isEmpty)
        let other = Finger()
        _ = land(other, at: centre(1), time: 1, on: &machine)
        #expect(typed(machine.cancelAll()).isEmpty)
        #expect(machine.presses.isEmpty && machine.nextDeadline == nil)
    }

    @Test func deleteDeletesAtOnceThenRepeats() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        var settings = TouchAccommodations()
        settings.keyRepeatDelay = 0.5
        settings.keyRepeatInterval = 0.1
        settings.wordDeletionDelay = 0.25
        let down = machine.land(
            id, on: Self.keys.keys[3].key, frame: Self.keys.keys[3].frame, at: centre(3), time: 0, paired: false, accommodations: settings)
        #expect(down.first == .deleteBackward)
        let repeats = machine.tick(to: 0.75, accommodations: settings).filter { if case .repeatDelete = $0 { true } else { false } }
        #expect(repeats == [.repeatDelete(wordWise: false), .repeatDelete(wordWise: false), .repeatDelete(wordWise: false)])
        let later = machine.tick(to: 0.85, accommodations: settings).filter { if case .repeatDelete = $0 { true } else { false } }
        #expect(later == [.repeatDelete(wordWise: true)], "held past the word delay, whole words go")
        _ = machine.end(id, cancelled: false)
        #expect(machine.tick(to: 5, accommodations: settings).isEmpty)
    }

    @Test func aLongPressOnTheGlobeShowsTheLanguagesAndTheLiftChooses() {
        var machine = KeyPressMachine()
        let finger = Finger(), id = ObjectIdentifier(finger)
        _ = land(finger, at: centre(4), time: 0, on: &machine)
        #expect(machine.tick(to: 1, accommodations: accommodations) == [.showLanguageList(over: Self.keys.keys[4].frame)])
        let over = Point(x: 60, y: -30)
        #expect(machine.move(id, to: over, keys: Self.keys) == [.trackLanguageList(at: over)])
        let up = machine.end(id, cancelled: false)
        #expect(up.contains(.chooseLanguage) && up.contains(.hideLanguageList))
        #expect(!up.contains(.type(.globe)))
    }
}
