// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A single-line editable text control (UIKit's `UITextField`), with a delegate that can refuse
/// beginning and ending editing and every change, following docs/behaviour/focus-and-editing.md and §3.
@preconcurrency @MainActor
open class TextField: Control, MarkedTextInput, TextInputTraits, TextInputClient, TextEditingHost {
    /// The placeholder shaped for the last draw: placeholder, font, width and font provider.
    var shapedPlaceholder: (placeholder: TextDocument, font: Font, width: Double, provider: ObjectIdentifier, line: AttributedLine)?
    /// Posted after editing began; the object is the field.
    nonisolated public static let textDidBeginEditingNotification = Notification.Name(
        "CaretTextFieldTextDidBeginEditingNotification")
    /// Posted after the user changed the text; the object is the field.
    nonisolated public static let textDidChangeNotification = Notification.Name("CaretTextFieldTextDidChangeNotification")
    /// Posted after editing ended, with the reason under `didEndEditingReasonUserInfoKey`.
    nonisolated public static let textDidEndEditingNotification = Notification.Name("CaretTextFieldTextDidEndEditingNotification")
    /// The userInfo key of the end-editing reason (an `NSNumber` of its raw value, as UIKit posts it).
    nonisolated public static let didEndEditingReasonUserInfoKey = "CaretTextFieldDidEndEditingReasonUserInfoKey"

    /// The delegate, held weakly.
    public weak var delegate: TextFieldDelegate?
    /// The editing component inside the field.
    @_spi(Testing) public let editor = TextEditingView(frame: .zero, singleLine: true)

    /// The text; setting it asks no delegate and posts no notification.
    public var text: String? {
        get { editor.text }
        set {
            editor.text = newValue ?? ""
            fitFontToWidth()
            setNeedsDisplay()
        }
    }
    /// The text with attributes.
    public var attributedText: TextDocument? {
        get { editor.model.document }
        set {
            editor.setDocument(newValue ?? TextDocument())
            fitFontToWidth()
            setNeedsDisplay()
        }
    }
    /// Grey text shown while the field is empty; setting it replaces `attributedPlaceholder`.
    public var placeholder: String? {
        get { attributedPlaceholder?.string }
        set { attributedPlaceholder = newValue.map { TextDocument($0) } }
    }
    /// The placeholder with attributes; runs with no colour draw 70 % grey, runs with no font in `font`.
    public var attributedPlaceholder: TextDocument? { didSet { setNeedsDisplay() } }
    /// The font of the text and placeholder.
    public var font: Font = .systemFont(ofSize: Font.systemFontSize) {
        didSet {
            editor.appearance.font = font
            fitFontToWidth()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// Whether the font shrinks (down to `minimumFontSize`) until the text fits the width.
    public var adjustsFontSizeToFitWidth = false {
        didSet {
            fitFontToWidth()
            setNeedsLayout()
        }
    }
    /// The smallest point size `adjustsFontSizeToFitWidth` shrinks to (0: down to 4 points, the least drawn).
    public var minimumFontSize: Double = 0 { didSet { fitFontToWidth() } }
    /// The font the text is drawn with now: `font`, or smaller while it shrinks to fit.
    public var effectiveFont: Font { editor.appearance.font }
    /// The border.
    public var borderStyle: BorderStyle = .none { didSet { setNeedsLayout(); setNeedsDisplay() } }
    /// When the clear button shows (only with text).
    public var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout(); setNeedsDisplay() } }
    /// Whether beginning to edit empties the field (asking `textFieldShouldClear`).
    public var clearsOnBeginEditing = false
    /// Filters typing and formats the text when editing ends (a `NumberFormatter` for currency or
    /// decimals, honouring its locale).
    public var formatter: Formatter?
    /// The most characters (grapheme clusters) typing and pasting may make; nil for no limit.
    public var maximumLength: Int?
    /// The only characters typing and pasting may bring in; nil for any.
    public var allowedCharacters: CharacterSet?
    /// A view at the leading edge (an icon, a label).
    public var leftView: View? { didSet { replaceSideView(oldValue, with: leftView) } }
    /// When the left view shows.
    public var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A view at the trailing edge (a button, a unit).
    public var rightView: View? { didSet { replaceSideView(oldValue, with: rightView) } }
    /// When the right view shows.
    public var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// Whether the field is being edited.
    public private(set) var isEditing = false {
        didSet { if isEditing != oldValue { setNeedsLayout() } }  // the text's rectangle is editingRect's now, or textRect's
    }

