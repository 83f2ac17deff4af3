// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the editor (`TextEditingView`) asks of, and tells, the control that hosts it: one protocol
/// instead of hook closures, so a reader finds every conversation between `TextField` or
/// `TextView` and their editor in one place. Every requirement has a default, so a host answers
/// only what it cares about; an editor with no host accepts every change and keeps focus itself.
///
/// The editor calls these from its after-edit step (`TextEditingView.finishEdit`) in the order
/// that step documents, and from its key, touch and edit-menu handling.
@MainActor
protocol EditorHost: AnyObject {
    /// The view that takes keyboard focus for the editor (the field or text view); nil: the editor.
    var focusView: View? { get }
    /// Asked before every change the user makes (UTF-16 range, replacement); false refuses it.
    func editor(_ editor: TextEditingView, shouldChangeTextIn range: Range<Int>, replacement: String) -> Bool
    /// The text changed through the user or undo (not when set in code).
    func editorDidChangeText(_ editor: TextEditingView)
    /// The selection moved.
    func editorDidChangeSelection(_ editor: TextEditingView)
    /// Return in a single-line editor (the editor inserts nothing); true when handled.
    func editorDidReturn(_ editor: TextEditingView) -> Bool
    /// Tab or Shift-Tab (`backwards`); true when handled (focus moved), else multi-line text types a tab.
    func editor(_ editor: TextEditingView, didTabBackwards backwards: Bool) -> Bool
    /// Ctrl+Tab or Ctrl+Shift+Tab (`backwards`): leave even an editor that types tabs; true when focus moved.
    func editor(_ editor: TextEditingView, didMoveFocusBackwards backwards: Bool) -> Bool
    /// Escape with no menu or composition to close; true when handled (editing cancelled).
    func editorDidEscape(_ editor: TextEditingView) -> Bool
    /// A tap or click that did not move, at a point in the editor; true takes it (a link).
    func editor(_ editor: TextEditingView, didTapAt point: Point) -> Bool
    /// A finger held still at a point; true takes it (a link's actions).
    func editor(_ editor: TextEditingView, didLongPressAt point: Point) -> Bool
    /// The edit menu for a range: nil keeps the suggested one.
    func editor(_ editor: TextEditingView, editMenuFor range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]?
    /// The edit menu is about to show.
    func editor(_ editor: TextEditingView, willPresentEditMenu menu: EditMenuView)
    /// The edit menu is about to go.
    func editor(_ editor: TextEditingView, willDismissEditMenu menu: EditMenuView)
    /// Estimated line heights were replaced by laid-out ones: the host sizes its content again.
    func editorLayoutHeightDidChange(_ editor: TextEditingView)
    /// Heights above the first line on screen changed by `shift`: the host keeps that line in place.
    func editor(_ editor: TextEditingView, firstVisibleLineMovedBy shift: Double)
    /// Whether the host draws decorations over the text (detected links); asked once per edit.
    var decoratesText: Bool { get }
    /// The text with its decorations, drawn without changing it (asked while `decoratesText`).
    func editor(_ editor: TextEditingView, decorating document: TextDocument) -> TextDocument
}

extension EditorHost {
    var focusView: View? { nil }
    func editor(_ editor: TextEditingView, shouldChangeTextIn range: Range<Int>, replacement: String) -> Bool { true }
    func editorDidChangeText(_ editor: TextEditingView) {}
    func editorDidChangeSelection(_ editor: TextEditingView) {}
    func editorDidReturn(_ editor: TextEditingView) -> Bool { false }
    func editor(_ editor: TextEditingView, didTabBackwards backwards: Bool) -> Bool { false }
    func editor(_ editor: TextEditingView, didMoveFocusBackwards backwards: Bool) -> Bool { self.editor(editor, didTabBackwards: backwards) }
    func editorDidEscape(_ editor: TextEditingView) -> Bool { false }
    func editor(_ editor: TextEditingView, didTapAt point: Point) -> Bool { false }
    func editor(_ editor: TextEditingView, didLongPressAt point: Point) -> Bool { false }
    func editor(_ editor: TextEditingView, editMenuFor range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]? { nil }
    func editor(_ editor: TextEditingView, willPresentEditMenu menu: EditMenuView) {}
    func editor(_ editor: TextEditingView, willDismissEditMenu menu: EditMenuView) {}
    func editorLayoutHeightDidChange(_ editor: TextEditingView) {}
    func editor(_ editor: TextEditingView, firstVisibleLineMovedBy shift: Double) {}
    var decoratesText: Bool { false }
    func editor(_ editor: TextEditingView, decorating document: TextDocument) -> TextDocument { document }
}
