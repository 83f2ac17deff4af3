import Foundation

/// Shows, hides and resizes a window's on-screen keyboard as the first responder changes, and
/// posts the keyboard notifications of docs/behaviour/keyboard-notifications.md in the order of docs/behaviour/focus-and-editing.md. One per window
/// (`Window.keyboard`): every keyboard notification goes through it.
@MainActor
public final class KeyboardController {
    /// When the on-screen keyboard shows (the app's hardware-keyboard policy).
    public enum Policy: Hashable, Sendable {
        /// When editing starts by touch; a hardware key press hides it (the default).
        case onTouch
        /// Whenever a text input has focus (a kiosk with no hardware keyboard).
        case always
        /// Never (a desktop); an `inputView` still shows.
        case never
    }

    /// How long the keyboard's slide takes.
    public static let animationDuration = 0.25
    /// The duration the keyboard moves with now: none when the window prefers reduced motion.
    var duration: Double { window.prefersReducedMotion ? 0 : Self.animationDuration }
    /// The keyboard's own curve.
    public static let animationCurve = AnimationCurve.keyboard

    /// The window.
    public unowned let window: Window
    /// When the keyboard shows.
    public var policy = Policy.onTouch { didSet { update() } }
    /// The language the keys show (an identifier of `Assets/Keyboards/languages`).
    public var currentLanguage: String? { keyboardView?.model.language }

    /// Whether the keys show a right-to-left language: what an empty field's direction follows.
    public var isRightToLeftLanguage: Bool { keyboardView?.model.isRightToLeft ?? false }

    /// Shows one of the offered languages on the keys, as the globe key would.
    public func showLanguage(_ identifier: String) {
        guard let view = keyboardView, view.model.language != identifier else { return }
        view.model.show(language: identifier)
        guard view.model.language == identifier else { return }
        view.setNeedsLayout()
        view.setNeedsDisplay()
        languageDidChange()
    }

    /// Tells the focused text that the keyboard's language changed: an open composition is
    /// committed as it stands (the next language composes anew), and empty lines may turn round.
    func inputLanguageDidChange() {
        guard let focus = window.firstResponder as? View else { return }
        var stack = [focus]
        while let view = stack.popLast() {
            if let editor = view as? TextEditingView {
                editor.commitComposition(resettingInputMethod: true)
                editor.updateNaturalDirection()
                editor.spelling.update()
            }
            stack.append(contentsOf: view.subviews)
        }
    }

    /// The languages the globe key offers, in order (identifiers of `Assets/Keyboards/languages`).
    public var languages = ["en", "de", "fr"] {
        didSet {
            guard let view = keyboardView else { return }
            let before = view.model.language
            view.model.setLanguages(usableLanguages(languages, in: view.model.layouts))
            prefetchWordLists(for: view.model.languages, in: view.model.layouts)
            view.setNeedsLayout()
            if view.model.language != before { languageDidChange() }
        }
    }
    /// A physical key height in millimetres (nil: sized from the window); with `pointsPerMillimetre`
    /// it gives the same finger-sized keys on a 7-inch and a 27-inch panel.
    public var physicalKeyHeight: Double? { didSet { relayout() } }
    /// The display's density: points per millimetre (96 dpi by default).
    public var pointsPerMillimetre = 96.0 / 25.4 { didSet { relayout() } }
    /// The locale of the decimal pad's separator (the app's number format); nil: the separator of
    /// the keyboard's language ("," for German, "." for English, "٫" for Arabic).
    public var locale: Locale?
    /// Holds the accessory view and the keyboard (or input view), in the window's top layer.
    public let container = PassthroughView()
    /// The keyboard view, once the layouts loaded.
    public private(set) var keyboardView: KeyboardView?
    /// Why the keyboard could not be built (missing or broken layout files), if it could not.
    public private(set) var loadError: CaretError?
    /// Whether the keyboard is up (or on its way up).
    public private(set) var isVisible = false
    /// The keyboard's frame in window coordinates (below the window when hidden), accessory included.
    public private(set) var frame: Rect = .zero

