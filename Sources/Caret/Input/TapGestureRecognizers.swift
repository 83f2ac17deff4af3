// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Taps: a number of fingers lifting together, a number of times in a row, without moving
/// (UIKit's `UITapGestureRecognizer`). Discrete: recognized as the last tap lifts.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps in a row (1 by default).
    public var numberOfTapsRequired = 1
    /// Fingers per tap (1 by default).
    public var numberOfTouchesRequired = 1
    /// How far a finger may move and the tap still count.
    static let allowableMovement = 10.0
    /// The longest pause between taps of a multiple tap, and the longest a finger may stay down.
    static let tapInterval = 0.35

    private var tapsDone = 0
    private var fingersDown = 0
    private var fingersThisTap = 0
    private var firstLocation: Point?
    private var timeout: Animator.Token?

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        cancelTimeout()
        for touch in touches {
            let point = touch.location(in: nil)
            if let first = firstLocation, first.distance(to: point) > 24 + Self.allowableMovement {
                state = .failed
                return
            }
            if firstLocation == nil { firstLocation = point }
        }
        fingersDown += touches.count
        fingersThisTap += touches.count
        if fingersThisTap > numberOfTouchesRequired { state = .failed }
        startTimeout()
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        if touches.contains(where: { $0.location(in: nil).distance(to: $0.startLocationInWindow) > Self.allowableMovement }) {
            state = .failed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        fingersDown = max(0, fingersDown - touches.count)
        guard fingersDown == 0, state == .possible else { return }
        cancelTimeout()
        guard fingersThisTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsDone += 1
        fingersThisTap = 0
        if tapsDone >= numberOfTapsRequired {
            state = .recognized
        } else {
            startTimeout()  // the next tap must come soon
        }
    }

    open override func reset() {
        cancelTimeout()
        tapsDone = 0
        fingersDown = 0
        fingersThisTap = 0
        firstLocation = nil
    }

    /// Not the gesture when a finger stays down, or the next tap does not come, in time.
    private func startTimeout() {
        timeout = schedule(after: Self.tapInterval + (numberOfTapsRequired > 1 ? 0 : 0.4)) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.state = .failed
        }
    }

    private func cancelTimeout() {
        if let timeout { view?.window?.animator.cancel(timeout) }
        timeout = nil
    }
}

/// A press held still for a while (UIKit's `UILongPressGestureRecognizer`). Continuous: it
/// begins once held `minimumPressDuration`, changes as the finger moves, ends as it lifts.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the press must be held (0.5 s by default).
    public var minimumPressDuration = 0.5
    /// Fingers held (1 by default).
    public var numberOfTouchesRequired = 1
    /// How far the fingers may move before it begins (10 points).
    public var allowableMovement = 10.0

    private var timer: Animator.Token?

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired {
            state = .failed
            return
        }
        guard self.touches.count == numberOfTouchesRequired else { return }
        if let timer { view?.window?.animator.cancel(timer) }
        timer = schedule(after: minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible, self.touches.count == self.numberOfTouchesRequired else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        switch state {
        case .possible:
            if touches.contains(where: { $0.location(in: nil).distance(to: $0.startLocationInWindow) > allowableMovement }) {
                state = .failed
            }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) { endContinuousGesture() }

    open override func reset() {
        if let timer { view?.window?.animator.cancel(timer) }
        timer = nil
    }
}
