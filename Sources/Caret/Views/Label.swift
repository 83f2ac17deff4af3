// SPDX-License-Identifier: Apache-2.0
/// Read-only text on one or more lines (UIKit's `UILabel`).
@preconcurrency @MainActor
open class Label: View {
    /// The text shown.
    public var text: String? {
        didSet {
            guard text != oldValue else { return }
            invalidate()
            // Empty and not, it leaves or joins the accessibility tree (an empty label is no element).
            if (text ?? "").isEmpty != (oldValue ?? "").isEmpty, let superview { window?.accessibilityChildrenDidChange(superview) }
        }
    }
    /// The font of the text.
    public var font: Font = .systemFont(ofSize: Font.labelFontSize) { didSet { invalidate() } }
    /// The colour of the text.
    public var textColor: Color = .label { didSet { setNeedsDisplay() } }
    /// The colour used when the label is disabled.
    public var disabledTextColor: Color = .disabledText
    /// Whether the text draws in its normal colour (`false` greys it out).
    public var isEnabled = true { didSet { setNeedsDisplay() } }
    /// Horizontal alignment of each line.
    public var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The most lines shown; 0 means as many as the text needs.
    public var numberOfLines = 1 { didSet { invalidate() } }
    /// How lines wrap or truncate.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { invalidate() } }
    /// The width multi-line text wraps at when asked for its intrinsic size (0: the current width).
    public var preferredMaxLayoutWidth: Double = 0 { didSet { invalidate() } }

    private var cachedLines: (width: Double, provider: ObjectIdentifier, lines: [String])?
    /// The width the label last wrapped at in layout.
    private var wrappedWidth = 0.0
    /// The last size asked for and given: a stack view's layout asks every label again and again.
    private var cachedSize: (proposal: Size, provider: ObjectIdentifier, size: Size)?
    /// Shaped lines, kept across text changes: a log that scrolls by a line reshapes one line.
    private var runCache: (font: Font?, provider: ObjectIdentifier?, runs: [String: TextRun]) = (nil, nil, [:])

    /// A label from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// Creates a label.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Creates a label showing some text.
    public convenience init(text: String, font: Font = .systemFont(ofSize: Font.labelFontSize)) {
        self.init(frame: .zero)
        self.text = text
        self.font = font
    }

    private func invalidate() {
        cachedLines = nil
        cachedSize = nil
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The lines shown at a width, after wrapping and truncation.
    public func lines(forWidth width: Double) -> [String] {
        let provider = ObjectIdentifier(fontProvider)
        if let cached = cachedLines, cached.width == width, cached.provider == provider { return cached.lines }
        let breaker = LineBreaker(fontProvider: fontProvider, font: font)
        // A single-line label never wraps; a multi-line one wraps by words unless told to wrap by characters,
        // and its last line truncates with the chosen mode.
        let wrapMode: LineBreakMode
        switch (numberOfLines, lineBreakMode) {
        case (1, _): wrapMode = lineBreakMode
        case (_, .byCharWrapping): wrapMode = .byCharWrapping
        default: wrapMode = .byWordWrapping
        }
        let result = breaker.lines(
            for: text ?? "", width: width, mode: wrapMode, maxLines: numberOfLines,
            lastLineMode: numberOfLines == 1 ? nil : lineBreakMode)
        cachedLines = (width, provider, result)
        return result
    }

    /// The size of the text within a proposed size (width bounds wrapping).
    open override func sizeThatFits(_ size: Size) -> Size {
        let text = self.text ?? ""
        if text.isEmpty { return .zero }
        let provider = ObjectIdentifier(fontProvider)
        if let cached = cachedSize, cached.proposal == size, cached.provider == provider { return cached.size }
        let metrics = fontProvider.metrics(for: font)
        let breaker = LineBreaker(fontProvider: fontProvider, font: font)
        let maxWidth = size.width > 0 ? size.width : .greatestFiniteMagnitude
        let shown =
            numberOfLines == 1
            ? [TextEditingModel.flattenLineBreaks(text)]
            : lines(forWidth: maxWidth)
        let width = shown.map { breaker.width(of: $0) }.max() ?? 0
        let fitted = Size(
            width: min(width.rounded(.up), maxWidth), height: (Double(shown.count) * metrics.lineHeight).rounded(.up))
        cachedSize = (size, provider, fitted)
        return fitted
    }

    /// The natural size: one line's width, or wrapped at `preferredMaxLayoutWidth`.
    override func contentSizeScaleDidChange(by factor: Double) { font = font.scaled(by: factor) }

    override var accessibilityDefaults: AccessibilityDefaults {
        // An empty label (a status line with nothing to say yet) is no element, as VoiceOver skips it.
        AccessibilityDefaults(
            isElement: !(text ?? "").isEmpty, label: text, traits: isEnabled ? .staticText : [.staticText, .notEnabled])
    }

    open override var intrinsicContentSize: Size {
        let width = numberOfLines == 1 ? 0 : (preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width)
        return sizeThatFits(Size(width: width, height: 0))
    }

    /// Draws the lines, vertically centred as UILabel does.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let text, !text.isEmpty else { return }
        let metrics = context.fontProvider.metrics(for: font)
        let shown = lines(forWidth: rect.width)
        let blockHeight = Double(shown.count) * metrics.lineHeight
        var y = rect.minY + ((rect.height - blockHeight) / 2).rounded(.down)
        let color = isEnabled ? textColor : disabledTextColor
        let provider = ObjectIdentifier(context.fontProvider)
        if runCache.font != font || runCache.provider != provider || runCache.runs.count > 64 {
            runCache = (font, provider, [:])
        }
        var placed: [(TextRun, Point)] = []
        for line in shown {
            guard context.isVisible(Rect(x: rect.minX, y: y, width: rect.width, height: metrics.lineHeight)) else {
                y += metrics.lineHeight
                continue
            }
            let run = runCache.runs[line] ?? context.shape(line, font: font)
            runCache.runs[line] = run
            let x = rect.minX + textAlignment.offset(lineWidth: run.width, in: rect.width, rightToLeft: run.paragraphLevel & 1 == 1)
            placed.append((run, Point(x: x, y: y)))
            y += metrics.lineHeight
        }
        // Clipped only when some text would leave the label: a clip ends the renderer's batch,
        // and most labels' text fits (a table's rows draw dozens of them each frame).
        let fits = blockHeight <= rect.height && placed.allSatisfy { $0.1.x >= rect.minX - 0.5 && $0.1.x + $0.0.width <= rect.maxX + 0.5 }
        if !fits {
            context.saveGState()
            context.clip(to: rect)
        }
        for (run, origin) in placed { context.drawText(run, at: origin, color: color) }
        if !fits { context.restoreGState() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()  // the line cache is keyed by width: a new width wraps anew
        // Constraints gave a wrapping label a new width: its natural height is asked again (UIKit's
        // automatic preferredMaxLayoutWidth).
        if numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width != wrappedWidth {
            wrappedWidth = bounds.width
            if !translatesAutoresizingMaskIntoConstraints { window?.constraintEngine?.itemDidChange(self) }
        }
    }
}

extension Label: BaselineLayoutProviding {
    /// The first line's baseline: its ascender below the top (the label at its intrinsic height).
    var firstBaselineFromTop: Double { fontProvider.metrics(for: font).ascender }
    /// The last line's baseline: its descent and leading above the bottom.
    var lastBaselineFromBottom: Double {
        let metrics = fontProvider.metrics(for: font)
        return metrics.lineHeight - metrics.ascender
    }
}