    private weak var client: Responder?
    /// The guides read, in the order first read (their views lay out in that order).
    private var guides: [WeakGuide] = []
    private struct WeakGuide { weak var guide: KeyboardLayoutGuide? }
    private var shownAccessory: View?
    private var shownInput: View?
    private var transitionCount = 0
    private var batchDepth = 0
    private var updatePending = false
    private var hiddenByHardwareKey = false
    /// Whether the input that last moved focus was a finger.
    var lastInputWasTouch = false

    /// Creates the controller of a window.
    init(window: Window) {
        self.window = window
        container.isHidden = true
    }

    /// Files left out while loading (a broken language or type file, a broken word list), each
    /// an error naming the file and the place in it; the keyboard works without them.
    public internal(set) var problems: [CaretError] = []
    /// The composition engines of the keyboard's languages, as a source of the input session.
    private(set) lazy var engines = KeyboardEngines(keyboard: self)
    /// Where the suggestion bar's completions come from.
    var wordSource = WordSource.none
    /// Autocorrection's state.
    let corrections = CorrectionState()
    /// The app's own words: never autocorrected; each entry's typed form becomes its text.
    package var lexicon: Lexicon? { didSet { keyboardView?.refreshSuggestions() } }

    /// Uses other layouts (the app's own files) instead of the bundled ones.
    public func setLayouts(_ layouts: KeyboardLayouts, suggestions: SuggestionProvider? = nil) {
        problems = layouts.skipped
        let view = KeyboardView(
            model: KeyboardModel(layouts: layouts, languages: usableLanguages(languages, in: layouts)), controller: self)
        if let suggestions { wordSource = .provider(suggestions) }
        keyboardView?.removeFromSuperview()
        keyboardView = view
        engines.composers = [:]
        loadError = nil
        languageWordsDidChange()
        update()
    }

    /// Loads the bundled layouts and word list now (otherwise the first time the keyboard shows).
    /// With no usable layout it throws, and the keyboard stays away until layouts are set; files
    /// that could be left out are listed in `problems`.
    public func loadLayouts() throws(CaretError) {
        if keyboardView != nil { return }
        if let loadError { throw loadError }
        do throws(CaretError) {
            let layouts = try KeyboardLayouts.bundled()
            problems = layouts.skipped
            let view = KeyboardView(
                model: KeyboardModel(layouts: layouts, languages: usableLanguages(languages, in: layouts)), controller: self)
            if case .none = wordSource { wordSource = .bundled }
            keyboardView = view
            prefetchWordLists(for: view.model.languages, in: layouts)
            languageWordsDidChange()
        } catch {
            loadError = error
            throw error
        }
    }

    private func loadIfNeeded() -> KeyboardView? {
        try? loadLayouts()
        return keyboardView
    }

    // MARK: Following focus

    /// Runs `body` (a responder's focus change) and updates the keyboard once at its end, so that
    /// the keyboard's "will" notifications fall where docs/behaviour/focus-and-editing.md puts them.
    public func batchUpdates<T>(_ body: () -> T) -> T {
        batchDepth += 1
        let result = body()
        batchDepth -= 1
        if batchDepth == 0 && updatePending {
            updatePending = false
            update()
        }
        return result
    }

    /// The first responder changed.
    func firstResponderDidChange() {
        if batchDepth > 0 {
            updatePending = true
        } else {
            update()
        }
    }

    /// The first responder's input views or traits changed.
    public func reloadInputViews() { update(force: true) }

    /// A hardware key went down: with `.onTouch`, the keyboard goes.
    func hardwareKeyPressed() {
        guard policy == .onTouch, isVisible, shownInput == nil else { return }
        hiddenByHardwareKey = true
        update()
    }

    /// A finger tapped a view: tapping the focused input again brings the keyboard back.
    func tapped(on view: View?) {
        guard policy == .onTouch, !isVisible, let responder = window.firstResponder as? View, let view,
            view === responder || view.isDescendant(of: responder)
        else { return }
        hiddenByHardwareKey = false
        update()
    }

    /// The window changed size: the keyboard keeps to the bottom edge at its new width.
    func windowDidResize() { relayout() }

    /// Larger or smaller text: a keyboard that is up takes its new key height.
    func contentSizeCategoryDidChange() { relayout() }

    /// Sizes or content changed: a keyboard that is up takes its new frame.
    private func relayout() {
        if isVisible { update(force: true) }
    }

