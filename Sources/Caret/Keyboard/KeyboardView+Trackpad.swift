// SPDX-License-Identifier: Apache-2.0
/// The space bar as a trackpad (iOS): held for the long-press delay (or two fingers landing
/// together on the keys and moving), it types nothing, the keys lose their labels, and the finger's travel moves the caret, a character per step across
/// (in visual order, as the arrow keys move) and a line per step up and down in multi-line text.
/// Lifting ends it. The client hears only selection changes.
extension KeyboardView {
    /// Finger travel for one step of the caret, across and up or down (points).
    public static let trackpadStep = (across: 9.0, lines: 24.0)

    /// Two fingers count as landing together within this many seconds (typists' rollover is slower).
    public static let twoFingerWindow = 0.05
    /// How far paired fingers move before they are the trackpad rather than two keys.
    static let twoFingerSlop = 10.0

    /// Whether a finger landing on `key` now comes with one other still finger on a typing key.
    func landsWithAnotherFinger(on key: KeyboardKey) -> Bool {
        guard accommodations.allowsSpaceBarTrackpad else { return false }
        guard presses.count == 1, let other = presses.first?.press, !other.committed, other.trackpadOrigin == nil,
            now - other.began <= Self.twoFingerWindow
        else { return false }
        func typing(_ action: KeyboardKeyAction) -> Bool {
            switch action {
            case .text, .space: return true
            default: return false
            }
        }
        return typing(key.action) && typing(other.key.action) && !other.alternatesShown
    }

    /// Paired fingers moved: neither types, and the moving one drives the caret.
    func startTwoFingerTrackpad(_ press: Press, at point: Point) {
        for (_, other) in presses where other !== press {
            if let timer = other.timer { window?.animator.cancel(timer) }
            other.timer = nil
            other.committed = true
        }
        startTrackpad(press, at: point)
    }

    func startTrackpad(_ press: Press, at point: Point) {
        press.committed = true  // nothing is typed when it lifts
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        press.trackpadOrigin = point
        hidePopup()
        controller.window.inputSession?.settleComposition()  // the caret leaves the composition: it is committed as it stands
        isTrackpad = true
        window?.postAccessibility(.notification(.announcement, argument: "Trackpad: move the caret"))
        setNeedsDisplay()
    }

    func trackpadMoved(_ press: Press, to point: Point) {
        guard var origin = press.trackpadOrigin, let client = controller.textClient as? TextInputClient else { return }
        let step = Self.trackpadStep
        // Whole steps only; what is left carries over to the next move.
        while abs(point.x - origin.x) >= step.across {
            let right = point.x > origin.x
            origin.x += right ? step.across : -step.across
            guard client.moveCaret(right ? .right : .left) else {
                origin.x = point.x  // at the end of the line: travel past it is not owed back
                break
            }
        }
        while abs(point.y - origin.y) >= step.lines {
            let down = point.y > origin.y
            origin.y += down ? step.lines : -step.lines
            guard client.moveCaret(down ? .down : .up) else {
                origin.y = point.y
                break
            }
        }
        press.trackpadOrigin = origin
    }

    func stopTrackpad() {
        isTrackpad = false
        setNeedsDisplay()
        afterOutput()  // capitals and suggestions for the caret's new place
    }
}
