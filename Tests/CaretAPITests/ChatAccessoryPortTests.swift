// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Testing

// A chat screen as UIKit apps write it, renamed only: the view controller can become first
// responder and returns its input bar from `inputAccessoryView`, so the bar sits at the bottom
// of the window and rides on the keyboard while its text view is edited; the messages' table
// dismisses the keyboard interactively and reads the keyboard's frame as a CGRect to keep its
// last message clear. Then a settings row that shows a date picker when tapped (a cell whose
// `inputView` is the picker). Linux has no `#selector`: the target's method is passed, and the
// notification is observed with a block.

@MainActor
final class ChatInputBar: View {
    let textView = TextView()
    let sendButton = Button(type: .system)

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        autoresizingMask = .flexibleHeight
        textView.font = .systemFont(ofSize: 17)
        textView.translatesAutoresizingMaskIntoConstraints = false
        sendButton.setTitle("Send", for: .normal)
        sendButton.translatesAutoresizingMaskIntoConstraints = false
        addSubview(textView)
        addSubview(sendButton)
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            textView.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            textView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            sendButton.leadingAnchor.constraint(equalTo: textView.trailingAnchor, constant: 8),
            sendButton.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
            sendButton.centerYAnchor.constraint(equalTo: centerYAnchor),
            sendButton.widthAnchor.constraint(equalToConstant: 60),
        ])
    }
}

@MainActor
final class AccessoryChatController: ViewController, TableViewDataSource {
    let tableView = TableView()
    var messages = ["Hello", "Are you there?"]
    var keyboardInsets: [CGFloat] = []
    var observer: NSObjectProtocol?
    deinit { MainActor.assumeIsolated { observer.map { NotificationCenter.default.removeObserver($0) } } }

    lazy var inputBar: ChatInputBar = {
        let bar = ChatInputBar(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 56))
        bar.sendButton.addTarget(self, action: AccessoryChatController.send, for: .touchUpInside)
        return bar
    }()

    override var canBecomeFirstResponder: Bool { true }
    override var inputAccessoryView: View? { inputBar }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        tableView.keyboardDismissMode = .interactive
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "message")
        view.addSubview(tableView)
        // Linux's Foundation has no selectors: the block form (a change Linux forces).
        observer = NotificationCenter.default.addObserver(
            forName: Responder.keyboardWillChangeFrameNotification, object: nil, queue: nil
        ) { [weak self] note in
            let frame = note.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect
            MainActor.assumeIsolated { self?.keyboardWillChange(to: frame) }
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    func keyboardWillChange(to frame: CGRect?) {
        guard let frame else { return }
        let inset = max(0, view.bounds.height - view.convert(frame, from: nil).minY)
        tableView.contentInset.bottom = inset
        keyboardInsets.append(inset)
    }

    func send(_ sender: Button) {
        guard let text = inputBar.textView.text, !text.isEmpty else { return }
        messages.append(text)
        inputBar.textView.text = ""
        tableView.reloadData()
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row]
        return cell
    }
}

/// A settings row that edits a date with a picker in the keyboard's place.
@MainActor
final class DateCell: TableViewCell {
    let picker = DatePicker()
    override var canBecomeFirstResponder: Bool { true }
    override var inputView: View? { picker }
}

@MainActor
final class ReminderSettingsController: ViewController, TableViewDataSource, TableViewDelegate {
    let tableView = TableView(frame: .zero, style: .insetGrouped)

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(DateCell.self, forCellReuseIdentifier: "date")
        view.addSubview(tableView)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "date", for: indexPath)
        cell.textLabel?.text = "Remind me"
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.cellForRow(at: indexPath)?.becomeFirstResponder()
    }
}

@Suite(.serialized) @MainActor
struct ChatAccessoryPortTests {
    private let size = Size(width: 400, height: 600)

    private func chat() throws -> (HeadlessWindow, AccessoryChatController) {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let chat = AccessoryChatController()
        host.window.rootViewController = chat
        host.settle()
        return (host, chat)
    }

    private func frameInWindow(_ view: View) -> CGRect { view.convert(view.bounds, to: nil) }

    @Test func theControllersInputBarSitsAtTheBottomWithNoKeyboard() throws {
        let log = KeyboardLog()
        defer { log.stop() }
        let (host, chat) = try chat()
        #expect(chat.isFirstResponder)
        let bar = frameInWindow(chat.inputBar)
        #expect(bar == CGRect(x: 0, y: size.height - 56, width: size.width, height: 56), "\(bar)")
        #expect(host.window.keyboard.keyboardView?.window == nil, "no keys: only the bar")
        // The bar is the keyboard's frame, as UIKit posts it, and the table's inset follows.
        #expect(log.entries.map(\.name) == ["willChange", "willShow", "didChange", "didShow"])
        #expect(log.entries.last?.end == bar)
        #expect(chat.keyboardInsets.last == 56)
        #expect(chat.view.keyboardLayoutGuide.layoutFrame.minY == bar.minY)
    }

    @Test func theBarRidesOnTheKeyboardWhileItsTextViewIsEdited() throws {
        let (host, chat) = try chat()
        host.input.tap(chat.inputBar.textView)
        host.settle()
        #expect(chat.inputBar.textView.isFirstResponder && !chat.isFirstResponder)
        let keys = try #require(host.window.keyboard.keyboardView)
        let keysFrame = frameInWindow(keys)
        let bar = frameInWindow(chat.inputBar)
        #expect(keys.window != nil && keysFrame.maxY == size.height)
        #expect(bar.maxY == keysFrame.minY && bar.height == 56, "the bar on the keys: \(bar) over \(keysFrame)")
        #expect(host.window.keyboard.frame == CGRect(x: 0, y: bar.minY, width: size.width, height: size.height - bar.minY))
        #expect(chat.keyboardInsets.last == size.height - bar.minY)
        host.input.type("See you at six")
        host.input.tap(chat.inputBar.sendButton)
        host.settle()
        #expect(chat.messages.last == "See you at six" && chat.inputBar.textView.text == "")
    }

