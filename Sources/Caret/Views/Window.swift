// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The root of a view tree: it owns the first responder, routes backend events to views,
/// runs layout and animations, and draws (UIKit's `UIWindow`).
///
/// Its subviews are three fixed layers, back to front: the content layer holding `rootView`,
/// the modal layer for dialogs, and the top layer for the keyboard, menus and popups, which
/// stays above everything else and lets touches through where it has nothing.
@preconcurrency @MainActor
open class Window: View {
    /// The platform services: fonts, clipboard, text input and the clock.
    public let backend: Backend
    /// Runs the window's animations and timers.
    public let animator: Animator

    /// Holds the root view.
    @_spi(Backend) public let contentLayer = PassthroughView()
    /// Holds modal dialogs above the content.
    @_spi(Backend) public let modalLayer = PassthroughView()
    /// Holds the keyboard, menus and popups above everything else.
    @_spi(Backend) public let topLayer = PassthroughView()

    /// The app's content, sized to the window.
    public var rootView: View? {
        didSet {
            // A root view that is not the held controller's lets that controller go.
            if rootViewControllerHeld?.viewIfLoaded !== rootView { rootViewControllerHeld = nil }
            guard oldValue !== rootView else { return }
            oldValue?.removeFromSuperview()
            if let rootView {
                rootView.frame = bounds
                rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                contentLayer.addSubview(rootView)
            }
        }
    }

    /// `rootViewController`, held strongly as UIKit's window holds it (its view holds it weakly).
    var rootViewControllerHeld: ViewController?

    /// Insets of the area content must stay inside (overscan on a kiosk panel, a notch).
    public var windowSafeAreaInsets: EdgeInsets = .zero { didSet { View.geometryGeneration &+= 1; setNeedsLayoutRecursively(self) } }

    /// The responder that receives key presses and text, if any.
    public private(set) var firstResponder: Responder?
    /// True while a hardware key is delivered (a screen it changes focuses its first control).
    var isDeliveringKey = false

    /// True while a forced end of editing is running (`endEditing(true)`, a field leaving the window):
    /// a responder must resign then even if it would refuse.
    @_spi(Backend) public private(set) var isForcingEndEditing = false

    /// Content, dialogs and the keyboard; a modal dialog (which blocks the content's touches) hides the content.
    open override var accessibilityElements: [AccessibilityNode]? {
        get { super.accessibilityElements ?? (isShowingModal ? [modalLayer, topLayer] : nil) }
        set { super.accessibilityElements = newValue }
    }
    /// Who hears the window's accessibility events (Window+Accessibility.swift).
    var accessibilityObservers: [WeakAccessibilityObserver] = []
    /// Spoken mode, switch access, larger text and reduced motion (Window+Accessibility.swift).
    var assistive = AssistiveSettings()
    /// The spoken mode's shortcut: a three-finger triple tap, a keypad key, a headset (SpokenModeShortcut.swift).
    public private(set) lazy var accessibilityShortcut = SpokenModeShortcut(host: self)
    /// Touches held back until they count, repeats dropped (TouchAccommodationFilter.swift).
    private(set) lazy var touchFilter = TouchAccommodationFilter(host: self)
    /// Focus by keyboard: Tab's order, where input comes from, and the focus ring (KeyboardFocus.swift).
    public private(set) lazy var focus = KeyboardFocus(host: self)
    /// The on-screen keyboard: it follows the first responder and posts the keyboard notifications.
    public private(set) lazy var keyboard = KeyboardController(window: self)
    /// Keeps the focused view clear of the keyboard (docs/behaviour/avoidance.md).
    public private(set) lazy var keyboardAvoidance = KeyboardAvoidance(window: self)

    /// The kiosk's behaviours: idle timeout and warning, blanking, close requests, the pointer
    /// (docs/behaviour/kiosk.md).
    public private(set) lazy var kiosk = Kiosk(host: self) { [unowned self] in keyboard.forgetLearnedWords() }
    /// Auto Layout for the window's views (ConstraintEngine), nil until a constraint takes part.
    var constraintEngine: ConstraintEngine?

