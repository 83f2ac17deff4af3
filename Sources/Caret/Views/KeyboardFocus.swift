// SPDX-License-Identifier: Apache-2.0
/// What focus needs of its window, the root of its layers: the first responder, the layers,
/// whether a dialog is up, whether switch access runs, and a frame when the ring may change.
@MainActor
protocol FocusHost: View {
    /// The responder that has focus.
    var firstResponder: Responder? { get }
    /// The app's content.
    var contentLayer: PassthroughView { get }
    /// Dialogs.
    var modalLayer: PassthroughView { get }
    /// The keyboard, menus, popups and the ring.
    var topLayer: PassthroughView { get }
    /// Whether a dialog shows (focus stays inside it).
    var isShowingModal: Bool { get }
    /// Switch access, which shows the ring whatever moved focus.
    var switchControl: SwitchControl? { get }
    /// Asks for a frame.
    func requestFrame()
}

/// Focus by keyboard (docs/behaviour/focus-and-editing.md): the order Tab moves through, where
/// focus goes from a view that cannot keep it, a keyboard-driven start that focuses the first
/// control, and whether focus shows (it was moved by keys or a switch, not by a touch or click,
/// as CSS's `:focus-visible`); the ring itself is `FocusRing`'s.
@preconcurrency @MainActor
public final class KeyboardFocus {
    private weak var host: FocusHost?
    /// Whether a pointer or finger has touched the window since it opened.
    private var pointerHasBeenUsed = false
    /// Whether the last press came from a hardware key rather than a pointer or finger.
    private(set) var lastInputWasKey = false
    /// The ring around the focused view while focus shows.
    let ring: FocusRing

    init(host: FocusHost) {
        self.host = host
        ring = FocusRing(host: host)
    }

    /// The order Tab and Shift-Tab move focus in; nil for reading order of the text fields.
    public var focusOrder: [View]?

    /// Whether the focused view shows its focus ring: focus came by keyboard or switch.
    var isFocusVisible: Bool { lastInputWasKey || host?.switchControl != nil }

    /// The views Tab moves through: `focusOrder` if set, else every visible view whose
    /// `canBecomeFocused` is true (enabled controls — buttons, fields — and text views that can
    /// take focus), in reading order (top to bottom, then left to right). While a modal dialog
    /// shows, only its views; never the keyboard's or a popup's. A text field's side views that
    /// take focus (its `leftView` and `rightView`, such as a password's reveal button) come right
    /// after their field, so that a keyboard alone reaches them (WCAG 2.1.1).
    public func focusableViewsInOrder() -> [View] {
        guard let host else { return [] }
        if let focusOrder { return focusOrder.filter { $0.isDescendant(of: host) && $0.canBecomeFirstResponder } }
        // Each view with where it reads, and its place after a field it belongs to (0: none).
        // A scroll view's content reads as a block where the scroll view is, in the content's own
        // order, however far it is scrolled (content scrolled up under a bar still reads after it).
        var found: [(view: View, place: [Rect], after: Int)] = []
        func visit(_ view: View, in space: View?, outer: [Rect], field: (place: [Rect], rank: Int)? = nil) {
            guard !view.isHidden else { return }
            let place = outer + [view.convert(view.bounds, to: space)]
            if view.canBecomeFocused { found.append((view, field?.place ?? place, field.map { $0.rank } ?? 0)) }
            if let textField = view as? TextField {
                for (rank, side) in [textField.leftView, textField.rightView].enumerated() {
                    if let side, side.superview === textField { visit(side, in: space, outer: outer, field: (place, rank + 1)) }
                }
                return  // the editor and the clear button are the field's own
            }
            let scrolls = view is ScrollView
            for subview in view.subviews {
                visit(subview, in: scrolls ? view : space, outer: scrolls ? place : outer, field: field)
            }
        }
        visit(host.isShowingModal ? host.modalLayer : host.contentLayer, in: nil, outer: [])
        let order = found.enumerated().sorted { a, b in
            for (x, y) in zip(a.element.place, b.element.place) {
                if Self.readsBefore(x, y) { return true }
                if Self.readsBefore(y, x) { return false }
            }
            return (a.element.after, a.element.place.count, a.offset) < (b.element.after, b.element.place.count, b.offset)
        }
        return order.map(\.element.view)
    }

