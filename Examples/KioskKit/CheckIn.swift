// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The kiosk example's check-in flow, built on Caret alone: a start screen, a form (booking code,
/// name, email, PIN) and a confirmation, each a view controller; the on-screen keyboard always
/// shows, Return moves through the fields, and after an idle time the kiosk goes back to its
/// start screen with every field cleared (secure ones first).
@MainActor
public final class CheckInFlow {
    /// What an operator sets (`caret-kiosk --help` lists them).
    public struct Options: Sendable {
        /// Seconds without input before the kiosk starts over (nil: never).
        public var idleTimeout: TimeInterval? = 90
        /// Seconds without input before the screen blanks (nil: never).
        public var blankAfter: TimeInterval? = nil
        /// The keyboard's languages, in globe-key order.
        public var languages = ["en"]
        /// A key height in millimetres (nil: from the window's size).
        public var keyHeightMillimetres: Double? = nil
        /// Pixels per millimetre of the panel, for `keyHeightMillimetres`.
        public var pointsPerMillimetre = 96.0 / 25.4
        /// The high-contrast theme.
        public var highContrast = false
        /// Light or dark (`.unspecified`: the window's, light unless the app set it).
        public var userInterfaceStyle = UserInterfaceStyle.unspecified
        /// Whether close requests and quit shortcuts are honoured.
        public var allowsQuit = false
        /// Whether the mouse pointer shows (a mouse moving shows it when hidden).
        public var showsPointer = false

        /// The defaults: start over after 90 s, no blanking, English, refuse quitting.
        public init() {}
    }

    /// The window the flow runs in.
    public let window: Window
    /// The start screen.
    public let start = StartViewController()
    /// The form.
    public let form = CheckInFormViewController()
    /// The confirmation.
    public let confirmation = ConfirmationViewController()
    /// The accessibility choices.
    public let accessibilityChoices = AccessibilityChoiceViewController()
    /// The operator's own accessibility settings, which starting over goes back to
    /// (`captureOperatorSettings()`, else taken when the first guest leaves the start screen).
    private var operatorSettings: AccessibilitySettingsSnapshot?
    /// The fields' names in the order they were last cleared (secure ones first).
    public private(set) var lastClearOrder: [String] = []
    /// How many times the kiosk started over after the idle timeout.
    public private(set) var idleResets = 0
    /// Called with a line for every screen shown, delegate call and keyboard notification
    /// (`caret-kiosk --trace`); the PIN's digits never appear.
    public var onTrace: ((String) -> Void)? {
        didSet { form.onTrace = onTrace }
    }
    private var observers: [NSObjectProtocol] = []

