// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Pickers as input views, as UIKit apps write them, renamed only (issue 45 item 4): a country
// field whose keyboard is a picker of countries, a date-of-birth field whose keyboard is a date
// picker with a Done toolbar. Linux has no `#selector`: the target's method is passed.

/// A profile form: the country comes from a picker, the date of birth from a date picker.
@MainActor
final class ProfileViewController: ViewController, PickerViewDataSource, PickerViewDelegate {
    let countries = ["Austria", "Belgium", "Canada", "Denmark", "Estonia", "France", "Germany", "Hungary"]
    let countryField = TextField()
    let birthField = TextField()
    let countryPicker = PickerView()
    let datePicker = DatePicker()
    let formatter = DateFormatter()
    var selections: [Int] = []
    /// The latest date of birth allowed (2006-06-15, UTC).
    static let latestBirthday = Date(timeIntervalSince1970: 1_150_329_600)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        countryField.placeholder = "Country"
        countryField.borderStyle = .roundedRect
        countryField.frame = CGRect(x: 20, y: 40, width: 300, height: 40)
        view.addSubview(countryField)
        countryPicker.dataSource = self
        countryPicker.delegate = self
        countryField.inputView = countryPicker

        birthField.placeholder = "Date of birth"
        birthField.borderStyle = .roundedRect
        birthField.frame = CGRect(x: 20, y: 480, width: 300, height: 40)
        view.addSubview(birthField)
        datePicker.datePickerMode = .date
        datePicker.preferredDatePickerStyle = .wheels
        datePicker.locale = Locale(identifier: "en_US")
        datePicker.timeZone = TimeZone(identifier: "UTC")
        datePicker.maximumDate = Self.latestBirthday
        datePicker.date = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
        datePicker.addTarget(self, action: ProfileViewController.dateChanged, for: .valueChanged)
        birthField.inputView = datePicker

        let toolbar = Toolbar()
        toolbar.sizeToFit()
        let done = BarButtonItem(barButtonSystemItem: .done, primaryAction: Action { [weak self] _ in self?.view.endEditing(true) })
        toolbar.items = [BarButtonItem(barButtonSystemItem: .flexibleSpace), done]
        birthField.inputAccessoryView = toolbar

        formatter.dateStyle = .medium
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
    }

    func dateChanged(_ sender: DatePicker) {
        birthField.text = formatter.string(from: sender.date)
    }

    func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { countries.count }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { countries[row] }
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat { 40 }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append(row)
        countryField.text = countries[row]
    }
}

/// Records the keyboard's notifications as UIKit observers read them.
@MainActor
final class KeyboardLog {
    var entries: [(name: String, end: CGRect)] = []
    private var observers: [NSObjectProtocol] = []

    init() {
        let names: [(Notification.Name, String)] = [
            (Responder.keyboardWillShowNotification, "willShow"), (Responder.keyboardDidShowNotification, "didShow"),
            (Responder.keyboardWillHideNotification, "willHide"), (Responder.keyboardDidHideNotification, "didHide"),
            (Responder.keyboardWillChangeFrameNotification, "willChange"), (Responder.keyboardDidChangeFrameNotification, "didChange"),
        ]
        for (name, label) in names {
            observers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    let end = (note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
                    MainActor.assumeIsolated { self?.entries.append((label, end)) }
                })
        }
    }

    func stop() { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
}

@Suite(.serialized) @MainActor
struct PickerInputViewPortTests {
    private func host() throws -> (HeadlessWindow, ProfileViewController) {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let profile = ProfileViewController()
        host.window.rootViewController = profile
        host.settle()
        return (host, profile)
    }

    /// A wheel of the window's accessibility elements, by its label ("Year"), or the only one.
    private func wheel(_ host: HeadlessWindow, _ label: String? = nil) throws -> CGRect {
        let wheels = host.window.accessibilityElementsInOrder.filter { $0.accessibilityTraits.contains(.adjustable) }
        return try #require(wheels.first { label == nil || $0.accessibilityLabel == label }).accessibilityFrame
    }

