/// The edit menu's glue (docs/behaviour/changing-text.md): which commands the state suggests, where the menu goes, and
/// what happens as it comes and goes. The menu itself is `EditMenuView`.
extension TextEditingView {
    /// The commands docs/behaviour/changing-text.md suggests for the current state.
    public func suggestedEditActions() -> [EditMenuAction] {
        var actions: [EditMenuAction] = []
        let hasClipboardText = clipboard?.hasStrings ?? false
        if model.selection.isEmpty {
            if hasText {
                actions.append(
                    EditMenuAction(identifier: .select, title: "Select") { [weak self] in
                        guard let self else { return }
                        self.select(granularity: .word, at: self.model.selection.head)
                        self.showsSelectionHandles = true
                        self.showEditMenu()
                    })
                actions.append(
                    EditMenuAction(identifier: .selectAll, title: "Select All") { [weak self] in
                        self?.selectAll()
                        self?.showEditMenu()
                    })
            }
            if hasClipboardText && isEditable {
                actions.append(EditMenuAction(identifier: .paste, title: "Paste") { [weak self] in self?.paste() })
            }
        } else {
            actions += spellingEditActions()
            if !isSecure && isEditable {
                actions.append(EditMenuAction(identifier: .cut, title: "Cut") { [weak self] in self?.cut() })
            }
            if !isSecure { actions.append(EditMenuAction(identifier: .copy, title: "Copy") { [weak self] in self?.copy() }) }
            if hasClipboardText && isEditable {
                actions.append(EditMenuAction(identifier: .paste, title: "Paste") { [weak self] in self?.paste() })
            }
            if isEditable {
                actions.append(
                    EditMenuAction(identifier: .delete, title: "Delete") { [weak self] in
                        self?.perform(.delete(.backward, .character))
                    })
            }
            actions.append(
                EditMenuAction(identifier: .selectAll, title: "Select All") { [weak self] in
                    self?.selectAll()
                    self?.showEditMenu()
                })
        }
        return actions
    }

    /// Shows the edit menu above the selection (or the caret).
    public func showEditMenu() {
        dismissEditMenu()
        // Only for the first responder, which its commands act on (soak seed 261310115: a tap
        // that ended after another finger had focused another field showed this one's menu,
        // and its Paste pasted into a field that was not being edited).
        guard let window, hasFocus else { return }
        let suggested = suggestedEditActions()
        let actions = host?.editor(self, editMenuFor: model.selection.range, suggestedActions: suggested) ?? suggested
        guard !actions.isEmpty else { return }
        let area = window.bounds.inset(by: window.windowSafeAreaInsets)
        let target = editMenuTarget(in: window)
        guard !target.isNull, target.intersects(area) else { return }  // nothing of it on screen to point at
        let menu = EditMenuView(actions: actions, maximumWidth: area.width - 8, fontProvider: fontProvider)
        menu.place(above: target, in: area)
        menu.onAction = { [weak self] action in
            self?.dismissEditMenu()
            action.handler()
        }
        host?.editor(self, willPresentEditMenu: menu)
        editMenu = menu
        // The menu follows the selection when the view moves under it: a resize, a scroll,
        // keyboard avoidance (soak seed 261450151: left where the field had been before the
        // window shrank, it covered the keyboard's Delete key and took its touch). It goes when
        // what it points at leaves the screen, or the window grows too narrow for it.
        let follow = { [weak self, weak menu] in
            guard let self, let menu, self.editMenu === menu, let window = self.window else { return }
            let area = window.bounds.inset(by: window.windowSafeAreaInsets)
            let target = self.editMenuTarget(in: window)
            guard !target.isNull, target.intersects(area), menu.frame.width <= area.width - 8 else {
                self.dismissEditMenu()
                return
            }
            menu.place(above: target, in: area)
        }
        window.presentPopup(menu, following: follow) { [weak self, weak menu] in
            guard let self, let menu, self.editMenu === menu else { return }
            self.host?.editor(self, willDismissEditMenu: menu)
            self.editMenu = nil
        }
    }

    /// What the edit menu points at, in window coordinates: the caret, or the selection's lines
    /// in the window (a selected megabyte is not measured whole); null when none is in it.
    private func editMenuTarget(in window: Window) -> Rect {
        let origin = textOrigin
        let windowSpan = convert(window.bounds, from: nil)
        let rects =
            model.selection.isEmpty
            ? [caretRect]
            : layout.selectionRects(
                for: model.selection.range, in: (windowSpan.minY - origin.y)...(windowSpan.maxY - origin.y)
            ).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
        return convert(rects.reduce(Rect.null) { $0.union($1) }, to: nil)
    }

    /// Closes the edit menu.
    public func dismissEditMenu() {
        guard let menu = editMenu else { return }
        host?.editor(self, willDismissEditMenu: menu)
        editMenu = nil
        window?.removePopup(menu)
        menu.removeFromSuperview()
    }
}
