// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// More UIKit code as real apps write it, renamed only (no `import Foundation`: `import Caret`
// brings it): keyboard observers, a Done toolbar, a chat field, badges and side views (issue 13).
// Geometry is Foundation's `CGRect`, `CGSize` and `CGFloat`, as in UIKit.

/// A screen that moves its scroll view's bottom inset with the keyboard, reading the userInfo as
/// UIKit code does, and animating along the keyboard's curve.
@MainActor
final class KeyboardObservingScreen: View {
    let scrollView = ScrollView()
    let field = TextField()
    var seenCurves: [Int] = []
    var seenFrames: [CGRect] = []
    private var observers: [NSObjectProtocol] = []

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
    override init(frame: CGRect) {
        super.init(frame: frame)
        scrollView.frame = bounds
        scrollView.contentSize = CGSize(width: frame.width, height: 900)
        scrollView.keyboardDismissMode = .onDrag
        addSubview(scrollView)
        field.frame = CGRect(x: 20, y: 700, width: 300, height: 40)
        field.borderStyle = .roundedRect
        scrollView.addSubview(field)
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(forName: Responder.keyboardWillShowNotification, object: nil, queue: nil) { [weak self] note in
                // Swift 6: read the userInfo here, hand the main actor only sendable values.
                guard let info = note.userInfo,
                    let frame = (info[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                    let duration = info[Responder.keyboardAnimationDurationUserInfoKey] as? Double,
                    let curve = info[Responder.keyboardAnimationCurveUserInfoKey] as? Int
                else { return }
                MainActor.assumeIsolated { self?.keyboardWillShow(frame: frame, duration: duration, curve: curve) }
            })
        observers.append(
            center.addObserver(forName: Responder.keyboardWillHideNotification, object: nil, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated { self?.keyboardWillHide() }
            })
    }

    func stopObserving() { for o in observers { NotificationCenter.default.removeObserver(o) } }

    func keyboardWillShow(frame: CGRect, duration: Double, curve: Int) {
        seenFrames.append(frame)
        seenCurves.append(curve)
        View.animate(withDuration: duration, delay: 0, options: AnimationOptions(rawValue: UInt(curve << 16))) {
            self.scrollView.contentInset.bottom = frame.height
            self.scrollView.scrollIndicatorInsets = self.scrollView.contentInset
        }
    }

    func keyboardWillHide() {
        scrollView.contentInset = .zero
        scrollView.scrollIndicatorInsets = .zero
    }
}

/// A chat field: Return sends and keeps the keyboard for the next message.
@MainActor
final class ChatController: TextFieldDelegate {
    var sent: [String] = []
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if let text = textField.text, !text.isEmpty { sent.append(text) }
        textField.text = ""
        return false
    }
}

/// A badge that overrides only `init(frame:)`, made with `init()` as UIKit code does.
@MainActor
final class BadgeView: View {
    let label = Label()
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }  // UIKit's line, unchanged
    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .preferredFont(forTextStyle: .caption1)
        addSubview(label)
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 24, height: 18) }
}

/// A currency field: digits typed fill from the cents up ("$0.05", "$0.56", "$5.67"), formatted
/// with NumberFormatter, the caret kept at the end with UITextInput.
@MainActor
final class CurrencyFieldDelegate: TextFieldDelegate {
    private(set) var cents = 0
    let formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.locale = Locale(identifier: "en_US")
        return formatter
    }()

    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        if string.isEmpty {
            cents /= 10
        } else if let digit = Int(string), string.count == 1, cents < 100_000_000 {
            cents = cents * 10 + digit
        }
        textField.text = formatter.string(from: NSNumber(value: Double(cents) / 100))
        let end = textField.endOfDocument
        textField.selectedTextRange = textField.textRange(from: end, to: end)
        return false
    }
}

/// A max-length, digits-only delegate for a PIN (the commonest delegate on the web).
@MainActor
final class PINDelegate: TextFieldDelegate {
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard string.allSatisfy(\.isNumber) else { return false }
        let current = textField.text ?? ""
        guard let stringRange = Range(range, in: current) else { return false }
        return current.replacingCharacters(in: stringRange, with: string).count <= 4
    }
}