    /// Sets the window up as a kiosk with the options and shows the start screen.
    public init(window: Window, options: Options = Options()) {
        self.window = window
        window.keyboard.policy = .always
        window.keyboard.languages = options.languages
        // The start screen offers the languages by name (a language without its engine is left out).
        try? window.keyboard.loadLayouts()
        start.languages = window.keyboard.inputModes
        // A guest starts in the kiosk's first language (the keyboard had kept the system's).
        if let first = window.keyboard.inputModes.first?.identifier { window.keyboard.showLanguage(first) }
        start.selectedLanguage = window.keyboard.currentLanguage
        // A guest starts in the kiosk's first language: its words and Caret's.
        window.preferredLanguages = window.keyboard.inputModes.first?.primaryLanguage.map { [$0] } ?? []
        wordsDidChange()
        // The language a guest taps is the keyboard's and that of Caret's own words (the idle
        // warning, spoken mode's sentences, the edit menu), until the kiosk starts over.
        start.onLanguage = { [weak self, weak window] identifier in
            guard let window else { return }
            window.keyboard.showLanguage(identifier)
            // The language chosen, or the one the keys show when its engine could not start.
            let shown = window.keyboard.currentLanguage ?? identifier
            window.preferredLanguages = window.keyboard.inputModes.first { $0.identifier == shown }?.primaryLanguage.map { [$0] } ?? []
            self?.wordsDidChange()
        }
        window.keyboard.physicalKeyHeight = options.keyHeightMillimetres
        window.keyboard.pointsPerMillimetre = options.pointsPerMillimetre
        window.returnKeyNavigation = true
        window.prefersHighContrast = options.highContrast
        if options.userInterfaceStyle != .unspecified { window.overrideUserInterfaceStyle = options.userInterfaceStyle }
        window.kiosk.allowsCloseRequests = options.allowsQuit
        window.kiosk.hidesPointer = !options.showsPointer
        window.kiosk.showsPointerOnMouseMove = true
        window.keyboardAvoidance.policy = .scroll  // a page scrolls; one that fits pans
        window.kiosk.screenBlankingDelay = options.blankAfter
        window.kiosk.idleTimeout = options.idleTimeout
        window.kiosk.onIdleTimeout = { [weak self] in
            guard let self else { return }
            guard self.window.rootViewController !== self.start else {
                // Nothing to start over, but what a guest turned on here goes for the next one.
                self.operatorSettings?.restore(in: self.window)
                return
            }
            self.idleResets += 1
            self.startOver(announcing: self.words("kiosk.startedOver"))
        }
        start.onStart = { [weak self] in self?.show(self?.form) }
        start.onAccessibility = { [weak self] in self?.show(self?.accessibilityChoices) }
        accessibilityChoices.onDone = { [weak self] in self?.show(self?.start) }
        accessibilityChoices.isOn = { [weak self] choice in self?.isOn(choice) ?? false }
        accessibilityChoices.onToggle = { [weak self] choice, on in self?.set(choice, on: on) }
        accessibilityChoices.stateName = { [weak window] choice in
            guard choice == .largerText, let size = window?.preferredContentSizeCategory else { return nil }
            return AccessibilityChoiceViewController.textSizes.first { $0.0 == size }?.1
        }
        form.onSubmit = { [weak self] name in
            guard let self else { return }
            self.confirmation.guestName = name
            self.show(self.confirmation)
            Accessibility.post(notification: .announcement, argument: self.words("confirm.announcement", ["message": self.confirmation.message]))
        }
        form.onCancel = { [weak self] in self?.startOver() }
        confirmation.onDone = { [weak self] in self?.startOver() }
        for (name, label) in [
            (Responder.keyboardWillShowNotification, "keyboardWillShow"), (Responder.keyboardDidShowNotification, "keyboardDidShow"),
            (Responder.keyboardWillHideNotification, "keyboardWillHide"), (Responder.keyboardDidHideNotification, "keyboardDidHide"),
            (Responder.keyboardWillChangeFrameNotification, "keyboardWillChangeFrame"),
            (Responder.keyboardDidChangeFrameNotification, "keyboardDidChangeFrame"),
        ] {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    let end = note.keyboardFrameEnd.map { "\(Int($0.minX)),\(Int($0.minY)),\(Int($0.width)),\(Int($0.height))" } ?? "?"
                    MainActor.assumeIsolated { self?.onTrace?("\(label) end=\(end)") }
                })
        }
        // A language whose engine cannot start (its data is read when a guest first chooses it,
        // on this screen or with the globe key) leaves the keyboard: the start screen offers
        // what is left.
        observers.append(
            NotificationCenter.default.addObserver(forName: TextInputMode.currentInputModeDidChangeNotification, object: nil, queue: nil) {
                [weak self] _ in
                MainActor.assumeIsolated { self?.languagesDidChange() }
            })
        show(start)
    }

    /// The keyboard's languages changed (one left): the start screen offers those left and shows
    /// the one the keys show.
    private func languagesDidChange() {
        let offered = window.keyboard.inputModes
        guard start.languages.map(\.identifier) != offered.map(\.identifier) else { return }
        start.languages = offered
        start.selectedLanguage = window.keyboard.currentLanguage
    }

    /// Takes the window's accessibility settings now as the operator's, which starting over goes
    /// back to (call it once the command line's settings are applied).
    public func captureOperatorSettings() { operatorSettings = AccessibilitySettingsSnapshot(window) }

    /// Shows the form (an operator may skip the welcome; tests start here).
    public func showForm() { show(form) }

    /// Back to the start screen with every field cleared, secure ones first (nothing typed stays
    /// on screen for the next guest), announcing why when given: a spoken mode the operator's
    /// settings turn off says it before its goodbye.
    public func startOver(announcing message: String? = nil) {
        _ = window.endEditing(true)
        lastClearOrder = form.clearFields()
        // The next guest gets the operator's settings (a spoken mode in a headset stays with it).
        if let operatorSettings { operatorSettings.restore(in: window, farewell: message) }
        // The next guest starts in the kiosk's first language.
        if let first = window.keyboard.inputModes.first?.identifier {
            window.keyboard.showLanguage(first)
            start.selectedLanguage = first
        }
        window.preferredLanguages = window.keyboard.inputModes.first?.primaryLanguage.map { [$0] } ?? []
        wordsDidChange()
        show(start)
        if let message { Accessibility.post(notification: .announcement, argument: message) }  // screen readers, a spoken mode kept on
    }

    /// The kiosk's words in the window's language: the guest's pick, at first the kiosk's first language.
    private var words: KioskWords { KioskWords(preferring: window.preferredLanguages) }

    /// Gives every screen the words of the language now chosen.
    private func wordsDidChange() {
        let words = words
        start.words = words
        form.words = words
        confirmation.words = words
        accessibilityChoices.words = words
        // The screens read in the language's direction: mirrored for Arabic, Persian, Hebrew or Urdu.
        rightToLeft = Locale.Language(identifier: words.language).characterDirection == .rightToLeft  // the words shown
        for controller in [start, form, confirmation, accessibilityChoices] as [ViewController] { applyDirection(to: controller) }
    }

    /// Whether the words shown read right to left.
    private var rightToLeft = false

    /// Mirrors a screen's view for a right-to-left language; a screen not yet shown has no view
    /// yet, and gets the direction when it is (loading every screen's view at launch had cost the
    /// kiosk's first frame 4.5 million instructions).
    private func applyDirection(to controller: ViewController) {
        guard let view = controller.viewIfLoaded else { return }
        view.semanticContentAttribute = rightToLeft ? .forceRightToLeft : .unspecified
        view.setNeedsLayout()  // the new words laid out
    }

    private func show(_ controller: ViewController?) {
        guard let controller else { return }
        // What the operator set (the command line has been applied by the first guest).
        if controller !== start, operatorSettings == nil { operatorSettings = AccessibilitySettingsSnapshot(window) }
        _ = window.endEditing(true)
        _ = controller.view  // loaded now if it was not: the language's direction applies to it
        applyDirection(to: controller)
        window.rootViewController = controller
        let name = controller === start ? "start" : controller === form ? "form" : controller === confirmation ? "confirmation" : "accessibility"
        onTrace?("screen \(name)")
    }

    // MARK: Accessibility choices

    /// The kiosk's touch accommodations for a guest with a tremor or who taps heavily.
    static let steadierTouch: TouchAccommodations = {
        var touch = TouchAccommodations()
        touch.holdDuration = 0.25
        touch.ignoreRepeatDuration = 0.4
        touch.keyRepeatDelay = 1
        touch.keyRepeatInterval = 0.3
        touch.wordDeletionDelay = nil
        touch.allowsSpaceBarTrackpad = false
        return touch
    }()

    private func isOn(_ choice: AccessibilityChoiceViewController.Choice) -> Bool {
        switch choice {
        case .spokenMode: return window.spokenMode != nil
        case .switchAccess: return window.switchControl != nil
        case .largerText: return window.preferredContentSizeCategory >= .accessibilityLarge
        case .highContrast: return window.prefersHighContrast
        case .noTimeLimit: return window.kiosk.idleTimeout == nil
        case .touchAccommodations: return window.touchAccommodations == Self.steadierTouch
        case .keySounds: return window.keyboard.keySounds.isEnabled
        }
    }

    private func set(_ choice: AccessibilityChoiceViewController.Choice, on: Bool) {
        switch choice {
        case .spokenMode: if on != (window.spokenMode != nil) { window.accessibilityShortcut.toggleSpokenMode() }
        case .switchAccess: window.switchControl = on ? SwitchControl(select: .key(.keyboardSpacebar)) : nil
        case .largerText:
            // A step a press: large, larger, very large, largest, then the operator's size again.
            let sizes = AccessibilityChoiceViewController.textSizes.map(\.0)
            let next = sizes.firstIndex(of: window.preferredContentSizeCategory).map { $0 + 1 } ?? 0
            window.preferredContentSizeCategory = next < sizes.count ? sizes[next] : (operatorSettings?.textSize ?? .large)
        case .highContrast: window.prefersHighContrast = on
        case .noTimeLimit: window.kiosk.idleTimeout = on ? nil : (operatorSettings.map(\.idleTimeout) ?? 90)
        case .touchAccommodations: window.touchAccommodations = on ? Self.steadierTouch : (operatorSettings?.touch ?? TouchAccommodations())
        case .keySounds: window.keyboard.keySounds.isEnabled = on
        }
        onTrace?("accessibility \(choice.rawValue) \(on ? "on" : "off")")
    }
}

