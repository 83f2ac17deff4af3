// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What a window gives its kiosk behaviours: its timers, its backend's clock and pointer, its
/// top layer for the idle warning, and its accessibility announcements.
@MainActor
protocol KioskHost: AnyObject {
    /// The platform services (the clock, the pointer).
    var backend: Backend { get }
    /// Runs the idle timers.
    var animator: Animator { get }
    /// Where the idle warning's panel shows.
    var topLayer: PassthroughView { get }
    /// The window's size, for the panel.
    var bounds: Rect { get }
    /// Draws the whole window again (blanking, waking).
    func setNeedsDisplay()
    /// Whether anything hears announcements.
    var hasAccessibilityObservers: Bool { get }
    /// Tells those listening.
    func postAccessibility(_ event: AccessibilityEvent)
    /// The languages Caret's words are in.
    var preferredLanguages: [String] { get }
}

/// A window's kiosk behaviours (docs/behaviour/kiosk.md): an idle timeout and its warning, screen
/// blanking whose waking touch reaches no view, refusing close requests, and a hidden pointer;
/// every input event passes through `filter(_:)` before the window routes it.
@preconcurrency @MainActor
public final class Kiosk {
    private weak var host: KioskHost?
    private var idleTimer: Animator.Token?
    private var blankTimer: Animator.Token?
    private var wakingInput: WakingInput?
    /// The idle timeout's warning, before the timeout acts.
    let idleWarning: IdleWarning

    /// Forgets what the keyboard learned of the guest's words (the kiosk resets for the next guest).
    private let forgetLearnedWords: () -> Void

    init(host: KioskHost, forgetLearnedWords: @escaping () -> Void = {}) {
        self.host = host
        self.forgetLearnedWords = forgetLearnedWords
        idleWarning = IdleWarning(host: host)
    }

    /// Seconds with no input from touch, mouse or either keyboard before `onIdleTimeout` runs
    /// (once, until the next input); nil for never.
    public var idleTimeout: TimeInterval? { didSet { restartIdleTimers() } }
    /// Runs when the idle timeout passes (a kiosk goes back to its start screen).
    public var onIdleTimeout: (() -> Void)?
    /// Seconds with no input before the screen blanks; nil for never. The touch, click or key
    /// press that wakes it reaches no view.
    public var screenBlankingDelay: TimeInterval? { didSet { restartIdleTimers() } }
    /// Whether the screen is blanked now (drawn black, waiting for a waking touch).
    public private(set) var isScreenBlanked = false {
        didSet { if isScreenBlanked != oldValue { host?.setNeedsDisplay() } }
    }
    /// Whether close requests (the window manager's close button, Alt+F4) and the app's quit
    /// shortcuts are honoured; a kiosk refuses them.
    public var allowsCloseRequests = true
    /// Hides the mouse pointer (a touch kiosk).
    public var hidesPointer = false { didSet { host?.backend.setPointerVisible(!hidesPointer) } }
    /// With a hidden pointer: whether moving a mouse shows it again.
    public var showsPointerOnMouseMove = true

    /// Seconds before the idle timeout acts that its warning shows and is spoken (20 by default);
    /// nil: the timeout acts unannounced.
    public var idleWarningDuration: TimeInterval? {
        get { idleWarning.duration }
        set {
            idleWarning.duration = newValue.map { max(1, $0) }
            restartIdleTimers()
        }
    }
    /// What the idle warning asks the guest, before its countdown: Caret's own question in the
    /// window's language unless set (nil sets it back).
    public var idleWarningMessage: String! {
        get { idleWarning.message }
        set { idleWarning.customMessage = newValue }
    }
    /// Whether the idle warning shows now.
    public var isShowingIdleWarning: Bool { idleWarning.isShowing }

    /// Blanks the screen now (as the blanking delay would).
    public func blankScreen() { isScreenBlanked = true }

    /// Whether an event is input from a person: touch, mouse, wheel, either keyboard, text.
    static func isUserInput(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown, .mouseMoved, .mouseUp, .touch, .scroll, .key, .textInput, .textEditing: return true
        case .resized, .focusChanged, .exposed, .closeRequested: return false
        }
    }

    /// Notes input and decides whether the event goes on to the views: false for the input that
    /// wakes a blanked screen or answers the idle warning (all of that touch, click or key press).
    func filter(_ event: InputEvent) -> Bool {
        if case .mouseMoved = event, hidesPointer, showsPointerOnMouseMove {
            host?.backend.setPointerVisible(true)
        }
        guard Self.isUserInput(event) else { return true }
        let swallowed = swallowWakingInput(event)
        if idleWarning.isShowing { idleWarning.hide(answered: true) }  // any input answers it
        restartIdleTimers()
        return !swallowed
    }

    /// While blanked, the first press wakes the screen; it and the rest of its gesture (its moves
    /// and release, the key's release) are dropped.
    private func swallowWakingInput(_ event: InputEvent) -> Bool {
        if let waking = wakingInput {
            switch (waking, event) {
            case (.finger(let id), .touch(let other, let phase, _)) where id == other:
                if phase == .ended || phase == .cancelled { wakingInput = nil }
                return true
            case (.mouse, .mouseMoved), (.mouse, .mouseUp):
                if case .mouseUp = event { wakingInput = nil }
                return true
            case (.key, .key(_, false, _)):
                wakingInput = nil
                return true
            case (.key, .textInput):
                return true
            default:
                wakingInput = nil
            }
        }
        // The guest answering the idle warning gets the whole time again, and the press is only that.
        guard idleWarning.isShowing || isScreenBlanked else { return false }
        switch event {
        case .touch(let id, .began, _): wakingInput = .finger(id)
        case .mouseDown: wakingInput = .mouse
        case .key(_, true, _): wakingInput = .key
        case .mouseMoved, .scroll: break  // a nudged mouse wakes the screen too
        default: return false
        }
        isScreenBlanked = false
        return true
    }

    /// Starts the idle timeout and the blanking delay again from now.
    func restartIdleTimers() {
        guard let animator = host?.animator else { return }
        if let token = idleTimer { animator.cancel(token) }
        if let token = blankTimer { animator.cancel(token) }
        idleTimer = idleTimeout.map { delay in
            animator.schedule(after: delay) { [weak self] in
                self?.idleTimer = nil
                self?.idleWarning.hide(answered: false)
                self?.forgetLearnedWords()
                self?.onIdleTimeout?()
            }
        }
        // A warning on a black screen helps no one: it wakes the screen.
        idleWarning.schedule(timeout: idleTimeout) { [weak self] in self?.isScreenBlanked = false }
        blankTimer = screenBlankingDelay.map { delay in
            animator.schedule(after: delay) { [weak self] in
                self?.blankTimer = nil
                self?.isScreenBlanked = true
            }
        }
    }
}

/// What woke a blanked screen, so the rest of that gesture is dropped too.
enum WakingInput {
    case finger(Int)
    case mouse
    case key
}
