// SPDX-License-Identifier: Apache-2.0
import Caret

/// An input method for tests, played by a script: `onKey` answers each key offered (whether it
/// was used, and what the input method sends while handling it), `onFocus` and `onReset` what it
/// sends then, and everything the window told it is recorded.
@preconcurrency @MainActor
public final class ScriptedInputMethod: InputMethodService {
    /// Answers a key: whether it was used (nil: no answer in time, see `answerLate`) and the
    /// signals sent meanwhile.
    public var onKey: (InputMethodKey) -> (handled: Bool?, signals: [InputMethodSignal]) = { _ in (false, []) }
    /// What the input method sends when focus comes (true) or goes (false).
    public var onFocus: (Bool) -> [InputMethodSignal] = { _ in [] }
    /// What it sends when reset.
    public var onReset: () -> [InputMethodSignal] = { [] }
    /// Whether it is reachable.
    public var isConnected = true
    /// How many times its connection was made anew (a restarted daemon, played by the test).
    public var reconnections = 0
    /// The keys offered, in order.
    public private(set) var offeredKeys: [InputMethodKey] = []
    /// Focus changes told, in order.
    public private(set) var focusChanges: [Bool] = []
    /// Resets asked.
    public private(set) var resets = 0
    /// The last content type told.
    public private(set) var contentType: (purpose: InputMethodPurpose, hints: InputMethodHints)?
    /// The last caret rectangle told.
    public private(set) var cursorRect: Rect?
    /// Signals waiting to be read.
    public var pending: [InputMethodSignal] = []

    /// Creates a scripted input method that uses no key.
    public init() {}

    public func process(_ key: InputMethodKey) -> Bool? {
        offeredKeys.append(key)
        let (handled, signals) = onKey(key)
        pending += signals
        return handled
    }

    public func setFocused(_ focused: Bool) {
        guard focusChanges.last != focused else { return }
        focusChanges.append(focused)
        pending += onFocus(focused)
    }

    public func reset() {
        resets += 1
        pending += onReset()
    }

    public func setCursorRect(_ rect: Rect) { cursorRect = rect }

    public func setContentType(_ purpose: InputMethodPurpose, hints: InputMethodHints) { contentType = (purpose, hints) }

    /// Answers late the key `onKey` gave no answer for (handled nil): what the input method sends
    /// for it, then its answer, as IBus's late reply comes.
    public func answerLate(handled: Bool, signals: [InputMethodSignal] = []) {
        pending += signals + [.keyAnswered(handled: handled)]
    }

    /// Keys given up on (`abandonKey`), in order.
    public private(set) var abandonedKeys = 0

    public func abandonKey() { abandonedKeys += 1 }

    public func takeSignals() -> [InputMethodSignal] {
        defer { pending = [] }
        return pending
    }
}
