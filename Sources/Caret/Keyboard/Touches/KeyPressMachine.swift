// SPDX-License-Identifier: Apache-2.0

/// Fingers on the keys as a value (docs/behaviour/world-input.md): a touch becomes a press that
/// types on lift (or at once, for Shift and Delete), with rollover, sliding to another key, long
/// presses that show alternates or the language list, Delete's autorepeat, the space bar's and two
/// fingers' trackpad, and swipe typing. It is told of touches (where, when, over which keys) and
/// of its timers' ticks, and answers with what the keyboard should do (`Output`), in order; it
/// draws, types and times nothing itself (`KeyboardView` carries its outputs out).
package struct KeyPressMachine {
    /// A finger, as the keyboard tells them apart (its touch's identity).
    package typealias Finger = ObjectIdentifier

    /// A key held this long shows its alternates (the space bar: the trackpad; the globe: the languages).
    package static let longPressDelay = 0.5
    /// Finger travel for one step of the caret, across and up or down (points).
    package static let trackpadStep = (across: 9.0, lines: 24.0)
    /// Two fingers count as landing together within this many seconds (typists' rollover is slower).
    package static let twoFingerWindow = 0.05
    /// How far paired fingers move before they are the trackpad rather than two keys.
    package static let twoFingerSlop = 10.0
    /// How far past its key's edge a finger goes before its press is a swipe (key widths): at the
    /// start of a word a slide to the next key that lifts short of its centre is a two-letter word
    /// ("as"); after a letter, where a slip is a sloppy tap in the word being typed, half a key.
    package static let swipeStartDistance = 0.25, midWordSwipeStartDistance = 0.5

    /// What the keyboard does, in the order given.
    package enum Output: Equatable {
        /// A key's look changed (pressed, let go): it is drawn again.
        case redraw(Rect)
        /// The pressed key's preview over it.
        case showPreview(label: String, over: Rect)
        /// The held key's alternates over it, the first highlighted; the keyboard answers with
        /// where their cells are (`alternatesShown(for:cells:)`).
        case showAlternates(Finger, labels: [String], over: Rect)
        /// The finger moved over this alternate.
        case highlightAlternate(Int?)
        /// The preview or alternates go.
        case hidePopup
        /// A key's action, as a lifted finger types it.
        case type(KeyboardKeyAction)
        /// One of a key's alternates, chosen by lifting over it.
        case typeAlternate(String)
        /// Delete landed: one character goes (unless the writing pad takes it).
        case deleteBackward
        /// Delete held: it repeats, a word at a time once held long enough.
        case repeatDelete(wordWise: Bool)
        /// The globe key held: the language list over it.
        case showLanguageList(over: Rect)
        /// The finger moved over the language list.
        case trackLanguageList(at: Point)
        /// The finger lifted over the language list: the language under it is shown.
        case chooseLanguage
        /// The language list goes.
        case hideLanguageList
        /// The press became the trackpad: nothing types, the keys lose their labels.
        case startTrackpad
        /// The trackpad moves the caret this many steps (it stops early at the text's end:
        /// the keyboard says so with `caretStopped(for:across:at:)`).
        case moveCaret(Finger, TextLayoutDirection, steps: Int, to: Point)
        /// The trackpad's finger lifted.
        case stopTrackpad
        /// The press became a swipe: its trail, from where the finger landed.
        case startTrail([Point])
        /// The swipe's trail grows.
        case extendTrail(Point)
        /// The trail goes.
        case hideTrail
        /// The swipe ended: the path's word goes in (with none, the key under its end is typed).
        /// `times`: when the finger was at each point (none when a move came without its time).
        case finishSwipe(path: [Point], times: [Double]?, began: Double, key: KeyboardKey)
        /// A finger's timer starts (replacing any it has): the keyboard calls `timerFired(for:at:accommodations:)` then.
        case startTimer(Finger, after: Double)
        /// A finger's timer stops.
        case stopTimer(Finger)
    }

    /// How the timer of a press is used.
    enum TimerUse: Equatable {
        case alternates, trackpad, languages, repeatDelete
    }

    /// A finger on a key. It keeps the key and its frame as they were when touched: a layout
    /// pass while it is held (a plane change from a rolled-over key, a resize) cannot make it
    /// type another key or point past the keys.
    package struct Press {
        package let finger: Finger
        package var key: KeyboardKey
        package var frame: Rect
        package var committed = false
        /// The press became the trackpad: where the finger was at the last caret step.
        package var trackpadOrigin: Point?
        /// When and where the finger landed, and whether another landed with it (two fingers).
        package var began = 0.0, start = Point.zero, paired = false
        package var alternatesShown = false
        package var languagesShown = false
        /// Where the alternates' cells are, once shown.
        var cells: AlternateCells?
        /// The alternate the lift types (nil: the finger left the popup, and the lift types nothing).
        package var chosenAlternate: Int? = 0
        /// Swipe typing: whether the press may swipe, whether it does, its key as it landed and
        /// the finger's path, with when it was at each point.
        package var swipes = false, swiping = false
        var swipeStart = KeyPressMachine.swipeStartDistance
        var startFrame = Rect.zero
        package var path: [Point] = []
        var times: [Double] = []
        /// When the press's timer fires, and what for.
        var deadline: Double?
        var timerUse: TimerUse?
        var repeatStart: Double?
    }

    /// A row of alternates as laid out over their key: where its cells start and their width.
    package struct AlternateCells: Equatable {
        package var minX: Double
        package var cellWidth: Double
        package var count: Int
        /// Where the finger may go and still choose: the popup and its key, with a margin (nil: anywhere).
        package var area: Rect?

        package init(minX: Double, cellWidth: Double, count: Int, area: Rect? = nil) {
            (self.minX, self.cellWidth, self.count, self.area) = (minX, cellWidth, count, area)
        }

        /// The alternate under a point (the popup's cells start 4 points in), by its x; nil when
        /// the finger has left the popup and its key: letting go there types nothing, as on a phone.
        func index(at point: Point) -> Int? {
            if let area, !area.contains(point) { return nil }
            return min(count - 1, max(0, Int((point.x - minX - 4) / cellWidth)))
        }
    }

    /// The fingers down, in the order they landed.
    package internal(set) var presses: [Press] = []

    package init() {}

    /// The frames of the keys shown pressed (a swipe presses no key).
    package var pressedFrames: [Rect] { presses.filter { !$0.swiping }.map(\.frame) }

    /// The press of a finger.
    package func press(of finger: Finger) -> Press? { presses.first { $0.finger == finger } }

    private func position(of finger: Finger) -> Int? { presses.firstIndex { $0.finger == finger } }

    // MARK: Landing

    /// Whether a finger landing on `key` at `time` comes with one other still finger on a typing key.
    package func landsWithAnotherFinger(on key: KeyboardKey, at time: Double, accommodations: TouchAccommodations) -> Bool {
        guard accommodations.allowsSpaceBarTrackpad else { return false }
        guard presses.count == 1, let other = presses.first, !other.committed, other.trackpadOrigin == nil,
            time - other.began <= Self.twoFingerWindow
        else { return false }
        func typing(_ action: KeyboardKeyAction) -> Bool {
            switch action {
            case .text, .space: return true
            default: return false
            }
        }
        return typing(key.action) && typing(other.key.action) && !other.alternatesShown
    }

    /// Rollover: the first key still held that has not typed yet types now, before a landing
    /// finger's (nil when none is left). The keyboard asks again after carrying the outputs out:
    /// typing may have cancelled the rest.
    package mutating func rollOver() -> [Output]? {
        guard let index = presses.firstIndex(where: { !$0.committed }) else { return nil }
        return commit(at: index)
    }

    /// A finger landed on a key (found again after rollover: typing may have changed the keys).
    /// `swipes`: whether a letter may swipe here (`midWord`: the caret follows a letter);
    /// `padTakesBackspace`: whether the writing pad
    /// takes Delete (it does not repeat then).
    package mutating func land(
        _ finger: Finger, on key: KeyboardKey, frame: Rect, at point: Point, time: Double, paired pairing: Bool,
        swipes: Bool = false, midWord: Bool = false, padTakesBackspace: Bool = false, accommodations: TouchAccommodations
    ) -> [Output] {
        var press = Press(finger: finger, key: key, frame: frame)
        (press.began, press.start, press.paired) = (time, point, pairing)
        if pairing { for i in presses.indices where !presses[i].committed { presses[i].paired = true } }
        var outputs: [Output] = []
        func timer(_ use: TimerUse, after delay: Double) {
            (press.deadline, press.timerUse) = (time + delay, use)
            outputs.append(.startTimer(finger, after: delay))
        }
        switch key.action {
        case .shift:
            press.committed = true
            outputs.append(.type(.shift))
        case .backspace:
            press.committed = true
            outputs.append(.deleteBackward)
            if !padTakesBackspace, let delay = accommodations.keyRepeatDelay {
                press.repeatStart = time + delay
                timer(.repeatDelete, after: delay)
            }
        case .text:
            press.startFrame = frame
            if !pairing, swipes {
                press.swipes = true
                press.swipeStart = midWord ? Self.midWordSwipeStartDistance : Self.swipeStartDistance
                press.path = [point]
                press.times = [time]
            }
            outputs.append(.showPreview(label: key.label, over: frame))
            if !key.alternates.isEmpty { timer(.alternates, after: Self.longPressDelay) }
        case .space where accommodations.allowsSpaceBarTrackpad:
            // Held, the space bar becomes a trackpad.
            timer(.trackpad, after: Self.longPressDelay)
        case .globe:
            timer(.languages, after: Self.longPressDelay)
        default:
            break
        }
        presses.append(press)
        outputs.append(.redraw(frame))
        return outputs
    }

    // MARK: Timers

    /// A finger's timer fired at `time`.
    package mutating func timerFired(for finger: Finger, at time: Double, accommodations: TouchAccommodations) -> [Output] {
        guard let i = position(of: finger), let use = presses[i].timerUse else { return [] }
        presses[i].deadline = nil
        presses[i].timerUse = nil
        switch use {
        case .alternates:
            guard !presses[i].committed else { return [] }
            presses[i].alternatesShown = true
            presses[i].chosenAlternate = 0
            return [.showAlternates(finger, labels: presses[i].key.alternates, over: presses[i].frame)]
        case .trackpad:
            guard !presses[i].committed else { return [] }
            return startTrackpad(at: i, from: presses[i].start)
        case .languages:
            guard !presses[i].committed else { return [] }
            presses[i].languagesShown = true
            return [.showLanguageList(over: presses[i].frame)]
        case .repeatDelete:
            let holding = time - (presses[i].repeatStart ?? time)
            let words = accommodations.wordDeletionDelay.map { holding >= $0 } ?? false
            let interval = accommodations.keyRepeatInterval
            (presses[i].deadline, presses[i].timerUse) = (time + interval, .repeatDelete)
            return [.repeatDelete(wordWise: words), .startTimer(finger, after: interval)]
        }
    }

    /// Every timer due by `time` fires, earliest first, each at its own time (as the keyboard's
    /// animator would fire them).
    package mutating func tick(to time: Double, accommodations: TouchAccommodations) -> [Output] {
        var outputs: [Output] = []
        while let due = presses.filter({ ($0.deadline ?? .infinity) <= time }).min(by: { $0.deadline! < $1.deadline! }) {
            outputs += timerFired(for: due.finger, at: due.deadline!, accommodations: accommodations)
        }
        return outputs
    }

    /// When the next timer fires (nil: none runs).
    package var nextDeadline: Double? { presses.compactMap(\.deadline).min() }

    /// The alternates the keyboard showed for a finger are laid out in these cells.
    package mutating func alternatesShown(for finger: Finger, cells: AlternateCells) {
        guard let i = position(of: finger) else { return }
        presses[i].cells = cells
    }

    // MARK: Moving

    /// A finger moved to `point` over `keys` (at `time`, where known).
    package mutating func move(_ finger: Finger, to point: Point, at time: Double? = nil, keys: KeyGeometry) -> [Output] {
        guard let i = position(of: finger) else { return [] }
        if presses[i].trackpadOrigin != nil { return trackpadMoved(at: i, to: point) }
        if presses[i].paired, !presses[i].committed, point.distance(to: presses[i].start) > Self.twoFingerSlop {
            return startTwoFingerTrackpad(at: i, from: point)
        }
        guard !presses[i].committed else { return [] }
        if presses[i].languagesShown { return [.trackLanguageList(at: point)] }
        if presses[i].alternatesShown, let cells = presses[i].cells {
            presses[i].chosenAlternate = cells.index(at: point)
            return [.highlightAlternate(presses[i].chosenAlternate)]
        }
        if presses[i].swipes, !presses[i].paired, let outputs = swipeMoved(at: i, to: point, time: time) { return outputs }
        // Sliding to another key: the key under the finger at lift is the one typed.
        guard let index = keys.index(at: point), keys.keys[index].frame != presses[i].frame, keys.keys[index].key.isEnabled,
            case .text = keys.keys[index].key.action, case .text = presses[i].key.action
        else { return [] }
        var outputs = stopTimer(at: i)
        outputs.append(.redraw(presses[i].frame))
        presses[i].key = keys.keys[index].key
        presses[i].frame = keys.keys[index].frame
        outputs += [.showPreview(label: presses[i].key.label, over: presses[i].frame), .redraw(presses[i].frame)]
        return outputs
    }

    /// A letter that may swipe moved: the outputs when the press is (now) a swipe, nil while it is not.
    private mutating func swipeMoved(at i: Int, to point: Point, time: Double?) -> [Output]? {
        presses[i].path.append(point)
        if let time { presses[i].times.append(time) }
        guard !presses[i].swiping else { return [.extendTrail(point)] }
        let frame = presses[i].startFrame
        let dx = max(frame.minX - point.x, 0, point.x - frame.maxX), dy = max(frame.minY - point.y, 0, point.y - frame.maxY)
        guard max(dx, dy) >= frame.width * presses[i].swipeStart else { return nil }
        presses[i].swiping = true
        return stopTimer(at: i) + [.hidePopup, .redraw(presses[i].frame), .startTrail(presses[i].path)]
    }

    // MARK: Lifting

    /// A finger lifted (`cancelled`: the system took it away; it types nothing), at `point` and
    /// `time` where known (a swipe's path ends where the finger lifted).
    package mutating func end(_ finger: Finger, at point: Point? = nil, time: Double? = nil, cancelled: Bool) -> [Output] {
        guard let position = position(of: finger) else { return [] }
        if presses[position].swiping, let point, let last = presses[position].path.last, point != last {
            presses[position].path.append(point)
            if let time { presses[position].times.append(time) }
        }
        var outputs = stopTimer(at: position)
        if !cancelled && !presses[position].committed {
            // Two fingers that lifted without moving type their keys in the order they landed.
            if presses[position].paired {
                for i in presses[..<position].indices where presses[i].paired && !presses[i].committed { outputs += commit(at: i) }
            }
            outputs += commit(at: position)
        }
        let press = presses.remove(at: position)
        if press.languagesShown { outputs.append(.hideLanguageList) }
        if press.trackpadOrigin != nil { outputs.append(.stopTrackpad) }
        if press.swiping { outputs.append(.hideTrail) }
        if presses.isEmpty { outputs.append(.hidePopup) }
        outputs.append(.redraw(press.frame))
        return outputs
    }

    /// Forgets every finger without typing (the keyboard is set up for another client, or hides
    /// under a finger: a press whose lift it never sees would pair with the next key).
    package mutating func cancelAll() -> [Output] {
        var outputs: [Output] = []
        for i in presses.indices {
            outputs += stopTimer(at: i)
            presses[i].committed = true
        }
        presses.removeAll()
        return outputs + [.hidePopup, .hideLanguageList, .hideTrail]
    }

    /// What a press stands for, typed (its chosen alternate, if it showed them; a swipe's word).
    private mutating func commit(at i: Int) -> [Output] {
        presses[i].committed = true
        if presses[i].swiping {
            let press = presses[i]
            let times = press.times.count == press.path.count ? press.times : nil
            return [.hideTrail, .finishSwipe(path: press.path, times: times, began: press.began, key: press.key)]
        }
        let outputs = stopTimer(at: i)
        let press = presses[i]
        if press.languagesShown { return outputs + [.chooseLanguage] }
        if press.alternatesShown {
            guard let chosen = press.chosenAlternate else { return outputs }  // let go outside the popup: backed out
            if chosen < press.key.alternates.count { return outputs + [.typeAlternate(press.key.alternates[chosen])] }
        }
        return outputs + [.type(press.key.action)]
    }

    mutating func stopTimer(at i: Int) -> [Output] {
        guard presses[i].timerUse != nil else { return [] }
        (presses[i].deadline, presses[i].timerUse) = (nil, nil)
        return [.stopTimer(presses[i].finger)]
    }
}
