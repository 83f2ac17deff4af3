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
    func editorShouldChangeText(in range: Range<Int>, replacement: String) -> Bool
    /// The text changed through the user or undo (not when set in code).
    func editorDidChangeText()
    /// The selection moved.
    func editorDidChangeSelection()
    /// Return in a single-line editor (the editor inserts nothing); true when handled.
    func editorDidReturn() -> Bool
    /// Tab or Shift-Tab (`backwards`); true when handled (focus moved), else multi-line text types a tab.
    func editorDidTab(backwards: Bool) -> Bool
    /// Ctrl+Tab or Ctrl+Shift+Tab (`backwards`): leave even an editor that types tabs; true when focus moved.
    func editorDidMoveFocus(backwards: Bool) -> Bool
    /// Escape with no menu or composition to close; true when handled (editing cancelled).
    func editorDidEscape() -> Bool
    /// A tap or click that did not move, at a point in the editor; true takes it (a link).
    func editorDidTap(at point: Point) -> Bool
    /// A finger held still at a point; true takes it (a link's actions).
    func editorDidLongPress(at point: Point) -> Bool
    /// The edit menu for a range: nil keeps the suggested one.
    func editorEditMenu(for range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]?
    /// The edit menu is about to show.
    func editorWillPresentEditMenu(_ menu: EditMenuView)
    /// The edit menu is about to go.
    func editorWillDismissEditMenu(_ menu: EditMenuView)
    /// Estimated line heights were replaced by laid-out ones: the host sizes its content again.
    func editorLayoutHeightDidChange()
    /// Heights above the first line on screen changed by `shift`: the host keeps that line in place.
    func editorFirstVisibleLineMoved(by shift: Double)
    /// Whether the host draws decorations over the text (detected links); asked once per edit.
    var decoratesText: Bool { get }
    /// The text with its decorations, drawn without changing it (asked while `decoratesText`).
    func editorDecorating(_ document: TextDocument) -> TextDocument
}

extension EditorHost {
    var focusView: View? { nil }
    func editorShouldChangeText(in range: Range<Int>, replacement: String) -> Bool { true }
    func editorDidChangeText() {}
    func editorDidChangeSelection() {}
    func editorDidReturn() -> Bool { false }
    func editorDidTab(backwards: Bool) -> Bool { false }
    func editorDidMoveFocus(backwards: Bool) -> Bool { self.editorDidTab(backwards: backwards) }
    func editorDidEscape() -> Bool { false }
    func editorDidTap(at point: Point) -> Bool { false }
    func editorDidLongPress(at point: Point) -> Bool { false }
    func editorEditMenu(for range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]? { nil }
    func editorWillPresentEditMenu(_ menu: EditMenuView) {}
    func editorWillDismissEditMenu(_ menu: EditMenuView) {}
    func editorLayoutHeightDidChange() {}
    func editorFirstVisibleLineMoved(by shift: Double) {}
    var decoratesText: Bool { false }
    func editorDecorating(_ document: TextDocument) -> TextDocument { document }
}
