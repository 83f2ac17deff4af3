// SPDX-License-Identifier: Apache-2.0

/// What touches, clicks and the edit menu read of their editor and ask of it (`TextEditingView`
/// conforms). The editor is a view: touches are located in it, the edit menu and the loupe are
/// placed over it, and a tap makes it first responder.
@MainActor
protocol TextInteractionHost: View {
    /// The text, its selection and affinity.
    var model: TextEditingModel { get set }
    /// The laid-out text, and where its origin is in the editor.
    var layout: TextLayout { get }
    var textOrigin: Point { get }
    var caretRect: Rect { get }
    var hasFocus: Bool { get }
    var hasText: Bool { get }
    var isEditable: Bool { get }
    var isSecure: Bool { get }
    var isSingleLine: Bool { get }
    /// The control that may take a tap or a held finger (a link) and shape the edit menu.
    var host: EditorHost? { get }
    /// A click in the text commits an open composition first.
    var composition: CompositionTracking { get }
    /// A tap on a misspelt word selects it; its menu offers guesses.
    var spelling: SpellingState { get }
    /// Handles damage the display; the loupe hides a revealed character.
    var display: TextDisplay { get }
    /// The offset nearest a point in the editor.
    func offset(at point: Point) -> Int
    func setSelection(_ selection: TextSelection)
    /// The edit menu's commands.
    func selectAll()
    func copy()
    func cut()
    func paste()
    @discardableResult func perform(_ edit: TextEditingModel.Edit) -> Bool
}

/// Touches and clicks on an editor's text and its edit menu (UIKit's `UITextInteraction`): a tap
/// places the caret (a finger at a word's edge, a mouse between characters), a double tap or
/// click selects a word, a triple tap or click a paragraph, Shift+click extends, a mouse drag
/// extends by what the click selected, a held finger selects a word and shows the edit menu, a
/// finger drags a selection handle or the caret under the loupe; on unfocused multi-line text a
/// finger focuses only when it lifts without having scrolled. The gesture's state is one value
/// (`SelectionGesture`). The editor owns one.
@_spi(Testing) @MainActor
public final class TextInteraction {
    /// The editor touched (it owns this interaction).
    unowned let editor: any TextInteractionHost
    /// The edit menu, while it shows.
    public internal(set) var editMenu: EditMenuView?
    /// Whether selection handles show (after a touch selected text).
    public internal(set) var showsSelectionHandles = false {
        didSet {
            // Handles reach outside the selection's lines: redraw that area as they come and go.
            if showsSelectionHandles != oldValue, editor.window != nil { editor.display.handlesDidChange() }
        }
    }
    /// The held finger's timer, if one is held.
    var longPressTimer: Animator.Token?
    /// The loupe, while a finger places the caret or drags a handle.
    var loupe: TextLoupeSession?
    /// The touch or mouse gesture under way.
    var gesture = SelectionGesture()
    /// The last point hit-tested: its offset and which side of a direction boundary it touched.
    var lastHit: (offset: Int, upstream: Bool)?

    init(editor: any TextInteractionHost) { self.editor = editor }