/// The accessibility settings an operator started the kiosk with.
@MainActor
struct AccessibilitySettingsSnapshot {
    let spoken: Bool
    let switchControl: SwitchControl?
    let textSize: ContentSizeCategory
    let highContrast: Bool
    let idleTimeout: TimeInterval?
    let touch: TouchAccommodations
    let keySounds: Bool

    init(_ window: Window) {
        touch = window.touchAccommodations
        keySounds = window.keyboard.keySounds.isEnabled
        spoken = window.spokenMode != nil
        switchControl = window.switchControl
        textSize = window.preferredContentSizeCategory
        highContrast = window.prefersHighContrast
        idleTimeout = window.kiosk.idleTimeout
    }

    func restore(in window: Window, farewell: String? = nil) {
        if window.spokenMode != nil, !spoken, window.spokenMode?.route.isPrivate == false {
            window.accessibilityShortcut.endSpokenMode(saying: farewell)
        }
        if spoken, window.spokenMode == nil { window.spokenMode = window.accessibilityShortcut.spokenModeProvider?(.loudspeaker) }
        if window.switchControl !== switchControl { window.switchControl = switchControl }
        window.preferredContentSizeCategory = textSize
        window.keyboard.keySounds.isEnabled = keySounds
        window.prefersHighContrast = highContrast
        window.kiosk.idleTimeout = idleTimeout
        window.touchAccommodations = touch
    }
}

