// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret

/// Korean with libhangul: two-set (두벌식) jamo compose into syllables as they are typed; a
/// syllable commits when the next one begins; Backspace removes the last jamo.
@preconcurrency @MainActor
public final class HangulComposer: TextComposer {
    private let context: UnsafeMutableRawPointer
    /// What is being composed now.
    public private(set) var state = CompositionState.empty

    /// Starts an input context for a libhangul keyboard ("2": two-set).
    public init(keyboard: String = "2") throws(CaretError) {
        let (opened, reason) = withErrorBuffer { caret_hangul_open($0, $1) }
        guard opened == 0 else { throw .backendUnavailable(subsystem: "libhangul", reason: reason) }
        guard let context = caret_hangul_new(keyboard) else {
            throw .backendUnavailable(subsystem: "libhangul", reason: "no keyboard \(keyboard)")
        }
        self.context = context
    }

    isolated deinit { caret_hangul_delete(context) }

    /// Feeds a key; space, Return and keys that are not jamo are left to the keyboard.
    public func handle(_ input: ComposerInput) -> String? {
        switch input {
        case let .key(key):
            guard let scalar = key.unicodeScalars.first, key.unicodeScalars.count == 1, scalar.isASCII,
                caret_hangul_process(context, Int32(scalar.value)) != 0
            else {
                reset()
                return nil
            }
            let committed = taken(caret_hangul_commit(context))
            update()
            return committed
        case .backspace:
            guard caret_hangul_backspace(context) != 0 else { return nil }
            update()
            return ""
        case .space, .return, .candidate, .nextPage, .previousPage, .focusSegment, .resizeSegment:
            return nil
        }
    }

    private func update() { state = CompositionState(preedit: taken(caret_hangul_preedit(context))) }

    /// Drops the syllable being composed.
    public func reset() {
        caret_hangul_reset(context)
        state = .empty
    }
}
