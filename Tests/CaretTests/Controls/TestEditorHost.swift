// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) @testable import Caret

/// An editor host for tests of the bare editor: each answer comes from a closure the test sets.
/// `attach(to:)` keeps it alive for the rest of the run (the editor holds its host weakly).
@MainActor
final class TestEditorHost: EditorHost {
    var shouldChange: ((Range<Int>, String) -> Bool)?
    var onTextChange: (() -> Void)?
    var onSelectionChange: (() -> Void)?
    var onReturn: (() -> Void)?
    var onTab: ((Bool) -> Bool)?
    var editMenuProvider: ((Range<Int>, [EditMenuAction]) -> [EditMenuAction]?)?
    var onWillPresentEditMenu: ((EditMenuView) -> Void)?
    var onWillDismissEditMenu: ((EditMenuView) -> Void)?

    private static var attached: [TestEditorHost] = []

    /// A host for an editor, attached to it.
    static func attach(to editor: TextEditingView) -> TestEditorHost {
        let host = TestEditorHost()
        attached.append(host)
        editor.host = host
        return host
    }

    func editorShouldChangeText(in range: Range<Int>, replacement: String) -> Bool {
        shouldChange?(range, replacement) ?? true
    }
    func editorDidChangeText() { onTextChange?() }
    func editorDidChangeSelection() { onSelectionChange?() }
    func editorDidReturn() -> Bool {
        guard let onReturn else { return false }
        onReturn()
        return true
    }
    func editorDidTab(backwards: Bool) -> Bool { onTab?(backwards) ?? false }
    func editorEditMenu(for range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]? {
        editMenuProvider?(range, suggestedActions)
    }
    func editorWillPresentEditMenu(_ menu: EditMenuView) { onWillPresentEditMenu?(menu) }
    func editorWillDismissEditMenu(_ menu: EditMenuView) { onWillDismissEditMenu?(menu) }
}
