// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Names real UIKit code uses that ported code now finds (issue 45, item 5), each written as UIKit
// code writes it, renamed only.

/// A field subclass as UIKit writes it: its own designated initialiser and `super.init(coder:)`.
@MainActor
final class BrandedField: TextField {
    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    private func setUp() {
        borderStyle = .roundedRect
        placeholder = "Branded"
    }
}

/// The same for a text view, a label, a button, a scroll view, an image view and a stack view.
@MainActor final class NotesView: TextView {
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class TitleLabel: Label {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
@MainActor final class PillButton: Button {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
@MainActor final class PagingScrollView: ScrollView {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
@MainActor final class AvatarView: ImageView {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}
@MainActor final class FormStack: StackView {
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@Suite @MainActor
struct UIKitNamesPortTests {
    /// An archive holding a frame, as a storyboard's coder would give one.
    private func coder(_ frame: CGRect) throws -> NSKeyedUnarchiver {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        for (key, value) in [("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height)] {
            archiver.encode(Double(value), forKey: "frame." + key)
        }
        archiver.finishEncoding()
        return try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
    }

    @Test func subclassesCallSuperInitCoderAndWork() throws {
        let frame = CGRect(x: 20, y: 40, width: 300, height: 44)
        let field = try #require(BrandedField(coder: coder(frame)))
        #expect(field.frame == frame && field.placeholder == "Branded" && field.borderStyle == .roundedRect)
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        host.rootView = root
        root.addSubview(field)
        host.settle()
        host.input.tap(field)
        host.input.type("typed")
        host.settle()
        #expect(field.isFirstResponder && field.text == "typed", "the archived field edits")
        let notes = try #require(NotesView(coder: coder(CGRect(x: 0, y: 100, width: 300, height: 100))))
        notes.text = "notes"
        root.addSubview(notes)
        host.settle()
        #expect(notes.frame.minY == 100 && notes.text == "notes" && notes.isEditable)
        #expect(try TitleLabel(coder: coder(frame))?.frame == frame)
        #expect(try PillButton(coder: coder(frame))?.buttonType == .system)
        #expect(try PagingScrollView(coder: coder(frame))?.clipsToBounds == true)
        #expect(try AvatarView(coder: coder(frame))?.isUserInteractionEnabled == false)
        #expect(try FormStack(coder: coder(frame))?.axis == .horizontal)
    }

    @Test func systemSpacingIsEightPointsTimesTheMultiplier() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let root = ViewController()
        host.window.rootViewController = root
        let title = Label(), field = TextField(), button = Button(type: .system)
        for view in [title, field, button] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.view.addSubview(view)
        }
        title.text = "Name"
        button.setTitle("Go", for: .normal)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalToSystemSpacingBelow: root.view.safeAreaLayoutGuide.topAnchor, multiplier: 2),
            title.leadingAnchor.constraint(equalToSystemSpacingAfter: root.view.leadingAnchor, multiplier: 1),
            field.topAnchor.constraint(equalToSystemSpacingBelow: title.bottomAnchor, multiplier: 1),
            field.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            field.widthAnchor.constraint(equalToConstant: 200),
            button.leadingAnchor.constraint(greaterThanOrEqualToSystemSpacingAfter: field.trailingAnchor, multiplier: 3),
            button.centerYAnchor.constraint(equalTo: field.centerYAnchor),
        ])
        host.settle()
        #expect(title.frame.minY == 16 && title.frame.minX == 8)
        #expect(field.frame.minY == title.frame.maxY + 8)
        #expect(button.frame.minX >= field.frame.maxX + 24)
    }

    @Test func nestedAnimationNamesSymbolFillsAndViewEquality() throws {
        // UIKit's nested names.
        let options: View.AnimationOptions = [.curveEaseOut, .beginFromCurrentState]
        let curve: View.AnimationCurve = .easeOut
        #expect(options.contains(.curveEaseOut) && curve == .easeOut)
        // The filled symbols apps ask for.
        for name in ["eye.fill", "eye.slash.fill", "person.fill", "lock.fill", "envelope.fill", "paperplane.fill", "xmark.circle.fill"] {
            #expect(Image(systemName: name) != nil, "\(name)")
        }
        #expect(Image(systemName: "no.such.symbol.fill") == nil)
        // Views compare by identity, as UIKit's NSObject-based views do.
        let a = View(), b = View()
        #expect(a == a && a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test func theKeyboardGuideRestsOnTheBottomSafeAreaUnlessToldNotTo() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 700), fonts: .fixedAdvance(ratio: 0.5))
        host.window.windowSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 34, right: 0)
        let root = ViewController()
        host.window.rootViewController = root
        let bar = View()
        bar.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.view.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 50),
            bar.bottomAnchor.constraint(equalTo: root.view.keyboardLayoutGuide.topAnchor),
        ])
        host.settle()
        #expect(!host.window.keyboard.isVisible)
        #expect(bar.frame.maxY == CGFloat(700 - 34), "above the home indicator's strip, as UIKit")
        root.view.keyboardLayoutGuide.usesBottomSafeArea = false
        host.settle()
        #expect(bar.frame.maxY == 700)
    }
}