    /// The high-contrast theme: every view's named colours darkened to 7:1, fields with thick borders,
    /// and a black keyboard with larger key labels (docs/behaviour/accessibility.md).
    public var prefersHighContrast = false {
        didSet {
            guard prefersHighContrast != oldValue else { return }
            setNeedsDisplay()
            keyboard.keyboardView?.setNeedsLayout()
            keyboard.keyboardView?.setNeedsDisplay()
            for view in [contentLayer, modalLayer] { view.layoutDirectionDidChange() }  // redraw every view
        }
    }

    /// The languages Caret's own words are in, most preferred first (docs/behaviour/localisation.md):
    /// the process's `Locale.preferredLanguages` while empty; a kiosk sets the guest's choice.
    public var preferredLanguages: [String] = [] {
        didSet {
            guard preferredLanguages != oldValue else { return }
            setNeedsDisplay()
            keyboard.keyboardView?.setNeedsLayout()
            keyboard.keyboardView?.setNeedsDisplay()
            for view in [contentLayer, modalLayer, topLayer] { view.layoutDirectionDidChange() }  // redraw every view
        }
    }

    /// Whether Return in a text field moves to the next field or ends editing once the delegate
    /// allows it (docs/behaviour/changing-text.md); off by default, as in UIKit. A field's own setting wins.
    public var returnKeyNavigation = false

    /// The dictionaries this window's text is checked and autocorrected against: its backend's
    /// (Hunspell's, with the `.spelling` engine) unless the app gives its own; nil: no word is
    /// checked.
    public var spellingDictionaries: SpellingDictionaries? {
        get { checkedDictionaries?.dictionaries }
        set {
            checkedDictionaries = newValue.map(CheckedDictionaries.init)
            SpellingState.dictionariesDidChange(in: self)
        }
    }
    /// The dictionaries with the verdicts they gave (`TextChecker` asks through them).
    private(set) var checkedDictionaries: CheckedDictionaries?

    /// Frame requests, the damage kept until the next frame, and what the last frame drew.
    public let frames: FrameDamage
    /// Scrolls shown by moving pixels instead of drawing them again (ScrollBlit.swift).
    private(set) lazy var scrollBlit = ScrollBlit(host: self)
    /// Popups and modal dialogs (Overlays.swift).
    public private(set) lazy var overlays = Overlays(host: self)
    /// Touches and clicks in progress, and the gesture recognizers they reach (TouchTracking.swift).
    private(set) lazy var touches = TouchTracking(host: self)
    /// The system's input method (the platform's text input and the backend's own client, if any).
    let systemInput: SystemInputSource
    /// The focused client's input session: the one owner of an open composition, whatever its
    /// source (nil while the first responder takes no text).
    public internal(set) var inputSession: TextInputSession?
    /// The check that drawing changes nothing (DrawingCheck.swift).
    @_spi(Testing) public let drawingCheck = DrawingCheck()
    /// Hears every change to the text of this window's editors (a test oracle; held weakly).
    @_spi(Testing) public weak var textEditObserver: TextEditObserver?

    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Creates a window of a size with a backend.
    public init(size: Size, backend: Backend) {
        self.backend = backend
        self.animator = Animator(clock: backend.clock)
        self.systemInput = SystemInputSource(backend: backend)
        self.frames = FrameDamage { [weak backend] in backend?.setNeedsRedraw() }
        self.checkedDictionaries = backend.spellingDictionaries.map(CheckedDictionaries.init)
        super.init(frame: Rect(origin: .zero, size: size))
        Screen.newestWindow = self
        setWindowForRoot(self)
        backgroundColor = .systemBackground
        // A new timer or animation only has to wake the host: the loop reads deadlines and
        // `isAnimating` itself, and animations mark what they change for display.
        animator.onNeedsTick = { [weak backend] in backend?.setNeedsRedraw() }
        // A key waiting for the input method's late answer is given up on even if nothing else comes.
        systemInput.router?.onKeyWaits = { [weak self] delay in
            guard let self else { return }
            self.animator.schedule(after: delay) { [weak self] in self?.send([]) }
        }
        for layer in [contentLayer, modalLayer, topLayer] {
            layer.frame = bounds
            layer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(layer)
        }
        updateTraitsInSubtree()
    }

