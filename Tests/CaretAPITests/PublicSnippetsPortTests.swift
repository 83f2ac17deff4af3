// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// Idioms of public UIKit code that a newcomer ported and found needing changes Caret caused,
// renamed only (`UI` dropped; block observers and method references where Linux has no
// selectors):
// - a chat screen (Besedka's ConversationViewController) whose controller is never told to become
//   first responder, builds its bar and table from `view.frame` in viewDidLoad and follows the
//   keyboard by keyboardWillShow alone;
// - a picker cell (hijamoya/PickerViewCell) that sets the picker's data source in its initialiser,
//   before the app set what the data source answers from;
// - a card (corona-warn-app's CardView, Dark_Mode-Demo) with its own `cornerRadius`, colour literals,
//   a nil tint, `UIEvent` and `NSUnderlineStyle` spelled as UIKit code spells them.

@MainActor
final class BesedkaInputView: View {
    let textView = TextView()
    let sendButton = Button(type: .system)

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        autoresizingMask = .flexibleHeight
        textView.frame = CGRect(x: 8, y: 8, width: frame.width - 90, height: frame.height - 16)
        textView.autoresizingMask = .flexibleWidth
        sendButton.setTitle("Send", for: .normal)
        sendButton.frame = CGRect(x: frame.width - 74, y: 8, width: 66, height: frame.height - 16)
        sendButton.autoresizingMask = .flexibleLeftMargin
        addSubview(textView)
        addSubview(sendButton)
    }
}

@MainActor
final class ConversationViewController: ViewController, TableViewDataSource {
    var tableView: TableView!
    var messages = ["Hi!"]
    var insets: [CGFloat] = []
    var observer: NSObjectProtocol?
    deinit { MainActor.assumeIsolated { observer.map { NotificationCenter.default.removeObserver($0) } } }

    lazy var customInputView = BesedkaInputView(frame: CGRect(x: 0, y: 0, width: view.frame.width, height: 50))

    override var canBecomeFirstResponder: Bool { true }
    override var inputAccessoryView: View? { customInputView }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = TableView(frame: CGRect(x: 0, y: 0, width: view.frame.width, height: view.frame.height))
        tableView.dataSource = self
        tableView.keyboardDismissMode = .interactive
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        view.addSubview(tableView)
        observer = NotificationCenter.default.addObserver(forName: Responder.keyboardWillShowNotification, object: nil, queue: nil) {
            [weak self] notification in
            guard let frame = notification.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
            MainActor.assumeIsolated { self?.keyboardWillShow(height: frame.height) }
        }
    }

    func keyboardWillShow(height: CGFloat) {
        tableView.contentInset.bottom = height
        insets.append(height)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row]
        return cell
    }
}

@MainActor
protocol PickerTableViewCellDataSource: AnyObject {
    func numberOfComponents(in pickerView: PickerView, forCell cell: PickerTableViewCell) -> Int
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int, forCell cell: PickerTableViewCell) -> Int
}

@MainActor
final class PickerTableViewCell: TableViewCell, PickerViewDataSource, PickerViewDelegate {
    let picker = PickerView()
    weak var dataSource: PickerTableViewCellDataSource?
    /// Whether the picker asked before the app had set `dataSource` (the snippet force-unwraps it there).
    var askedBeforeReady = false

    override init(style: TableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        picker.dataSource = self
        picker.delegate = self
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override var canBecomeFirstResponder: Bool { true }
    override var inputView: View? { picker }

    func numberOfComponents(in pickerView: PickerView) -> Int {
        guard let dataSource else {
            askedBeforeReady = true
            return 0
        }
        return dataSource.numberOfComponents(in: pickerView, forCell: self)
    }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        guard let dataSource else {
            askedBeforeReady = true
            return 0
        }
        return dataSource.pickerView(pickerView, numberOfRowsInComponent: component, forCell: self)
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        ["MALE", "FEMALE"][row]
    }
}

@MainActor
final class SampleTableViewController: ViewController, TableViewDataSource, TableViewDelegate, PickerTableViewCellDataSource {
    let tableView = TableView()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(PickerTableViewCell.self, forCellReuseIdentifier: "gender")
        view.addSubview(tableView)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "gender", for: indexPath)
        (cell as? PickerTableViewCell)?.dataSource = self
        cell.textLabel?.text = "Gender"
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.cellForRow(at: indexPath)?.becomeFirstResponder()
    }

    func numberOfComponents(in pickerView: PickerView, forCell cell: PickerTableViewCell) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int, forCell cell: PickerTableViewCell) -> Int { 2 }
}

