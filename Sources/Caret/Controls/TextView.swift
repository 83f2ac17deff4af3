// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A scrollable, multi-line, editable text view (UIKit's `UITextView`): a scroll view holding
/// the text engine's editing view, with a delegate that can refuse beginning and ending editing
/// and every change, in the order of docs/behaviour/focus-and-editing.md.
@preconcurrency @MainActor
open class TextView: ScrollView, MarkedTextInput, TextInputTraits, TextInputClient, TextEditingHost {
    /// Posted after editing began; the object is the view.
    nonisolated public static let textDidBeginEditingNotification = Notification.Name(
        "CaretTextViewTextDidBeginEditingNotification")
    /// Posted after the user changed the text; the object is the view.
    nonisolated public static let textDidChangeNotification = Notification.Name("CaretTextViewTextDidChangeNotification")
    /// Posted after editing ended; the object is the view.
    nonisolated public static let textDidEndEditingNotification = Notification.Name("CaretTextViewTextDidEndEditingNotification")

    /// The delegate (set through `delegate`, as in UIKit, where it is also the scroll view's).
    var textViewDelegate: TextViewDelegate? { delegate as? TextViewDelegate }
    /// The editing component the view scrolls.
    @_spi(Testing) public let editor = TextEditingView(frame: .zero, singleLine: false)

    /// Activating a field starts editing it.
    open override func accessibilityActivate() -> Bool { becomeFirstResponder() }

    override func contentSizeScaleDidChange(by factor: Double) { font = font.scaled(by: factor) }

