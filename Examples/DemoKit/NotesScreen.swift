// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The demo's notes screen: a full-size text view with rich text (fonts, colours, underline, a
/// link, a phone number found by data detection), Bold/Italic/Underline in the edit menu, and an
/// Edit/Done switch: links are tappable only while it is not editable. Its selection and
/// editability are kept between launches (state preservation).
@MainActor
public final class NotesScreen: View {
    /// The text view.
    public let textView = TextView()
    /// Goes back to the form.
    public let backButton: Button
    /// Switches between reading (links work) and editing.
    public let editButton: Button
    /// Shows the last link tapped (nothing is opened: a kiosk).
    public let linkLabel = Label()
    private let words: ExampleWords

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Builds the screen in `words`' language (its document stays as written); the tracer records
    /// the text view's delegate calls.
    public init(tracer: FieldTracer? = nil, words: ExampleWords = .demo(preferring: [])) {
        self.words = words
        backButton = Button(title: words("back"), style: .plain)
        editButton = Button(title: words("edit"), style: .tinted)
        super.init(frame: .zero)
        linkLabel.text = words("notesScreen.linkHint")
        backgroundColor = .systemGroupedBackground
        textView.attributedText = Self.sample()
        textView.isEditable = false
        textView.dataDetectorTypes = .all
        textView.allowsEditingTextAttributes = true
        textView.restorationIdentifier = "notes-screen"
        textView.layer.cornerRadius = 8
        textView.accessibilityIdentifier = "notes-screen"
        tracer?.trace(textView, as: "notes-screen")
        linkLabel.textColor = .secondaryLabel
        linkLabel.font = .systemFont(ofSize: 14)
        linkLabel.numberOfLines = 0
        editButton.addAction(
            Action { [weak self] _ in
                guard let self else { return }
                self.textView.isEditable.toggle()
                self.editButton.setTitle(self.words(self.textView.isEditable ? "done" : "edit"), for: .normal)
                if self.textView.isEditable { self.textView.becomeFirstResponder() } else { self.textView.resignFirstResponder() }
                self.setNeedsLayout()
            }, for: .primaryActionTriggered)
        for view in [backButton, editButton, linkLabel, textView] as [View] { addSubview(view) }
    }

    /// Called by the tracer's delegate path when a link is tapped.
    public func linkTapped(_ url: URL) {
        linkLabel.text = words("notesScreen.linkTapped", ["url": url.absoluteString])
        setNeedsLayout()  // it may wrap to more lines
    }

    /// A line in each of the scripts people type, and emoji sequences: shaped by HarfBuzz, drawn
    /// in the fonts that have them (docs/behaviour/world-text.md).
    public static let worldText = [
        "Arabic: مرحبا بكم في متجرنا",
        "Hebrew: שלום, ברוכים הבאים",
        "Hindi: नमस्ते, आपका स्वागत है",
        "Thai: สวัสดีครับ ยินดีต้อนรับ",
        "Japanese: 日本語のテキストを入力できます",
        "Chinese: 欢迎使用中文输入",
        "Korean: 안녕하세요, 반갑습니다",
        "Russian: Привет, добро пожаловать",
        "Emoji: 👍🏽 👨‍👩‍👧 🇩🇪 1️⃣ 🎉",
        "Mixed: Order 123 لـ أحمد",
        "שלום email@example.com עולם",
        "الطلب رقم 42 من Caret، شكرا",
    ]

    /// Rich text to start with.
    static func sample() -> TextDocument {
        let text =
            "Shift notes\n"
            + "Deliveries come in through the side door; the code is on the board in the office.\n"
            + "Urgent: the freezer alarm must be checked every two hours, and logged.\n"
            + "The maintenance manual is online, and the supplier answers on +44 20 7946 0958 or at www.example.com.\n"
            + "Select words and use the menu for bold, italic and underline.\n"
            + "Spelling: press Edit, and a word the dictionary does not know, like recieve, gets a red dotted line; tap it for guesses.\n"
            + "World text\n" + worldText.joined(separator: "\n")
        var document = TextDocument(text)
        let string = text as NSString
        func range(_ part: String) -> Range<Int> {
            let r = string.range(of: part)
            return r.location..<(r.location + r.length)
        }
        document.setAttributes(TextAttributes(font: .boldSystemFont(ofSize: 22)), range: range("Shift notes"))
        document.setAttributes(
            TextAttributes(font: .boldSystemFont(ofSize: 17), foregroundColor: .systemRed), range: range("Urgent:"))
        document.setAttributes(TextAttributes(underlineStyle: .single), range: range("every two hours"))
        document.setAttributes(TextAttributes(font: .italicSystemFont(ofSize: 17)), range: range("side door"))
        document.setAttributes(TextAttributes(link: "https://example.com/manual"), range: range("maintenance manual"))
        document.setAttributes(TextAttributes(font: .boldSystemFont(ofSize: 19)), range: range("World text"))
        return document
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds.inset(by: safeAreaInsets)
        backButton.sizeToFit()
        backButton.frame.origin = Point(x: b.minX + 12, y: b.minY + 10)
        editButton.sizeToFit()
        editButton.frame.origin = Point(x: b.maxX - editButton.frame.width - 12, y: b.minY + 8)
        // Under the buttons, as tall as its lines at the text size; the notes take the rest.
        let top = max(b.minY + 52, backButton.frame.maxY + 4, editButton.frame.maxY + 4)
        let linkHeight = linkLabel.sizeThatFits(Size(width: b.width - 32, height: 0)).height.rounded(.up)
        linkLabel.frame = Rect(x: b.minX + 16, y: top, width: b.width - 32, height: linkHeight)
        let notesTop = linkLabel.frame.maxY + 8
        textView.frame = Rect(x: b.minX + 12, y: notesTop, width: b.width - 24, height: max(0, b.maxY - 12 - notesTop))
    }
}