    /// A touch or click began on selectable text.
    func touchBegan(_ touch: Touch) {
        // A click or tap in the text during a composition commits it where it is and resets the
        // input method, so its next commit cannot land at the old place.
        if editor.hasFocus { editor.composition.commit(resettingInputMethod: true) }
        let wasFocused = editor.hasFocus
        if !wasFocused && touch.type == .direct && !editor.isSingleLine {
            // A finger on unfocused multi-line text may be starting a scroll: focus when it lifts
            // without having moved, as UIKit's text views do.
            gesture.pendingFocusTap = true
            gesture.moved = false
            gesture.longPressFired = false
            if editor.host != nil, let animator = editor.window?.animator {
                let point = touch.location(in: editor)
                cancelLongPress()  // one held finger at a time: an earlier finger's hold is forgotten
                longPressTimer = animator.schedule(after: 0.5) { [weak self] in
                    guard let self, !self.gesture.moved, self.editor.host?.editorDidLongPress(at: point) == true else { return }
                    self.gesture.longPressFired = true
                    self.gesture.pendingFocusTap = false
                }
            }
            return
        }
        if !wasFocused && !editor.becomeFirstResponder() { return }
        let point = touch.location(in: editor)
        let offset = editor.offset(at: point)
        gesture.begin(inSelection: wasFocused && !editor.model.selection.isEmpty && editor.model.selection.range.contains(offset))
        if touch.type == .direct, showsSelectionHandles, let handle = handle(near: point) {
            gesture.draggingHandle = handle
            showLoupe(at: point, over: handle == .backward ? editor.model.selection.range.lowerBound : editor.model.selection.range.upperBound)
            return
        }
        if touch.button == .secondary {
            if editor.spelling.selectMisspelledWord(at: offset) {
                showEditMenu()
                return
            }
            if !editor.model.selection.range.contains(offset) || editor.model.selection.isEmpty { editor.setSelection(TextSelection(caret: offset)) }
            showEditMenu()
            return
        }
        dismissEditMenu()
        if touch.type == .indirectPointer {
            switch touch.tapCount {
            case 2: select(granularity: editor.isSecure ? .paragraph : .word, at: offset)  // a secret is selected whole
            case 3...: select(granularity: .paragraph, at: offset)
            default:
                if touch.modifierFlags.contains(.shift) {
                    editor.setSelection(TextSelection(anchor: editor.model.selection.anchor, head: offset))
                    gesture.anchorRange = editor.model.selection.anchor..<editor.model.selection.anchor
                } else {
                    select(granularity: .character, at: offset)
                }
            }
        } else {
            if touch.tapCount >= 2 {
                // A double tap selects the word, a triple tap the paragraph, with handles; the
                // edit menu follows when the finger lifts. A secret is selected whole (as UIKit
                // does): selecting a word of it would show where its spaces are.
                select(granularity: editor.isSecure ? .paragraph : (touch.tapCount == 2 ? .word : .paragraph), at: offset)
                showsSelectionHandles = true
            } else if !gesture.beganInSelection {
                let placed = tapPlacement(at: point)
                // A tap on the caret itself leaves it there and shows the edit menu on lifting.
                gesture.tappedCaret = wasFocused && editor.model.selection.isEmpty && (placed == editor.model.selection.head || isOnCaret(point))
                if !gesture.tappedCaret { select(granularity: .character, at: placed) }
            }
            // A finger held still selects the word under it and shows the menu. A second finger's
            // hold replaces the first's, whose timer would otherwise outlive its touch (soak seed
            // 261124711: a finger's hold fired after it had moved to the keyboard's delete key, and
            // the held delete removed the word it selected instead of the text before the caret).
            if let animator = editor.window?.animator {
                cancelLongPress()
                longPressTimer = animator.schedule(after: 0.5) { [weak self] in
                    guard let self, !self.gesture.moved else { return }
                    self.gesture.longPressFired = true
                    if self.editor.host?.editorDidLongPress(at: point) == true { return }  // the owner took it (a link)
                    self.select(granularity: .word, at: offset)
                    self.showsSelectionHandles = true
                    self.showEditMenu()
                }
            }
        }
    }

    /// Selects by a granularity around an offset; drags then extend by it.
    func select(granularity: TextGranularity, at offset: Int) {
        editor.setSelection(gesture.select(granularity, at: offset, in: editor.model.document, segmenter: editor.model.segmenter))
        // A caret placed by a touch sits on the side of a direction boundary that was touched.
        if granularity == .character, let hit = lastHit, hit.offset == offset, editor.model.selection.isEmpty {
            editor.model.selectionAffinity = hit.upstream ? .backward : .forward
            editor.setNeedsDisplay()
        }
    }

    private func handle(near point: Point) -> TextDirection? {
        let range = editor.model.selection.range
        let origin = editor.textOrigin
        for (offset, direction) in [(range.lowerBound, TextDirection.backward), (range.upperBound, .forward)] {
            let c = editor.layout.caretRect(at: offset).offsetBy(dx: origin.x, dy: origin.y)
            if Point(x: c.midX, y: c.midY).distance(to: point) < 24 { return direction }
        }
        return nil
    }

