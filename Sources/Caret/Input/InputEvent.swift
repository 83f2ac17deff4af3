// SPDX-License-Identifier: Apache-2.0

/// A raw event as a backend delivers it, in window points. The window turns these into
/// touches, presses and text input for its responders; nothing in the core reads SDL events.
public enum InputEvent: Hashable, Sendable {
    /// A mouse button went down (`clickCount` 2 for a double click).
    case mouseDown(button: PointerButton, location: Point, clickCount: Int, modifiers: KeyModifierFlags)
    /// The mouse moved; `buttons` are the ones held.
    case mouseMoved(location: Point, buttons: Set<PointerButton>, modifiers: KeyModifierFlags)
    /// A mouse button went up.
    case mouseUp(button: PointerButton, location: Point, modifiers: KeyModifierFlags)
    /// A finger touched, moved or lifted; `id` tells fingers apart.
    case touch(id: Int, phase: TouchPhase, location: Point)
    /// The wheel or a trackpad scrolled: positive `dy` scrolls content up (shows what is below).
    case scroll(dx: Double, dy: Double, location: Point, modifiers: KeyModifierFlags)
    /// A key went down (`isRepeat` for auto-repeat) or up.
    case key(Key, isDown: Bool, isRepeat: Bool)
    /// Committed text from a key or an input method; `InputAssembler` tells which (a backend
    /// sends `.inputMethod`, the default, and the assembler marks text that follows its key).
    case textInput(String, origin: TextInputOrigin = .inputMethod)
    /// The input method's preedit (marked) text and its selected range in it (UTF-16 units, the
    /// backend converts its platform's unit), or "" when it ends.
    case textEditing(String, selectedRange: Range<Int>?)
    /// The window now measures this many points.
    case resized(Size)
    /// The window gained or lost keyboard focus.
    case focusChanged(Bool)
    /// The window's contents must be drawn again (exposed, restored).
    case exposed
    /// The user asked to close the window.
    case closeRequested
}
