// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// UITextField's rectangle hooks as UIKit apps override them, renamed only (issue 45): a padded
// field (text, placeholder and editing rects inset), a search field whose clear button and left
// view are moved in, and a field whose text sits above a caption drawn under it.

/// The most common override: 16 points of padding each side.
@MainActor
final class PaddedTextField: TextField {
    let padding = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: padding) }
    override func placeholderRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: padding) }
    override func editingRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: padding) }
}

/// A search field: the magnifier moved 10 points in, the clear button 30.
@MainActor
final class SearchTextField: TextField {
    override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        var rect = super.leftViewRect(forBounds: bounds)
        rect.origin.x += 10
        return rect
    }
    override func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        super.clearButtonRect(forBounds: bounds).offsetBy(dx: -30, dy: 0)
    }
    override func textRect(forBounds bounds: CGRect) -> CGRect {
        let rect = super.textRect(forBounds: bounds)
        return CGRect(x: rect.minX + 10, y: rect.minY, width: rect.width - 40, height: rect.height)
    }
    override func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
}

/// Text only while editing moves: the editing rectangle is narrower than the resting one.
@MainActor
final class EditingInsetField: TextField {
    override func editingRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 40, dy: 0) }
}

@Suite @MainActor
struct TextFieldRectHooksPortTests {
    private func host(_ field: TextField) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        field.frame = CGRect(x: 20, y: 40, width: 300, height: 44)
        root.addSubview(field)
        host.settle()
        return host
    }

    @Test func aPaddedFieldTypesAndPlacesItsCaretInsideItsPadding() throws {
        let field = PaddedTextField()
        field.borderStyle = .roundedRect
        field.placeholder = "Name"
        let host = try host(field)
        host.input.tap(field)
        host.settle()
        #expect(field.isFirstResponder)
        host.input.type("Ada")
        host.settle()
        #expect(field.text == "Ada")
        // The caret at the start and the end of the text lie inside the editing rectangle.
        let start = field.caretRect(for: field.beginningOfDocument), end = field.caretRect(for: field.endOfDocument)
        #expect(start.minX >= 16 && start.minX < 18, "\(start)")
        #expect(end.minX > start.minX && end.maxX <= 300 - 16)
        // A tap in the left padding puts the caret at the start (the nearest place in the text).
        host.input.tap(at: field.convert(CGPoint(x: 4, y: 22), to: nil))
        host.settle()
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 0)
    }

    @Test func theSearchFieldsClearButtonClearsWhereItWasMoved() throws {
        let field = SearchTextField()
        field.borderStyle = .roundedRect
        field.clearButtonMode = .whileEditing
        let magnifier = ImageView(image: Image(systemName: "magnifyingglass"))
        field.leftView = magnifier
        field.leftViewMode = .always
        let host = try host(field)
        #expect(field.becomeFirstResponder())
        host.input.type("kiosk")
        host.settle()
        let plain = TextField(frame: field.frame)
        plain.borderStyle = .roundedRect
        plain.clearButtonMode = .always
        plain.text = "x"
        plain.leftView = ImageView(image: Image(systemName: "magnifyingglass"))
        plain.leftViewMode = .always
        let moved = field.clearButtonRect(forBounds: field.bounds)
        #expect(moved == plain.clearButtonRect(forBounds: plain.bounds).offsetBy(dx: -30, dy: 0))
        #expect(magnifier.frame.minX == plain.leftViewRect(forBounds: plain.bounds).minX + 10)
        // The text ends before the moved button.
        #expect(field.caretRect(for: field.endOfDocument).maxX <= moved.minX)
        // Tapped at its new pixels, it clears; where it used to be, it does not.
        host.input.tap(at: field.convert(CGPoint(x: moved.midX + 30, y: moved.midY), to: nil))
        host.settle()
        #expect(field.text == "kiosk", "the old place is not the button")
        host.input.tap(at: field.convert(CGPoint(x: moved.midX, y: moved.midY), to: nil))
        host.settle()
        #expect(field.text == "")
    }

    @Test func theEditingRectangleAppliesWhileEditingOnly() throws {
        let field = EditingInsetField()
        field.text = "resting"
        let host = try host(field)
        #expect(field.caretRect(for: field.beginningOfDocument).minX < 10)
        #expect(field.becomeFirstResponder())
        host.settle()
        #expect(field.caretRect(for: field.beginningOfDocument).minX >= 40)
        #expect(field.resignFirstResponder())
        host.settle()
        #expect(field.caretRect(for: field.beginningOfDocument).minX < 10)
    }
}
