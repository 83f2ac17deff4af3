// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation

@_spi(Testing) @testable import Caret

/// A stand-in for the editor that its parts (blink, composition, scroll anchoring, display,
/// spelling, smart punctuation) are tested against: plain state that each part's host protocol
/// reads, and a record of what the parts ask of it. No `TextEditingView` and no view; a window only
/// where a test gives it one (spelling reads its dictionaries from a window).
@MainActor
final class StubEditor: CaretBlinkHost, CompositionHost, ScrollAnchoringHost, TextDisplayHost, SpellingHost, SmartPunctuationHost {
    var model: TextEditingModel
    let layout: TextLayout
    var window: Window?
    let clock = VirtualClock()
    lazy var animator: Animator? = Animator(clock: clock)
    let focusView = View()
    var host: EditorHost?
    var appearance = TextAppearance(font: .systemFont(ofSize: 20))
    var hasFocus = true
    var isEditable = true
    var isSelectable = true
    var isSingleLine = false
    var isSecure = false
    var isHidden = false
    var showsSelectionHandles = false
    var caretRect = Rect(x: 10, y: 0, width: 2, height: 20)
    var textOrigin = Point(x: 0, y: 0)
    var bounds = Rect(x: 0, y: 0, width: 300, height: 200)
    var tintColor: Color! = Color.systemBlue
    var traits = TextTraits()
    var accessibilityLanguage: String?
    lazy var spelling = SpellingState(editor: self)
    lazy var caretBlink = CaretBlink(host: self)
    lazy var display = TextDisplay(editor: self)
    lazy var scrollAnchoring = ScrollAnchoring(editor: self)

    /// What the parts asked for: redrawn rectangles (nil: the whole editor), proposed changes,
    /// finished edits, selections set.
    var damaged: [Rect?] = []
    var committed: [TextEditingModel.Change] = []
    var finished: [EditOutcome] = []
    var selections: [TextSelection] = []

    init(text: String = "", wrapWidth: Double? = 300) {
        model = TextEditingModel(text: text)
        layout = TextLayout(
            document: model.document, font: .systemFont(ofSize: 20), fontProvider: FixedAdvanceFontProvider(advanceRatio: 0.5),
            wrapWidth: wrapWidth)
    }

    var textBeforeCaret: String { model.document.substring(0..<model.selection.range.lowerBound) }
    func resolvedAlignment(rightToLeftText: Bool) -> TextAlignment { .left }
    func setNeedsDisplay() { damaged.append(nil) }
    func setNeedsDisplay(_ rect: Rect) { damaged.append(rect) }
    func setSelection(_ selection: TextSelection) {
        selections.append(selection)
        model.selection = selection
    }
    @discardableResult func commit(_ proposed: TextEditingModel.Change) -> EditOutcome {
        committed.append(proposed)
        return .display
    }
    func finishEdit(_ outcome: EditOutcome) { finished.append(outcome) }

    /// Moves the virtual clock on and runs the timers and idle work due.
    func advance(by seconds: Double) {
        clock.advance(by: seconds)
        animator?.tick()
        animator?.runIdleWork()
    }
}

/// A stand-in editor for touches and the edit menu: a plain view (touches are located in it, the
/// menu is placed over it) with the text's state, forwarding its touches to its interaction, as
/// the editor does. The parts the interaction asks (composition, spelling, display) are real ones
/// over this stub.
@MainActor
final class StubInteractionEditor: View, TextInteractionHost, CaretBlinkHost, CompositionHost, ScrollAnchoringHost, TextDisplayHost,
    SpellingHost
{
    var model: TextEditingModel
    let layout: TextLayout
    var animator: Animator? { window?.animator }
    var focusView: View { self }
    var host: EditorHost?
    var appearance = TextAppearance(font: .systemFont(ofSize: 20))
    var hasFocus = true
    var isEditable = true
    var isSelectable = true
    var isSingleLine = false
    var isSecure = false
    var showsSelectionHandles: Bool { interaction.showsSelectionHandles }
    var caretRect: Rect { layout.caretRect(at: model.selection.head) }
    var textOrigin = Point(x: 0, y: 0)
    var traits = TextTraits()
    lazy var spelling = SpellingState(editor: self)
    lazy var caretBlink = CaretBlink(host: self)
    lazy var display = TextDisplay(editor: self)
    lazy var scrollAnchoring = ScrollAnchoring(editor: self)
    lazy var composition = CompositionTracking(host: self)
    lazy var interaction = TextInteraction(editor: self)
    override var canBecomeFirstResponder: Bool { true }

    /// Selections set, and the edit menu's commands run.
    var selections: [TextSelection] = []
    var commands: [String] = []

    required init?(coder: NSCoder) { nil }  // made in code

    init(text: String) {
        model = TextEditingModel(text: text)
        layout = TextLayout(
            document: model.document, font: .systemFont(ofSize: 20), fontProvider: FixedAdvanceFontProvider(advanceRatio: 0.5),
            wrapWidth: 300)
        super.init(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    }

    var hasText: Bool { model.utf16Count > 0 }
    func resolvedAlignment(rightToLeftText: Bool) -> TextAlignment { .left }
    func offset(at point: Point) -> Int { layout.offset(at: Point(x: point.x - textOrigin.x, y: point.y - textOrigin.y)) }
    func setSelection(_ selection: TextSelection) {
        selections.append(selection)
        model.selection = selection
    }
    @discardableResult func commit(_ proposed: TextEditingModel.Change) -> EditOutcome { .display }
    func finishEdit(_ outcome: EditOutcome) {}
    func selectAll() { commands.append("selectAll") }
    func copy() { commands.append("copy") }
    func cut() { commands.append("cut") }
    func paste() { commands.append("paste") }
    @discardableResult func perform(_ edit: TextEditingModel.Edit) -> Bool {
        commands.append("perform")
        return true
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) { touches.first.map(interaction.touchBegan) }
    override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) { touches.first.map(interaction.touchMoved) }
    override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) { touches.first.map(interaction.touchEnded) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) { interaction.touchCancelled() }
}

/// A host control that records what the editor's parts tell it.
@MainActor
final class RecordingEditorHost: EditorHost {
    var heightChanges = 0
    var shifts: [Double] = []
    var decorations = 0
    var decoratesText = false
    var takesTaps = false
    var taps: [Point] = []
    var menus: [String] = []
    func editorLayoutHeightDidChange() { heightChanges += 1 }
    func editorFirstVisibleLineMoved(by shift: Double) { shifts.append(shift) }
    func editorDidTap(at point: Point) -> Bool {
        taps.append(point)
        return takesTaps
    }
    func editorWillPresentEditMenu(_ menu: EditMenuView) { menus.append("present") }
    func editorWillDismissEditMenu(_ menu: EditMenuView) { menus.append("dismiss") }
    func editorDecorating(_ document: TextDocument) -> TextDocument {
        decorations += 1
        return document
    }
}