    /// Reading order: top to bottom (tops within a point count as one line), then left to right.
    static func readsBefore(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minY - b.minY) > 1 ? a.minY < b.minY : a.minX < b.minX
    }

    /// The next (or previous) view in focus order after a view, wrapping around; nil if it is alone.
    public func nextFocusableView(after view: View, backwards: Bool) -> View? {
        next(in: focusableViewsInOrder(), after: view, backwards: backwards)
    }

    /// Where Tab (Shift+Tab) from a view takes focus: the next view in order, or, coming into a
    /// table that remembers its last focused row, that row (scrolled into view).
    func focusTarget(after view: View, backwards: Bool) -> View? {
        let order = focusableViewsInOrder()
        guard let next = next(in: order, after: view, backwards: backwards) else { return nil }
        // Entering the table's rows: the first of them in order (the last, backwards), from a view
        // outside the table. A view between rows (one floating over them) leads to the next row.
        guard let table = next.superview as? TableView, next is TableViewCell, !view.isDescendant(of: table) else { return next }
        let rows = order.filter { $0 is TableViewCell && $0.superview === table }
        guard (backwards ? rows.last : rows.first) === next, let remembered = table.rememberedFocusCell() else { return next }
        return remembered
    }

    /// The next text field or text view in focus order (Return on a field with `.next` skips
    /// buttons, as it did before buttons took focus).
    func nextTextEntryView(after view: View) -> View? {
        next(in: focusableViewsInOrder().filter { $0 === view || $0 is TextEditingHost }, after: view, backwards: false)
    }

    private func next(in order: [View], after view: View, backwards: Bool) -> View? {
        guard order.count > 1, let index = order.firstIndex(where: { $0 === view }) else { return nil }
        return order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }

    /// Tab or Shift+Tab from a view: focus goes to the next view in order, as a field's Tab
    /// moves it (the new view is asked first, then the old one). Returns whether focus moved.
    @discardableResult
    func moveFocus(from view: View, backwards: Bool) -> Bool {
        guard let next = focusTarget(after: view, backwards: backwards), next.becomeFirstResponder() else { return false }
        next.scrollToVisibleForFocus()
        return true
    }

    /// Whether a key types text: printable characters, no Command or Control, not Space or Return
    /// (a backend may give only the characters without modifiers, its text coming after the key).
    private static func types(_ key: Key) -> Bool {
        guard !key.modifierFlags.contains(.command), !key.modifierFlags.contains(.control) else { return false }
        let characters = key.characters.isEmpty ? key.charactersIgnoringModifiers : key.characters
        return characters.unicodeScalars.contains { !CharacterSet.whitespacesAndNewlines.union(.controlCharacters).contains($0) }
    }

    /// Focus with nothing focused: the first field or text view in order that takes it.
    private func focusFirstTextEntryView() -> Bool {
        for candidate in focusableViewsInOrder() where candidate is TextEditingHost && candidate.becomeFirstResponder() {
            candidate.scrollToVisibleForFocus()
            return true
        }
        return false
    }

    /// Focus with nothing focused: the first view in order (the last, backwards) that takes it.
    @discardableResult
    func focusFirstView(backwards: Bool) -> Bool {
        let order = focusableViewsInOrder()
        for candidate in backwards ? order.reversed() : order where candidate.becomeFirstResponder() {
            candidate.scrollToVisibleForFocus()
            return true
        }
        return false
    }

    /// Notes where input comes from, and gives focus on a keyboard-driven start: with nothing
    /// focused, Tab focuses the first view in focus order (Shift+Tab the last), and while no
    /// pointer has been used a key that types focuses the first field or text view (a button
    /// before it, such as a title bar's, loses no letter) and any other key the first view,
    /// which it then reaches (Return or Space activates a first button). Returns whether the
    /// event is used up.
    func takes(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown, .touch(_, .began, _):
            pointerHasBeenUsed = true
            if lastInputWasKey { host?.requestFrame() }
            lastInputWasKey = false
            return false
        case let .key(key, true, _):
            if !lastInputWasKey { host?.requestFrame() }
            lastInputWasKey = true
            guard host?.firstResponder == nil, !Self.isModifierOrEscape(key.keyCode) else { return false }
            if key.keyCode == .keyboardTab {
                focusFirstView(backwards: key.modifierFlags.contains(.shift))
                return true
            }
            if !pointerHasBeenUsed, !(Self.types(key) && focusFirstTextEntryView()) { focusFirstView(backwards: false) }
            return false
        default:
            return false
        }
    }

    /// A focused view became disabled: focus goes on to the next view in focus order while focus
    /// is shown (it came by keyboard or switch, so the person is moving through the controls),
    /// and nowhere after a tap or click (a keyboard that came for a field goes with it).
    func focusedViewCannotKeepFocus(_ view: View) {
        guard host?.firstResponder === view else { return }
        if isFocusVisible, let next = successor(of: view), next.becomeFirstResponder() {
            next.scrollToVisibleForFocus()
        } else if host?.firstResponder === view {
            _ = view.resignFirstResponder()
        }
    }

    /// A view was hidden: if focus was on it or inside it, that focus goes as for a disabled view.
    func hiddenViewMayHoldFocus(_ view: View) {
        guard let focused = host?.firstResponder as? View, focused.isDescendant(of: view) else { return }
        focusedViewCannotKeepFocus(focused)
    }

    /// Where focus goes from a view that can no longer have it (disabled or hidden): the next
    /// view in focus order after the place the view held, wrapping around; nil when none is left.
    private func successor(of view: View) -> View? {
        let order = focusableViewsInOrder().filter { $0 !== view }
        if let focusOrder, let index = focusOrder.firstIndex(where: { $0 === view }) {
            let after = focusOrder[(index + 1)...] + focusOrder[..<index]
            return after.first { candidate in order.contains { $0 === candidate } }
        }
        let frame = view.convert(view.bounds, to: nil)
        return order.first { Self.readsBefore(frame, $0.convert($0.bounds, to: nil)) } ?? order.first
    }

    private static func isModifierOrEscape(_ code: KeyboardHIDUsage) -> Bool {
        code == .keyboardEscape || (0xE0...0xE7).contains(code.rawValue)
    }
}

extension View {
    /// Scrolls the nearest scroll view until a view that took focus by keyboard shows (a field's
    /// editor keeps its own caret in view; this brings a button below the fold up).
    func scrollToVisibleForFocus() {
        var ancestor = superview
        while let view = ancestor {
            if let scroll = view as? ScrollView {
                let before = scroll.contentOffset
                scroll.scrollRectToVisible(convert(bounds, to: scroll), animated: false)
                // This scroll knows nothing of the keyboard: the avoidance pass, which placed the
                // view as the keyboard came for it, has the last word (docs/behaviour/avoidance.md).
                if scroll.contentOffset != before { window?.keyboardAvoidance.focusedViewWasScrolled(self) }
                return
            }
            ancestor = view.superview
        }
    }
}