    private func replaceSideView(_ old: View?, with new: View?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        setNeedsLayout()
    }

    /// Whether the text is a secret: shown as bullets (the last typed character for about a
    /// second), never copied or cut, and replaced by the first edit after focus returns.
    public var isSecureTextEntry = false {
        didSet {
            editor.isSecure = isSecureTextEntry
            editor.display.masksText = isSecureTextEntry
        }
    }

    /// Whether the text is personal data, spoken only through private listening (EN 301 549
    /// 5.1.3.9): on a loudspeaker spoken mode says "key" and "dot" and counts the text, as for a
    /// secure field; in a headset it says them. By default a name, e-mail address or telephone
    /// number (`textContentType`); secure fields are always private.
    public var containsPersonalData: Bool {
        get { personalDataChoice ?? [.name, .emailAddress, .telephoneNumber].contains(textContentType) }
        set { personalDataChoice = newValue }
    }
    private var personalDataChoice: Bool?

    var endReason: DidEndEditingReason = .committed

    /// A field from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpField()
    }

    /// Creates a field.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        setUpField()
    }

    private func setUpField() {
        editor.host = self
        editor.appearance.font = font
        editor.appearance.textAlignment = .natural  // UIKit's default: by the text's direction (docs/behaviour/world-text.md)
        editor.appearance.contentInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        addSubview(editor)
    }

    // MARK: Focus and the editing flow (docs/behaviour/focus-and-editing.md)

    /// Tab reaches the field while it can take focus.
    open override var canBecomeFocused: Bool { canBecomeFirstResponder }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Begins editing: asks the delegate, lets the current first responder end its editing, then
    /// clears if asked to, and announces the start.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        // The keyboard's "will" notifications come after the clear and before didBeginEditing (docs/behaviour/focus-and-editing.md).
        beginEditing(
            shouldBegin: { delegate?.textFieldShouldBeginEditing(self) ?? true },
            becomeFirstResponder: { super.becomeFirstResponder() },
            whileBecoming: {
                isEditing = true
                if clearsOnBeginEditing, hasText, delegate?.textFieldShouldClear(self) ?? true {
                    editor.text = ""
                }
                editor.replacesTextOnNextEdit = isSecureTextEntry && hasText
            },
            announce: {
                setNeedsLayout()
                setNeedsDisplay()
                sendActions(for: .editingDidBegin)
                delegate?.textFieldDidBeginEditing(self)
                NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
            })
    }

    /// Ends editing: asks the delegate (unless the end is forced), formats the text, resigns,
    /// announces the end.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        endEditing(
            shouldEnd: { delegate?.textFieldShouldEndEditing(self) ?? true },
            willResign: { if let formatted = formattedText(), formatted != text { editor.text = formatted } },
            resignFirstResponder: { super.resignFirstResponder() },
            whileResigning: { isEditing = false },
            announce: {
                setNeedsLayout()
                setNeedsDisplay()
                let reason = endReason
                sendActions(for: .editingDidEnd)
                delegate?.textFieldDidEndEditing(self, reason: reason)
                NotificationCenter.default.post(
                    name: Self.textDidEndEditingNotification, object: self,
                    userInfo: [Self.didEndEditingReasonUserInfoKey: NSNumber(value: reason.rawValue)])  // UIKit's NSNumber
            })
    }

    /// Return: asks `textFieldShouldReturn`; then `.next` moves to the next field, anything else ends editing.
    func returnPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit)
        // As UIKit: nothing more unless asked for (a chat field that sends on Return keeps its
        // keyboard). With navigation on, a field that still has focus moves on or resigns.
        guard returnKeyNavigation ?? window?.returnKeyNavigation ?? false, isFirstResponder else { return }
        if returnKeyType == .next, let next = window?.focus.nextTextEntryView(after: self) {
            next.becomeFirstResponder()
        } else {
            resignFirstResponder()
        }
    }

    /// Whether Return, once `textFieldShouldReturn(_:)` allows it, moves focus to the next field
    /// (`returnKeyType == .next`) or ends editing; nil follows the window's `returnKeyNavigation`.
    public var returnKeyNavigation: Bool?

    // MARK: Keys and text (the field is the first responder; its editor does the work)

    open override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        // Keys from a focused side view pass through here on their way up the chain: they are not the field's.
        guard isFirstResponder, let press = presses.first, editor.handleKey(press.key) else {
            return super.pressesBegan(presses, with: event)
        }
    }

    /// Inserts text as if typed (asking the delegate); a line break is the return key.
    public func insertText(_ text: String) {
        if text == "\n" { returnPressed() } else { editor.insertText(text) }
    }
    /// Inserts a picked suggestion through the delegate (its default replaces the partial word).
    public func insertInputSuggestion(_ suggestion: InputSuggestion) {
        if let delegate {
            delegate.textField(self, insertInputSuggestion: suggestion)
        } else {
            editor.insertSuggestion(suggestion.text)
        }
    }
    /// Replaces the word just before the caret (autocorrection) as one change, asking the delegate.
    public func replaceWordBeforeInput(_ word: String, with replacement: String) -> Bool {
        editor.replaceWordBeforeInput(word, with: replacement)
    }
    /// A view shown instead of the on-screen keyboard while editing.
    open override var inputView: View? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    /// A view shown above the keyboard while editing (changes apply at `reloadInputViews()`).
    open override var inputAccessoryView: View? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputView: View?
    /// The touch that went down on the clear button, until it lifts.
    private var clearButtonTouch: ObjectIdentifier?
    private var storedInputAccessoryView: View?

    // MARK: Clear button

    /// Whether the clear button shows now (only with text).
    public var isClearButtonVisible: Bool { hasText && shows(clearButtonMode) }

    /// The clear button's rectangle now (`clearButtonRect(forBounds:)` of the bounds).
    public var clearButtonRect: Rect { clearButtonRect(forBounds: bounds) }

    /// Empties the field as the clear button does (docs/behaviour/changing-text.md): asks `textFieldShouldClear` and
    /// nothing else, then posts the change; undoable as any edit.
    public func clearFromButton() {
        guard hasText, delegate?.textFieldShouldClear(self) ?? true else { return }
        editor.clearUnasked()
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        if let touch = touches.first, isClearButtonVisible,
            clearButtonRect.insetBy(dx: -8, dy: -8).contains(touch.location(in: self))
        {
            clearButtonTouch = ObjectIdentifier(touch)  // clears when it lifts near the button, as a button's tap
            return
        }
        if let touch = touches.first, !isFirstResponder {
            // A tap on the field's padding starts editing with the caret at the end.
            _ = becomeFirstResponder()
            _ = touch
            return
        }
        super.touchesBegan(touches, with: event)
    }

    /// A touch on the clear button is the field's, whatever lies over it; while editing, one on
    /// the border or padding is the text's, so it places the caret at the nearest place.
    open override func hitTest(_ point: Point, with event: InputEvent?) -> View? {
        if isClearButtonVisible, !isHidden, isUserInteractionEnabled, clearButtonRect.insetBy(dx: -8, dy: -8).contains(point) { return self }
        let hit = super.hitTest(point, with: event)
        return hit === self && isFirstResponder ? editor : hit
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {}

    /// A touch that went down on the clear button clears when it lifts within `touchSlop` of it
    /// (UIKit's clear button is a button: touch up inside); one that slid away clears nothing.
    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard let touch = touches.first(where: { ObjectIdentifier($0) == clearButtonTouch }) else { return }
        clearButtonTouch = nil
        if isClearButtonVisible, clearButtonRect.insetBy(dx: -touchSlop, dy: -touchSlop).contains(touch.location(in: self)) {
            clearFromButton()
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) { clearButtonTouch = nil }

    // MARK: Layout and drawing

    // UIKit's rectangle hooks: a subclass overrides them to move the text, the placeholder, the
    // clear button or the side views; drawing, hit testing and the editor follow them.

    /// The border's rectangle.
    open func borderRect(forBounds bounds: Rect) -> Rect { bounds }
    /// The text's rectangle while not editing.
    open func textRect(forBounds bounds: Rect) -> Rect { defaultRect(.text, forBounds: bounds) }
    /// The text's rectangle while editing (where the caret and selection are).
    open func editingRect(forBounds bounds: Rect) -> Rect { defaultRect(.text, forBounds: bounds) }
    /// The placeholder's rectangle.
    open func placeholderRect(forBounds bounds: Rect) -> Rect { defaultRect(.text, forBounds: bounds) }
    /// The clear button's rectangle (left of a visible right view; mirrored right to left).
    open func clearButtonRect(forBounds bounds: Rect) -> Rect { defaultRect(.clearButton, forBounds: bounds) }
    /// The left view's rectangle.
    open func leftViewRect(forBounds bounds: Rect) -> Rect { defaultRect(.leftView, forBounds: bounds) }
    /// The right view's rectangle.
    open func rightViewRect(forBounds bounds: Rect) -> Rect { defaultRect(.rightView, forBounds: bounds) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let leftView {
            leftView.isHidden = !shows(leftViewMode)
            if !leftView.isHidden { leftView.frame = leftViewRect(forBounds: bounds) }
        }
        if let rightView {
            rightView.isHidden = !shows(rightViewMode)
            if !rightView.isHidden { rightView.frame = rightViewRect(forBounds: bounds) }
        }
        editor.appearance.isMirrored = isRightToLeftLayout
        editor.frame = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        fitFontToWidth()
    }

    /// The height of one line plus the border's padding; width is left to the layout.
    /// Activating a field starts editing it.
    open override func accessibilityActivate() -> Bool { becomeFirstResponder() }

    override func contentSizeScaleDidChange(by factor: Double) { font = font.scaled(by: factor) }

    override var accessibilityDefaults: AccessibilityDefaults {
        var traits: AccessibilityTraits = .textEntry
        if keyboardType == .webSearch || returnKeyType == .search { traits.insert(.searchField) }
        if !isEnabled { traits.insert(.notEnabled) }
        return AccessibilityDefaults(isElement: true, label: placeholder, value: self.accessibilityText, traits: traits)
    }

    open override var intrinsicContentSize: Size {
        Size(
            width: View.noIntrinsicMetric,
            height: (fontProvider.metrics(for: font).lineHeight + padding.vertical + 10).rounded(.up))
    }

    open override func draw(_ dirty: Rect, in context: GraphicsContext) {
        let rect = borderRect(forBounds: bounds)
        if window?.prefersHighContrast == true && borderStyle != .none {
            // High contrast: white, with a thick black border and a dark clear button (black with a
            // white border in the dark appearance, where the text is white).
            context.fillRoundedRect(rect, radius: 5, color: Color(light: .white, dark: .black))
            context.strokeRoundedRect(rect, radius: 5, lineWidth: 3, color: Color(light: .black, dark: .white))
            if !hasText, let attributedPlaceholder, attributedPlaceholder.utf16Count > 0 {
                drawPlaceholder(attributedPlaceholder, in: context)
            }
            if isClearButtonVisible { drawClearButton(in: context, fill: .black) }  // its white cross shows on both
            return
        }
        switch borderStyle {
        case .none: break
        case .line: context.stroke(rect, lineWidth: 1, color: .label)
        case .bezel:
            context.stroke(rect, lineWidth: 1, color: .bezelEdge)
            context.fill(Rect(x: rect.minX + 1, y: rect.minY + 1, width: rect.width - 2, height: 1), color: .bezelTop)
        case .roundedRect:
            context.fillRoundedRect(rect, radius: 5, color: isEnabled ? .fieldBackground : .disabledFieldBackground)
            context.strokeRoundedRect(rect, radius: 5, lineWidth: 1, color: .fieldBorder)
        }
        if !hasText, let attributedPlaceholder, attributedPlaceholder.utf16Count > 0 {
            drawPlaceholder(attributedPlaceholder, in: context)
        }
        if isClearButtonVisible { drawClearButton(in: context, fill: .fieldBorder) }
    }
}