    /// The language changed: a keyboard that is up takes the new language's rows and height (a
    /// frame change is posted only if its frame changed).
    func languageRowsDidChange() {
        if isVisible { update() }
    }

    private func wantsKeyboard(for responder: Responder?) -> Bool {
        guard let responder, responder is KeyInput else { return false }
        if let client = responder as? TextInputClient, !client.acceptsKeyboardInput { return false }
        if responder.inputView != nil { return true }
        switch policy {
        case .always: return true
        case .never: return false
        case .onTouch: return !hiddenByHardwareKey && (isVisible || lastInputWasTouch)
        }
    }

    private func update(force: Bool = false) {
        let responder = window.firstResponder
        if responder == nil { hiddenByHardwareKey = false }
        let wants = wantsKeyboard(for: responder)
        let clientChanged = responder !== client
        guard wants || isVisible else {
            client = responder
            return
        }
        let bounds = window.bounds
        if clientChanged { corrections.last = nil }  // words put back stay uncorrected in every field
        if wants, let responder {
            if clientChanged { restoreLanguage(for: responder) }
            guard prepareContent(for: responder) else { return }
            client = responder
            let height = container.bounds.height
            let end = Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
            if !isVisible {
                let begin = Rect(x: 0, y: bounds.height, width: bounds.width, height: height)
                isVisible = true
                container.isHidden = false
                container.frame = begin
                transition(from: begin, to: end, kind: .show)
            } else if clientChanged || force || end != frame {
                transition(from: frame, to: end, kind: .frameChange)
            }
        } else {
            client = responder
            let end = Rect(x: 0, y: bounds.height, width: bounds.width, height: frame.height)
            isVisible = false
            keyboardView?.cancelPresses()  // found by the oracle (seed 502): a key held as it hid blocked the next tap
            transition(from: frame, to: end, kind: .hide)
        }
    }

    /// Puts the accessory and the keyboard (or input view) in the container and sizes it;
    /// false when there is nothing to show (no layouts and no input view).
    private func prepareContent(for responder: Responder) -> Bool {
        let width = window.bounds.width
        let input: View
        if let custom = responder.inputView {
            input = custom
        } else if let keyboard = loadIfNeeded() {
            keyboard.configure(for: responder, windowSize: window.bounds.size, locale: locale)
            guard !keyboard.model.rows.isEmpty else { return false }  // no layout for the type
            keyboard.frame.size = Size(width: width, height: keyboard.preferredHeight(forWindowSize: window.bounds.size))
            input = keyboard
        } else {
            return false
        }
        let accessory = responder.inputAccessoryView
        if shownInput !== input {
            shownInput?.removeFromSuperview()
            container.addSubview(input)
        }
        if shownAccessory !== accessory {
            shownAccessory?.removeFromSuperview()
            if let accessory { container.addSubview(accessory) }
        }
        shownInput = responder.inputView == nil ? nil : input
        shownAccessory = accessory
        // An accessory made with a zero frame (a toolbar, as UIKit code makes it) is sized to fit.
        var accessoryHeight = accessory?.frame.height ?? 0
        if let accessory, accessoryHeight == 0 {
            accessoryHeight = max(0, accessory.sizeThatFits(Size(width: width, height: .infinity)).height)
        }
        accessory?.frame = Rect(x: 0, y: 0, width: width, height: accessoryHeight)
        input.frame = Rect(x: 0, y: accessoryHeight, width: width, height: input.frame.height)
        let size = Size(width: width, height: accessoryHeight + input.frame.height)
        // A keyboard coming up starts below the window, so that resizing it damages nothing on screen.
        container.frame = Rect(origin: isVisible ? container.frame.origin : Point(x: 0, y: window.bounds.height), size: size)
        if container.superview !== window.topLayer { window.topLayer.addSubview(container) }
        return true
    }

    private enum Kind { case show, hide, frameChange }

