// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The editing component under `TextField` and `TextView`: it draws text, the selection, marked
/// (IME) text and a blinking caret, and turns keys, clicks, touches, input-method events, the
/// clipboard and undo into changes of its `TextEditingModel`. Every change the user makes is
/// first offered to its host (`EditorHost`), so the hosting control can ask its delegate (docs/behaviour/changing-text.md).
///
/// Not public API: apps use `TextField` and `TextView`, whose delegates, `maximumLength`,
/// `allowedCharacters` and formatters no code can go around. Tests and the test kit reach it
/// with `@_spi(Testing) import Caret`.
@_spi(Testing) @MainActor
public final class TextEditingView: View, MarkedTextInput, TextInputClient, TextTraitsHolder {
    // MARK: Configuration

    /// Whether the text can be changed.
    public var isEditable = true {
        willSet {
            // A composition open when editing stops is committed as it stands, while it still can
            // be (soak seed 231126060: the notes screen's Done button left the preedit marked in
            // read-only text, and the input method's echo of it was dropped).
            if isEditable && !newValue { composition.commit(resettingInputMethod: true) }
        }
        didSet {
            if !isEditable { interaction.dismissEditMenu() }
            spelling.update()
            if hasFocus && isEditable != oldValue { isEditable ? textInputTraitsDidChange() : window?.textInputEnded() }
            setNeedsDisplay()
        }
    }
    /// Whether text can be selected (and copied).
    public var isSelectable = true
    /// Whether the text is one line (a field): no wrapping, Return goes to the host.
    public let isSingleLine: Bool
    /// Whether copy and cut are never offered (secure entry).
    public var isSecure = false {
        didSet {
            guard isSecure != oldValue else { return }
            // A secret is never composed: an open composition is committed as it stands first.
            if isSecure { composition.commit(resettingInputMethod: true) }
            // Revealed text is edited where the caret is: only a secure field's next edit replaces it all.
            if !isSecure { replacesTextOnNextEdit = false }
            textInputTraitsDidChange()
        }
    }
    /// Set by a secure field when focus returns: the next edit replaces the whole text (docs/behaviour/changing-text.md).
    public var replacesTextOnNextEdit = false
    /// Whether every insertion replaces the whole text (UIKit's `clearsOnInsertion`).
    public var clearsOnInsertion = false

    // MARK: Text input traits (read by the on-screen keyboard)

    /// The text input traits, stored once as a value: fields and text views expose UIKit's names
    /// for them (`TextEditingHost`), the keyboard reads them through `TextInputTraits` (`TextTraitsHolder`).
    public var traits = TextTraits() { didSet { if traits != oldValue { textInputTraitsDidChange() } } }
    /// Whether the text is masked and never copied (set by a secure field).
    public var isSecureTextEntry: Bool { isSecure }
    /// Only editable text takes the keyboard (read-only text still selects).
    public var acceptsKeyboardInput: Bool { isEditable }
    /// How the text, its insets, links, marked text and caret look: one value.
    public var appearance: TextAppearance { didSet { appearanceDidChange(from: oldValue) } }

    /// What `.natural` means for text with no strong direction: right to left when mirrored, or
    /// while focused with the on-screen keyboard in a right-to-left language.
    var naturalDirection: WritingDirection {
        appearance.isMirrored || (hasFocus && window?.keyboard.isRightToLeftLanguage == true) ? .rightToLeft : .leftToRight
    }

    /// Follows a new appearance: the layout's font and alignment, the insets, the mirroring.
    private func appearanceDidChange(from old: TextAppearance) {
        if appearance.font != old.font { layout.font = appearance.font }
        if appearance.textAlignment != old.textAlignment { layout.alignment = appearance.textAlignment }
        if appearance.contentInsets != old.contentInsets || appearance.fixedWrapWidth != old.fixedWrapWidth { setNeedsLayout() }
        if appearance.fixedWrapWidth != old.fixedWrapWidth, !isSingleLine { layout.wrapWidth = appearance.wrapWidth(inViewWidth: bounds.width) }
        if appearance.isMirrored != old.isMirrored { updateNaturalDirection() }
        if appearance != old { setNeedsDisplay() }
    }

    /// Follows a change of mirroring, focus or keyboard language.
    func updateNaturalDirection() {
        guard layout.naturalDirection != naturalDirection else { return }
        layout.naturalDirection = naturalDirection
        setNeedsDisplay()
    }

    // MARK: The hosting control

    /// The control this editor talks to (`TextField`, `TextView`): it asks the delegate, moves
    /// focus, takes links and sizes its content. Nil: every change is accepted, focus is the editor's.
    weak var host: EditorHost?
    /// The view that takes keyboard focus for the editor: its host's, else the editor itself.
    var focusView: View { host?.focusView ?? self }

