// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

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
    public let submitButton = Button(title: KioskWords(preferring: [])("form.continue"), style: .filled)
    /// Start over.
    public let cancelButton = Button(title: KioskWords(preferring: [])("form.cancel"), style: .plain)
    /// The kiosk's words, in the guest's language.
    public var words = KioskWords(preferring: []) {
        didSet { if isViewLoaded { applyWords() } }
    }
    /// What is missing, if anything.
    public let problemLabel = Label(text: "")

    public override func loadView() {
        let screen = KioskPage(title: words("form.title"), message: words("form.message"))
        let specs: [(String, KeyboardType, TextContentType?)] = [
            ("code", .asciiCapable, .oneTimeCode), ("name", .default, .name), ("email", .emailAddress, .emailAddress),
            ("pin", .numberPad, .password),
        ]
        for (name, type, content) in specs {
            let field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = words("form.\(name)")
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
            screen.addContent(field)
        }
        problemLabel.textColor = .systemRed
        problemLabel.numberOfLines = 0
        submitButton.addAction(Action { [weak self] _ in self?.submit() }, for: .primaryActionTriggered)
        cancelButton.addAction(Action { [weak self] _ in self?.onCancel?() }, for: .primaryActionTriggered)
        for view in [problemLabel, submitButton, cancelButton] as [View] { screen.addContent(view) }
        screen.onLayout = { [weak self] page, area in
            guard let self else { return page.messageBottom }
            var y = page.messageBottom + 20
            for name in Self.fieldOrder {
                guard let field = self.fields[name] else { continue }
                let height = max(52, field.intrinsicContentSize.height)
                field.frame = Rect(x: area.minX, y: y, width: area.width, height: height)
                y += height + 12
            }
            let problemHeight = max(24, self.problemLabel.sizeThatFits(Size(width: area.width, height: 0)).height.rounded(.up))
            self.problemLabel.frame = Rect(x: area.minX, y: y, width: area.width, height: problemHeight)
            y += problemHeight + 8
            // Side by side while both titles fit in half the column, else one above the other.
            let half = area.width / 2 - 8
            let height = max(56, self.submitButton.intrinsicContentSize.height, self.cancelButton.intrinsicContentSize.height)
            if max(self.submitButton.intrinsicContentSize.width, self.cancelButton.intrinsicContentSize.width) <= half {
                // Cancel leads and Continue trails: mirrored for a right-to-left language.
                let leading = Rect(x: area.minX, y: y, width: half, height: height)
                let trailing = Rect(x: area.midX + 8, y: y, width: half, height: height)
                let mirrored = page.isRightToLeftLayout
                self.cancelButton.frame = mirrored ? trailing : leading
                self.submitButton.frame = mirrored ? leading : trailing
            } else {
                self.submitButton.frame = Rect(x: area.minX, y: y, width: area.width, height: height)
                self.cancelButton.frame = Rect(x: area.minX, y: y + height + 12, width: area.width, height: height)
            }
            return max(self.submitButton.frame.maxY, self.cancelButton.frame.maxY)
        }
        view = screen
        applyWords()
    }

    /// The booking code takes focus when the form shows: the keyboard is up at once.
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fields["code"]?.becomeFirstResponder()
    }

    /// The PIN takes four digits, the booking code letters and digits, nothing else.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        let name = textField.accessibilityIdentifier ?? "?"
        let shown = textField.isSecureTextEntry ? String(repeating: "•", count: string.count) : string
        onTrace?("shouldChangeCharacters \(name) \(range.location),\(range.length) \(shown)")
        if textField === fields["code"] { return string.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
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

    /// Checks the form and submits it, or says what is missing, in words a guest knows (shown,
    /// and announced to spoken mode and screen readers).
    /// Every problem is said at once (a short PIN hid the empty fields), and focus goes to the
    /// first field with one, so that a guest on keys goes on from there.
    public func submit() {
        let missing = Self.fieldOrder.filter { (fields[$0]?.text ?? "").isEmpty }
        let shortPIN = (fields["pin"]?.text ?? "").count != 4 && !missing.contains("pin")
        var problems: [String] = []
        if !missing.isEmpty { problems.append(words("form.fillIn", ["fields": words.list(missing.map { words("form.missing.\($0)") })])) }
        if shortPIN { problems.append(words("form.pinDigits")) }
        guard problems.isEmpty else {
            // Focus first, then the problems: said last, they are what the guest hears.
            if let first = Self.fieldOrder.first(where: { missing.contains($0) || ($0 == "pin" && shortPIN) }) {
                _ = fields[first]?.becomeFirstResponder()
            }
            tell(problems.joined(separator: " "))
            return
        }
        problemLabel.text = ""
        onSubmit?(fields["name"]?.text ?? "")
    }

    private func applyWords() {
        (view as? KioskPage)?.setTitle(words("form.title"))
        (view as? KioskPage)?.setMessage(words("form.message"))
        for (name, field) in fields { field.placeholder = words("form.\(name)") }
        submitButton.setTitle(words("form.continue"), for: .normal)
        cancelButton.setTitle(words("form.cancel"), for: .normal)
        view.setNeedsLayout()
    }

    private func tell(_ problem: String) {
        problemLabel.text = problem
        view.setNeedsLayout()  // the line may wrap
        Accessibility.post(notification: .announcement, argument: problem)
    }

    /// Empties every field, secure ones first; returns the order.
    @discardableResult
    public func clearFields() -> [String] {
        guard isViewLoaded else { return [] }  // never shown: no field was made, none holds text
        let order = Self.fieldOrder.sorted { (fields[$0]?.isSecureTextEntry == true ? 0 : 1) < (fields[$1]?.isSecureTextEntry == true ? 0 : 1) }
        for name in order { fields[name]?.text = "" }
        problemLabel.text = ""
        return order
    }
}