    /// A touch or drag moved.
    func touchMoved(_ touch: Touch) {
        if touch.location(in: nil).distance(to: touch.startLocationInWindow) > 8 { gesture.moved = true }
        if gesture.pendingFocusTap { return }
        let point = touch.location(in: editor)
        let offset = editor.offset(at: point)
        if let handle = gesture.draggingHandle {
            if let selection = gesture.handleDragSelection(to: offset, selection: editor.model.selection.range) { editor.setSelection(selection) }
            showLoupe(at: point, over: handle == .backward ? editor.model.selection.range.lowerBound : editor.model.selection.range.upperBound)
            return
        }
        // A finger that held still (long press) or landed on the caret, then moves: the caret
        // follows it to the character, under the loupe.
        if touch.type == .direct, gesture.moved, gesture.longPressFired || gesture.tappedCaret, editor.hasFocus {
            if !gesture.placingCaret {
                gesture.placingCaret = true
                dismissEditMenu()
                showsSelectionHandles = false
            }
            select(granularity: .character, at: offset)
            showLoupe(at: point, over: offset)
            return
        }
        guard touch.type == .indirectPointer, touch.button != .secondary else { return }
        editor.setSelection(gesture.extend(to: offset, in: editor.model.document, segmenter: editor.model.segmenter))
    }

    /// A touch or click ended.
    func touchEnded(_ touch: Touch) {
        cancelLongPress()
        endLoupe()
        if gesture.placingCaret {
            gesture.placingCaret = false
            if gesture.longPressFired { showEditMenu() }  // a long press ends with the menu, wherever it went
            return
        }
        let still = !gesture.moved && !gesture.longPressFired
        if still, gesture.draggingHandle == nil, touch.button != .secondary, editor.host?.editorDidTap(at: touch.location(in: editor)) == true {
            gesture.pendingFocusTap = false  // the owner took the tap (a link)
            return
        }
        if gesture.pendingFocusTap {
            gesture.pendingFocusTap = false
            if !gesture.moved && editor.becomeFirstResponder() { select(granularity: .character, at: tapPlacement(at: touch.location(in: editor))) }
            return
        }
        if gesture.draggingHandle != nil {
            gesture.draggingHandle = nil
            showEditMenu()
            return
        }
        if touch.type == .direct && still && (gesture.beganInSelection || gesture.tappedCaret || touch.tapCount >= 2) {
            showEditMenu()  // a tap on the selection or the caret; a double or triple tap's selection
        } else if touch.type == .direct && still && touch.tapCount == 1 {
            showsSelectionHandles = false
            // A tap on an underlined word selects it and offers its guesses.
            if editor.spelling.selectMisspelledWord(at: editor.offset(at: touch.location(in: editor))) { showEditMenu() }
        }
    }

    /// A touch was taken away: no pending focus, hold, handle drag or loupe is left.
    func touchCancelled() {
        gesture.pendingFocusTap = false
        cancelLongPress()
        gesture.draggingHandle = nil
        endLoupe()
    }

    /// Stops the long-press timer.
    func cancelLongPress() {
        if let token = longPressTimer { editor.window?.animator.cancel(token) }
        longPressTimer = nil
    }

    /// Shows (or moves) the loupe over the finger, level with the line of `offset`. Secure text
    /// shows only bullets under it: the last typed character's reveal ends first.
    func showLoupe(at point: Point, over offset: Int) {
        if editor.isSecure { editor.display.reveal(nil) }
        let origin = editor.textOrigin
        let caret = editor.layout.caretRect(at: offset).offsetBy(dx: origin.x, dy: origin.y)
        if let loupe {
            loupe.move(to: point, withCaretRect: caret, trackingCaret: true)
        } else {
            loupe = TextLoupeSession.begin(at: point, in: editor)
            loupe?.move(to: point, withCaretRect: caret, trackingCaret: true)
        }
    }

    /// Hides the loupe, if one shows.
    func endLoupe() {
        loupe?.invalidate()
        loupe = nil
    }

    /// Focus went, or the view left its window: no menu, no loupe left behind.
    func dismissEditMenuAndLoupe() {
        dismissEditMenu()
        endLoupe()
    }

    /// Whether a finger at a point covers the caret (a finger's width across, its line's height).
    private func isOnCaret(_ point: Point) -> Bool {
        let origin = editor.textOrigin
        let caret = editor.layout.caretRect(at: editor.model.selection.head).offsetBy(dx: origin.x, dy: origin.y)
        return abs(point.x - caret.midX) <= 16 && point.y >= caret.minY - 8 && point.y <= caret.maxY + 8
    }

