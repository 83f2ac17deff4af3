// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Testing

/// What text fields look like, with the bundled fonts.
@Suite(.serialized) @MainActor
struct TextFieldGoldenTests {
    @Test func borderStylesPlaceholderClearButtonAndSideViews() throws {
        let column = try FieldColumn(height: 376)
        let host = column.host
        func add(_ configure: (TextField) -> Void) -> TextField { column.add(configure) }
        _ = add {
            $0.borderStyle = .none; $0.text = "Border: none"
        }
        _ = add {
            $0.borderStyle = .line; $0.text = "Border: line"
        }
        _ = add {
            $0.borderStyle = .bezel; $0.text = "Border: bezel"
        }
        _ = add {
            $0.borderStyle = .roundedRect; $0.placeholder = "Placeholder in rounded rect"
        }
        _ = add {
            $0.borderStyle = .roundedRect
            $0.text = "With a clear button"
            $0.clearButtonMode = .always
        }
        _ = add {
            $0.borderStyle = .roundedRect
            $0.text = "Left and right views"
            let left = Label(text: "@", font: .boldSystemFont(ofSize: 17))
            left.frame.size = Size(width: 20, height: 24)
            left.textColor = .secondaryLabel
            $0.leftView = left
            $0.leftViewMode = .always
            let right = Label(text: "kg", font: .systemFont(ofSize: 15))
            right.frame.size = Size(width: 24, height: 24)
            right.textColor = .secondaryLabel
            $0.rightView = right
            $0.rightViewMode = .always
        }
        _ = add {
            $0.borderStyle = .roundedRect
            $0.text = "A long value that does not fit gets truncated at the tail while not editing"
        }
        let secure = add {
            $0.borderStyle = .roundedRect
            $0.isSecureTextEntry = true
        }
        host.layout()
        secure.becomeFirstResponder()
        host.input.type("hunter")
        host.input.type("2")  // shown for a second, the rest as bullets
        try expectGolden(host, named: "textfield-styles")
    }

    @Test func attributedPlaceholderAndShrinkingToFit() throws {
        let column = try FieldColumn(height: 238)
        let host = column.host
        func add(_ configure: (TextField) -> Void) -> TextField {
            column.add {
                $0.borderStyle = .roundedRect
                configure($0)
            }
        }
        _ = add {
            var placeholder = TextDocument("Email (required)")
            placeholder.setAttributes(TextAttributes(font: .boldSystemFont(ofSize: 17)), range: 0..<5)
            placeholder.setAttributes(TextAttributes(foregroundColor: .systemRed, underlineStyle: .single), range: 6..<16)
            $0.attributedPlaceholder = placeholder
        }
        _ = add {
            var placeholder = TextDocument("A placeholder much too long for the field, cut at the tail")
            placeholder.setAttributes(TextAttributes(foregroundColor: .systemBlue), range: 14..<22)
            $0.attributedPlaceholder = placeholder
        }
        _ = add {
            $0.adjustsFontSizeToFitWidth = true
            $0.text = "Shrinks to fit the width of the field"
        }
        _ = add {
            $0.adjustsFontSizeToFitWidth = true
            $0.minimumFontSize = 14
            $0.text = "Shrinks to 14 points, then is truncated at the tail"
        }
        let typing = add {
            $0.text = "Typed text "
        }
        host.layout()
        typing.becomeFirstResponder()
        typing.typingAttributes = TextAttributes(font: .boldSystemFont(ofSize: 17), foregroundColor: .systemGreen)
        host.input.type("in bold green")
        try expectGolden(host, named: "textfield-placeholder-fit")
    }
}

/// A 340-point-wide window stacking text fields 46 points apart.
@MainActor
private final class FieldColumn {
    let host: HeadlessWindow
    private let root = whiteRoot()
    private var y = 10.0

    init(height: Double) throws {
        host = try HeadlessWindow(size: Size(width: 340, height: height), fonts: .bundled)
        root.backgroundColor = .systemGroupedBackground
        host.rootView = root
    }

    /// Adds a field below the last one.
    func add(_ configure: (TextField) -> Void) -> TextField {
        let field = TextField(frame: Rect(x: 10, y: y, width: 320, height: 36))
        configure(field)
        root.addSubview(field)
        y += 46
        return field
    }
}