@Suite(.serialized) @MainActor
struct UIKitKeyboardPortTests {
    private func host(_ root: View, width: Double = 400, height: Double = 480) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: width, height: height), fonts: .fixedAdvance(ratio: 0.5))
        host.rootView = root
        host.window.keyboard.policy = .always
        host.layout()
        return host
    }

    @Test func aKeyboardObserverReadsTheFrameAndCurveAndItsInsetComesBack() throws {
        let screen = KeyboardObservingScreen(frame: CGRect(x: 0, y: 0, width: 400, height: 480))
        defer { screen.stopObserving() }
        let host = try host(screen)
        #expect(screen.field.becomeFirstResponder())
        host.settle()
        let keyboard = host.window.keyboard.frame
        #expect(screen.seenFrames == [CGRect(x: 0, y: keyboard.minY, width: keyboard.width, height: keyboard.height)])
        #expect(screen.seenCurves == [7])  // the keyboard's own curve, as UIKit reports it
        #expect(abs(screen.scrollView.contentInset.bottom - keyboard.height) < 1e-9)  // the app's value stands
        #expect(KeyboardAvoidanceAudit.isClear(screen.field, in: host.window))  // and the field shows
        // A drag in the scroll view sends the keyboard away (keyboardDismissMode = .onDrag).
        host.input.drag(from: Point(x: 200, y: 150), to: Point(x: 200, y: 60))
        host.settle()
        #expect(!screen.field.isFirstResponder && !host.window.keyboard.isVisible)
        #expect(screen.scrollView.contentInset == .zero && screen.scrollView.adjustedContentInset == .zero)
    }

    @Test func aDoneToolbarAsTheInputAccessoryResigns() throws {
        let field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        let toolbar = Toolbar()
        toolbar.sizeToFit()
        let flexible = BarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)  // as UIKit code writes it
        let done = BarButtonItem(barButtonSystemItem: .done, primaryAction: Action { _ in field.resignFirstResponder() })
        toolbar.items = [flexible, done]
        field.inputAccessoryView = toolbar
        let root = View()
        root.addSubview(field)
        let host = try host(root)
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(toolbar.window != nil && toolbar.frame.height == 44)
        let doneButton = try #require(toolbar.subviews.first as? Button)
        #expect(doneButton.frame.maxX > toolbar.bounds.width - 100)  // pushed right by the flexible space
        host.input.tap(doneButton)
        host.settle()
        #expect(!field.isFirstResponder && !host.window.keyboard.isVisible)
    }

    @Test func aToolbarMadeWithAZeroFrameIsSizedAsTheAccessory() throws {
        let field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        let toolbar = Toolbar()  // no sizeToFit
        toolbar.setItems([.flexibleSpace(), BarButtonItem(title: "Close", style: .done)], animated: false)
        field.inputAccessoryView = toolbar
        let root = View()
        root.addSubview(field)
        let host = try host(root)
        field.becomeFirstResponder()
        host.settle()
        #expect(toolbar.frame.height == 44 && toolbar.frame.width == 400)
    }

    @Test func aChatFieldSendsOnReturnAndKeepsItsKeyboard() throws {
        let field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        field.returnKeyType = .send
        let chat = ChatController()
        field.delegate = chat
        let root = View()
        root.addSubview(field)
        let host = try host(root)
        field.becomeFirstResponder()
        host.input.type("hello")
        host.input.key(.keyboardReturnOrEnter)
        host.input.type("again")
        host.input.key(.keyboardReturnOrEnter)
        host.settle()
        #expect(chat.sent == ["hello", "again"])
        #expect(field.isFirstResponder && host.window.keyboard.isVisible)
    }

    @Test func aViewOverridingInitFrameIsMadeWithInitAndASideViewWithAZeroFrameFits() throws {
        let badge = BadgeView()
        #expect(badge.frame == .zero && badge.label.font.pointSize == 12)
        let field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        field.rightView = badge
        field.rightViewMode = .always
        let root = View()
        root.addSubview(field)
        _ = try host(root)
        #expect(badge.frame.size == CGSize(width: 24, height: 18))
        #expect(badge.frame.maxX <= field.bounds.maxX && badge.frame.midY == field.bounds.midY)
    }

    /// Caret-positioning code (a mention popup under the word being typed) with `UITextInput`.
    @Test func firstRectAndClosestPositionFollowUITextInput() throws {
        let textView = TextView(frame: CGRect(x: 10, y: 10, width: 300, height: 200))
        textView.text = "first line\nsecond line"
        let root = View()
        root.addSubview(textView)
        _ = try host(root)
        let start = textView.beginningOfDocument
        let end = try #require(textView.position(from: start, offset: 14))
        let range = try #require(textView.textRange(from: start, to: end))
        let first = textView.firstRect(for: range)
        let caretAtStart = textView.caretRect(for: start)
        #expect(first.minY == caretAtStart.minY && first.height == caretAtStart.height)  // only the first line
        #expect(first.width > 0 && textView.selectionRects(for: range).count == 2)
        let second = try #require(textView.position(from: start, offset: 13))
        let rect = textView.caretRect(for: second)
        let found = try #require(textView.closestPosition(to: CGPoint(x: rect.midX, y: rect.midY)))
        #expect(textView.offset(from: start, to: found) == 13)
    }

    @Test func aCurrencyFieldFillsFromTheCentsAndKeepsTheCaretAtTheEnd() throws {
        let field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        field.keyboardType = .numberPad
        let currency = CurrencyFieldDelegate()
        field.delegate = currency
        let root = View()
        root.addSubview(field)
        let host = try host(root)
        field.becomeFirstResponder()
        for digit in ["5", "6", "7"] { host.input.type(digit) }
        #expect(field.text == "$5.67")
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 5)
        host.input.key(.keyboardDeleteOrBackspace)
        #expect(field.text == "$0.56")
        host.input.type("x")  // not a digit: the amount stays
        #expect(field.text == "$0.56" && currency.cents == 56)
    }

    @Test func aPINFieldTakesFourDigitsAndNothingElse() throws {
        let field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        let pin = PINDelegate()
        field.delegate = pin
        let root = View()
        root.addSubview(field)
        let host = try host(root)
        field.becomeFirstResponder()
        for piece in ["1", "a", "23", "-", "4", "5"] { host.input.type(piece) }
        #expect(field.text == "1234")
        host.input.key(.keyboardDeleteOrBackspace)
        host.input.type("9")
        #expect(field.text == "1239")
    }
}
