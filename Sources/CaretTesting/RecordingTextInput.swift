// SPDX-License-Identifier: Apache-2.0
import Caret

/// A text input connection that only records its state: for headless windows.
@preconcurrency @MainActor
public final class RecordingTextInput: TextInputConnection {
    /// Creates an inactive connection.
    public init() {}
    /// Whether text input was started and not stopped.
    public private(set) var isActive = false
    /// The last caret rectangle reported.
    public private(set) var caretRect: Rect?
    /// Starts text input.
    public func startTextInput() { isActive = true }
    /// Stops text input.
    public func stopTextInput() { isActive = false }
    /// Records the caret rectangle.
    public func setCaretRect(_ rect: Rect) { caretRect = rect }
    /// How many times the composition was reset.
    public private(set) var compositionResets = 0
    /// Counts the reset.
    public func resetComposition() { compositionResets += 1 }
}
