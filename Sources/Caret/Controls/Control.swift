// SPDX-License-Identifier: Apache-2.0
/// A view that turns touches into actions, with enabled, highlighted and selected states
/// (UIKit's `UIControl`).
@preconcurrency @MainActor
open class Control: View {
    /// The state of a control (UIKit's `UIControl.State`).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// Creates a state from a raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Enabled, not pressed, not selected.
        public static let normal: State = []
        /// Being pressed.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not accepting touches.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected (toggled on).
        public static let selected = State(rawValue: 1 << 2)
        /// Has keyboard focus.
        public static let focused = State(rawValue: 1 << 3)
    }

    /// What happened to a control (UIKit's `UIControl.Event`).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// Creates an event set from a raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A touch went down inside.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch went down again quickly (double tap).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A touch dragged inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A touch dragged outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A touch dragged from outside the control into it.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A touch dragged from inside the control out of it.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system took the touch away.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action happened (a button tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Editing began in a text field.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text of a text field changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text field.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with Return.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How far outside its bounds a touch may wander and still count as inside (UIKit uses about 70).
    public var touchSlop: Double = 44

    /// Whether the control accepts touches; a disabled control draws dimmed.
    public var isEnabled = true {
        didSet {
            if !isEnabled { isHighlighted = false }
            stateDidChange()
            if isEnabled != oldValue { accessibilityStateDidChange() }
            if !isEnabled, isFirstResponder { window?.focus.focusedViewCannotKeepFocus(self) }  // KeyboardFocus.swift
        }
    }
    /// Whether a touch is pressing the control.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// Whether the control is toggled on.
    public var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange(); accessibilityStateDidChange() } }
    }

    /// The combined state.
    public var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        if isFirstResponder { s.insert(.focused) }
        return s
    }

    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (with slop).
    public private(set) var isTouchInside = false

    private var actions: [(Event, Action)] = []

    /// Called after any state change; redraws by default.
    open func stateDidChange() { setNeedsDisplay() }

    /// Runs an action whenever any of the events happen; it replaces an action of the same identifier.
    public func addAction(_ action: Action, for events: Event) {
        actions.removeAll { $0.1.identifier == action.identifier }
        actions.append((events, action))
    }

    /// Stops running the action of an identifier for the events.
    public func removeAction(identifiedBy identifier: Action.Identifier, for events: Event) {
        actions.removeAll { $0.1.identifier == identifier && !$0.0.intersection(events).isEmpty }
    }

    /// Stops running an action for the events.
    public func removeAction(_ action: Action, for events: Event) {
        actions.removeAll { $0.1 === action && !$0.0.intersection(events).isEmpty }
    }

    /// Stops an action running for some events, keeping it for its others.
    func removeEvents(_ events: Event, of action: Action) {
        for index in actions.indices.reversed() where actions[index].1 === action {
            actions[index].0.subtract(events)
            if actions[index].0.isEmpty { actions.remove(at: index) }
        }
    }

    /// The actions registered for an event.
    public func actions(for event: Event) -> [Action] { actions.filter { !$0.0.intersection(event).isEmpty }.map(\.1) }

    /// Runs the actions registered for the events.
    public func sendActions(for events: Event) {
        for (registered, action) in actions where !registered.intersection(events).isEmpty {
            action.sender = self
            action.handler(action)
        }
    }

    // MARK: Full keyboard access (docs/behaviour/focus-and-editing.md)

    /// An enabled control can take keyboard focus (Tab reaches it, as under full keyboard access).
    open override var canBecomeFirstResponder: Bool { isEnabled }
    /// An ancestor's tap or press recognizer does not take a control's taps (UIKit's rule since iOS 6).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { !isForeignTapOrPress(gestureRecognizer) }

    /// Tab reaches the control while it is enabled (UIKit's `canBecomeFocused`).
    open override var canBecomeFocused: Bool { canBecomeFirstResponder }

    /// A focused control: Tab and Shift+Tab move focus on, Space and Return activate it (as a
    /// tap, through `accessibilityActivate()`); text controls handle their own keys first.
    open override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        guard let press = presses.first, isFirstResponder, handleFocusKey(press) else {
            return super.pressesBegan(presses, with: event)
        }
    }

    private func handleFocusKey(_ press: Press) -> Bool {
        let flags = press.key.modifierFlags
        switch press.key.keyCode {
        case .keyboardTab where !flags.contains(.alternate) && !flags.contains(.command):
            return window?.focus.moveFocus(from: self, backwards: flags.contains(.shift)) ?? false
        case .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            guard !(self is TextEditingHost), flags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
            if !press.isRepeat { _ = accessibilityActivate() }
            return true
        default:
            return false
        }
    }

    open override func hitTest(_ point: Point, with event: InputEvent?) -> View? {
        guard isEnabled else { return nil }
        return super.hitTest(point, with: event)
    }

    private func inside(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isTracking, let touch = touches.first else { return }
        let wasInside = isTouchInside
        isTouchInside = inside(touch)
        isHighlighted = isTouchInside
        // Crossing the edge (with its slop) is an enter or an exit, then the drag itself.
        if isTouchInside != wasInside { sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isTracking, let touch = touches.first else { return }
        isTracking = false
        isHighlighted = false
        if inside(touch) {
            sendActions(for: [.touchUpInside, .primaryActionTriggered])
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}
