// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Self-sizing text views as UIKit apps write them, renamed only (issue 45): a growing chat input
// bar on the keyboard layout guide, sized by `sizeThatFits` clamped to a maximum; a subclass whose
// intrinsic height follows `contentSize` (the `didSet` override); a text view with scrolling off
// in a stack. Each grows a line at a time as lines are typed on the on-screen keyboard.

/// The growing input bar: height = sizeThatFits, clamped; scrolling turns on past the maximum.
@MainActor
final class GrowingInputBar: View, TextViewDelegate {
    let textView = TextView()
    var heightConstraint: NSLayoutConstraint!
    let maxHeight: CGFloat = 120

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        textView.translatesAutoresizingMaskIntoConstraints = false
        textView.font = .systemFont(ofSize: 17)
        textView.isScrollEnabled = false
        textView.delegate = self
        addSubview(textView)
        heightConstraint = textView.heightAnchor.constraint(equalToConstant: 36)
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            textView.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
            textView.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            textView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            heightConstraint,
        ])
    }

    func textViewDidChange(_ textView: TextView) {
        let size = textView.sizeThatFits(CGSize(width: textView.bounds.width, height: .greatestFiniteMagnitude))
        heightConstraint.constant = min(max(size.height, 36), maxHeight)
        textView.isScrollEnabled = size.height > maxHeight
    }
}

/// The other idiom: the text view's intrinsic height follows its content size, up to a maximum.
@MainActor
final class AutoGrowingTextView: TextView {
    var maxHeight: CGFloat = 120
    override var contentSize: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }
    override var intrinsicContentSize: CGSize {
        CGSize(width: View.noIntrinsicMetric, height: min(contentSize.height, maxHeight))
    }
}

@MainActor
final class ChatInputViewController: ViewController {
    let bar = GrowingInputBar()
    override func viewDidLoad() {
        super.viewDidLoad()
        bar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
        ])
    }
}