    /// Whether the view (or its focus host) has keyboard focus.
    public var hasFocus: Bool { focusView.isFirstResponder }

    // MARK: State

    /// The text, selection, composition and undo.
    public internal(set) var model: TextEditingModel
    /// The laid-out text (it follows the displayed document: `update` after every change).
    package internal(set) lazy var layout: TextLayout = makeLayout(fontProvider: fontProvider)
    /// The caret's blink.
    private(set) lazy var caretBlink = CaretBlink(host: self)
    /// What is shown and what was drawn: the displayed document, the secure mask, the drawn selection.
    public private(set) lazy var display = TextDisplay(editor: self)
    /// The open composition's editor side: its session and the selection before it.
    private(set) lazy var composition = CompositionTracking(host: self)
    /// The horizontal scroll of a single-line view.
    public internal(set) var horizontalOffset: Double = 0

    /// Touches, clicks and the edit menu.
    public private(set) lazy var interaction = TextInteraction(editor: self)

    /// Made only by Caret (it needs what no archive holds): nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Creates an editing view; `singleLine` makes a field.
    public init(frame: Rect = .zero, singleLine: Bool, font: Font = .systemFont(ofSize: Font.systemFontSize)) {
        isSingleLine = singleLine
        appearance = TextAppearance(font: font)
        model = TextEditingModel(text: "", allowsLineBreaks: !singleLine)
        model.recordsReplacements = true  // drained by every after-edit step (`finishEdit`)
        super.init(frame: frame)
        clipsToBounds = singleLine
    }

