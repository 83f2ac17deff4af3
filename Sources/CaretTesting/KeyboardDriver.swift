import Caret

/// Taps the on-screen keyboard of a headless window as a finger would: keys by label or action,
/// candidates by text, with time passing between taps (no double taps, no long presses).
@MainActor
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
}