@Suite @MainActor
struct SelfSizingTextViewPortTests {
    private func host() throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 400, height: 700), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .always
        return host
    }

    /// Types letters on the on-screen keyboard at the keys' pixels, shifted or not as automatic
    /// capitals have it.
    private func type(_ letters: String, _ host: HeadlessWindow) {
        for letter in letters.map(String.init) {
            #expect(KeyboardDriver(host).tap(label: letter) || KeyboardDriver(host).tap(label: letter.uppercased()), "\(letter)")
        }
    }

    /// Types a line's letters and Return.
    private func typeLine(_ host: HeadlessWindow) {
        #expect(KeyboardDriver(host).tap(.return))
        type("hi", host)
    }

    /// The height of `lines` lines of a text view's font with its insets, from the font's metrics.
    private func height(of lines: Int, in textView: TextView) -> CGFloat {
        let lineHeight = textView.fontProvider.metrics(for: textView.font).lineHeight
        return (textView.textContainerInset.top + textView.textContainerInset.bottom + CGFloat(lines) * lineHeight).rounded(.up)
    }

    @Test func theGrowingInputBarGrowsALineAtATimeThenScrolls() throws {
        let host = try host()
        let chat = ChatInputViewController()
        host.window.rootViewController = chat
        host.settle()
        let textView = chat.bar.textView
        #expect(textView.becomeFirstResponder())
        host.settle()
        type("hi", host)
        host.settle()
        #expect(textView.frame.height == max(36, height(of: 1, in: textView)))
        // Each Return adds a line: the bar grows by a line, keeping its bottom on the keyboard.
        var heights: [CGFloat] = []
        for _ in 0..<5 {
            typeLine(host)
            host.settle()
            heights.append(textView.frame.height)
            #expect(chat.bar.convert(chat.bar.bounds, to: nil).maxY == host.window.keyboard.frame.minY)
        }
        let lines: [CGFloat] = (2...6).map { max(36, min(120, height(of: $0, in: textView))) }
        #expect(heights == lines)
        #expect(textView.isScrollEnabled == (height(of: 6, in: textView) > 120))
        #expect(textView.text.lowercased() == "hi\nhi\nhi\nhi\nhi\nhi")
    }

    @Test func aSubclassWhoseIntrinsicHeightFollowsContentSizeGrows() throws {
        let host = try host()
        let root = ViewController()
        host.window.rootViewController = root
        let textView = AutoGrowingTextView()
        textView.translatesAutoresizingMaskIntoConstraints = false
        textView.font = .systemFont(ofSize: 17)
        root.view.addSubview(textView)
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 16),
            textView.trailingAnchor.constraint(equalTo: root.view.trailingAnchor, constant: -16),
            textView.bottomAnchor.constraint(equalTo: root.view.keyboardLayoutGuide.topAnchor, constant: -8),
        ])
        host.settle()
        #expect(textView.becomeFirstResponder())
        type("hi", host)
        host.settle()
        #expect(textView.frame.height == height(of: 1, in: textView))
        typeLine(host)
        host.settle()
        #expect(textView.frame.height == height(of: 2, in: textView))
        for _ in 0..<6 { typeLine(host) }
        host.settle()
        #expect(textView.frame.height == min(120, height(of: 8, in: textView)), "clamped at its maximum")
        #expect(textView.convert(textView.bounds, to: nil).maxY == host.window.keyboard.frame.minY - 8)
    }

    @Test func aTextViewWithScrollingOffIsAsTallAsItsTextInAStack() throws {
        let host = try host()
        let root = ViewController()
        host.window.rootViewController = root
        let title = Label()
        title.text = "Notes"
        let notes = TextView()
        notes.isScrollEnabled = false
        notes.font = .systemFont(ofSize: 17)
        notes.text = "one"
        let stack = StackView(arrangedSubviews: [title, notes])
        stack.axis = .vertical
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor, constant: 20),
            stack.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: root.view.trailingAnchor, constant: -20),
        ])
        host.settle()
        #expect(notes.frame.height == height(of: 1, in: notes))
        #expect(notes.intrinsicContentSize.height == height(of: 1, in: notes))
        notes.text = "one\ntwo\nthree"
        host.settle()
        #expect(notes.frame.height == height(of: 3, in: notes), "three lines")
        #expect(stack.frame.height == title.frame.height + 8 + height(of: 3, in: notes))
        // A narrower stack wraps a long line: taller again, at the new width.
        notes.text = String(repeating: "word ", count: 40)
        host.settle()
        let wrapped = notes.frame.height
        #expect(wrapped >= height(of: 3, in: notes))
        #expect(notes.sizeThatFits(CGSize(width: notes.bounds.width, height: 0)).height == wrapped)
    }

    @Test func sizeThatFitsMeasuresTheTextNotTheBounds() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 700))
        host.rootView = root
        let textView = TextView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        textView.font = .systemFont(ofSize: 17)
        root.addSubview(textView)
        textView.text = "a"
        let one = textView.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
        #expect(one.height == height(of: 1, in: textView), "not the bounds: \(one)")
        // As wide as the line, with the insets and the line fragment padding at both ends.
        let advance = textView.fontProvider.shape("a", font: textView.font).width
        let expectedWidth: CGFloat = (advance + 2 * textView.textContainer.lineFragmentPadding).rounded(.up)
        #expect(one.width == expectedWidth, "\(one.width - expectedWidth) \(advance)")
        textView.text = "a\nb\nc"
        #expect(
            textView.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
                == CGSize(width: one.width, height: height(of: 3, in: textView)))
        // Text wider than the proposal wraps at it; width 0 does not wrap.
        textView.text = String(repeating: "x", count: 200)
        let wrapped = textView.sizeThatFits(CGSize(width: 300, height: 0))
        #expect(wrapped.width <= 300 && wrapped.height >= height(of: 2, in: textView))
        let unwrapped = textView.sizeThatFits(.zero)
        #expect(unwrapped.height == height(of: 1, in: textView) && unwrapped.width > 300)
        #expect(textView.frame.height == 400, "sizeThatFits changes nothing")
    }
}
