@_spi(Testing) import Caret
import CaretSDL
import CaretSDLTesting
import CaretTesting
import Foundation
import Testing

/// Right-to-left interfaces and mixed-direction text drawn (SPEC §9, issue 15).
@Suite(.serialized) @MainActor
struct BidiGoldenTests {
    @Test func aMirroredFieldWithAClearButtonAndSideViews() throws {
        let host = try HeadlessWindow(size: Size(width: 360, height: 170), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = whiteRoot()
        root.semanticContentAttribute = .forceRightToLeft
        host.rootView = root
        let name = TextField(frame: Rect(x: 10, y: 10, width: 340, height: 40))
        name.borderStyle = .roundedRect
        name.clearButtonMode = .always
        name.text = "أحمد علي"
        let unit = Label(text: "kg", font: .systemFont(ofSize: 15))
        unit.textColor = .secondaryLabel
        name.rightView = unit
        name.rightViewMode = .always
        let empty = TextField(frame: Rect(x: 10, y: 60, width: 340, height: 40))
        empty.borderStyle = .roundedRect
        empty.placeholder = "البريد الإلكتروني"
        let mixed = TextField(frame: Rect(x: 10, y: 110, width: 340, height: 40))
        mixed.borderStyle = .roundedRect
        mixed.text = "Order 123 لـ أحمد"
        for field in [name, empty, mixed] { root.addSubview(field) }
        host.layout()
        // Mirrored: the clear button and the right view are on the left, the text flush right.
        #expect(name.clearButtonRect.minX < 60)
        #expect(unit.frame.minX < name.clearButtonRect.minX)
        #expect(try #require(name.subviews.first { $0 is TextEditingView }).frame.maxX > 300)
        empty.becomeFirstResponder()
        host.settle()
        #expect(empty.caretRect(for: empty.beginningOfDocument).minX > 300)  // an empty mirrored field's caret: right
        try expectGolden(host, named: "bidi-mirrored-fields")
    }

    @Test func aRightToLeftTextViewWithAnEnglishWordAndASelectionAcrossTheBoundary() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 150), fonts: .bundled)
        host.window.keyboard.policy = .never
        let root = whiteRoot()
        host.rootView = root
        let view = TextView(frame: Rect(x: 10, y: 10, width: 300, height: 130))
        view.font = .systemFont(ofSize: 18)
        view.text = "مرحبا بكم في Caret، محرر النصوص\nשלום email@example.com עולם"
        root.addSubview(view)
        host.layout()
        view.becomeFirstResponder()
        let text = view.text as NSString
        let caret = text.range(of: "Caret")
        view.selectedRange = NSRange(location: caret.location - 3, length: 6)  // "في Car": across the boundary
        host.settle()
        let rects = view.selectionRects(for: try #require(view.selectedTextRange))
        #expect(rects.count == 2)
        try expectGolden(host, named: "bidi-text-view")
    }
}
