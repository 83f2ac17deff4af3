// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import Foundation

/// The demo's chat screen: messages in a table above an input bar that rides the keyboard on
/// `keyboardLayoutGuide` (nothing else moves it). The bar's text view grows with its text up to
/// 120 points, then scrolls; Send (or Return with a hardware keyboard's Shift not held) adds the
/// message and scrolls to it; a tap on the messages puts the keyboard away (a tap recognizer).
/// A message swiped to the left shows Delete; Edit shows each message's delete control and the
/// bars to drag it by (the table's editing mode, as a UIKit table view controller's).
@MainActor
public final class ChatScreen: View, TableViewDataSource, TableViewDelegate, TextViewDelegate {
    /// Goes back to the form.
    public let backButton: Button
    private let titleLabel = Label(text: "", font: .boldSystemFont(ofSize: 22))
    /// Turns the messages' editing mode on and off (reads Done while on).
    public let editButton: Button
    private let words: ExampleWords
    /// The messages.
    public let table = TableView(frame: .zero, style: .plain)
    /// The bar at the bottom.
    public let inputBar = View()
    /// Where a message is typed.
    public let messageView = TextView()
    /// Sends the message.
    public let sendButton: Button
    /// The messages, oldest first, and whether each is the user's.
    public private(set) var messages: [(text: String, mine: Bool)]
    /// How tall the bar's text view may grow.
    public static let maximumMessageHeight: CGFloat = 120
    private var messageHeight: NSLayoutConstraint!
    /// The tap that puts the keyboard away.
    public private(set) var dismissTap: TapGestureRecognizer!

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Builds the screen in `words`' language.
    public init(words: ExampleWords = .demo(preferring: [])) {
        self.words = words
        messages = [(words("chat.greeting"), false), (words("chat.grows"), false)]
        backButton = Button(title: words("back"), style: .plain)
        editButton = Button(title: words("edit"), style: .plain)
        sendButton = Button(title: words("chat.send"), style: .filled)
        super.init(frame: .zero)
        titleLabel.text = words("chat.title")
        backgroundColor = .systemBackground
        table.register(BubbleCell.self, forCellReuseIdentifier: "bubble")
        table.dataSource = self
        table.delegate = self
        table.separatorStyle = .none
        table.allowsSelection = false
        table.keyboardDismissMode = .interactive
        table.accessibilityLabel = words("chat.messages")
        inputBar.backgroundColor = .secondarySystemBackground
        // A soft shadow above the bar, set as UIKit code sets it, lifts it off the messages.
        inputBar.layer.shadowColor = Color.black.cgColor
        inputBar.layer.shadowOpacity = 0.12
        inputBar.layer.shadowRadius = 4
        inputBar.layer.shadowOffset = .init(width: 0, height: -2)
        messageView.font = .preferredFont(forTextStyle: .body)
        messageView.isScrollEnabled = false
        messageView.delegate = self
        messageView.layer.borderWidth = 1
        messageView.layer.borderColor = .systemGray4
        messageView.layer.cornerRadius = 8
        messageView.accessibilityLabel = words("chat.message")
        sendButton.isEnabled = false
        sendButton.addAction(Action { [weak self] _ in self?.send() }, for: .primaryActionTriggered)
        editButton.addAction(Action { [weak self] _ in self?.toggleEditing() }, for: .primaryActionTriggered)
        dismissTap = TapGestureRecognizer { [weak self] _ in _ = self?.endEditing(true) }
        table.addGestureRecognizer(dismissTap)
        for view in [backButton, titleLabel, editButton, table, inputBar] as [View] { addSubview(view) }
        for view in [messageView, sendButton] as [View] { inputBar.addSubview(view) }
        makeConstraints()
    }