    @Test func draggingTheMessagesIntoTheKeyboardPutsTheBarBackAtTheBottom() throws {
        let (host, chat) = try chat()
        host.input.tap(chat.inputBar.textView)
        host.settle()
        let keyboardTop = host.window.keyboard.frame.minY
        #expect(keyboardTop < size.height - 56 - 100)
        host.input.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: keyboardTop + 40), duration: 0.5, steps: 20)
        host.settle()
        #expect(!chat.inputBar.textView.isFirstResponder)
        #expect(chat.isFirstResponder, "the controller took focus back, as UIKit keeps the bar")
        #expect(frameInWindow(chat.inputBar) == CGRect(x: 0, y: size.height - 56, width: size.width, height: 56))
        #expect(host.window.keyboard.keyboardView?.window == nil)
        #expect(chat.keyboardInsets.last == 56)
    }

    /// The keyboard and its bar follow a finger that pulls them down, post nothing meanwhile, and
    /// slide back when the finger goes back up before lifting.
    @Test func theKeyboardFollowsTheFingerAndSlidesBackIfLetGoAboveIt() throws {
        let (host, chat) = try chat()
        host.input.tap(chat.inputBar.textView)
        host.settle()
        let rest = frameInWindow(chat.inputBar)
        let log = KeyboardLog()
        defer { log.stop() }
        host.window.send(.touch(id: 1, phase: .began, location: CGPoint(x: 200, y: 100)))
        for y in Array(stride(from: 110.0, to: rest.minY + 60, by: 10)) + [rest.minY + 60] {
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: CGPoint(x: 200, y: y)))
        }
        host.layout()
        #expect(frameInWindow(chat.inputBar).minY == rest.minY + 60, "the bar under the finger: \(frameInWindow(chat.inputBar))")
        #expect(log.entries.isEmpty, "nothing posted while the finger holds it")
        for y in stride(from: rest.minY + 50, through: rest.minY - 40, by: -10) {
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: CGPoint(x: 200, y: y)))
        }
        host.advance(by: 0.3)  // held still: no flick
        host.window.send(.touch(id: 1, phase: .ended, location: CGPoint(x: 200, y: rest.minY - 40)))
        host.settle()
        #expect(chat.inputBar.textView.isFirstResponder, "let go above the keyboard: it stays")
        #expect(frameInWindow(chat.inputBar) == rest)
    }

    /// An alert over the chat: the bar goes with the focus (it would sit over the alert) and comes
    /// back, with its text view edited again, when the alert goes.
    @Test func anAlertOverTheChatTakesTheBarAwayAndGivesItBack() throws {
        let (host, chat) = try chat()
        host.input.tap(chat.inputBar.textView)
        host.settle()
        let alert = AlertController(title: "Leave the chat?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Stay", style: .cancel))
        chat.present(alert, animated: true)
        host.settle()
        #expect(!chat.isFirstResponder && !chat.inputBar.textView.isFirstResponder)
        #expect(host.window.keyboard.container.isHidden, "no bar over the alert")
        host.input.key(.keyboardEscape)  // Stay
        host.settle()
        #expect(chat.inputBar.textView.isFirstResponder, "the text view is edited again")
        #expect(frameInWindow(chat.inputBar).maxY == host.window.keyboard.keyboardView.map { frameInWindow($0).minY })
    }

    /// A text view that will not end editing keeps the keyboard: pulled down and let go, it slides back.
    @Test func aKeyboardThatCannotGoSlidesBackAfterTheDrag() throws {
        final class Stubborn: TextViewDelegate {
            func textViewShouldEndEditing(_ textView: TextView) -> Bool { false }
        }
        let (host, chat) = try chat()
        let stubborn = Stubborn()
        chat.inputBar.textView.delegate = stubborn
        host.input.tap(chat.inputBar.textView)
        host.settle()
        let rest = frameInWindow(chat.inputBar)
        host.input.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: rest.minY + 150), duration: 0.5, steps: 20)
        host.settle()
        #expect(chat.inputBar.textView.isFirstResponder)
        #expect(frameInWindow(chat.inputBar) == rest, "back in place: \(frameInWindow(chat.inputBar))")
    }

    @Test func theBarLeavesWithItsController() throws {
        let (host, chat) = try chat()
        host.input.tap(chat.inputBar.textView)
        host.settle()
        #expect(chat.inputBar.textView.isFirstResponder && chat.inputBar.window != nil)
        host.window.rootViewController = ViewController()
        host.settle()
        #expect(!chat.isFirstResponder && !chat.inputBar.textView.isFirstResponder)
        #expect(host.window.firstResponder == nil)
        #expect(!host.window.keyboard.isVisible)
        host.settle()
        #expect(host.window.keyboard.container.isHidden)
    }

    @Test func aRowWhoseInputViewIsADatePickerShowsItWhenTapped() throws {
        let log = KeyboardLog()
        defer { log.stop() }
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        let settings = ReminderSettingsController()
        host.window.rootViewController = settings
        host.settle()
        let cell = try #require(settings.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? DateCell)
        host.input.tap(cell)
        host.settle()
        #expect(cell.isFirstResponder)
        let picker = frameInWindow(cell.picker)
        #expect(cell.picker.window != nil && picker.maxY == size.height && picker.width == size.width && picker.height > 150)
        #expect(log.entries.map(\.name) == ["willChange", "willShow", "didChange", "didShow"])
        #expect(log.entries.last?.end == picker)
    }
}
