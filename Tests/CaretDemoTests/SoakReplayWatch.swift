// SPDX-License-Identifier: Apache-2.0

@_spi(Testing) import Caret
import CaretTesting
import Foundation
import Testing

/// What the screen held after one event of a replayed soak log: what a user would see, read
/// from the window (texts of the fields and text views, marked text, the edit menu), never from
/// the soak's own bookkeeping.
@MainActor
struct ReplayStep {
    /// The event just applied.
    var event: SoakEvent
    /// The text of the field or text view being edited (nil when none is).
    var focusedText: String?
    /// Every field's and text view's text, in view order.
    var texts: [String]
    /// Whether any of them holds marked text (a composition).
    var hasMarkedText: Bool
    /// The titles of the edit menu showing (nil when none is).
    var editMenu: [String]?
    /// Whether an edit menu is showing.
    var showsEditMenu: Bool { editMenu != nil }
    /// Where the edit menu showing is, in the window.
    var editMenuFrame: Rect?
    /// The caret of the text being edited, in the window (nil when none is focused).
    var caret: Rect?
    /// The keyboard's frame while it is up.
    var keyboardFrame: Rect?
    /// The window's bounds.
    var windowBounds: Rect
    /// The screen showing: the root view's type ("FormScreen", "ChatScreen"…).
    var screen: String
    /// The focused view's type ("TextField", "TextView"…), nil when nothing has focus.
    var focusedKind: String?
    /// Whether the focused field or text view takes text (nil when neither has focus).
    var focusIsEditable: Bool?

    init(event: SoakEvent, window: Window) {
        self.event = event
        var texts: [String] = []
        var marked = false
        var menu: (titles: [String], frame: Rect)?
        var caret: Rect?
        func visit(_ view: View) {
            if let editor = view as? TextEditingView {
                texts.append(editor.model.document.string)
                if editor.model.markedRange != nil { marked = true }
                if let shown = editor.interaction.editMenu { menu = (shown.actions.map(\.title), shown.convert(shown.bounds, to: nil)) }
                if editor.hasFocus { caret = editor.convert(editor.caretRect, to: nil) }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        self.texts = texts
        hasMarkedText = marked
        editMenu = menu?.titles
        editMenuFrame = menu?.frame
        self.caret = caret
        keyboardFrame = window.keyboard.isVisible ? window.keyboard.frame : nil
        windowBounds = window.bounds
        screen = window.rootView.map { "\(type(of: $0))" } ?? ""
        focusedKind = window.firstResponder.map { "\(type(of: $0))" }
        switch window.firstResponder {
        case let field as TextField:
            focusedText = field.text ?? ""
            focusIsEditable = field.isEnabled
        case let textView as TextView:
            focusedText = textView.text
            focusIsEditable = textView.isEditable
        default:
            focusedText = nil
            focusIsEditable = nil
        }
    }
}

/// A replay watched event by event: the soak's verdict, and the screen after every event.
@MainActor
struct WatchedReplay {
    /// The first event after which a check failed, and its problems (nil when all passed).
    var failure: (index: Int, problems: [String])?
    /// The screen after each event applied.
    var steps: [ReplayStep]

    /// The soak's verdict as an expectation's message.
    var failureDescription: String { failure.map { "event \($0.index): \($0.problems)" } ?? "" }

    /// The steps after the events for which `isEvent` holds.
    func steps(after isEvent: (SoakEvent) -> Bool) -> [ReplayStep] { steps.filter { isEvent($0.event) } }

    /// The focused text after each event, one a line (for a failing expectation's message).
    var focusedTexts: String { steps.enumerated().map { "\($0.offset): \($0.element.focusedText.debugDescription)" }.joined(separator: "\n") }
}

extension Soak {
    /// Replays events on a fresh window, as `replay` does, keeping what the screen held after each.
    func watchedReplay(_ events: [SoakEvent]) -> WatchedReplay {
        var steps: [ReplayStep] = []
        let before = onEvent
        onEvent = { index, event, window in
            before?(index, event, window)
            steps.append(ReplayStep(event: event, window: window))
        }
        defer { onEvent = before }
        let failure = replay(events)
        return WatchedReplay(failure: failure, steps: steps)
    }
}

extension SoakEvent {
    /// Whether the event is a finger going down (phase 0) or lifting (phase 2) at a point.
    func isTouch(phase: Int, x: Double, y: Double) -> Bool {
        if case let .touch(_, p, tx, ty) = self { return p == phase && tx == x && ty == y }
        return false
    }
}

/// Replays a shrunk log through a soak of the demo, expects every check to pass, and gives the
/// screen after each event, for the outcome a finding's name states.
@MainActor
func watchReplay(_ log: String, _ soak: Soak, sourceLocation: SourceLocation = #_sourceLocation) throws -> WatchedReplay {
    watchReplay(try WorldSoakFindingsTests.events(log), soak, sourceLocation: sourceLocation)
}

/// Replays events through a soak of the demo, as `watchReplay(_:_:)` does a log.
@MainActor
func watchReplay(_ events: [SoakEvent], _ soak: Soak, sourceLocation: SourceLocation = #_sourceLocation) -> WatchedReplay {
    let replay = soak.watchedReplay(events)
    #expect(replay.failure == nil, "\(replay.failureDescription)", sourceLocation: sourceLocation)
    return replay
}
