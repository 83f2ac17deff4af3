// SPDX-License-Identifier: Apache-2.0

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
    /// The text's language (BCP 47, "de-CH"); read at a paragraph's start, it chooses the
    /// paragraph's spelling dictionary. Nil: the view's language.
    public var languageIdentifier: String?

    /// Creates attributes.
    public init(
        font: Font? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
        underlineStyle: UnderlineStyle? = nil, link: String? = nil, paragraphStyle: ParagraphStyle? = nil,
        languageIdentifier: String? = nil
    ) {
        self.languageIdentifier = languageIdentifier
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
