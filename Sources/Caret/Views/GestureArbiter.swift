// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Gesture recognizers in the touch path (UIKit's order): a touch is seen by the recognizers of
/// its view and the view's ancestors before the view; the first to recognize fails the others
/// on its touches (unless their delegates let them recognize together), calls its actions and,
/// with `cancelsTouchesInView`, cancels the touches in the view. One that must wait for another
/// to fail recognizes when that one fails.
@MainActor
final class GestureArbiter {
    /// The root of the views whose recognizers may wait for others (the window).
    private weak var root: View?

    init(root: View) { self.root = root }

    /// The recognizers of the view and its ancestors that take a new touch, nearest first.
    func begin(with touch: Touch, on view: View, event: InputEvent) {
        var found: [GestureRecognizer] = []
        var current: View? = view
        while let candidate = current {
            for recognizer in candidate.gestureRecognizers ?? []
            where recognizer.isEnabled && [.possible, .began, .changed].contains(recognizer.state)
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
            {
                found.append(recognizer)
            }
            current = candidate.superview
        }
        touch.gestureRecognizers = found
        deliver(touch, event: event)
    }

    /// Gives the touch's phase to its recognizers still taking part.
    func deliver(_ touch: Touch, event: InputEvent?) {
        for recognizer in touch.gestureRecognizers where [.possible, .began, .changed].contains(recognizer.state) && recognizer.isEnabled {
            recognizer.lastLocation = touch.location(in: nil)
            switch touch.phase {
            case .began:
                recognizer.touches.append(touch)
                recognizer.touchesBegan([touch], with: event)
            case .moved: recognizer.touchesMoved([touch], with: event)
            case .ended: recognizer.touchesEnded([touch], with: event)
            case .cancelled: recognizer.touchesCancelled([touch], with: event)
            }
        }
    }

    /// The touch is over: its recognizers let it go, and those with no touches left that are
    /// done start afresh.
    func end(_ touch: Touch) {
        for recognizer in touch.gestureRecognizers {
            recognizer.touches.removeAll { $0 === touch }
            resetIfDone(recognizer)
        }
    }

    /// A recognizer's state changed: the arbiter decides what follows.
    func recognizer(_ recognizer: GestureRecognizer, changedFrom old: GestureRecognizer.State) {
        switch recognizer.state {
        case .began where old == .possible, .ended where old == .possible:
            guard mayBegin(recognizer) else {
                recognizer.state = .failed
                return
            }
            if recognizer.failureRequirements.contains(where: { $0.recognizer.map { ![.failed, .cancelled].contains($0.state) } ?? false }) {
                recognizer.isAwaitingFailures = true  // recognized; acts once those fail
                return
            }
            recognized(recognizer)
        case .began, .changed, .ended, .cancelled:
            recognizer.performActions()
            resetIfDone(recognizer)
        case .failed:
            // Those waiting for this one to fail may act now; those it required to fail… it did not act.
            for waiting in waitingRecognizers() where waiting.failureRequirements.contains(where: { $0.recognizer === recognizer }) {
                if waiting.failureRequirements.allSatisfy({ $0.recognizer.map { [.failed, .cancelled].contains($0.state) } ?? true }) {
                    waiting.isAwaitingFailures = false
                    recognized(waiting)
                }
            }
            resetIfDone(recognizer)
        case .possible:
            break
        }
    }

    /// Whether the recognizer may leave `.possible`: its delegate, and every view between its
    /// touches' views and its own, agree (a control keeps its taps; a scroll view its drags).
    private func mayBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true else { return false }
        for touch in recognizer.touches {
            var current = touch.view
            while let view = current, view !== recognizer.view {
                if !view.gestureRecognizerShouldBegin(recognizer) { return false }
                current = view.superview
            }
        }
        return true
    }

    /// The recognizer recognized: the others on its touches fail (unless simultaneous), so do
    /// those that required it to fail; its actions run; its touches leave their views.
    private func recognized(_ recognizer: GestureRecognizer) {
        for touch in recognizer.touches {
            for other in touch.gestureRecognizers where other !== recognizer && [.possible].contains(other.state) || other.isAwaitingFailures {
                guard other !== recognizer, !recognizer.recognizesSimultaneously(with: other) else { continue }
                other.isAwaitingFailures = false
                other.state = .failed
            }
        }
        for waiting in waitingRecognizers() where waiting.failureRequirements.contains(where: { $0.recognizer === recognizer }) {
            waiting.isAwaitingFailures = false
            waiting.state = .failed
        }
        recognizer.performActions()
        if recognizer.cancelsTouchesInView {
            for touch in recognizer.touches where !touch.isCancelledForView {
                touch.isCancelledForView = true
                let phase = touch.phase
                touch.phase = .cancelled
                touch.view?.touchesCancelled([touch], with: nil)
                touch.phase = phase
            }
        }
        resetIfDone(recognizer)
    }

    /// Recognizers holding a recognition until others fail, in the window.
    private func waitingRecognizers() -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        func visit(_ view: View) {
            found += (view.gestureRecognizers ?? []).filter(\.isAwaitingFailures)
            for subview in view.subviews { visit(subview) }
        }
        if let root { visit(root) }
        return found
    }

    /// A recognizer with no touches whose gesture is over goes back to `.possible`.
    private func resetIfDone(_ recognizer: GestureRecognizer) {
        guard recognizer.touches.isEmpty, [.ended, .cancelled, .failed].contains(recognizer.state), !recognizer.isAwaitingFailures else {
            return
        }
        recognizer.resetState()
    }
}

extension GestureRecognizer {
    /// Back to `.possible` without telling anyone, then the subclass's `reset()`.
    func resetState() {
        silently { state = .possible }
        reset()
    }
}
