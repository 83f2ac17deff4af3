// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) @_spi(Testing) import Caret

/// Taps the on-screen keyboard of a headless window as a finger would: keys by label or action,
/// candidates by text, with time passing between taps (no double taps, no long presses).
@preconcurrency @MainActor
public struct KeyboardDriver {
    /// The window.
    public let host: HeadlessWindow

    /// Drives a window's keyboard.
    public init(_ host: HeadlessWindow) { self.host = host }

    /// The keyboard view, once it loaded.
    public var keyboard: KeyboardView? { host.window.keyboard.keyboardView }

    private func center(of frame: Rect) -> Point? {
        keyboard.map { $0.convert(Point(x: frame.midX, y: frame.midY), to: nil) }
    }

    /// Taps the first key matching; false when the keyboard shows none.
    @discardableResult
    public func tap(where match: (KeyboardKey) -> Bool) -> Bool {
        host.layout()
        guard let entry = keyboard?.keyFrames.first(where: { match($0.key) }), let point = center(of: entry.frame) else {
            return false
        }
        host.input.tap(at: point, hold: 0.05)
        host.advance(by: 0.4)
        return true
    }

    /// Taps a key by action.
    @discardableResult
    public func tap(_ action: KeyboardKeyAction) -> Bool { tap { $0.action == action } }

    /// Taps the key showing a label (shifted labels too).
    @discardableResult
    public func tap(label: String) -> Bool { tap { $0.label == label && $0.action != .space } }

    /// Taps each character's key in turn; false at the first missing.
    @discardableResult
    public func type(labels: String) -> Bool {
        for character in labels where !tap(label: String(character)) { return false }
        return true
    }

    /// Taps a candidate in the suggestion bar; false when the bar does not show it.
    @discardableResult
    public func tapCandidate(_ text: String) -> Bool {
        host.layout()
        guard let keyboard, let index = keyboard.candidates.firstIndex(of: text), index < keyboard.candidateFrames.count,
            let point = center(of: keyboard.candidateFrames[index])
        else { return false }
        host.input.tap(at: point, hold: 0.05)
        host.advance(by: 0.4)
        return true
    }

    /// Taps a word of the suggestion bar (a completion, correction or prediction) at its cell;
    /// false when the bar does not show it.
    @discardableResult
    public func tapBarWord(_ word: String) -> Bool {
        host.layout()
        guard let keyboard, let index = keyboard.barItems.firstIndex(where: { $0.word == word }), index < keyboard.suggestionFrames.count,
            let point = center(of: keyboard.suggestionFrames[index])
        else { return false }
        host.input.tap(at: point, hold: 0.05)
        host.advance(by: 0.4)
        return true
    }

    /// Taps every text key of the plane shown, with shift before each when `shifted` (nothing
    /// when the plane has no shift key); returns what they should have typed, label by label.
    public func typeEveryKey(shifted: Bool) -> String {
        host.layout()
        guard let keyboard, !shifted || keyboard.keyFrames.contains(where: { $0.key.action == .shift }) else { return "" }
        var expected = ""
        for index in keyboard.keyFrames.indices {
            if shifted { tap(.shift) }
            host.layout()
            let entry = keyboard.keyFrames[index]
            guard case .text = entry.key.action, let point = center(of: entry.frame) else {
                if shifted { tap(.shift) }  // shift off again
                continue
            }
            // A key named for a text that cannot be seen (Persian's zero-width non-joiner) types its text.
            if case let .text(text) = entry.key.action, keyboard.model.layouts.languages[keyboard.model.language]?.labels?[text] != nil {
                expected += text
            } else {
                expected += entry.key.label
            }
            host.input.tap(at: point, hold: 0.05)
            host.advance(by: 0.4)
        }
        return expected
    }

    /// Long-presses every key with alternates on the plane shown and slides to each alternate in
    /// turn; returns what they should have typed, and the alternates that could not be reached
    /// (no popup, or a cell off screen).
    public func typeEveryAlternate() -> (expected: String, unreachable: [String]) {
        host.layout()
        guard let keyboard else { return ("", []) }
        var expected = ""
        var unreachable: [String] = []
        for entry in keyboard.keyFrames where entry.key.alternates.count > 1 {
            guard let point = center(of: entry.frame) else { continue }
            for (i, alternate) in entry.key.alternates.enumerated() {
                host.window.send(.touch(id: 1, phase: .began, location: point))
                host.advance(by: 0.6)
                guard let popup = keyboard.popups.popup, popup.labels == entry.key.alternates else {
                    unreachable.append(alternate)
                    host.window.send(.touch(id: 1, phase: .ended, location: point))
                    continue
                }
                let cell = (popup.bounds.width - 8) / Double(popup.labels.count)
                let target = popup.convert(Point(x: 4 + cell * (Double(i) + 0.5), y: popup.bounds.height / 2), to: nil)
                if target.x < 0 || target.x > host.window.bounds.width { unreachable.append(alternate) }
                host.window.send(.touch(id: 1, phase: .moved, location: target))
                host.window.send(.touch(id: 1, phase: .ended, location: target))
                host.advance(by: 0.4)
                expected += alternate
            }
        }
        return (expected, unreachable)
    }

    /// Types every key of the letters plane (plain and shifted), numbers and symbols, and every
    /// alternate of letters and numbers; returns what should have been typed and what could not be reached.
    public func typeEveryKeyOfEveryPlane() -> (expected: String, unreachable: [String]) {
        var expected = typeEveryKey(shifted: false) + typeEveryKey(shifted: true)
        var alternates = typeEveryAlternate()
        expected += alternates.expected
        var unreachable = alternates.unreachable
        guard tap(.more), keyboard?.model.plane == .numbers else { return (expected, unreachable + ["{numbers}"]) }
        expected += typeEveryKey(shifted: false)
        alternates = typeEveryAlternate()
        expected += alternates.expected
        unreachable += alternates.unreachable
        guard tap(.symbols), keyboard?.model.plane == .symbols else { return (expected, unreachable + ["{symbols}"]) }
        expected += typeEveryKey(shifted: false)
        return (expected, unreachable)
    }
}
