// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Undo and redo as UIKit apps reach them (Foundation's `UndoManager`, which Linux's Foundation
/// does not have), through `Responder.undoManager`: each window has one, shared by every responder
/// in it. The focused text field's or text view's own edits come first, as in UIKit where a field
/// registers its typing with its window's manager: `undoManager?.undo()` undoes the last edit in
/// the focused field. What the app registers (`registerUndo(withTarget:handler:)`) is undone when
/// no focused text has an edit to undo. Each registration outside `beginUndoGrouping()` and
/// `endUndoGrouping()` is one step (Foundation's grouping by run-loop event is not kept).
@preconcurrency @MainActor
open class UndoManager {
    /// One undo or redo step: the app's actions, last registered first.
    private struct Group {
        var actions: [() -> Void] = []
        var name = ""
    }
    private var undoGroups: [Group] = []
    private var redoGroups: [Group] = []
    private var openGroup: Group?
    private var groupingLevel = 0
    /// The window whose focused text it undoes first.
    weak var window: Window?

    /// Creates an undo manager with nothing to undo.
    public init() {}

    /// Whether it is undoing now (what is registered meanwhile becomes a redo step).
    public private(set) var isUndoing = false
    /// Whether it is redoing now.
    public private(set) var isRedoing = false

    private var focusedEditor: TextEditingView? {
        guard let editor = window?.focusedEditor, editor.isEditable else { return nil }
        return editor
    }

    /// Whether there is something to undo: an edit in the focused text, or a step the app registered.
    open var canUndo: Bool { focusedEditor?.model.canUndo == true || !undoGroups.isEmpty }
    /// Whether there is something to redo.
    open var canRedo: Bool { focusedEditor?.model.canRedo == true || !redoGroups.isEmpty }

    /// Undoes the last edit in the focused text, or else the app's last step.
    open func undo() { step(back: true) }

    /// Redoes the last undone edit in the focused text, or else the app's last undone step.
    open func redo() { step(back: false) }

    /// One step back (undo) or forward (redo): the focused text's first, else the app's.
    private func step(back: Bool) {
        if let editor = focusedEditor, back ? editor.model.canUndo : editor.model.canRedo {
            if back { editor.undo() } else { editor.redo() }
            return
        }
        guard let group = back ? undoGroups.popLast() : redoGroups.popLast() else { return }
        if back { isUndoing = true } else { isRedoing = true }
        run(group, into: back ? \.redoGroups : \.undoGroups)
        isUndoing = false
        isRedoing = false
    }

    /// Runs a step's actions, last first; what they register is the opposite step.
    private func run(_ group: Group, into stack: ReferenceWritableKeyPath<UndoManager, [Group]>) {
        openGroup = Group(name: group.name)
        groupingLevel += 1
        for action in group.actions.reversed() { action() }
        groupingLevel -= 1
        if let made = openGroup, !made.actions.isEmpty { self[keyPath: stack].append(made) }
        openGroup = nil
    }

    /// Registers what undoes a change: `handler` is called with `target` (held weakly) when the
    /// step is undone. While undoing, it is a redo step; otherwise it clears the redo steps.
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void) {
        let action: () -> Void = { [weak target] in if let target { handler(target) } }
        if openGroup != nil {
            openGroup!.actions.append(action)
            return
        }
        if !isRedoing { redoGroups.removeAll() }
        undoGroups.append(Group(actions: [action]))
    }

    /// Starts a step that holds every registration until `endUndoGrouping()`.
    open func beginUndoGrouping() {
        if groupingLevel == 0 { openGroup = Group() }
        groupingLevel += 1
    }

    /// Ends the step `beginUndoGrouping()` started.
    open func endUndoGrouping() {
        guard groupingLevel > 0 else { return }
        groupingLevel -= 1
        guard groupingLevel == 0, let group = openGroup else { return }
        openGroup = nil
        if !group.actions.isEmpty {
            redoGroups.removeAll()
            undoGroups.append(group)
        }
    }

    /// Names the step being registered (the last one when none is open), for an Undo menu item.
    open func setActionName(_ actionName: String) {
        if openGroup != nil {
            openGroup!.name = actionName
        } else if !undoGroups.isEmpty {
            undoGroups[undoGroups.count - 1].name = actionName
        }
    }

    /// The name of the app's step `undo()` would undo ("" when none is named).
    open var undoActionName: String { undoGroups.last?.name ?? "" }
    /// The name of the app's step `redo()` would redo.
    open var redoActionName: String { redoGroups.last?.name ?? "" }

    /// Forgets every step the app registered (the focused text keeps its own).
    open func removeAllActions() {
        undoGroups.removeAll()
        redoGroups.removeAll()
    }
}