    public override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil {
            caretBlink.stop()
            interaction.dismissEditMenuAndLoupe()
        } else if codeReplacedAway {
            codeReplacedAway = false
            window?.textEditObserver?.editor(self, codeReplaced: nil, with: model.text)
        }
        // Spelling is checked against the window's dictionaries: a view made before it joined one
        // starts checking now (or stops, in a window without them).
        if window != nil { spelling.update() }
        syncFontProvider()
    }

    public override func didMoveToSuperview() {
        super.didMoveToSuperview()
        syncFontProvider()
    }

    override func fontProviderDidChange() {
        super.fontProviderDidChange()
        syncFontProvider()
    }

    /// Spell checking (docs/behaviour/changing-text.md, spelling): its marks, checker and idle steps.
    public private(set) lazy var spelling = SpellingState(editor: self)
    /// The line kept in place as estimated heights are replaced, and the height the host heard of.
    lazy var scrollAnchoring = ScrollAnchoring(editor: self)

    public override func layoutSubviews() {
        super.layoutSubviews()
        syncFontProvider()  // moved with an ancestor into a window or a detached tree with other fonts
        if !isSingleLine { layout.wrapWidth = appearance.wrapWidth(inViewWidth: bounds.width) }
        updateHorizontalOffset()
    }

    /// Attributes set for the next typed text; cleared whenever the selection changes.
    var typingAttributesOverride: TextAttributes?
    /// Whether code set the text while the editor was in no window (told when it enters one).
    var codeReplacedAway = false

    /// The layout phase: lays out the lines the next frame shows and those the caret, the
    /// handles and a truncated line measure, lets the host size its content and keep the line on
    /// screen in place, and remembers that line as the scroll anchor.
    override func layoutVisibleContent(in visible: Rect) -> Bool {
        // Laying out lines may move the host's offset (its content shrank as estimates became
        // lines, and the end moved up: soak seed 261150010): the area shown is then other lines,
        // laid out here at once, so that the window's layout phase settles in a pass or two.
        var area = visible
        var changed = false
        for _ in 0..<16 {
            let offsetBefore = (superview as? ScrollView)?.contentOffset
            let made = layout.paragraphLayoutCount
            layOutLines(shownIn: area)
            let offsetAfter = (superview as? ScrollView)?.contentOffset
            if layout.paragraphLayoutCount != made || offsetAfter != offsetBefore { changed = true }
            guard let before = offsetBefore, let after = offsetAfter, after != before else { break }
            area = area.offsetBy(dx: after.x - before.x, dy: after.y - before.y)
        }
        return changed
    }

    /// Lays out the lines an area of the view shows and those the caret, the handles and a
    /// truncated line measure; the host hears of the heights and the first line there is the anchor.
    private func layOutLines(shownIn visible: Rect) {
        // A point more each side: drawing's clip reaches the view through other arithmetic
        // (presentation offsets of a scroll view in flight) and can start 1e-13 points higher,
        // taking in a line that only touches the area (soak seed 310000069: the line above the
        // notes view's top, laid out while drawing).
        let visible = visible.insetBy(dx: -1, dy: -1)
        let made = layout.paragraphLayoutCount
        let origin = textOrigin
        let span = Double(visible.minY - origin.y)...Double(visible.maxY - origin.y)
        // What a single line measures as it is placed (truncated, or aligned to the right in a
        // right-to-left direction): its width and its first line's height.
        if isSingleLine {
            _ = layout.caretX(at: model.utf16Count)
            _ = layout.caretRect(at: 0)
        }
        let xSpan = Double(visible.minX - origin.x)...Double(visible.maxX - origin.x)
        layout.forEachLine(in: span, x: xSpan) { _, _, _ in }
        if hasFocus && isEditable { _ = caretRect }
        spelling.checkVisible(span: span, x: xSpan)
        if interaction.showsSelectionHandles && !model.selection.isEmpty {
            _ = layout.caretRect(at: model.selection.range.lowerBound)
            _ = layout.caretRect(at: model.selection.range.upperBound)
        }
        // The host hears of heights this phase laid out (it heard of the edit's in `finishEdit`).
        if layout.paragraphLayoutCount != made || scrollAnchoring.heightIsUnreported { scrollAnchoring.reportHeightChange() }
        scrollAnchoring.anchorFirstVisibleLine(at: span.lowerBound)
    }

    // MARK: Focus

    public override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    @discardableResult
    public override func becomeFirstResponder() -> Bool {
        if focusView !== self { return focusView.becomeFirstResponder() }
        let was = isFirstResponder
        guard super.becomeFirstResponder() else { return false }
        if !was { focusDidBegin() }
        return true
    }

    @discardableResult
    public override func resignFirstResponder() -> Bool {
        if focusView !== self { return focusView.resignFirstResponder() }
        let was = isFirstResponder
        guard super.resignFirstResponder() else { return false }
        if was { focusDidEnd() }
        return true
    }

    /// Starts text input, the caret and the IME rectangle (the focus host calls it on gaining focus).
    public func focusDidBegin() {
        if isEditable { window?.textInputBegan(traits: traits, isSecure: isSecure) }
        updateNaturalDirection()
        updateInputMethodRect()
        caretBlink.reset()
        setNeedsDisplay()
    }

    /// Tells the input method what the focused text now is (secure, a number, editable again).
    func textInputTraitsDidChange() {
        spelling.update()
        if hasFocus && isEditable { window?.textInputBegan(traits: traits, isSecure: isSecure) }
    }

    /// Commits an open composition and stops text input and the caret (on losing focus).
    public func focusDidEnd() {
        // A composition left open when focus goes is committed as it stands; IBus commits it
        // again when text input stops, into whatever has focus next: that echo is dropped.
        composition.commit(resettingInputMethod: false)
        window?.textInputEnded()
        caretBlink.stop()
        interaction.dismissEditMenuAndLoupe()
        interaction.showsSelectionHandles = false
        spelling.didReplace([])  // the word the caret was in is finished
        updateNaturalDirection()
        setNeedsDisplay()
    }

    // MARK: Geometry

    /// While a multi-line editor has focus, the caret's line across it, kept inside its bounds:
    /// keyboard avoidance keeps that visible, not the whole (possibly very tall) view.
    public override var keyboardAvoidanceRect: Rect {
        guard !isSingleLine, hasFocus else { return bounds }
        let caret = caretRect
        let height = min(caret.height, bounds.height)
        let y = min(max(caret.minY, bounds.minY), bounds.maxY - height)
        return Rect(x: bounds.minX, y: y, width: bounds.width, height: height)
    }

    /// The height the text needs at the current width, insets included (lays out every paragraph
    /// when estimates remain, so use it for short texts).
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: (layout.height + appearance.contentInsets.vertical).rounded(.up))
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) { display.draw(rect, in: context) }

    // MARK: Keys

    public override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        guard let press = presses.first, handleKey(press.key) else { return super.pressesBegan(presses, with: event) }
    }

    // MARK: Pointer and touch

    public override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isSelectable || isEditable, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        interaction.touchBegan(touch)
    }

    /// Mouse drags select text and a finger on a selection handle drags it: neither scrolls.
    public override func keepsTouch(_ touch: Touch) -> Bool {
        touch.type == .indirectPointer || interaction.gesture.draggingHandle != nil
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        if let touch = touches.first { interaction.touchMoved(touch) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        if let touch = touches.first { interaction.touchEnded(touch) }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        interaction.touchCancelled()
    }
}
