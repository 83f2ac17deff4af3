// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Foundation
import Testing

// More UIKit names real apps use (issue 45, item 5): undoManager, Screen.main, Font.lineHeight,
// automaticallyAdjustsScrollIndicatorInsets and init(nibName:bundle:), as UIKit code writes them.

/// A note editor with Undo and Redo buttons that call the responder chain's undo manager, and a
/// colour change the controller registers itself. Made with UIKit's `init(nibName:bundle:)`.
@MainActor
final class NoteEditorViewController: ViewController {
    let titleField = TextField()
    private(set) var tint = Color.blue

    let noteID: Int

    init(noteID: Int) {
        self.noteID = noteID
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        view = View()
        titleField.frame = CGRect(x: 20, y: 40, width: 300, height: 40)
        view.addSubview(titleField)
    }

    func undoTapped() { undoManager?.undo() }
    func redoTapped() { undoManager?.redo() }

    func setTint(_ color: Color) {
        let old = tint
        undoManager?.registerUndo(withTarget: self) { $0.setTint(old) }
        undoManager?.setActionName("Tint")
        tint = color
    }
}

@Suite @MainActor
struct MissingNamesUndoScreenPortTests {
    @Test func undoManagerUndoesTheFocusedFieldsLastEditAndTheAppsOwnSteps() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let editor = NoteEditorViewController(noteID: 7)
        host.window.rootViewController = editor
        host.settle()
        #expect(editor.nibName == nil)
        #expect(editor.undoManager === host.window.undoManager && editor.titleField.undoManager === editor.undoManager)
        #expect(editor.titleField.becomeFirstResponder())
        #expect(editor.undoManager?.canUndo == false)
        host.input.type("Shopping")
        host.settle()
        #expect(editor.titleField.text == "Shopping")
        #expect(editor.undoManager?.canUndo == true && editor.undoManager?.canRedo == false)
        editor.undoTapped()
        #expect(editor.titleField.text == "")
        #expect(editor.undoManager?.canUndo == false && editor.undoManager?.canRedo == true)
        editor.redoTapped()
        #expect(editor.titleField.text == "Shopping")
        #expect(editor.undoManager?.canRedo == false)

        // Editing over, the app's own step.
        _ = host.window.endEditing(true)
        let manager = try #require(editor.undoManager)
        manager.removeAllActions()
        editor.setTint(.red)
        #expect(manager.canUndo && manager.undoActionName == "Tint")
        editor.undoTapped()
        #expect(editor.tint == .blue && !manager.canUndo && manager.canRedo)
        editor.redoTapped()
        #expect(editor.tint == .red && manager.canUndo && !manager.canRedo)
        #expect(editor.titleField.text == "Shopping", "the field, no longer focused, is not undone")
    }

    @Test func theMainScreenIsTheWindowsSizeAndScale() throws {
        let host = try HeadlessWindow(size: Size(width: 480, height: 320), scale: 2, fonts: .fixedAdvance(ratio: 0.5))
        host.rootView = View()
        host.drawFrame()
        #expect(Screen.main.bounds == CGRect(x: 0, y: 0, width: 480, height: 320))
        #expect(Screen.main.scale == 2 && Screen.main.nativeScale == 2)
        #expect(host.window.screen === Screen.main)
    }

    @Test func aFontsLineHeightIsItsMetricsAndSpacesALabelsLines() throws {
        // The fixed-advance test font's metrics: ascender 0.8, descender −0.2, line height 1.2 × size.
        let host = try HeadlessWindow(size: Size(width: 400, height: 300), fonts: .fixedAdvance(ratio: 0.5))
        let font = Font.systemFont(ofSize: 20)
        #expect(font.lineHeight == 24 && font.ascender == 16 && font.descender == -4)
        let label = Label()
        label.font = font
        label.numberOfLines = 0
        label.text = "one\ntwo\nthree"
        host.rootView = label
        // UIKit code sizing for three lines.
        let threeLines = (font.lineHeight * 3).rounded(.up)
        #expect(Double(label.sizeThatFits(CGSize(width: 400, height: 0)).height) == threeLines)
    }

    /// A full-screen list with a field at its end: the keyboard's inset moves the indicator's end
    /// above the keyboard unless the app turns the automatic adjustment off.
    @Test func scrollIndicatorsFollowTheKeyboardsInsetUnlessTheAppOptsOut() throws {
        func indicatorBottom(adjusting: Bool) throws -> (bar: Double, keyboardTop: Double) {
            let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
            let list = ScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
            list.automaticallyAdjustsScrollIndicatorInsets = adjusting
            list.contentSize = CGSize(width: 400, height: 2000)
            let field = TextField(frame: CGRect(x: 20, y: 1940, width: 300, height: 40))
            list.addSubview(field)
            host.rootView = list
            host.window.keyboard.policy = .always
            host.settle()
            #expect(field.becomeFirstResponder())
            host.settle()
            #expect(host.window.keyboard.isVisible)
            list.flashScrollIndicators()
            let renderer = try #require(host.nullRenderer)
            renderer.recordsFills = true
            host.drawFrame()
            let bars = renderer.fills.filter { $0.rect.width == 3 && $0.rect.minX > 390 }
            renderer.recordsFills = false
            return (try #require(bars.last).rect.maxY, Double(host.window.keyboard.frame.minY))
        }
        let adjusted = try indicatorBottom(adjusting: true)
        let own = try indicatorBottom(adjusting: false)
        // Scrolled to the field at the end: the indicator at (or near) its track's end.
        #expect(adjusted.bar <= adjusted.keyboardTop - 3 && adjusted.bar > adjusted.keyboardTop - 20, "above the keyboard: \(adjusted)")
        #expect(own.bar > own.keyboardTop + 100, "the app's insets alone: under the keyboard, \(own)")
    }
}
