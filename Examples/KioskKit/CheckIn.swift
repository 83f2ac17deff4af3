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
        start.selectedLanguage = window.keyboard.currentLanguage
        start.onLanguage = { [weak window] identifier in window?.keyboard.showLanguage(identifier) }
        window.keyboard.physicalKeyHeight = options.keyHeightMillimetres
        window.keyboard.pointsPerMillimetre = options.pointsPerMillimetre
        window.returnKeyNavigation = true
        window.prefersHighContrast = options.highContrast
        window.allowsCloseRequests = options.allowsQuit
        window.hidesPointer = !options.showsPointer
        window.showsPointerOnMouseMove = true
        window.keyboardAvoidance.policy = .pan
        window.screenBlankingDelay = options.blankAfter
        window.idleTimeout = options.idleTimeout
        window.onIdleTimeout = { [weak self] in
            guard let self, self.window.rootViewController !== self.start else { return }
            self.idleResets += 1
            self.startOver()
        }
        start.onStart = { [weak self] in self?.show(self?.form) }
        form.onSubmit = { [weak self] name in
            guard let self else { return }
            self.confirmation.guestName = name
            self.show(self.confirmation)
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
        show(start)
    }

    /// Shows the form (an operator may skip the welcome; tests start here).
    public func showForm() { show(form) }

    /// Back to the start screen with every field cleared, secure ones first (nothing typed stays
    /// on screen for the next guest).
    public func startOver() {
        _ = window.endEditing(true)
        lastClearOrder = form.clearFields()
        // The next guest starts in the kiosk's first language.
        if let first = window.keyboard.inputModes.first?.identifier {
            window.keyboard.showLanguage(first)
            start.selectedLanguage = first
        }
        show(start)
    }

    private func show(_ controller: ViewController?) {
        guard let controller else { return }
        _ = window.endEditing(true)
        window.rootViewController = controller
        onTrace?("screen \(controller === start ? "start" : controller === form ? "form" : "confirmation")")
    }
}

/// A kiosk page: a big title and a message in a centred column; its owner places the rest.
@MainActor
final class KioskPage: View {
    private let titleLabel: Label
    private let messageLabel: Label
    /// Places the owner's views in the column (its area) below the message.
    var onLayout: ((KioskPage, Rect) -> Void)?
    /// Where the message ends.
    private(set) var messageBottom = 0.0

    required init?(coder: NSCoder) { nil }  // made in code

    init(title: String, message: String) {
        titleLabel = Label(text: title, font: .boldSystemFont(ofSize: 34))
        messageLabel = Label(text: message, font: .systemFont(ofSize: 20))
        super.init(frame: .zero)
        backgroundColor = .systemGroupedBackground
        messageLabel.numberOfLines = 0
        messageLabel.textColor = .secondaryLabel
        addSubview(titleLabel)
        addSubview(messageLabel)
    }

    func setMessage(_ text: String) {
        messageLabel.text = text
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds.inset(by: safeAreaInsets)
        let width = min(b.width - 48, 640)
        let area = Rect(x: b.minX + ((b.width - width) / 2).rounded(.down), y: b.minY, width: width, height: b.height)
        titleLabel.frame = Rect(x: area.minX, y: b.minY + 48, width: width, height: 44)
        let messageHeight = messageLabel.sizeThatFits(Size(width: width, height: 0)).height
        messageLabel.frame = Rect(x: area.minX, y: titleLabel.frame.maxY + 8, width: width, height: messageHeight)
        messageBottom = messageLabel.frame.maxY
        onLayout?(self, area)
    }
}
