// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The demo's Arabic sign-up form: a right-to-left interface (`semanticContentAttribute =
/// .forceRightToLeft`), so its fields align right with their clear buttons on the left, labels
/// read right to left, and the on-screen keyboard starts in Arabic.
@MainActor
public final class ArabicSignUpScreen: View {
    /// The fields, by name (name, email, password, phone).
    public private(set) var fields: [String: TextField] = [:]
    /// Goes back to the form.
    public let backButton: Button
    /// Signs up (shows what was entered).
    public let signUpButton = Button(title: "تسجيل", style: .filled)
    /// What the sign-up button reports.
    public let statusLabel = Label(text: "أدخل بياناتك لإنشاء حساب.", font: .systemFont(ofSize: 16))
    private let titleLabel = Label(text: "إنشاء حساب", font: .boldSystemFont(ofSize: 28))
    /// Scrolls the form when it is taller than the window (large text, a short window).
    private let scrollView = ScrollView()
    private let column = View()

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Builds the screen; the tracer records its fields' delegate calls; `back` is the way back's
    /// title, in the demo's language (the form's own words are Arabic).
    public init(tracer: FieldTracer? = nil, back: String = ExampleWords.demo(preferring: [])("back")) {
        backButton = Button(title: back, style: .plain)
        super.init(frame: .zero)
        semanticContentAttribute = .forceRightToLeft
        backButton.semanticContentAttribute = .forceLeftToRight  // the way back stays where the other screens have it
        backgroundColor = .systemGroupedBackground
        titleLabel.textAlignment = .natural
        statusLabel.textAlignment = .natural
        statusLabel.textColor = .secondaryLabel
        statusLabel.numberOfLines = 0
        titleLabel.numberOfLines = 0
        addSubview(scrollView)
        scrollView.addSubview(column)
        for view in [backButton, titleLabel, statusLabel] as [View] { column.addSubview(view) }
        let specs: [(String, String, KeyboardType, TextContentType?)] = [
            ("name", "الاسم الكامل", .default, .name), ("email", "البريد الإلكتروني", .emailAddress, .emailAddress),
            ("password", "كلمة المرور", .asciiCapable, .newPassword), ("phone", "رقم الهاتف", .phonePad, .telephoneNumber),
        ]
        for (name, placeholder, type, content) in specs {
            let field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = placeholder
            field.keyboardType = type
            field.textContentType = content
            field.clearButtonMode = .whileEditing
            field.isSecureTextEntry = content == .newPassword
            field.autocapitalizationType = .none
            field.returnKeyType = name == "phone" ? .done : .next
            field.returnKeyNavigation = true
            field.accessibilityIdentifier = "ar-" + name
            tracer?.trace(field, as: "ar-" + name)
            fields[name] = field
            column.addSubview(field)
        }
        signUpButton.addAction(
            Action { [weak self] _ in
                guard let self else { return }
                let name = self.fields["name"]?.text ?? ""
                self.statusLabel.text = name.isEmpty ? "الاسم مطلوب." : "مرحبا \(name)! تم إنشاء الحساب."
            }, for: .primaryActionTriggered)
        column.addSubview(signUpButton)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let area = bounds.inset(by: safeAreaInsets)
        scrollView.frame = area
        let b = Rect(origin: .zero, size: area.size)
        // The column widens at the accessibility text sizes; every height is what the text needs.
        let large = window?.preferredContentSizeCategory.isAccessibilityCategory ?? false
        let width = min(b.width - 48, large ? 960 : 560)
        let left = b.minX + ((b.width - width) / 2).rounded(.down)
        backButton.sizeToFit()
        backButton.frame.origin = Point(x: b.minX + 12, y: b.minY + 10)
        let top = max(b.minY + 56, backButton.frame.maxY + 4)
        titleLabel.frame = Rect(
            x: left, y: top, width: width, height: titleLabel.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up))
        statusLabel.frame = Rect(
            x: left, y: titleLabel.frame.maxY + 4, width: width,
            height: statusLabel.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up))
        var y = statusLabel.frame.maxY + 16
        for name in ["name", "email", "password", "phone"] {
            let height = max(44, fields[name]?.intrinsicContentSize.height ?? 0)
            fields[name]?.frame = Rect(x: left, y: y, width: width, height: height)
            y += height + 12
        }
        signUpButton.sizeToFit()
        // Mirrored: the main button sits at the leading (right) edge.
        let buttonWidth = max(120, signUpButton.frame.width)
        signUpButton.frame = Rect(x: left + width - buttonWidth, y: y + 4, width: buttonWidth, height: max(44, signUpButton.frame.height))
        column.frame = Rect(x: 0, y: 0, width: b.width, height: max(b.height, signUpButton.frame.maxY + 16))
        scrollView.contentSize = column.frame.size
    }
}