/// A kiosk page: a big title and a message in a centred column, in a scroll view so that a page
/// taller than the screen at a large text size can be scrolled; its owner places the rest of its
/// views (`addContent`) in the column below the message. The column widens at the accessibility
/// sizes, and titles and messages wrap.
@MainActor
final class KioskPage: View {
    private let titleLabel: Label
    private let messageLabel: Label
    private let scrollView = ScrollView()
    private let content = View()
    /// Places the owner's views in the column (its area, in the content's coordinates) below the
    /// message, and returns where the last one ends.
    var onLayout: ((KioskPage, Rect) -> Double)?
    /// Where the message ends.
    private(set) var messageBottom = 0.0

    required init?(coder: NSCoder) { nil }  // made in code

    init(title: String, message: String) {
        titleLabel = Label(text: title, font: .boldSystemFont(ofSize: 34))
        messageLabel = Label(text: message, font: .systemFont(ofSize: 20))
        super.init(frame: .zero)
        backgroundColor = .systemGroupedBackground
        titleLabel.numberOfLines = 0
        titleLabel.accessibilityTraits.insert(.header)  // a heading: screen readers and flat review find the page by it
        messageLabel.numberOfLines = 0
        messageLabel.textColor = .secondaryLabel
        addSubview(scrollView)
        scrollView.addSubview(content)
        content.addSubview(titleLabel)
        content.addSubview(messageLabel)
    }

    /// Adds one of the owner's views to the page's column.
    func addContent(_ view: View) { content.addSubview(view) }

    func setMessage(_ text: String) {
        messageLabel.text = text
        setNeedsLayout()
    }

    func setTitle(_ text: String) {
        titleLabel.text = text
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds.inset(by: safeAreaInsets)
        scrollView.frame = b
        let large = window?.preferredContentSizeCategory.isAccessibilityCategory ?? false
        let width = min(b.width - 48, large ? 1100 : 640)
        let area = Rect(x: ((b.width - width) / 2).rounded(.down), y: 0, width: width, height: b.height)
        // As tall as the title and message need at the guest's text size.
        let titleHeight = max(44, titleLabel.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up))
        titleLabel.frame = Rect(x: area.minX, y: 48, width: width, height: titleHeight)
        let messageHeight = messageLabel.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up)
        messageLabel.frame = Rect(x: area.minX, y: titleLabel.frame.maxY + 8, width: width, height: messageHeight)
        messageBottom = messageLabel.frame.maxY
        let bottom = onLayout?(self, area) ?? messageBottom
        content.frame = Rect(x: 0, y: 0, width: b.width, height: max(b.height, bottom + 32))
        scrollView.contentSize = content.frame.size
    }
}
