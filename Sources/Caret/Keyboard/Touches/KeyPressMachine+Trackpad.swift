// SPDX-License-Identifier: Apache-2.0

/// The space bar as a trackpad (docs/behaviour/world-input.md): held for the long-press delay (or
/// two fingers landing together on the keys and moving), it types nothing and the finger's
/// travel moves the caret, a character per step across (in visual order, as the arrow keys move)
/// and a line per step up and down in multi-line text. Lifting ends it.
extension KeyPressMachine {
    /// Paired fingers moved: neither types, and the moving one drives the caret.
    mutating func startTwoFingerTrackpad(at i: Int, from point: Point) -> [Output] {
        var outputs: [Output] = []
        for other in presses.indices where other != i {
            outputs += stopTimer(at: other)
            presses[other].committed = true
        }
        return outputs + startTrackpad(at: i, from: point)
    }

    mutating func startTrackpad(at i: Int, from point: Point) -> [Output] {
        presses[i].committed = true  // nothing is typed when it lifts
        let outputs = stopTimer(at: i)
        presses[i].trackpadOrigin = point
        return outputs + [.startTrackpad]
    }

    /// The trackpad's finger moved: whole steps only; what is left carries over to the next move.
    mutating func trackpadMoved(at i: Int, to point: Point) -> [Output] {
        guard var origin = presses[i].trackpadOrigin else { return [] }
        let step = Self.trackpadStep
        var outputs: [Output] = []
        var across = 0, lines = 0
        let right = point.x > origin.x, down = point.y > origin.y
        while abs(point.x - origin.x) >= step.across {
            origin.x += right ? step.across : -step.across
            across += 1
        }
        while abs(point.y - origin.y) >= step.lines {
            origin.y += down ? step.lines : -step.lines
            lines += 1
        }
        if across > 0 { outputs.append(.moveCaret(presses[i].finger, right ? .right : .left, steps: across, to: point)) }
        if lines > 0 { outputs.append(.moveCaret(presses[i].finger, down ? .down : .up, steps: lines, to: point)) }
        presses[i].trackpadOrigin = origin
        return outputs
    }

    /// The caret could not move all the steps asked (the end of a line or of the text): travel
    /// past it is not owed back.
    package mutating func caretStopped(for finger: Finger, across: Bool, at point: Point) {
        guard let i = presses.firstIndex(where: { $0.finger == finger }), presses[i].trackpadOrigin != nil else { return }
        if across { presses[i].trackpadOrigin?.x = point.x } else { presses[i].trackpadOrigin?.y = point.y }
    }
}