    /// A window is its own window.
    public override var window: Window? { self }

    /// Runs pending layout, then keyboard avoidance if anything asked for it since (an edit, a caret
    /// move, a keyboard transition, a focus change, a resize) or that layout moved the focused view
    /// under the keyboard (docs/behaviour/avoidance.md): the one place the pass runs. Popups that
    /// follow a view move with it.
    public override func layoutIfNeeded() {
        layOutPendingViews()
        keyboardAvoidance.layoutDidRun()
        keyboardAvoidance.updateIfNeeded()
        overlays.popupsFollow()
    }

    /// Runs pending layout only: constraints, then `layoutSubviews`, until they agree.
    func layOutPendingViews() {
        super.layoutIfNeeded()
        // layoutSubviews may have moved views the constraints hold (their frames are theirs):
        // solve again, and lay out what that moved.
        for _ in 0..<3 where constraintEngine?.update() == true { layoutSubtreeIfNeeded() }
    }

    /// The window's Auto Layout engine, made when a constraint or guide first takes part.
    func ensureConstraintEngine() -> ConstraintEngine {
        if let engine = constraintEngine { return engine }
        let engine = ConstraintEngine(window: self)
        constraintEngine = engine
        return engine
    }

    /// A window is the end of the responder chain.
    open override var next: Responder? { nil }

    /// The window's undo manager, every responder's in it (the focused text's edits first).
    open override var undoManager: UndoManager? { windowUndoManager }
    /// The screen the window fills (UIKit's `UIWindow.screen`).
    public private(set) lazy var screen = Screen(window: self)
    /// The scene the window belongs to (the application's; nil for a window no application opened).
    public internal(set) weak var windowScene: WindowScene?
    private lazy var windowUndoManager: UndoManager = {
        let manager = UndoManager()
        manager.window = self
        return manager
    }()

    /// Changes the window's size (the backend calls this on resize and rotation).
    @_spi(Backend) public func resize(to size: Size) {
        guard size != bounds.size, size.width > 0, size.height > 0 else { return }
        keyboardAvoidance.reset()  // the root view resizes from where it really is; the pass runs again
        frame = Rect(origin: .zero, size: size)
        setNeedsFrame()
        updateTraitsInSubtree()  // the size classes follow the size
        keyboard.presence.relayout()
    }

    private func setNeedsLayoutRecursively(_ view: View) {
        view.setNeedsLayout()
        for subview in view.subviews { setNeedsLayoutRecursively(subview) }
    }

    // MARK: First responder

    func setFirstResponder(_ responder: Responder?) {
        guard firstResponder !== responder else { return }
        inputSessionWillChange(to: responder)
        firstResponder = responder
        requestFrame()
        keyboard.presence.firstResponderDidChange()
        accessibilityFocusDidChange()
    }

    /// Makes `responder` first once the current first responder resigned (it may refuse); the
    /// keyboard changes once, at the end (a field's keyboard gives way to a cell's picker without
    /// hiding between). Views and view controllers become first responder through it.
    func makeFirstResponder(_ responder: Responder) -> Bool {
        if firstResponder === responder { return true }
        return keyboard.batchUpdates { () -> Bool in
            if let current = firstResponder {
                guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
                if firstResponder === current { setFirstResponder(nil) }
            }
            setFirstResponder(responder)
            return true
        }
    }

