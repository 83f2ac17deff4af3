// SPDX-License-Identifier: Apache-2.0

/// The editor is the host of each of its parts: each asks it only what its own protocol names.
extension TextEditingView: CaretBlinkHost, CompositionHost, ScrollAnchoringHost, TextDisplayHost, SpellingHost, SmartPunctuationHost,
    TextInteractionHost
{
    /// The window's animator, which runs the caret's blink, a revealed character's end and
    /// spelling's idle steps (nil out of a window).
    var animator: Animator? { window?.animator }
    /// Whether selection handles show (after a touch selected text).
    var showsSelectionHandles: Bool { interaction.showsSelectionHandles }
}
