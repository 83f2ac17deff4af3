/// Merges and orders the raw events a backend delivers, before the window routes them: the one
/// place that decides where text came from, used by `Application` (a turn of SDL events at a
/// time) and by the headless kit alike (`Window.send`), so tests exercise the app's path.
///
/// - Text right after a key went down is that key's text (`.key`); other text is an input
///   method's (`.inputMethod`) unless its sender said otherwise.
/// - Consecutive input-method text in one batch becomes one commit: SDL cuts a long commit into
///   pieces of 31 bytes, and the delegate must be asked about the whole. A key's own text stays
///   apart (it is never cut, and it meets an open composition differently from a commit).
/// - Whether the last event was a key going down carries over from one batch to the next.
package struct InputAssembler: Sendable {
    /// Whether the last event assembled was a key going down.
    private var lastWasKeyDown = false

    /// An assembler with no history.
    public init() {}

    /// The events of one batch, merged and with their text's origin.
    public mutating func assemble(_ events: [InputEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        result.reserveCapacity(events.count)
        for event in events {
            let followsKeyDown = lastWasKeyDown
            lastWasKeyDown = false
            switch event {
            case let .key(_, isDown, _):
                lastWasKeyDown = isDown
                result.append(event)
            case let .textInput(text, origin):
                let resolved = followsKeyDown && origin == .inputMethod ? TextInputOrigin.key : origin
                if resolved == .inputMethod, case let .textInput(previous, .inputMethod)? = result.last {
                    result[result.count - 1] = .textInput(previous + text, origin: .inputMethod)
                } else {
                    result.append(.textInput(text, origin: resolved))
                }
            default:
                result.append(event)
            }
        }
        return result
    }
}