    override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(isElement: true, value: self.accessibilityText, traits: isEditable ? .textEntry : .staticText)
    }

    /// The text; setting it asks no delegate and posts no notification. Setting nil empties it
    /// (UIKit's `String!`).
    open var text: String! {
        get { editor.text }
        set {
            editor.text = newValue ?? ""
            updateContentSize()
        }
    }
    /// The text with attributes (fonts, colours, underline, links per range).
    open var attributedText: TextDocument {
        get { editor.model.document }
        set {
            editor.setDocument(newValue)
            updateContentSize()
        }
    }
    /// The font of text with no font of its own.
    open var font: Font {
        get { editor.appearance.font }
        set {
            editor.appearance.font = newValue
            setNeedsLayout()
        }
    }
    /// Whether the user can edit the text.
    public var isEditable: Bool {
        get { editor.isEditable || isEditingPaused }
        set {
            let wasEditable = editor.isEditable
            isEditingPaused = false
            editor.isEditable = newValue
            if !newValue, isEditing { _ = resignFirstResponder() }
            if newValue, !wasEditable, isFirstResponder { beginEditingInPlace() }
            updateDataDetection()
        }
    }
    /// Whether the user can select the text.
    public var isSelectable: Bool {
        get { editor.isSelectable }
        set { editor.isSelectable = newValue }
    }
    /// Space around the text inside the scrolled content (8 above and below by default).
    public var textContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { applyInsets() } }
    /// Space at each end of every line, inside `textContainerInset` (the text container's, 5 points).
    public var lineFragmentPadding: Double {
        get { textContainer.lineFragmentPadding }
        set { textContainer.lineFragmentPadding = newValue }
    }
    /// The text as an editable store: edits to it show at once and ask no delegate.
    public private(set) lazy var textStorage = TextStorage(textView: self)
    /// Line and glyph rectangles, and the character at a point.
    public private(set) lazy var layoutManager = LayoutManager(textView: self)
    /// The area the text is laid out in.
    public let textContainer: TextContainer
    /// Whether the view is being edited.
    public private(set) var isEditing = false
    /// Escape ended editing and focus stayed (docs/behaviour/focus-and-editing.md): the editor
    /// takes no text until Return or `isEditable` begins editing again, or focus goes.
    private var isEditingPaused = false
    private var caretKeptForSize = Size.zero
    /// Editing began: the next layout scrolls the caret into view.
    private var showsCaretAtNextLayout = false
    /// The width the intrinsic height was last given for (scrolling off).
    private var intrinsicWidth = 0.0
    /// Lines laid out above the screen are moving the offset (the scroll anchor is kept).
    private var isKeepingAnchor = false
    /// How links look (blue, single underline).
    public var linkTextAttributes: TextAttributes {
        get { editor.appearance.linkTextAttributes }
        set {
            editor.appearance.linkTextAttributes = newValue
            editor.setNeedsDisplay()
        }
    }
    /// What is turned into tappable links while the view is not editable.
    public var dataDetectorTypes: DataDetectorTypes = [] { didSet { updateDataDetection() } }
    /// Whether the edit menu offers Bold, Italic and Underline for a selection (false by default).
    public var allowsEditingTextAttributes = false
    /// Opens a tapped link the delegate allowed; nil (the default) opens nothing, as a kiosk should.
    public var openURL: ((URL) -> Void)?

    // MARK: Text input traits (the rest are on TextEditingHost)

    /// Text views are never secure.
    public var isSecureTextEntry: Bool { false }

    /// Creates a text view.
    public override init(frame: Rect = .zero) {
        textContainer = TextContainer()
        super.init(frame: frame)
        setUp()
    }

    /// Creates a text view from an archive (its frame; UIKit's storyboard path).
    public required init?(coder: NSCoder) {
        textContainer = TextContainer()
        super.init(coder: coder)
        setUp()
    }

    /// Creates a text view laying its text out in a container (a new one when nil).
    public init(frame: Rect, textContainer: TextContainer?) {
        self.textContainer = textContainer ?? TextContainer()
        super.init(frame: frame)
        setUp()
        textContainerDidChange()
    }

    private func setUp() {
        textContainer.textView = self
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
        editor.host = self
        editor.appearance.font = .systemFont(ofSize: Font.systemFontSize)
        editor.appearance.textAlignment = .natural
        addSubview(editor)
        applyInsets()
    }

    /// The container's padding, width or tracking changed.
    func textContainerDidChange() {
        editor.appearance.fixedWrapWidth =
            textContainer.widthTracksTextView || textContainer.size.width <= 0
            ? nil : max(1, textContainer.size.width - 2 * textContainer.lineFragmentPadding)
        applyInsets()
        updateContentSize()
    }

    /// Text storage edits change the content's height.
    func textStorageDidChange() { updateContentSize() }

    private func applyInsets() {
        editor.appearance.contentInsets = EdgeInsets(
            top: textContainerInset.top, left: textContainerInset.left + lineFragmentPadding,
            bottom: textContainerInset.bottom, right: textContainerInset.right + lineFragmentPadding)
        setNeedsLayout()
    }

    // MARK: Focus and the editing flow (docs/behaviour/focus-and-editing.md)

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }
    /// Taps and presses place the caret and select: an ancestor's recognizers of them do not begin here.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        !isForeignTapOrPress(gestureRecognizer) && super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    /// Tab reaches the text view while it can take focus.
    open override var canBecomeFocused: Bool { canBecomeFirstResponder }

    /// Begins editing (selecting, when not editable): asks the delegate, lets the current first
    /// responder end its editing, then announces the start.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        beginEditing(
            shouldBegin: { !isEditable || (textViewDelegate?.textViewShouldBeginEditing(self) ?? true) },
            becomeFirstResponder: { super.becomeFirstResponder() },
            whileBecoming: { isEditing = isEditable },
            announce: {
                guard isEditable else { return }
                // Editing shows the caret, as UIKit's text view scrolls to its selection when
                // editing begins (soak seed 370000100: the chat's bar focused again in code with
                // its caret 1,000 points below what it showed). At the next layout: a tap that
                // focused places its caret first, where it lifted, and that one shows already.
                showsCaretAtNextLayout = true
                setNeedsLayout()
                textViewDelegate?.textViewDidBeginEditing(self)
                NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
            })
    }

    /// Made editable while selecting as first responder: editing begins as if focus had just
    /// arrived (the delegate is asked, the keyboard comes, the caret is scrolled into view).
    private func beginEditingInPlace() {
        guard let window, !isEditing else { return }
        if let delegate = textViewDelegate, !delegate.textViewShouldBeginEditing(self) { return }
        isEditing = true
        window.keyboard.reloadInputViews()
        editor.focusDidBegin()
        editor.scrollCaretToVisible()
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    /// Ends editing: asks the delegate (unless the end is forced), resigns, announces the end.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let wasEditing = isEditing
        return endEditing(
            shouldEnd: { !wasEditing || (textViewDelegate?.textViewShouldEndEditing(self) ?? true) },
            resignFirstResponder: { super.resignFirstResponder() },
            whileResigning: { isEditing = false },
            announce: {
                if isEditingPaused {  // focus left after Escape: editable again for the next visit
                    isEditingPaused = false
                    editor.isEditable = true
                }
                guard wasEditing else { return }
                textViewDelegate?.textViewDidEndEditing(self)
                NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
            })
    }

    /// Escape: ends editing as resigning would (the delegate may refuse), but focus stays here,
    /// so that Tab then moves on and Return edits again.
    private func pauseEditing() {
        guard isEditing else { return }
        if let delegate = textViewDelegate, !delegate.textViewShouldEndEditing(self) { return }
        isEditingPaused = true
        editor.isEditable = false  // commits a composition, closes the menu, ends text input
        isEditing = false
        editor.caretBlink.stop()
        window?.keyboard.reloadInputViews()  // nothing to type into: the keyboard goes
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    /// Return after Escape: editing begins again in place (the delegate is asked).
    private func resumeEditing() {
        isEditingPaused = false
        editor.isEditable = true
        beginEditingInPlace()
        if !isEditing {
            editor.isEditable = false
            isEditingPaused = true
        }
    }

    // MARK: Keys and text (the view is the first responder; its editor does the work)

    open override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        // Keys from a focused subview pass through here on their way up the chain: they are not the view's.
        guard isFirstResponder, let press = presses.first else { return super.pressesBegan(presses, with: event) }
        if isEditingPaused, [.keyboardReturnOrEnter, .keypadEnter].contains(press.key.keyCode), press.key.modifierFlags.isEmpty {
            return resumeEditing()
        }
        guard editor.handleKey(press.key) else { return super.pressesBegan(presses, with: event) }
    }

    /// Inserts text as if typed (asking the delegate).
    public func insertText(_ text: String) { editor.insertText(text) }
    /// Inserts a picked suggestion in place of the partial word, through the change path.
    public func insertInputSuggestion(_ suggestion: InputSuggestion) { editor.insertSuggestion(suggestion.text) }
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
    private var storedInputAccessoryView: View?

    /// Scrolls until the lines of a range (UTF-16) show.
    public func scrollRangeToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let count = editor.model.utf16Count
        let lower = min(max(0, range.location), count), upper = min(max(lower, range.location + range.length), count)
        let origin = editor.textOrigin
        let rect = editor.layout.caretRect(at: lower).union(editor.layout.caretRect(at: upper))
            .offsetBy(dx: origin.x + editor.frame.minX, dy: origin.y + editor.frame.minY)
        updateContentSize()  // laying out the range's lines replaced estimated heights
        scrollRectToVisible(rect, animated: false)
    }

    // MARK: Layout

    /// While editing, the caret's line across the view (keyboard avoidance keeps it visible, not the whole view).
    open override var keyboardAvoidanceRect: Rect {
        isFirstResponder ? editor.convert(editor.keyboardAvoidanceRect, to: self) : bounds
    }

    /// Only editable text takes the keyboard (read-only text still selects).
    public var acceptsKeyboardInput: Bool { isEditable && !isEditingPaused }  // after Escape: nothing to type into

    /// The height the text needs, insets included (estimated for paragraphs not yet laid out).
    private var textHeight: Double { (editor.layout.height + editor.appearance.contentInsets.vertical).rounded(.up) }

    private func updateContentSize() {
        let height = textHeight
        let size = Size(width: bounds.width, height: height)
        if contentSize != size {
            let grew = contentSize.height != size.height
            let shrank = size.height < contentSize.height
            contentSize = size
            // Not scrolling, the view is as tall as its text: a new height is a new intrinsic size.
            if grew && !isScrollEnabled { invalidateIntrinsicContentSize() }
            // Shorter text leaves no offset past its end (a chat's sent message: the bar cleared
            // and back to one line kept the offset of its last line, 1,949 points down, and the
            // caret showed far above it when focused again; soak seed 330000209).
            if shrank, !isDragging, !isDecelerating {
                let clamped = clampedOffset(contentOffset)
                if clamped != contentOffset { contentOffset = clamped }
            }
        }
        let editorFrame = Rect(x: 0, y: 0, width: bounds.width, height: max(bounds.height, height))
        if editor.frame != editorFrame { editor.frame = editorFrame }
    }

    open override func boundsOriginDidChange() {
        super.boundsOriginDidChange()
        if !isKeepingAnchor { editor.scrollAnchoring.forget() }
        updateContentSize()  // lines scrolled into view are laid out and may differ from their estimate
    }

    /// The size the text needs (UIKit's): as wide as its widest line but at most `size.width`,
    /// where it wraps, and as tall as its lines, insets included. A width of 0 or infinity does
    /// not wrap. It lays the whole text out at that width, so it is for short texts.
    open override func sizeThatFits(_ size: Size) -> Size {
        let insets = editor.appearance.contentInsets
        let wraps = size.width > 0 && size.width < .greatestFiniteMagnitude
        let layout = editor.makeLayout(fontProvider: editor.fontProvider)
        layout.wrapWidth = wraps ? max(1, size.width - insets.horizontal) : nil
        let measured = layout.measuredSize()
        let width = (measured.width + insets.horizontal).rounded(.up)
        return Size(width: wraps ? min(size.width, width) : width, height: (measured.height + insets.vertical).rounded(.up))
    }

    /// With scrolling off, the text's height at the view's width (updating as the text or the
    /// width changes), as UIKit's self-sizing text views; otherwise none.
    open override var intrinsicContentSize: Size {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        return Size(width: View.noIntrinsicMetric, height: sizeThatFits(Size(width: bounds.width, height: 0)).height)
    }

    override func scrollEnabledDidChange() {
        super.scrollEnabledDidChange()
        invalidateIntrinsicContentSize()
    }

    open override func layoutSubviews() {
        if !isScrollEnabled, bounds.width != intrinsicWidth {
            intrinsicWidth = bounds.width  // the text wraps anew: its height is another
            invalidateIntrinsicContentSize()
        }
        if textContainer.widthTracksTextView {
            let width = max(0, bounds.width - textContainerInset.horizontal)
            if textContainer.size.width != width { textContainer.size.width = width }
        }
        // The wrap width comes from the editor's width: set it before asking for heights.
        if editor.frame.width != bounds.width { editor.frame.size.width = bounds.width }
        editor.layoutIfNeeded()
        updateContentSize()
        super.layoutSubviews()
        if isFirstResponder, bounds.size != caretKeptForSize {
            editor.scrollCaretToVisible()  // resized while editing: the caret stays in view
            // …and stays there as the frame lays out the lines a new width rewrapped above it: the
            // caret's line is the anchor, not the first on screen (soak seed 261124396).
            editor.scrollAnchoring.anchorAtCaret()
        }
        caretKeptForSize = bounds.size
        if showsCaretAtNextLayout {
            showsCaretAtNextLayout = false
            if isFirstResponder { editor.scrollCaretToVisible() }
        }
    }
}

