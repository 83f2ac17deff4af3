// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret

/// Synthetic input for a headless window, at window coordinates or on views: taps, clicks,
/// drags with real timing, wheel scrolls, keys and text (LVGL's `lv_test_mouse_click_at`,
/// `lv_test_key_hit`).
@preconcurrency @MainActor
public struct EventSynthesizer {
    unowned let host: HeadlessWindow

    private var window: Window { host.window }

    /// The centre of a view in window coordinates.
    public func center(of view: View) -> Point { view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

    /// A finger tap: down, a short hold, up.
    public func tap(at point: Point, finger: Int = 1, hold: Double = 0.05) {
        window.send(.touch(id: finger, phase: .began, location: point))
        host.advance(by: hold)
        window.send(.touch(id: finger, phase: .ended, location: point))
    }

    /// A finger tap on a view's centre.
    public func tap(_ view: View) { tap(at: center(of: view)) }

    /// A finger held down for a while, then lifted (a long press).
    public func longPress(at point: Point, duration: Double = 0.6, finger: Int = 1) {
        tap(at: point, finger: finger, hold: duration)
    }

    /// A mouse click; `count` 2 is a double click.
    public func click(at point: Point, button: PointerButton = .primary, count: Int = 1, modifiers: KeyModifierFlags = []) {
        window.send(.mouseDown(button: button, location: point, clickCount: count, modifiers: modifiers))
        host.advance(by: 0.02)
        window.send(.mouseUp(button: button, location: point, modifiers: modifiers))
    }

    /// A finger drag in `steps` even moves over `duration` seconds of virtual time, then a lift
    /// (optionally after resting `holdBeforeRelease` seconds, which kills momentum).
    public func drag(
        from start: Point, to end: Point, duration: Double = 0.25, steps: Int = 15, finger: Int = 1,
        holdBeforeRelease: Double = 0
    ) {
        window.send(.touch(id: finger, phase: .began, location: start))
        move(from: start, to: end, duration: duration, steps: steps) {
            window.send(.touch(id: finger, phase: .moved, location: $0))
        }
        if holdBeforeRelease > 0 { host.advance(by: holdBeforeRelease) }
        window.send(.touch(id: finger, phase: .ended, location: end))
    }

    /// A finger drag through each point in turn (a gesture that turns back), `steps` moves per
    /// leg of `duration` seconds each, then `beforeLift` and a lift at the last point.
    public func drag(along points: [Point], duration: Double = 0.15, steps: Int = 8, finger: Int = 1, beforeLift: () -> Void = {}) {
        guard let first = points.first, let last = points.last else { return }
        window.send(.touch(id: finger, phase: .began, location: first))
        for (start, end) in zip(points, points.dropFirst()) {
            move(from: start, to: end, duration: duration, steps: steps) { window.send(.touch(id: finger, phase: .moved, location: $0)) }
        }
        beforeLift()
        window.send(.touch(id: finger, phase: .ended, location: last))
    }

    /// A mouse drag with the button held.
    public func mouseDrag(
        from start: Point, to end: Point, duration: Double = 0.25, steps: Int = 15,
        button: PointerButton = .primary
    ) {
        window.send(.mouseDown(button: button, location: start, clickCount: 1, modifiers: []))
        move(from: start, to: end, duration: duration, steps: steps) {
            window.send(.mouseMoved(location: $0, buttons: [button], modifiers: []))
        }
        window.send(.mouseUp(button: button, location: end, modifiers: []))
    }

    /// Even steps along a straight line, advancing virtual time before each.
    private func move(from start: Point, to end: Point, duration: Double, steps: Int, _ send: (Point) -> Void) {
        let count = max(1, steps)
        for i in 1...count {
            host.advance(by: duration / Double(count))
            let t = Double(i) / Double(count)
            send(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
    }

    /// A wheel scroll at a point; positive `dy` shows what is below.
    public func scroll(dx: Double = 0, dy: Double, at point: Point, modifiers: KeyModifierFlags = []) {
        window.send(.scroll(dx: dx, dy: dy, location: point, modifiers: modifiers))
    }

    /// A key pressed and released.
    public func key(_ code: KeyboardHIDUsage, characters: String = "", modifiers: KeyModifierFlags = []) {
        let key = Key(
            keyCode: code, characters: characters, charactersIgnoringModifiers: characters.lowercased(),
            modifierFlags: modifiers)
        window.send(.key(key, isDown: true, isRepeat: false))
        window.send(.key(key, isDown: false, isRepeat: false))
    }

    /// Text typed or committed by an input method.
    public func type(_ text: String) { window.send(.textInput(text)) }

    /// An input method's preedit text with its selected range in UTF-16 units (empty to end the composition).
    public func compose(_ text: String, selectedRange: Range<Int>? = nil) {
        window.send(.textEditing(text, selectedRange: selectedRange))
    }
}