    @Test func draggingTheCountryWheelPutsTheCountryInTheField() throws {
        let (host, profile) = try host()
        let log = KeyboardLog()
        defer { log.stop() }
        host.input.tap(profile.countryField)
        host.settle()
        #expect(profile.countryField.isFirstResponder)
        // The picker is in the keyboard's place: full width, 216 high, at the bottom.
        let pickerFrame = profile.countryPicker.convert(profile.countryPicker.bounds, to: nil)
        #expect(pickerFrame == CGRect(x: 0, y: 600 - 216, width: 400, height: 216))
        #expect(log.entries.map(\.name) == ["willChange", "willShow", "didChange", "didShow"])
        #expect(log.entries.allSatisfy { $0.end == pickerFrame }, "the notifications carry the picker's frame")
        // Dragged up by three of its 40-point rows and held before lifting: the fourth country.
        let frame = try wheel(host)
        let start = CGPoint(x: frame.midX, y: frame.midY)
        host.input.drag(from: start, to: CGPoint(x: start.x, y: start.y - 3 * 40), duration: 0.6, steps: 12, holdBeforeRelease: 0.2)
        host.settle()
        #expect(profile.selections == [3] && profile.countryField.text == profile.countries[3])
        // A fling runs on past the finger and still ends on a country.
        host.input.drag(from: start, to: CGPoint(x: start.x, y: start.y - 50), duration: 0.05, steps: 5)
        host.settle()
        let row = try #require(profile.selections.last)
        #expect(profile.selections.count == 2 && row > 3 + 50 / 40 && profile.countryField.text == profile.countries[row])
    }

    @Test func theDateOfBirthPickerWithItsDoneToolbar() throws {
        let (host, profile) = try host()
        let log = KeyboardLog()
        defer { log.stop() }
        host.input.tap(profile.birthField)
        host.settle()
        #expect(profile.birthField.isFirstResponder)
        // The keyboard's frame is the toolbar's 44 points and the picker's 216.
        let keyboard = CGRect(x: 0, y: 600 - 260, width: 400, height: 260)
        #expect(log.entries.map(\.name) == ["willChange", "willShow", "didChange", "didShow"])
        #expect(log.entries.allSatisfy { $0.end == keyboard })
        #expect(profile.datePicker.convert(profile.datePicker.bounds, to: nil) == CGRect(x: 0, y: 600 - 216, width: 400, height: 216))
        // Avoidance keeps the focused field above the picker and its toolbar.
        let field = profile.birthField.convert(profile.birthField.bounds, to: nil)
        #expect(field.maxY <= keyboard.minY && field.minY >= 0, "\(field)")

        // The year wheel turned back two years (two 32-point rows dragged down): 1998.
        let year = try wheel(host, "Year")
        host.input.drag(
            from: CGPoint(x: year.midX, y: year.midY), to: CGPoint(x: year.midX, y: year.midY + 2 * 32), duration: 0.6, steps: 12,
            holdBeforeRelease: 0.2)
        host.settle()
        #expect(profile.birthField.text == "Jan 1, 1998")
        // The year wheel turned ten years on, past 2006-06-15: it bounces back to the latest birthday.
        host.input.drag(
            from: CGPoint(x: year.midX, y: year.midY), to: CGPoint(x: year.midX, y: year.midY - 10 * 32), duration: 1, steps: 20,
            holdBeforeRelease: 0.2)
        host.settle()
        #expect(profile.birthField.text == "Jun 15, 2006" && profile.datePicker.date == ProfileViewController.latestBirthday)

        // Done ends editing: the picker goes as the keyboard does.
        log.entries.removeAll()
        let done = try #require((profile.birthField.inputAccessoryView as? Toolbar)?.subviews.first as? Button)
        host.input.tap(done)
        host.settle()
        #expect(!profile.birthField.isFirstResponder && !host.window.keyboard.isVisible)
        #expect(log.entries.map(\.name) == ["willChange", "willHide", "didChange", "didHide"])
    }

    @Test func movingFromTheCountryPickerToTheDatePickerShowsTheKeyboardAgain() throws {
        let (host, profile) = try host()
        host.input.tap(profile.countryField)
        host.settle()
        let log = KeyboardLog()
        defer { log.stop() }
        #expect(profile.birthField.becomeFirstResponder())  // the field is under the picker: Next in a form would do this
        host.settle()
        #expect(log.entries.map(\.name) == ["willChange", "willShow", "didChange", "didShow"])
        #expect(log.entries.last?.end == CGRect(x: 0, y: 600 - 260, width: 400, height: 260))
        #expect(profile.countryPicker.window == nil, "the country picker left the keyboard's place")
    }

    @Test func aPickerAboveAHomeIndicatorTakesTheSafeAreaBelowIt() throws {
        let (host, profile) = try host()
        host.window.windowSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 34, right: 0)
        host.input.tap(profile.countryField)
        host.settle()
        let frame = profile.countryPicker.convert(profile.countryPicker.bounds, to: nil)
        #expect(frame == CGRect(x: 0, y: 600 - 216 - 34, width: 400, height: 216 + 34))
        // Its wheel turns in the 216 points above the home indicator.
        let wheel = try wheel(host)
        #expect(wheel.minY == frame.minY && wheel.maxY == 600 - 34)
    }
}
