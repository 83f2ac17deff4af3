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
        show(start)
    }

    private func show(_ controller: ViewController?) {
        guard let controller else { return }
        _ = window.endEditing(true)
        window.rootViewController = controller
        onTrace?("screen \(controller === start ? "start" : controller === form ? "form" : "confirmation")")
    }
}

/// "Tap to check in".
@MainActor
public final class StartViewController: ViewController {
    /// Runs when the guest starts.
    public var onStart: (() -> Void)?
    /// The start button.
    public let startButton = Button(title: "Check in", style: .filled)

    public override func loadView() {
        let screen = KioskPage(title: "Welcome", message: "Tap to check in for your stay.")
        startButton.addAction(Action { [weak self] _ in self?.onStart?() }, for: .primaryActionTriggered)
        screen.addSubview(startButton)
        screen.onLayout = { [startButton] page, area in
            startButton.frame = Rect(x: area.minX, y: page.messageBottom + 40, width: area.width, height: 64)
        }
        view = screen
    }
}

/// The form: booking code, name, email and PIN.
@MainActor
public final class CheckInFormViewController: ViewController, TextFieldDelegate {
    /// The fields, by name (code, name, email, pin).
    public private(set) var fields: [String: TextField] = [:]
    /// The order the fields are in.
    public static let fieldOrder = ["code", "name", "email", "pin"]
    /// Runs with the guest's name when the form is complete.
    public var onSubmit: ((String) -> Void)?
    /// Runs when the guest cancels.
    public var onCancel: (() -> Void)?
    /// Called with a line for every delegate call (the PIN's digits shown as •).
    public var onTrace: ((String) -> Void)?
    /// Check in.
    public let submitButton = Button(title: "Continue", style: .filled)
    /// Start over.
    public let cancelButton = Button(title: "Cancel", style: .plain)
    /// What is missing, if anything.
    public let problemLabel = Label(text: "")

    public override func loadView() {
        let screen = KioskPage(title: "Your booking", message: "Booking code, name, email and a four-digit PIN.")
        let specs: [(String, String, KeyboardType, TextContentType?)] = [
            ("code", "Booking code", .asciiCapable, .oneTimeCode), ("name", "Full name", .default, .name),
            ("email", "Email", .emailAddress, .emailAddress), ("pin", "PIN", .numberPad, .password),
        ]
        for (name, placeholder, type, content) in specs {
            let field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = placeholder
            field.keyboardType = type
            field.textContentType = content
            field.clearButtonMode = .whileEditing
            field.isSecureTextEntry = name == "pin"
            field.autocapitalizationType = name == "code" ? .allCharacters : (name == "name" ? .words : .none)
            field.returnKeyType = name == "pin" ? .done : .next
            field.accessibilityIdentifier = name
            field.font = .systemFont(ofSize: 22)
            field.delegate = self
            fields[name] = field
            screen.addSubview(field)
        }
        problemLabel.textColor = .systemRed
        submitButton.addAction(Action { [weak self] _ in self?.submit() }, for: .primaryActionTriggered)
        cancelButton.addAction(Action { [weak self] _ in self?.onCancel?() }, for: .primaryActionTriggered)
        for view in [problemLabel, submitButton, cancelButton] as [View] { screen.addSubview(view) }
        screen.onLayout = { [weak self] page, area in
            guard let self else { return }
            var y = page.messageBottom + 20
            for name in Self.fieldOrder {
                self.fields[name]?.frame = Rect(x: area.minX, y: y, width: area.width, height: 52)
                y += 64
            }
            self.problemLabel.frame = Rect(x: area.minX, y: y, width: area.width, height: 24)
            self.cancelButton.frame = Rect(x: area.minX, y: y + 32, width: area.width / 2 - 8, height: 56)
            self.submitButton.frame = Rect(x: area.midX + 8, y: y + 32, width: area.width / 2 - 8, height: 56)
        }
        view = screen
    }

    /// The booking code takes focus when the form shows: the keyboard is up at once.
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fields["code"]?.becomeFirstResponder()
    }

    /// The PIN takes four digits, nothing else.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        let name = textField.accessibilityIdentifier ?? "?"
        let shown = textField.isSecureTextEntry ? String(repeating: "•", count: string.count) : string
        onTrace?("shouldChangeCharacters \(name) \(range.location),\(range.length) \(shown)")
        guard textField === fields["pin"] else { return true }
        let current = (textField.text ?? "") as NSString
        let next = current.replacingCharacters(in: range, with: string)
        return next.count <= 4 && next.allSatisfy(\.isNumber)
    }

    /// Traced.
    public func textFieldDidBeginEditing(_ textField: TextField) {
        onTrace?("didBeginEditing \(textField.accessibilityIdentifier ?? "?")")
    }

    /// Return on the PIN submits.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        onTrace?("shouldReturn \(textField.accessibilityIdentifier ?? "?")")
        if textField === fields["pin"] { submit() }
        return true
    }

    /// Checks the form and submits it, or says what is missing.
    public func submit() {
        let missing = Self.fieldOrder.filter { (fields[$0]?.text ?? "").isEmpty }
        if (fields["pin"]?.text ?? "").count != 4 && !missing.contains("pin") {
            problemLabel.text = "The PIN has four digits."
            return
        }
        guard missing.isEmpty else {
            problemLabel.text = "Missing: " + missing.joined(separator: ", ")
            return
        }
        problemLabel.text = ""
        onSubmit?(fields["name"]?.text ?? "")
    }

    /// Empties every field, secure ones first; returns the order.
    @discardableResult
    public func clearFields() -> [String] {
        let order = Self.fieldOrder.sorted { (fields[$0]?.isSecureTextEntry == true ? 0 : 1) < (fields[$1]?.isSecureTextEntry == true ? 0 : 1) }
        for name in order { fields[name]?.text = "" }
        problemLabel.text = ""
        return order
    }
}

/// "You are checked in".
@MainActor
public final class ConfirmationViewController: ViewController {
    /// The guest's name shown.
    public var guestName = "" { didSet { page?.setMessage("Welcome, \(guestName). Your key card is ready below.") } }
    /// Runs when the guest is done.
    public var onDone: (() -> Void)?
    /// Done.
    public let doneButton = Button(title: "Done", style: .filled)
    private var page: KioskPage? { viewIfLoaded as? KioskPage }

    public override func loadView() {
        let screen = KioskPage(title: "Checked in", message: "Welcome, \(guestName). Your key card is ready below.")
        doneButton.addAction(Action { [weak self] _ in self?.onDone?() }, for: .primaryActionTriggered)
        screen.addSubview(doneButton)
        screen.onLayout = { [doneButton] page, area in
            doneButton.frame = Rect(x: area.minX, y: page.messageBottom + 40, width: area.width, height: 64)
        }
        view = screen
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