    private func makeConstraints() {
        for view in [backButton, titleLabel, editButton, table, inputBar, messageView, sendButton] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        sendButton.setContentHuggingPriority(.required, for: .horizontal)
        sendButton.setContentCompressionResistancePriority(.required, for: .horizontal)
        messageHeight = messageView.heightAnchor.constraint(equalToConstant: 36)
        // On the keyboard, unless the window is too short for both: then the bar stays on screen
        // (its top at the window's) and the messages give way to nothing.
        let onKeyboard = inputBar.bottomAnchor.constraint(equalTo: keyboardLayoutGuide.topAnchor)
        onKeyboard.priority = .required - 1
        let messagesDown = table.bottomAnchor.constraint(equalTo: inputBar.topAnchor)
        messagesDown.priority = .required - 1
        NSLayoutConstraint.activate([
            backButton.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 10),
            backButton.leadingAnchor.constraint(equalTo: safeAreaLayoutGuide.leadingAnchor, constant: 12),
            titleLabel.centerYAnchor.constraint(equalTo: backButton.centerYAnchor),
            titleLabel.leadingAnchor.constraint(equalTo: backButton.trailingAnchor, constant: 12),
            editButton.centerYAnchor.constraint(equalTo: backButton.centerYAnchor),
            editButton.trailingAnchor.constraint(equalTo: safeAreaLayoutGuide.trailingAnchor, constant: -12),
            table.topAnchor.constraint(equalTo: backButton.bottomAnchor, constant: 8),
            table.leadingAnchor.constraint(equalTo: leadingAnchor),
            table.trailingAnchor.constraint(equalTo: trailingAnchor),
            messagesDown,
            table.bottomAnchor.constraint(lessThanOrEqualTo: inputBar.topAnchor),
            table.heightAnchor.constraint(greaterThanOrEqualToConstant: 0),
            inputBar.leadingAnchor.constraint(equalTo: leadingAnchor),
            inputBar.trailingAnchor.constraint(equalTo: trailingAnchor),
            onKeyboard,
            inputBar.topAnchor.constraint(greaterThanOrEqualTo: safeAreaLayoutGuide.topAnchor),
            messageView.topAnchor.constraint(equalTo: inputBar.topAnchor, constant: 8),
            messageView.bottomAnchor.constraint(equalTo: inputBar.bottomAnchor, constant: -8),
            messageView.leadingAnchor.constraint(equalTo: inputBar.safeAreaLayoutGuide.leadingAnchor, constant: 12),
            messageView.trailingAnchor.constraint(equalTo: sendButton.leadingAnchor, constant: -8),
            sendButton.trailingAnchor.constraint(equalTo: inputBar.safeAreaLayoutGuide.trailingAnchor, constant: -12),
            sendButton.bottomAnchor.constraint(equalTo: messageView.bottomAnchor),
            sendButton.heightAnchor.constraint(equalToConstant: 36),
            messageHeight,
        ])
    }

    /// The bar's text view takes its text's height up to the maximum, then scrolls.
    public func textViewDidChange(_ textView: TextView) {
        sendButton.isEnabled = !(textView.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        fitMessageView()
    }

    private func fitMessageView() {
        let width = messageView.bounds.width
        guard width > 0 else { return }
        let fitting = messageView.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
        messageHeight.constant = min(max(36, fitting), Self.maximumMessageHeight)
        messageView.isScrollEnabled = fitting > Self.maximumMessageHeight
    }

    /// Adds the typed message at the end and scrolls to it.
    public func send() {
        let text = (messageView.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        messages.append((text, true))
        messageView.text = ""
        sendButton.isEnabled = false
        fitMessageView()
        table.insertRows(at: [IndexPath(row: messages.count - 1, section: 0)], with: .fade)
        layoutIfNeeded()
        table.scrollToRow(at: IndexPath(row: messages.count - 1, section: 0), at: .bottom, animated: false)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        fitMessageView()
    }

    // MARK: Messages

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "bubble", for: indexPath) as! BubbleCell
        let message = messages[indexPath.row]
        cell.show(message.text, mine: message.mine, spoken: words(message.mine ? "chat.fromYou" : "chat.fromCaret", ["text": message.text]))
        return cell
    }

    /// Every message can be deleted (swiped to the left, or by its control in editing mode;
    /// screen readers offer Delete by name) and moved in editing mode.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        messages.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }

    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        messages.insert(messages.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }

    /// Turns editing mode on or off; the keyboard goes while editing.
    public func toggleEditing() {
        let editing = !table.isEditing
        if editing { _ = endEditing(true) }
        table.setEditing(editing, animated: true)
        editButton.setTitle(words(editing ? "done" : "edit"), for: .normal)
    }
}

/// A message in a bubble: the user's on the trailing side in blue, the other's on the leading side.
@MainActor
final class BubbleCell: TableViewCell {
    /// The guest's own bubbles: the system blue, deeper in the dark appearance so that white text
    /// on it keeps 4.5:1.
    static let myBubble = Color { traits in traits.userInterfaceStyle == .dark ? Color(rgb: 0x0A5BC4) : .systemBlue }
    private let bubble = View()
    private let label = Label()
    private var mine = false
    private static let padding = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)

    required init?(coder: NSCoder) { nil }

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        isAccessibilityElement = true  // read as one message: "You: …"
        bubble.layer.cornerRadius = 16
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .body)
        contentView.addSubview(bubble)
        bubble.addSubview(label)
    }

    /// Shows a message; `spoken` is what a screen reader reads for it ("You: …").
    func show(_ text: String, mine: Bool, spoken: String) {
        self.mine = mine
        label.text = text
        label.textColor = mine ? .white : .label
        bubble.backgroundColor = mine ? Self.myBubble : .systemGray5
        accessibilityLabel = spoken
        setNeedsLayout()
    }

    private func labelSize(forWidth width: CGFloat) -> Size {
        let most = max(0, (width * 0.72).rounded(.down) - Self.padding.horizontal)
        let size = label.sizeThatFits(Size(width: most, height: 0))
        return Size(width: min(most, size.width.rounded(.up)), height: size.height.rounded(.up))
    }

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: labelSize(forWidth: size.width).height + Self.padding.vertical + 8)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // In the content view, which moves aside for the editing controls.
        let area = contentView.bounds.width
        let text = labelSize(forWidth: area)
        let width = text.width + Self.padding.horizontal
        let x = mine ? area - 12 - width : 12
        bubble.frame = Rect(x: x, y: 4, width: width, height: text.height + Self.padding.vertical)
        label.frame = Rect(x: Self.padding.left, y: Self.padding.top, width: text.width, height: text.height)
    }
}