    /// Makes a responder resign even if it refuses (its view left the window, or `endEditing(true)`).
    @_spi(Backend) public func forceResign(_ responder: Responder) {
        guard firstResponder === responder else { return }
        let wasForcing = isForcingEndEditing
        isForcingEndEditing = true
        _ = responder.resignFirstResponder()
        isForcingEndEditing = wasForcing
        if firstResponder === responder { setFirstResponder(nil) }
    }

    /// Called for every view leaving the window: a first responder among them resigns by force,
    /// and touches tracked by it are dropped.
    func viewWillLeave(_ view: View) {
        keyboard.presence.viewWillLeave(view)
        if let responder = firstResponder, responder === view || (responder as? ViewController)?.viewIfLoaded === view {
            forceResign(responder)
        }
        touches.viewWillLeave(view)
    }

    /// Whether a modal dialog is showing.
    public var isShowingModal: Bool { overlays.isShowingModal }

    // MARK: Event routing

    /// Delivers one backend event to the views.
    @_spi(Backend) public func send(_ event: InputEvent) { send([event]) }

    /// Delivers a batch of backend events (a turn of the platform's events) to the views, merged
    /// and ordered by the window's `InputAssembler`; this is the only entry point for input.
    @_spi(Backend) public func send(_ events: [InputEvent]) {
        systemInput.process(events) { deliver($0) }
    }

    private func deliver(_ event: InputEvent) {
        if case .key = event {
            isDeliveringKey = true
            defer { isDeliveringKey = false }
            return deliverNow(event)
        }
        deliverNow(event)
    }

    private func deliverNow(_ event: InputEvent) {
        guard kiosk.filter(event) else {  // the input waking a blanked screen stops here
            if case let .textInput(text, _) = event { textEditObserver?.window(self, droppedText: text, reason: .wakingInput) }
            return
        }
        if assistiveInputTakes(event) { return }  // spoken mode explores, switches scan
        if focus.takes(event) { return }  // Tab with nothing focused (KeyboardFocus.swift)
        let now = backend.clock.now
        if touches.handle(event, at: now) { return }
        switch event {
        case .mouseDown, .mouseMoved, .mouseUp, .touch:
            break  // TouchTracking's
        case let .scroll(dx, dy, location, modifiers):
            let scroll = ScrollEvent(dx: dx, dy: dy, locationInWindow: location, modifierFlags: modifiers)
            let target = hitTest(location, with: event) ?? self
            target.scrollWheel(scroll)
        case let .key(key, isDown, isRepeat):
            if isDown { keyboard.presence.hardwareKeyPressed() }
            let press = Press(key: key, isRepeat: isRepeat, timestamp: now)
            let target = firstResponder ?? self
            if isDown { target.pressesBegan([press], with: event) } else { target.pressesEnded([press], with: event) }
        case let .textInput(text, origin):
            inputSession?.insertText(text, origin: origin, from: origin == .inputMethod ? systemInput : nil)
        case let .textEditing(text, range):
            // No cursor from the platform: the caret goes after the preedit.
            let cursor = range ?? text.utf16.count..<text.utf16.count
            inputSession?.setMarkedText(text, selectedRange: NSRange(location: cursor.lowerBound, length: cursor.count), from: systemInput)
        case let .resized(size):
            resize(to: size)
        case let .focusChanged(focused):
            // The window losing the system's focus commits an open composition where it was
            // typed (an input method of the backend's own committed it already, before this).
            if !focused { inputSession?.settleComposition() }
            setNeedsFrame()
        case .exposed:
            setNeedsFrame()
        case .closeRequested:
            break
        }
    }
}

extension Window: KioskHost, FocusHost, OverlayHost {}

extension Window: TouchHost {
    /// A press begins: popups it lands outside close, and the keyboard notes whether a finger pressed.
    func touchWillBegin(at location: Point, type: Touch.TouchType) {
        overlays.dismissPopups(outside: location)
        keyboard.presence.lastInputWasTouch = type == .direct
    }

    /// A finger tap on the focused input brings a hidden keyboard back.
    func fingerTapped(on view: View?) { keyboard.presence.tapped(on: view) }
}
