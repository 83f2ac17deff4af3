// SPDX-License-Identifier: Apache-2.0
import Caret

/// One concrete step of a soak run. Events carry window coordinates and literal text, never
/// references to views, so a recorded list replays the same way on a fresh window and any
/// sub-list of it is still a valid run (that is what shrinking a failure relies on).
public enum SoakEvent: Codable, Hashable, Sendable {
    /// A finger at a point (`phase`: 0 began, 1 moved, 2 ended, 3 cancelled).
    case touch(finger: Int, phase: Int, x: Double, y: Double)
    /// A mouse button down (`clicks` 1, 2 or 3) with modifier flags' raw value.
    case mouseDown(button: Int, x: Double, y: Double, clicks: Int, modifiers: Int)
    /// The mouse moved with a button held.
    case mouseMoved(button: Int, x: Double, y: Double)
    /// A mouse button up.
    case mouseUp(button: Int, x: Double, y: Double, modifiers: Int)
    /// A wheel scroll over a point.
    case wheel(dx: Double, dy: Double, x: Double, y: Double)
    /// A hardware key down or up (HID usage, the characters it types, modifier flags' raw value).
    case key(code: Int, characters: String, modifiers: Int, isDown: Bool, isRepeat: Bool)
    /// Committed text, as a keyboard or an input method sends it.
    case text(String)
    /// Raw bytes of a text event as the platform delivers them (need not be valid UTF-8).
    case rawText([UInt8])
    /// An input method's preedit with its selected range (UTF-16 units, as the core takes it).
    case compose(String, selectionStart: Int?, selectionLength: Int?)
    /// Puts text on the clipboard.
    case clipboard(String)
    /// Moves virtual time forward (timers, animations, key repeat).
    case advance(Double)
    /// Resizes the window (a user, a rotation).
    case resize(width: Double, height: Double)
    /// The app focuses the n-th focusable view (modulo their count).
    case focus(Int)
    /// The app ends editing (`endEditing`, forced or not).
    case endEditing(force: Bool)
    /// The app changes the n-th focusable view's keyboard type (raw value) and reloads input views.
    case keyboardType(view: Int, type: Int)
    /// The app gives the n-th focusable view an accessory bar of a height, or none, and reloads input views.
    case accessory(view: Int, height: Double?)
    /// The app presents a modal dialog with a text field in it, or dismisses the top one.
    case modal(present: Bool)
    /// The user picks the n-th language the keyboard offers (modulo their count) from the globe key's list.
    case language(Int)
    /// The window draws a frame.
    case draw

    /// Whether the user scrolls or drags content with this event (keyboard avoidance then no
    /// longer owes the focused view a place: the user moved it).
    var movesContentByHand: Bool {
        switch self {
        case .wheel: return true
        case let .touch(_, phase, _, _): return phase == 1
        case .mouseMoved: return true
        default: return false
        }
    }
}
