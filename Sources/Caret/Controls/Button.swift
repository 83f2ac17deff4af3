// SPDX-License-Identifier: Apache-2.0
/// A tappable control with a title and an optional image (UIKit's `UIButton`).
@preconcurrency @MainActor
open class Button: Control {
    /// The kind of button (UIKit's `UIButton.ButtonType`).
    public enum ButtonType: Hashable, Sendable {
        /// Tinted title that fades while pressed.
        case system
        /// Colours and images as set, nothing implied.
        case custom
    }

    /// The look of a button, after UIKit's `UIButton.Configuration` styles.
    public enum Style: Hashable, Sendable {
        /// Tinted text, no background (`.plain()`).
        case plain
        /// White text on the tint colour (`.filled()`).
        case filled
        /// Tinted text on a light tint (`.tinted()`).
        case tinted
        /// Tinted text on light grey (`.gray()`).
        case gray
    }

    /// The button's type.
    public let buttonType: ButtonType
    /// The look of the button.
    public var style: Style = .plain { didSet { setNeedsDisplay() } }
    /// The font of the title.
    public var titleFont: Font = .systemFont(ofSize: Font.systemFontSize) {
        didSet {
            if let label = madeTitleLabel, label.font != titleFont { label.font = titleFont }
            invalidateIntrinsicContentSize()
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// The label the title is styled through (UIKit's `titleLabel`): its font, lines and truncation are the title's.
    public var titleLabel: Label? {
        if let madeTitleLabel { return madeTitleLabel }
        let label = ButtonTitleLabel(button: self)
        madeTitleLabel = label
        return label
    }
    private var madeTitleLabel: ButtonTitleLabel?

    /// The title label's lines changed: more than one wraps the title by word.
    func titleLinesDidChange(_ lines: Int) {
        wrapsTitle = lines != 1
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// How a title too long for the button is cut: the title label's way.
    private var titleBreakMode: LineBreakMode { madeTitleLabel?.lineBreakMode ?? .byTruncatingMiddle }
    /// Space between the content and the edges.
    public var contentEdgeInsets = EdgeInsets(top: 7, left: 14, bottom: 7, right: 14) { didSet { setNeedsLayout() } }
    /// Space between the image and the title.
    public var imageTitlePadding: Double = 6 { didSet { setNeedsLayout() } }

    private var titles: [State: String] = [:]
    private var attributedTitles: [State: TextDocument] = [:]
    private var titleColors: [State: Color] = [:]
    private var images: [State: Image] = [:]
    private var tintedImage = TintedImageCache()

    /// A button from an archive: a system button with the archived frame.
    public required init?(coder: NSCoder) {
        buttonType = .system
        super.init(coder: coder)
    }

    /// Creates a button of a type.
    public init(type: ButtonType = .system, frame: Rect = .zero) {
        buttonType = type
        super.init(frame: frame)
    }

    /// Creates a system button with a title and an action for taps.
    public convenience init(title: String, style: Style = .plain, action: (@MainActor (Action) -> Void)? = nil) {
        self.init(type: .system)
        self.style = style
        setTitle(title, for: .normal)
        if let action { addAction(Action(title: title, handler: action), for: .primaryActionTriggered) }
        sizeToFit()
    }

    // MARK: Per-state content

    /// Sets the title shown in a state.
    public func setTitle(_ title: String?, for state: State) {
        let before = currentTitle
        titles[state] = title
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
        madeTitleLabel?.text = currentTitle
        if currentTitle != before { accessibilityStateDidChange() }  // its name changed: a screen reader says it
    }

    /// The title for a state, falling back to the normal state's, as UIKit does.
    public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

    /// Sets the styled title shown in a state; it is shown in place of the plain title.
    public func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        let before = accessibleTitle
        attributedTitles[state] = title.map(TextDocument.init)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
        if accessibleTitle != before { accessibilityStateDidChange() }
    }

    /// The styled title for a state, falling back to the normal state's.
    public func attributedTitle(for state: State) -> NSAttributedString? { shownAttributedTitle(for: state).map(NSAttributedString.init) }

    /// The styled title currently shown.
    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: displayState) }

    private func shownAttributedTitle(for state: State) -> TextDocument? { attributedTitles[state] ?? attributedTitles[.normal] }

    /// What the title says, styled or plain.
    private var accessibleTitle: String? { shownAttributedTitle(for: displayState).map { String($0.string) } ?? currentTitle }

