// SPDX-License-Identifier: Apache-2.0

import CaretDemoKit
import CaretDemoSoak
import Foundation
import Testing

@_spi(Testing) @testable import Caret  // planting a fault reaches state no public path can break
@testable import CaretTesting

/// The soak's geometry and field-rule checks, each shown to work: a fault is planted after
/// events and the soak must report it. Each test fails when its check is taken out.
@Suite(.serialized) @MainActor
struct SoakInvariantFaultTests {
    func problems(
        screen: String = "form", seeds: [UInt64] = [1, 2, 3], world: Bool = false, plant: @escaping @MainActor (SoakEvent, Window) -> Void
    ) -> [String] {
        plantedFaultProblems(screen: screen, seeds: seeds, world: world, events: 2_000, plant: plant)
    }

    /// A view whose frame is not a number.
    @Test func aFrameThatIsNotANumberIsCaught() {
        let found = problems { event, window in
            guard case .draw = event, let root = window.rootView else { return }
            root.subviews.first?.frame.origin.x = .nan
        }
        #expect(found.contains { $0.contains("has frame") }, "\(found)")
    }

    @Test func aLineBreakInASingleLineFieldIsCaught() {
        let found = problems { event, window in
            guard case .text = event, let editor = window.focusedEditor, editor.isSingleLine, !editor.isSecure else { return }
            var model = TextEditingModel(text: "", allowsLineBreaks: true)
            model.text = editor.text + "\nx"
            model.allowsLineBreaks = false
            editor.model = model  // past the field's flattening
        }
        #expect(found.contains { $0.contains("a line break in a single-line field") }, "\(found)")
    }

    @Test func textLongerThanMaximumLengthIsCaught() {
        let found = problems { _, window in
            guard let form = window.rootView as? FormScreen, let field = form.fields.values.first(where: { $0.maximumLength != nil }),
                let limit = field.maximumLength
            else { return }
            field.editor.model = TextEditingModel(text: String(repeating: "a", count: limit + 1), allowsLineBreaks: false)
        }
        #expect(found.contains { $0.contains("more than maximumLength") }, "\(found)")
    }

    @Test func aCharacterAFieldDoesNotAllowIsCaught() {
        let found = problems { _, window in
            guard let form = window.rootView as? FormScreen, let field = form.fields.values.first(where: { $0.allowedCharacters != nil })
            else { return }
            field.editor.model = TextEditingModel(text: "12a", allowsLineBreaks: false)
        }
        #expect(found.contains { $0.contains("is not allowed") }, "\(found)")
    }

    @Test func aKeyboardAwayFromTheBottomIsCaught() {
        let found = problems { _, window in
            guard window.keyboard.isVisible, !window.animator.isAnimating else { return }
            window.bounds.size.height += 60  // the window grew and the keyboard was not told
        }
        #expect(found.contains { $0.contains("is not at the bottom of the") }, "\(found)")
    }

    @Test func aKeyboardDrawnAwayFromItsFrameIsCaught() {
        let found = problems { _, window in
            guard window.keyboard.isVisible, !window.animator.isAnimating else { return }
            window.keyboard.container.frame.origin.y -= 30
        }
        #expect(found.contains { $0.contains("the keyboard is drawn at") }, "\(found)")
    }

    @Test func aFocusedFieldPushedAboveTheWindowIsCaught() {
        let found = problems(screen: "kiosk") { _, window in
            guard window.keyboard.isVisible, let root = window.rootView else { return }
            root.bounds.origin.y = window.bounds.height
        }
        #expect(found.contains { $0.contains("is above the window's top") }, "\(found)")
    }

    @Test func aCaretLineScrolledOutOfItsTextViewIsCaught() {
        let found = problems(screen: "notes", seeds: Array(1...40)) { _, window in
            guard let textView = window.firstResponder as? TextView, textView.contentSize.height > textView.bounds.height + 80 else { return }
            let caret = textView.editor.convert(textView.editor.caretRect, to: textView.editor)
            // Scrolled to whichever end is farther from the caret.
            let bottom = textView.contentSize.height - textView.bounds.height
            textView.bounds.origin.y = caret.midY > textView.contentSize.height / 2 ? 0 : bottom
        }
        #expect(found.contains { $0.contains("caret line") && $0.contains("is outside the visible") }, "\(found)")
    }

    /// A view that draws at a point that is not a number.
    final class Smudge: View {
        override func draw(_ rect: Rect, in context: GraphicsContext) {
            context.fill(Rect(x: Double.infinity, y: 0, width: 10, height: 10), color: .black)
        }
    }

    @Test func drawingAtAPointThatIsNotANumberIsCaught() {
        let found = problems { event, window in
            guard case .draw = event, let root = window.rootView, !root.subviews.contains(where: { $0 is Smudge }) else { return }
            root.addSubview(Smudge(frame: Rect(x: 0, y: 0, width: 20, height: 20)))
        }
        #expect(found.contains { $0.contains("non-finite") }, "\(found)")
    }
}