    // MARK: Where a finger puts the caret

    // Where a finger puts the caret (docs/behaviour): the finger hides the text it lands on, so a tap
    // goes to an edge of the tapped word (UAX #29, as the segmenter finds words: ICU's dictionaries
    // for Thai and CJK), its end unless the tap is on the word's first character; a tap in white
    // space, on punctuation or past the end goes to the nearest character boundary. A mouse keeps
    // character precision.

    /// The caret offset a tap at a point (this view's coordinates) gives.
    func tapPlacement(at point: Point) -> Int {
        let nearest = editor.offset(at: point)
        let document = editor.model.document
        guard let tapped = tappedCharacter(at: point, nearest: nearest) else { return nearest }
        let (p, local) = document.paragraphPosition(of: tapped.lowerBound)
        let base = tapped.lowerBound - local
        let segments = document.wordSegments(p, around: local, segmenter: editor.model.segmenter)
        guard let word = segments.first(where: { $0.range.contains(local) }), word.isWord else { return nearest }
        let placed = base + (word.range.lowerBound == local ? word.range.lowerBound : word.range.upperBound)
        // The caret sits with the tapped word (the end of a word that ends a wrapped line stays on it).
        lastHit = (placed, placed != base + word.range.lowerBound)
        return placed
    }

    /// The grapheme under the point: the one after the nearest boundary or the one before it,
    /// whichever's span on the tapped line holds the point's x (in either direction); nil in
    /// the margin beside a line, past its end, or between lines.
    private func tappedCharacter(at point: Point, nearest: Int) -> Range<Int>? {
        let document = editor.model.document
        let count = document.utf16Count
        guard count > 0 else { return nil }
        let origin = editor.textOrigin
        let x = point.x - origin.x, y = point.y - origin.y
        let after = nearest < count ? nearest..<document.graphemeBoundary(after: nearest) : nil
        let before = nearest > 0 ? document.graphemeBoundary(before: nearest)..<nearest : nil
        for range in [after, before].compactMap({ $0 }) where !range.isEmpty {
            let start = editor.layout.caretRect(at: range.lowerBound, upstream: false)
            guard y >= start.minY, y < start.maxY else { continue }  // the grapheme is on another line
            let end = editor.layout.caretRect(at: range.upperBound, upstream: true)
            let lo = min(start.minX, end.minX), hi = max(start.minX, end.minX)
            if hi > lo, x >= lo, x <= hi { return range }
        }
        return nil
    }

    // MARK: The edit menu

    // The edit menu's glue (docs/behaviour/changing-text.md): which commands the state suggests,
    // where the menu goes, and what happens as it comes and goes. The menu itself is `EditMenuView`.

    /// The commands docs/behaviour/changing-text.md suggests for the current state.
    public func suggestedEditActions() -> [EditMenuAction] {
        var actions: [EditMenuAction] = []
        let words = Localization.language(for: editor)
        let hasClipboardText = editor.window?.backend.clipboard.hasStrings ?? false
        if editor.model.selection.isEmpty {
            if editor.hasText {
                actions.append(
                    EditMenuAction(identifier: .select, title: EditWord.select.text(words)) { [weak self] in
                        guard let self else { return }
                        self.select(granularity: .word, at: self.editor.model.selection.head)
                        self.showsSelectionHandles = true
                        self.showEditMenu()
                    })
                actions.append(
                    EditMenuAction(identifier: .selectAll, title: EditWord.selectAll.text(words)) { [weak self] in
                        self?.editor.selectAll()
                        self?.showEditMenu()
                    })
            }
            if hasClipboardText && editor.isEditable {
                actions.append(EditMenuAction(identifier: .paste, title: EditWord.paste.text(words)) { [weak self] in self?.editor.paste() })
            }
        } else {
            actions += editor.spelling.editActions()
            if !editor.isSecure && editor.isEditable {
                actions.append(EditMenuAction(identifier: .cut, title: EditWord.cut.text(words)) { [weak self] in self?.editor.cut() })
            }
            if !editor.isSecure {
                actions.append(EditMenuAction(identifier: .copy, title: EditWord.copy.text(words)) { [weak self] in self?.editor.copy() })
            }
            if hasClipboardText && editor.isEditable {
                actions.append(EditMenuAction(identifier: .paste, title: EditWord.paste.text(words)) { [weak self] in self?.editor.paste() })
            }
            if editor.isEditable {
                actions.append(
                    EditMenuAction(identifier: .delete, title: EditWord.delete.text(words)) { [weak self] in
                        self?.editor.perform(.delete(.backward, .character))
                    })
            }
            actions.append(
                EditMenuAction(identifier: .selectAll, title: EditWord.selectAll.text(words)) { [weak self] in
                    self?.editor.selectAll()
                    self?.showEditMenu()
                })
        }
        return actions
    }