    /// Sets the title colour for a state.
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        setNeedsDisplay()
    }

    /// The title colour for a state: set, or derived from the type and style.
    public func titleColor(for state: State) -> Color {
        if let color = titleColors[state] ?? (state == .normal ? nil : titleColors[.normal]) {
            return state.contains(.disabled) && titleColors[state] == nil ? color.withAlphaComponent(0.35) : color
        }
        if state.contains(.disabled) { return .disabledText }
        switch (buttonType, style) {
        case (.custom, _): return .white
        case (_, .filled): return .white
        case (_, .tinted):
            // A deeper shade of the tint, for 4.5:1 on the tinted fill (7:1 in high contrast); a
            // lighter one in the dark appearance, where the fill is dark.
            let light = tintColor.resolvedColor(with: .light)
            return Color(
                light: (window?.prefersHighContrast == true ? light.increasedContrast : light).interpolated(to: .black, fraction: 0.35),
                dark: tintColor.resolvedColor(with: .dark).interpolated(to: .white, fraction: 0.25))
        default: return tintColor
        }
    }

    /// Sets the image shown in a state.
    public func setImage(_ image: Image?, for state: State) {
        images[state] = image
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The image for a state, falling back to the normal state's.
    public func image(for state: State) -> Image? { images[state] ?? images[.normal] }

    /// The title currently shown.
    public var currentTitle: String? { title(for: displayState) }

    override func contentSizeScaleDidChange(by factor: Double) { titleFont = titleFont.scaled(by: factor) }

    override var accessibilityDefaults: AccessibilityDefaults {
        var traits: AccessibilityTraits = .button
        if isSelected { traits.insert(.selected) }
        if !isEnabled { traits.insert(.notEnabled) }
        return AccessibilityDefaults(isElement: true, label: accessibleTitle, traits: traits)
    }

    /// Activating a button sends its touch-up-inside actions, as a tap would.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
        return true
    }
    /// The image currently shown.
    public var currentImage: Image? { image(for: displayState) }

    private var displayState: State {
        if !isEnabled { return .disabled }
        if isHighlighted { return .highlighted }
        if isSelected { return .selected }
        return .normal
    }

    // MARK: Size and drawing

    private func contentSize() -> Size {
        let title = currentTitle ?? ""
        var titleHeight = title.isEmpty ? 0 : fontProvider.metrics(for: titleFont).lineHeight
        var titleWidth = title.isEmpty ? 0 : fontProvider.shape(title, font: titleFont).width
        if let styled = shownAttributedTitle(for: displayState) {
            let line = AttributedLine(styled, font: titleFont, fontProvider: fontProvider)
            titleWidth = line.width
            titleHeight = line.width > 0 ? line.metrics(font: titleFont, fontProvider: fontProvider).lineHeight : 0
        }
        let image = currentImage?.size ?? .zero
        let gap = (titleWidth > 0 && currentImage != nil) ? imageTitlePadding : 0
        return Size(width: titleWidth + gap + image.width, height: max(titleHeight, image.height))
    }

    /// The content plus insets.
    open override var intrinsicContentSize: Size {
        let content = contentSize()
        return Size(
            width: (content.width + contentEdgeInsets.horizontal).rounded(.up),
            height: max(44, (content.height + contentEdgeInsets.vertical).rounded(.up)))
    }

    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// Whether a title too wide for the button wraps by word onto more lines (where the button is
    /// that tall) instead of being cut in its middle; a button configuration's title wraps so.
    package var wrapsTitle = false

    /// The intrinsic size, or where `width` is narrower, that width and the height of the title
    /// wrapped by word onto as many lines as it needs.
    package func sizeWrappingTitle(toWidth width: Double) -> Size {
        let intrinsic = intrinsicContentSize
        guard width > 0, width < intrinsic.width, let lines = wrappedTitle(inWidth: width) else { return intrinsic }
        let lineHeight = fontProvider.metrics(for: titleFont).lineHeight
        let height = max(Double(lines.count) * lineHeight, currentImage?.size.height ?? 0)
        return Size(width: width, height: max(44, (height + contentEdgeInsets.vertical).rounded(.up)))
    }

    /// The title's lines in a button this wide, when it needs more than one.
    private func wrappedTitle(inWidth width: Double) -> [String]? {
        guard let title = currentTitle, !title.isEmpty else { return nil }
        let image = currentImage.map { $0.size.width + imageTitlePadding } ?? 0
        let available = width - contentEdgeInsets.horizontal - image
        let breaker = LineBreaker(fontProvider: fontProvider, font: titleFont)
        guard available > 0, breaker.width(of: title) > available else { return nil }
        return breaker.wrap(title, width: available, byWord: true)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let state = displayState
        let radius = cornerRadius > 0 ? cornerRadius : 8
        switch style {
        case .plain: break
        case .filled:
            var fill = isEnabled ? tintColor.darkened(forText: .white, toContrast: 4.5) : .disabledFill
            if isHighlighted { fill = fill.interpolated(to: .black, fraction: 0.2) }
            context.fillRoundedRect(rect, radius: radius, color: fill)
        case .tinted:
            // Selected shows as pressed-in: a deeper tint with an outline.
            context.fillRoundedRect(rect, radius: radius, color: tintColor.withAlphaComponent(isHighlighted || isSelected ? 0.24 : 0.12))
            if isSelected { context.strokeRoundedRect(rect.insetBy(dx: 1, dy: 1), radius: radius, lineWidth: 2, color: tintColor) }
        case .gray:
            context.fillRoundedRect(rect, radius: radius, color: isHighlighted ? .grayButtonHighlight : .systemGray5)
        }
        var color = titleColor(for: state)
        if buttonType == .system && style == .plain && isHighlighted && titleColors[.highlighted] == nil {
            color = color.withAlphaComponent(color.alpha * 0.2)
        }
        let content = contentSize()
        let box = rect.inset(by: contentEdgeInsets)
        var x = box.minX + ((box.width - content.width) / 2).rounded(.down)
        if let image = currentImage {
            let size = image.size
            context.saveGState()
            if isHighlighted && buttonType == .system { context.multiplyAlpha(0.3) }
            if !isEnabled { context.multiplyAlpha(0.4) }
            // A symbol or template image takes the title's colour (white on a filled button).
            context.drawImage(
                tintedImage.image(image, tint: color.resolvedColor(with: context.userInterfaceStyle)),
                in: Rect(
                    x: x, y: rect.minY + ((rect.height - size.height) / 2).rounded(.down),
                    width: size.width, height: size.height))
            context.restoreGState()
            x += size.width + imageTitlePadding
        }
        let lineHeight = context.fontProvider.metrics(for: titleFont).lineHeight
        if let styled = shownAttributedTitle(for: state) {
            // Its runs' own fonts, colours and underlines; the title colour where a run sets none.
            let line = AttributedLine(styled, font: titleFont, maxWidth: max(0, box.maxX - x), fontProvider: context.fontProvider)
            let metrics = line.metrics(font: titleFont, fontProvider: context.fontProvider)
            let baseline = rect.minY + ((rect.height - metrics.lineHeight) / 2).rounded(.down) + metrics.ascender
            // Runs in their own colours fade while a system button is pressed, and dim when it is disabled.
            context.saveGState()
            if buttonType == .system && style == .plain && isHighlighted && titleColors[.highlighted] == nil { context.multiplyAlpha(0.2) }
            if !isEnabled { context.multiplyAlpha(0.4) }
            line.draw(from: x, baseline: baseline, color: titleColor(for: isEnabled ? state : .normal), in: context)
            context.restoreGState()
        } else if wrapsTitle, let lines = wrappedTitle(inWidth: rect.width), box.height >= 2 * lineHeight {
            // Too wide for one line, tall enough for more: wrapped, centred, never cut by a word.
            let shown = Array(lines.prefix(Int(box.height / lineHeight)))
            let breaker = LineBreaker(fontProvider: context.fontProvider, font: titleFont)
            var y = rect.minY + ((rect.height - Double(shown.count) * lineHeight) / 2).rounded(.down)
            for (i, line) in shown.enumerated() {
                // The last line shown holds what did not fit, cut in its middle.
                let text = i == shown.count - 1 && shown.count < lines.count ? lines[i...].joined(separator: " ") : line
                let run = context.shape(breaker.truncate(text, width: box.maxX - x, mode: titleBreakMode), font: titleFont)
                context.drawText(run, at: Point(x: (x + (box.maxX - x - run.width) / 2).rounded(.down), y: y), color: color)
                y += lineHeight
            }
        } else if let title = currentTitle, !title.isEmpty {
            let metrics = context.fontProvider.metrics(for: titleFont)
            let available = max(0, box.maxX - x)
            let breaker = LineBreaker(fontProvider: context.fontProvider, font: titleFont)
            let shown = breaker.truncate(title, width: available, mode: titleBreakMode)
            let run = context.shape(shown, font: titleFont)
            let y = rect.minY + ((rect.height - metrics.lineHeight) / 2).rounded(.down)
            context.drawText(run, at: Point(x: x, y: y), color: color)
        }
    }
}