    private func transition(from begin: Rect, to end: Rect, kind: Kind) {
        transitionCount += 1
        let id = transitionCount
        frame = end
        let info: [AnyHashable: Any] = [
            // UIKit's forms (docs/behaviour/keyboard-notifications.md): frames as NSValue, the curve as its Int raw value.
            Responder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            Responder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            Responder.keyboardAnimationDurationUserInfoKey: duration,
            Responder.keyboardAnimationCurveUserInfoKey: Self.animationCurve.rawValue,
            Responder.keyboardIsLocalUserInfoKey: true,
        ]
        let center = NotificationCenter.default
        center.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        switch kind {
        case .show: center.post(name: Responder.keyboardWillShowNotification, object: nil, userInfo: info)
        case .hide: center.post(name: Responder.keyboardWillHideNotification, object: nil, userInfo: info)
        case .frameChange: break
        }
        layOutForNewFrame()
        let finish: () -> Void = { [weak self] in
            guard let self, self.transitionCount == id else { return }
            if kind == .hide { self.container.isHidden = true }
            center.post(name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            switch kind {
            case .show: center.post(name: Responder.keyboardDidShowNotification, object: nil, userInfo: info)
            case .hide: center.post(name: Responder.keyboardDidHideNotification, object: nil, userInfo: info)
            case .frameChange: break
            }
        }
        if container.frame == end || duration == 0 {
            container.frame = end
            window.animator.schedule(after: 0) { finish() }  // no movement (or reduced motion): the next loop turn
        } else {
            View.animate(
                withDuration: Self.animationDuration, curve: Self.animationCurve,
                animations: { self.container.frame = end }, completion: { _ in finish() })
        }
    }

    /// Where the keyboard covers the window opaquely now (its keys' area as drawn, mid-slide too);
    /// the window skips drawing the content there. Null when hidden.
    var opaqueRect: Rect {
        guard !container.isHidden, let keyboard = keyboardView, keyboard.superview === container,
            keyboard.presentationAlpha >= 1, container.presentationAlpha >= 1
        else { return .null }
        let box = container.presentationFrame
        let keys = keyboard.presentationFrame
        return Rect(x: box.minX + keys.minX, y: box.minY + keys.minY, width: keys.width, height: keys.height)
    }

    /// A guide was read: its view is laid out again when the keyboard's frame changes.
    func register(_ guide: KeyboardLayoutGuide) {
        if !guides.contains(where: { $0.guide === guide }) { guides.append(WeakGuide(guide: guide)) }
    }

    /// Runs keyboard avoidance and re-lays out the views reading a keyboard layout guide, inside
    /// the keyboard's animation.
    private func layOutForNewFrame() {
        guides = guides.filter { $0.guide?.owningView != nil }
        View.animate(withDuration: duration, curve: Self.animationCurve) {
            for entry in guides {
                guard let view = entry.guide?.owningView, view.window === window else { continue }
                view.setNeedsLayout()
                view.layoutIfNeeded()
            }
        }
        window.keyboardAvoidance.update(animated: true)
    }

    // MARK: Typing (called by the keyboard view)

    /// The client the keyboard types into: none while the first responder takes no keyboard
    /// input (read-only text), even as the keyboard slides away under a finger (soak seed
    /// 261610061: a key tapped on the hiding keyboard began a composition in read-only notes).
    var textClient: KeyInput? {
        guard let client = window.firstResponder as? KeyInput else { return nil }
        if let input = client as? TextInputClient, !input.acceptsKeyboardInput { return nil }
        return client
    }

    /// Carries out a key's output on the client, through its change path.
    func perform(_ output: KeyboardOutput) {
        guard let client = textClient else { return }
        let plane = keyboardView?.model.plane ?? "letters"
        switch output {
        case let .insert(text):
            if engines.compose(text == " " ? .space : .text(text), plane: plane) { return }
            if applyCorrection(before: text, to: client) { return }
            corrections.last = nil
            type(text, into: client)
        case .deleteBackward:
            if engines.compose(.backspace, plane: plane) { return }
            if revertCorrection(in: client) { return }
            client.deleteBackward()
        case .return:
            if engines.compose(.return, plane: plane) { return }
            _ = applyCorrection(before: "", to: client)
            corrections.last = nil
            type("\n", into: client)
        case .dismiss: _ = (window.firstResponder as? View)?.resignFirstResponder()
        }
    }

    /// A key's text, through the focused client's input session (it goes after an open composition).
    func type(_ text: String, into client: KeyInput) {
        if let session = window.inputSession, session.client === client {
            session.insertText(text, origin: .onScreenKeyboard)
        } else {
            client.insertText(text)
        }
    }
}
