// SPDX-License-Identifier: Apache-2.0
import Caret

/// Offers every hardware key to a screen reader before the app sees it, as GTK's key snooper
/// does: a key the reader consumes (Orca's Insert+T) never reaches the app, neither its press,
/// nor the text input that followed the press, nor its release. A value: the bridge's answers
/// come through `offer`, so it is tested without a bus.
public struct ScreenReaderKeyFilter: Sendable {
    /// Keys (HID usages) whose press was consumed, until their release.
    private var held: Set<Int> = []
    /// The last key press was consumed: the text input that follows it is its own.
    private var droppingText = false

    /// Creates a filter that holds nothing.
    public init() {}

    /// Whether keys offered earlier still decide what is dropped (a consumed key not yet released).
    public var isHolding: Bool { !held.isEmpty || droppingText }

    /// The events the app is to receive: each key, pressed or released, is offered (with the
    /// text its press typed, read from the text input that follows it in `events`) and kept out
    /// when consumed. `timestamps` has one entry per event (milliseconds).
    ///
    /// A release is always offered (Orca tracks its own modifier by it); it is kept out when the
    /// press was, and let through when only the release is consumed, so the app never sees a key
    /// stay down. Text input is its key's until the next key event, across turns of the loop.
    public mutating func filter(_ events: [InputEvent], timestamps: [UInt32], offer: (ATSPIKeyEvent) -> Bool) -> [InputEvent] {
        var kept: [InputEvent] = []
        kept.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            let stamp = index < timestamps.count ? timestamps[index] : 0
            switch event {
            case let .key(key, isDown, _):
                let usage = key.keyCode.rawValue
                let text = isDown ? Self.text(after: index, in: events) : nil
                let consumed = offer(ATSPIKeyEvent(key: key, text: text, isDown: isDown, timestamp: stamp))
                if isDown {
                    droppingText = consumed
                    if consumed {
                        held.insert(usage)
                        continue
                    }
                    held.remove(usage)
                } else {
                    droppingText = false
                    if held.remove(usage) != nil { continue }
                }
                kept.append(event)
            case .textInput:
                if droppingText { continue }
                kept.append(event)
            default:
                kept.append(event)
            }
        }
        return kept
    }

    /// The text input that follows a key press, before the next key event.
    private static func text(after index: Int, in events: [InputEvent]) -> String? {
        var text = ""
        for event in events[(index + 1)...] {
            switch event {
            case .key: return text.isEmpty ? nil : text
            case let .textInput(string, _): text += string
            default: continue
            }
        }
        return text.isEmpty ? nil : text
    }
}