/// A card with its own corner radius property, as UIKit apps declare it on their views.
@MainActor
final class CardView: View {
    var cornerRadius: CGFloat = 8 { didSet { layer.cornerRadius = cornerRadius } }
    var touchedWith: Event?

    func setUp() {
        layer.cornerRadius = cornerRadius
        backgroundColor = #colorLiteral(red: 1, green: 0.5843137255, blue: 0, alpha: 1)
        tintColor = nil
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        touchedWith = event
        super.touchesBegan(touches, with: event)
    }
}

@Suite(.serialized) @MainActor
struct PublicSnippetsPortTests {
    private let size = Size(width: 390, height: 700)

    @Test func aChatControllerTakesFocusOnAppearingAndBuildsItsViewsAtTheScreensSize() throws {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let chat = ConversationViewController()
        host.window.rootViewController = chat
        host.settle()
        #expect(chat.isFirstResponder, "a controller that can become first responder does as it appears")
        #expect(chat.tableView.frame.size == size, "view.frame in viewDidLoad is the screen's: \(chat.tableView.frame)")
        let bar = chat.customInputView.convert(chat.customInputView.bounds, to: nil)
        #expect(bar == CGRect(x: 0, y: size.height - 50, width: size.width, height: 50), "\(bar)")
        #expect(chat.insets == [50], "the bar alone is the keyboard: \(chat.insets)")
    }

    @Test func keyboardWillShowFollowsTheKeyboardGrowingUnderTheBar() throws {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let chat = ConversationViewController()
        host.window.rootViewController = chat
        host.settle()
        host.input.tap(chat.customInputView.textView)
        host.settle()
        let keyboard = host.window.keyboard.frame
        #expect(keyboard.height > 150, "the keys and the bar: \(keyboard)")
        #expect(chat.insets.last == keyboard.height, "willShow told the new height: \(chat.insets) for \(keyboard)")
        #expect(abs(chat.tableView.contentInset.bottom - keyboard.height) < 0.001, "\(chat.tableView.contentInset)")
    }

    @Test func aPickerCellThatSetsItsDataSourceInItsInitialiserIsAskedOnlyWhenShown() throws {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let controller = SampleTableViewController()
        host.window.rootViewController = controller
        host.settle()
        let cell = try #require(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? PickerTableViewCell)
        #expect(!cell.askedBeforeReady, "the picker asked its data source before the app had set the cell's")
        host.input.tap(cell)
        host.settle()
        #expect(cell.isFirstResponder)
        #expect(cell.picker.window != nil && cell.picker.numberOfRows(inComponent: 0) == 2)
        #expect(!cell.askedBeforeReady)
    }

    @Test func aCardSpellsItsPropertiesAsUIKitCodeDoes() throws {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let card = CardView(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        host.window.rootViewController = ViewController()
        host.window.rootViewController?.view.addSubview(card)
        host.window.rootViewController?.view.tintColor = .systemRed
        card.setUp()
        card.cornerRadius = 12
        #expect(card.layer.cornerRadius == 12, "the app's own property reaches the layer")
        // The literal's components arrive as Float, as UIKit's colour literal takes them.
        #expect(card.backgroundColor == Color(red: 1, green: Double(Float(0.5843137255)), blue: 0, alpha: 1))
        #expect(card.tintColor == .systemRed, "a nil tint is the superview's again")
        host.settle()
        host.input.tap(card)
        #expect(card.touchedWith != nil)
        let underline: NSUnderlineStyle = .single
        let text = NSAttributedString(string: "Terms", attributes: [.underlineStyle: underline.rawValue])
        #expect(text.attribute(.underlineStyle, at: 0, effectiveRange: nil) as? Int == 1)
    }

    /// Besedka's send button and a QR screen's "Enter code manually", styled through the title label.
    @Test func aButtonsTitleIsStyledThroughItsTitleLabel() throws {
        let button = Button(type: .system)
        button.setTitle("Send", for: .normal)
        button.titleLabel?.font = Font.boldSystemFont(ofSize: 14)
        #expect(button.titleFont == Font.boldSystemFont(ofSize: 14), "the label's font is the title's")
        #expect(button.titleLabel?.text == "Send")
        button.setTitle("Enter code manually", for: .normal)
        #expect(button.titleLabel?.text == "Enter code manually")
        // Wrapping where the label allows more lines is drawn: Tests/CaretSDLTests/ButtonTitleLabelTests.swift.
    }
}
