// SPDX-License-Identifier: Apache-2.0
import CSDL2
import Caret

/// Keys typed on a keycode remapped for a moment (xdotool's `type`, and on-screen keyboards that
/// send characters outside the layout the same way) whose text SDL did not give: the keymap was
/// put back before the app read the key. On X11 a watch of the app's own reads each key as it
/// comes, and where the server can, records the keymap's changes and the presses in the server's
/// order (`caret_x11_key_watch_start` in shim.h, the only file calling it); a key press SDL gave
/// neither a key nor text for becomes the text the watch read, in its place among the events.
struct RemappedKeys {
    /// A polled event, or an X key press as SDL reported it (`SDL_SYSWMEVENT`).
    enum Polled {
        case event(SDL_Event)
        case keyPress(time: UInt, keycode: UInt32, state: UInt32 = 0)
    }

    /// Whether the watch runs (the window is on X11).
    private(set) var isWatching = false
    /// The keycodes the layout left unbound when the watch started: the spare ones xdotool binds
    /// for a moment, never a key of the layout an input method could take.
    private var spareKeycodes = Set<UInt32>()

    /// Starts the watch for an SDL window; nothing off X11.
    mutating func start(_ window: OpaquePointer?) {
        isWatching = caret_x11_key_watch_start(window) == 1
        guard isWatching else { return }
        spareKeycodes = Set((8...255).filter { caret_SDL_x11_keysym(window, $0) == 0 })
        caret_x11_filter_messages(1)
        _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
    }

    /// Stops the watch.
    mutating func stop() {
        guard isWatching else { return }
        _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_IGNORE)
        caret_x11_filter_messages(0)
        caret_x11_key_watch_stop()
        isWatching = false
    }

    /// A polled event, read at once (SDL keeps an X message only until the next poll); nil for
    /// the window system's other messages.
    func poll(_ event: SDL_Event) -> Polled? {
        guard event.type == SDL_SYSWMEVENT.rawValue else { return .event(event) }
        var event = event
        var time: UInt = 0
        var keycode: UInt32 = 0
        var state: UInt32 = 0
        guard caret_x11_key_press(&event, &time, &keycode, &state) == 1 else { return nil }
        return .keyPress(time: time, keycode: keycode, state: state)
    }

    /// What the watch read for a press: the keysym it typed, the keycode's first keysym then, and
    /// whether it is exact (recorded in the server's order) or read by the watch on hearing it.
    typealias Heard = (keysym: UInt, base: UInt, exact: Bool)

    /// A turn's events, each press SDL gave neither a key nor text for, on a keycode bound
    /// otherwise when the watch heard it than now (bound for a moment, then unbound or bound to
    /// the next character), replaced by the text the watch read for it; a spare keycode's press
    /// SDL typed otherwise than recorded (its keymap already held the next binding) typed as
    /// recorded. A key of the layout adds nothing, whatever SDL gave for it (an input method may
    /// have taken it).
    func resolve(_ polled: [Polled], window: OpaquePointer?, windowID: UInt32) -> [SDL_Event] {
        Self.resolve(
            polled, windowID: windowID, currentBase: { UInt(caret_SDL_x11_keysym(window, $0)) }, wasSpare: spareKeycodes.contains
        ) { time, keycode, state in
            var keysym: UInt = 0
            var base: UInt = 0
            var exact: Int32 = 0
            let found = caret_x11_typed_key_lookup(time, keycode, state, 20, &keysym, &base, &exact) == 1
            return found ? (keysym, base, exact == 1) : nil
        }
    }

    /// `resolve` with the keymap's first keysym of a keycode now (`currentBase`), whether the
    /// layout left it unbound (`wasSpare`), and what the watch heard of a press by time and
    /// keycode with its modifiers (`heard`, nil if nothing) given.
    static func resolve(
        _ polled: [Polled], windowID: UInt32, currentBase: (UInt32) -> UInt, wasSpare: (UInt32) -> Bool = { _ in false },
        heard: (UInt, UInt32, UInt32) -> Heard?
    ) -> [SDL_Event] {
        var events: [SDL_Event] = []
        events.reserveCapacity(polled.count)
        var replaced = Set<Int>()
        for (index, item) in polled.enumerated() {
            switch item {
            case let .event(event):
                if !replaced.contains(index) { events.append(event) }
            case let .keyPress(time, keycode, state):
                // SDL's own events for the press come right after its message, before the next press.
                let own = polled.indices[(index + 1)...].prefix { if case .event = polled[$0] { true } else { false } }
                let types = own.map { (position: Int) -> UInt32 in
                    guard case let .event(event) = polled[position] else { return 0 }
                    return event.type
                }
                let texts = zip(own, types).filter { $0.1 == SDL_TEXTINPUT.rawValue }.map(\.0)
                let typedBySDL = types.contains { [SDL_KEYDOWN.rawValue, SDL_TEXTINPUT.rawValue, SDL_TEXTEDITING.rawValue].contains($0) }
                // SDL's text for a spare keycode stands unless the press was recorded otherwise.
                if typedBySDL && (texts.isEmpty || !wasSpare(keycode)) { continue }
                // (The watch waits a moment for a press it has not heard yet.) A spare keycode
                // still bound when its press is read (SDL's keymap had not caught up with the
                // binding) types too: no key of the layout is there for an input method to take.
                guard let key = heard(time, keycode, state), key.base != currentBase(keycode) || wasSpare(keycode),
                    key.keysym <= UInt(UInt32.max),
                    let text = InputMethodKey(keysym: UInt32(key.keysym), keycode: keycode, state: 0).character
                else { continue }
                let bytes = Array(text.utf8)
                if !texts.isEmpty {
                    guard key.exact, texts.map({ Self.text(of: polled[$0]) }) != [bytes] else { continue }
                    replaced.formUnion(texts)
                }
                events.append(.textInput(bytes, windowID: windowID))
            }
        }
        return events
    }

    /// The bytes of a polled text input event.
    private static func text(of item: Polled) -> [UInt8] {
        guard case var .event(event) = item else { return [] }
        return withUnsafeBytes(of: &event.text.text) { Array($0.prefix { $0 != 0 }) }
    }
}
