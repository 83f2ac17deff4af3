// SPDX-License-Identifier: Apache-2.0
/// What an edit did to an editor's model. Every change of text, selection or composition ends in
/// one after-edit step (`TextEditingView.finishEdit(_:)`), which consumes this and updates
/// everything that follows the model, in one documented order.
@_spi(Testing)
public struct EditOutcome: Equatable, Sendable {
    /// Whether a change offered to the host was made, and if not, why.
    public enum Result: Equatable, Sendable {
        /// The change was made.
        case applied
        /// The host (its delegate or rules) refused it.
        case refused
        /// The host changed the text while it was asked: the change was for text that is gone.
        case superseded
        /// The editor is not editable.
        case notEditable
        /// No change was offered (a selection move, text set in code, a preedit).
        case unchanged
    }

    /// Whether a change was made, and if not, why.
    public var result: Result
    /// Whether the text changed as the user or undo changed it (text set in code is not reported).
    public var textChanged: Bool
    /// The selection before the edit, where the edit may have moved it (nil: not reported as a move).
    public var selectionBefore: TextSelection?

    /// Whether the offered change was made.
    public var isApplied: Bool { result == .applied }

    /// The user (or undo) changed the text.
    static func textChange(selectionBefore: TextSelection?) -> EditOutcome {
        EditOutcome(result: .applied, textChanged: true, selectionBefore: selectionBefore)
    }

    /// The selection may have moved (a move, a click, a selection set in code).
    static func selectionChange(before: TextSelection) -> EditOutcome {
        EditOutcome(result: .unchanged, textChanged: false, selectionBefore: before)
    }

    /// What is shown changed, not by the user: text set in code, a preedit, a cancelled composition.
    static let display = EditOutcome(result: .unchanged, textChanged: false, selectionBefore: nil)

    /// A change offered and not made.
    static func notMade(_ result: Result) -> EditOutcome {
        EditOutcome(result: result, textChanged: false, selectionBefore: nil)
    }
}
