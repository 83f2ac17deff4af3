// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The demo's second screen: a kiosk check-in page with no scroll view and its fields at the
/// bottom edge, so the window pans them above the keyboard (`KeyboardAvoidance.Policy.pan`).
@MainActor
public final class KioskScreen: View {
    /// The fields, by name (code, pin).
    public private(set) var fields: [String: TextField] = [:]
    /// Goes back to the form.
    public let backButton: Button
    private let title = Label(text: "", font: .boldSystemFont(ofSize: 28))
    private let message = Label(text: "", font: .systemFont(ofSize: 17))

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Builds the screen in `words`' language; the tracer records its fields' delegate calls.
    public init(tracer: FieldTracer? = nil, words: ExampleWords = .demo(preferring: [])) {
        backButton = Button(title: words("back"), style: .plain)
        super.init(frame: .zero)
        title.text = words("kiosk.title")
        message.text = words("kiosk.message")
        backgroundColor = .systemGroupedBackground
        title.numberOfLines = 0
        message.numberOfLines = 0
        message.textColor = .secondaryLabel
        for view in [backButton, title, message] as [View] { addSubview(view) }
        for (name, placeholder, type) in [
            ("code", words("kiosk.code"), KeyboardType.asciiCapable), ("pin", words("kiosk.pin"), .numberPad),
        ] {
            let field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = placeholder
            field.keyboardType = type
            field.autocapitalizationType = .allCharacters
            field.returnKeyType = name == "code" ? .next : .done
            field.returnKeyNavigation = true
            field.isSecureTextEntry = name == "pin"
            field.accessibilityIdentifier = name
            tracer?.trace(field, as: name)
            fields[name] = field
            addSubview(field)
        }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds.inset(by: safeAreaInsets)
        // The column widens at the accessibility text sizes; every height is what the text needs.
        let large = window?.preferredContentSizeCategory.isAccessibilityCategory ?? false
        let width = min(b.width - 48, large ? 960 : 560)
        let left = b.minX + ((b.width - width) / 2).rounded(.down)
        backButton.sizeToFit()
        backButton.frame.origin = Point(x: b.minX + 12, y: b.minY + 10)
        let top = max(b.minY + 60, backButton.frame.maxY + 8)
        title.frame = Rect(x: left, y: top, width: width, height: title.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up))
        message.frame = Rect(
            x: left, y: title.frame.maxY + 8, width: width, height: message.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up))
        // The fields sit at the bottom, where the keyboard comes up.
        let height = max(44, fields["pin"]?.intrinsicContentSize.height ?? 0)
        fields["pin"]?.frame = Rect(x: left, y: b.maxY - 24 - height, width: width, height: height)
        fields["code"]?.frame = Rect(x: left, y: b.maxY - 36 - 2 * height, width: width, height: height)
    }
}