    /// Where the edit menu may go: the window's safe area above the on-screen keyboard, whose
    /// keys it must never cover (soak seed 274000028: below a field near the top of a short
    /// window, its Paste lay over Delete and took its touch).
    private func editMenuArea(in window: Window) -> Rect {
        var area = window.bounds.inset(by: window.windowSafeAreaInsets)
        let keyboard = window.keyboard
        if keyboard.isVisible, keyboard.frame.minY < area.maxY, keyboard.frame.minY > area.minY {
            area.size.height = keyboard.frame.minY - area.minY
        }
        return area
    }

    /// Shows the edit menu above the selection (or the caret).
    public func showEditMenu() {
        dismissEditMenu()
        // Only for the first responder, which its commands act on (soak seed 261310115: a tap
        // that ended after another finger had focused another field showed this one's menu,
        // and its Paste pasted into a field that was not being edited).
        guard let window = editor.window, editor.hasFocus else { return }
        let suggested = suggestedEditActions()
        let actions = editor.host?.editorEditMenu(for: editor.model.selection.range, suggestedActions: suggested) ?? suggested
        guard !actions.isEmpty else { return }
        let area = editMenuArea(in: window)
        let target = editMenuTarget(in: window)
        guard !target.isNull, target.intersects(area) else { return }  // nothing of it on screen to point at
        let menu = EditMenuView(actions: actions, maximumWidth: area.width - 8, fontProvider: editor.fontProvider)
        menu.language = Localization.language(for: editor)
        menu.place(above: target, in: area)
        menu.onAction = { [weak self] action in
            self?.dismissEditMenu()
            action.handler()
        }
        editor.host?.editorWillPresentEditMenu(menu)
        editMenu = menu
        // The menu follows the selection when the view moves under it: a resize, a scroll,
        // keyboard avoidance (soak seed 261450151: left where the field had been before the
        // window shrank, it covered the keyboard's Delete key and took its touch). It goes when
        // what it points at leaves the screen, or the window grows too narrow for it.
        let follow = { [weak self, weak menu] in
            guard let self, let menu, self.editMenu === menu, let window = self.editor.window else { return }
            let area = self.editMenuArea(in: window)
            let target = self.editMenuTarget(in: window)
            guard !target.isNull, target.intersects(area), menu.frame.width <= area.width - 8 else {
                self.dismissEditMenu()
                return
            }
            menu.place(above: target, in: area)
        }
        window.overlays.presentPopup(menu, following: follow) { [weak self, weak menu] in
            guard let self, let menu, self.editMenu === menu else { return }
            self.editor.host?.editorWillDismissEditMenu(menu)
            self.editMenu = nil
        }
    }

    /// What the edit menu points at, in window coordinates: the caret, or the selection's lines
    /// in the window (a selected megabyte is not measured whole); null when none is in it.
    private func editMenuTarget(in window: Window) -> Rect {
        let origin = editor.textOrigin
        let windowSpan = editor.convert(window.bounds, from: nil)
        let rects =
            editor.model.selection.isEmpty
            ? [editor.caretRect]
            : editor.layout.selectionRects(
                for: editor.model.selection.range, in: (windowSpan.minY - origin.y)...(windowSpan.maxY - origin.y)
            ).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
        return editor.convert(rects.reduce(Rect.null) { $0.union($1) }, to: nil)
    }

    /// Closes the edit menu.
    public func dismissEditMenu() {
        guard let menu = editMenu else { return }
        editor.host?.editorWillDismissEditMenu(menu)
        editMenu = nil
        editor.window?.overlays.removePopup(menu)
        menu.removeFromSuperview()
    }
}
