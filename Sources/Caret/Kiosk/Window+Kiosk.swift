// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Kiosk behaviours (docs/behaviour/kiosk.md): an idle timeout, screen blanking whose waking touch reaches no
/// view, refusing close requests, and a hidden pointer. The window keeps the state; these are
/// the rules, applied to every input event before it is routed.
extension Window {
    /// Whether an event is input from a person: touch, mouse, wheel, either keyboard, text.
    static func isUserInput(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown, .mouseMoved, .mouseUp, .touch, .scroll, .key, .textInput, .textEditing: return true
        case .resized, .focusChanged, .exposed, .closeRequested: return false
        }
    }

    /// Notes input and decides whether the event goes on to the views: false for the input that
    /// wakes a blanked screen (all of that touch, click or key press).
    func kioskFilter(_ event: InputEvent) -> Bool {
        if case .mouseMoved = event, hidesPointer, showsPointerOnMouseMove {
            backend.setPointerVisible(true)
        }
        guard Self.isUserInput(event) else { return true }
        let swallowed = swallowWakingInput(event)
        if isShowingIdleWarning { hideIdleWarning(answered: true) }  // any input answers it
        restartIdleTimers()
        return !swallowed
    }

    /// While blanked, the first press wakes the screen; it and the rest of its gesture (its moves
    /// and release, the key's release) are dropped.
    private func swallowWakingInput(_ event: InputEvent) -> Bool {
        if let waking = wakingInput {
            switch (waking, event) {
            case (.finger(let id), .touch(let other, let phase, _)) where id == other:
                if phase == .ended || phase == .cancelled { wakingInput = nil }
                return true
            case (.mouse, .mouseMoved), (.mouse, .mouseUp):
                if case .mouseUp = event { wakingInput = nil }
                return true
            case (.key, .key(_, false, _)):
                wakingInput = nil
                return true
            case (.key, .textInput):
                return true
            default:
                wakingInput = nil
            }
        }
        if isShowingIdleWarning {
            // The guest answered the idle warning: the whole time again, and the press is only that.
            switch event {
            case .touch(let id, .began, _): wakingInput = .finger(id)
            case .mouseDown: wakingInput = .mouse
            case .key(_, true, _): wakingInput = .key
            case .mouseMoved, .scroll: break
            default: return false
            }
            return true
        }
        guard isScreenBlanked else { return false }
        switch event {
        case .touch(let id, .began, _): wakingInput = .finger(id)
        case .mouseDown: wakingInput = .mouse
        case .key(_, true, _): wakingInput = .key
        case .mouseMoved, .scroll: break  // a nudged mouse wakes the screen too
        default: return false
        }
        isScreenBlanked = false
        setNeedsDisplay()
        return true
    }

    /// Starts the idle timeout and the blanking delay again from now.
    func restartIdleTimers() {
        if let token = idleTimer { animator.cancel(token) }
        if let token = blankTimer { animator.cancel(token) }
        idleTimer = idleTimeout.map { delay in
            animator.schedule(after: delay) { [weak self] in
                self?.idleTimer = nil
                self?.hideIdleWarning(answered: false)
                self?.onIdleTimeout?()
            }
        }
        scheduleIdleWarning()
        blankTimer = screenBlankingDelay.map { delay in
            animator.schedule(after: delay) { [weak self] in
                guard let self else { return }
                self.blankTimer = nil
                self.isScreenBlanked = true
                self.setNeedsDisplay()
            }
        }
    }
}

/// What woke a blanked screen, so the rest of that gesture is dropped too.
enum WakingInput {
    case finger(Int)
    case mouse
    case key
}
