/// How text is underlined (UIKit's `NSUnderlineStyle`, the parts Caret draws).
public enum UnderlineStyle: Int, Hashable, Sendable {
    /// No underline.
    case none = 0
    /// One thin line.
    case single = 1
    /// A thick line.
    case thick = 2
    /// Two thin lines.
    case double = 9
}

/// The attributes of a range of text (the `NSAttributedString.Key`s Caret supports). `nil`
/// means "the view's default" (its font, its text colour).
public struct TextAttributes: Hashable, Sendable {
    /// The font.
    public var font: Font?
    /// The text colour.
    public var foregroundColor: Color?
    /// A colour behind the text.
    public var backgroundColor: Color?
    /// The underline.
    public var underlineStyle: UnderlineStyle?
    /// A link target (a URL string); links are tappable in non-editable text views.
    public var link: String?
    /// The paragraph's style (its first run's counts for the whole paragraph, as in UIKit).
    public var paragraphStyle: ParagraphStyle?

    /// Creates attributes.
    public init(
        font: Font? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
        underlineStyle: UnderlineStyle? = nil, link: String? = nil, paragraphStyle: ParagraphStyle? = nil
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.link = link
        self.paragraphStyle = paragraphStyle
    }

    /// No attributes: everything from the view's defaults.
    public static let plain = TextAttributes()
}

/// How a paragraph is laid out (UIKit's `NSParagraphStyle`, the parts Caret uses).
public struct ParagraphStyle: Hashable, Sendable {
    /// The paragraph's base direction; `.natural` takes its first strong character's (UAX #9).
    public var baseWritingDirection: WritingDirection

    /// Creates a style.
    public init(baseWritingDirection: WritingDirection = .natural) {
        self.baseWritingDirection = baseWritingDirection
    }
}

/// A stretch of a paragraph with one set of attributes; `length` counts UTF-16 code units.
public struct AttributeRun: Hashable, Sendable {
    /// UTF-16 length of the run.
    public var length: Int
    /// Its attributes.
    public var attributes: TextAttributes

    /// Creates a run.
    public init(length: Int, attributes: TextAttributes) {
        self.length = length
        self.attributes = attributes
    }
}