// MARK: What the editor asks of the text view

extension TextView: EditorHost {
    var focusView: View? { self }

    func editorShouldChangeText(in range: Range<Int>, replacement: String) -> Bool {
        guard let textViewDelegate else { return true }
        let allowed = textViewDelegate.textView(
            self, shouldChangeTextIn: NSRange(location: range.lowerBound, length: range.count), replacementText: replacement)
        window?.textEditObserver?.editor(editor, delegateAnswered: allowed)
        return allowed
    }

    func editorLayoutHeightDidChange() { updateContentSize() }

    func editorFirstVisibleLineMoved(by shift: Double) {
        // Lines above the screen were laid out and changed height: what is on screen stays put.
        guard !isDragging && !isDecelerating else { return }
        isKeepingAnchor = true
        contentOffset = clampedOffset(Point(x: contentOffset.x, y: contentOffset.y + shift))
        isKeepingAnchor = false
    }

    func editorDidChangeText() {
        // The editor scrolled to its caret before the content was resized: scroll again now.
        // (Needed even when the content size is unchanged: soak seed 80261126.)
        updateContentSize()
        editor.scrollCaretToVisible()
        editor.scrollAnchoring.anchorAtCaret()  // the scroll forgot the anchor the edit set
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func editorDidChangeSelection() { textViewDelegate?.textViewDidChangeSelection(self) }

    /// Tab types a tab while editing; otherwise (read only, or after Escape) it moves focus on.
    func editorDidTab(backwards: Bool) -> Bool {
        guard !isEditing else { return false }
        return window?.focus.moveFocus(from: self, backwards: backwards) ?? false
    }

    /// Ctrl+Tab and Ctrl+Shift+Tab leave the text view even while Tab types tabs.
    func editorDidMoveFocus(backwards: Bool) -> Bool {
        window?.focus.moveFocus(from: self, backwards: backwards) ?? false
    }

    /// Escape ends editing and leaves focus here.
    func editorDidEscape() -> Bool {
        guard isEditing else { return false }
        pauseEditing()
        return true
    }

    func editorDidTap(at point: Point) -> Bool { interactWithLink(at: point, .invokeDefaultAction) }

    func editorDidLongPress(at point: Point) -> Bool { interactWithLink(at: point, .presentActions) }

    func editorEditMenu(for range: Range<Int>, suggestedActions: [EditMenuAction]) -> [EditMenuAction]? {
        guard allowsEditingTextAttributes, isEditable, !range.isEmpty else { return nil }
        return suggestedActions + attributeActions()
    }

    var decoratesText: Bool { !isEditable && !dataDetectorTypes.isEmpty }

    func editorDecorating(_ document: TextDocument) -> TextDocument {
        DataDetector.decorate(document, types: dataDetectorTypes)
    }
}
