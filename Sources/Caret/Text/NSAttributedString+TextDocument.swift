// SPDX-License-Identifier: Apache-2.0
import Foundation

// UIKit code passes Foundation's `NSAttributedString` where Caret keeps a `TextDocument`
// (docs/behaviour/porting.md): the keys Caret's text supports, and conversions both ways.

extension NSAttributedString.Key {
    /// A run's font, a `Font` (UIKit's `.font`).
    public static let font = NSAttributedString.Key("NSFont")
    /// A run's text colour, a `Color` (UIKit's `.foregroundColor`).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A colour behind a run, a `Color` (UIKit's `.backgroundColor`).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// A run's underline: an `UnderlineStyle` or its `Int` raw value (UIKit's `.underlineStyle`).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A link target, a `URL` or a `String` (UIKit's `.link`).
    public static let link = NSAttributedString.Key("NSLink")
    /// A paragraph's style, a `ParagraphStyle` (UIKit's `.paragraphStyle`).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

extension TextAttributes {
    /// The attributes an `NSAttributedString` run holds, for the keys Caret supports (others are ignored).
    init(_ attributes: [NSAttributedString.Key: Any]) {
        self.init()
        font = attributes[.font] as? Font
        foregroundColor = attributes[.foregroundColor] as? Color
        backgroundColor = attributes[.backgroundColor] as? Color
        if let style = attributes[.underlineStyle] as? UnderlineStyle {
            underlineStyle = style
        } else if let raw = attributes[.underlineStyle] as? Int {
            // UIKit's pattern and "by word" bits ride above the style's own (0x0F).
            underlineStyle = UnderlineStyle(rawValue: raw & 0x0F) ?? (raw & 0x0F == 0 ? nil : .single)
        }
        link = (attributes[.link] as? URL)?.absoluteString ?? attributes[.link] as? String
        paragraphStyle = attributes[.paragraphStyle] as? ParagraphStyle
    }

    /// The attributes as an `NSAttributedString`'s dictionary (the ones set).
    var dictionary: [NSAttributedString.Key: Any] {
        var result: [NSAttributedString.Key: Any] = [:]
        if let font { result[.font] = font }
        if let foregroundColor { result[.foregroundColor] = foregroundColor }
        if let backgroundColor { result[.backgroundColor] = backgroundColor }
        if let underlineStyle { result[.underlineStyle] = underlineStyle.rawValue }
        if let link { result[.link] = URL(string: link) ?? link }
        if let paragraphStyle { result[.paragraphStyle] = paragraphStyle }
        return result
    }
}

extension TextDocument {
    /// A document with an attributed string's text and, run by run, the attributes Caret supports.
    public init(_ attributed: NSAttributedString) {
        self.init(attributed.string)
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            let converted = TextAttributes(attributes)
            guard converted != .plain else { return }
            setAttributes(converted, range: range.location..<(range.location + range.length))
        }
    }
}

extension NSAttributedString {
    /// An attributed string with a document's text and its runs' attributes.
    public convenience init(_ document: TextDocument) {
        let result = NSMutableAttributedString(string: document.string)
        var start = 0
        for (index, paragraph) in document.paragraphs.enumerated() {
            var offset = start
            for run in paragraph.runs where run.length > 0 {
                let attributes = run.attributes.dictionary
                if !attributes.isEmpty { result.setAttributes(attributes, range: NSRange(location: offset, length: run.length)) }
                offset += run.length
            }
            start += paragraph.utf16Count + (index < document.paragraphs.count - 1 ? 1 : 0)
        }
        self.init(attributedString: result)
    }
}

// UIKit's types for the text properties: a field's and a text view's `attributedText` and a
// field's `attributedPlaceholder` take and give `NSAttributedString` where the context asks for
// one (`field.attributedPlaceholder = NSAttributedString(string: "Email", attributes: [...])`);
// elsewhere they are the `TextDocument` Caret keeps.

extension MarkedTextInput where Self: TextField {
    /// The text with attributes, as UIKit's `NSAttributedString`.
    public var attributedText: NSAttributedString? {
        get { (attributedText as TextDocument?).map(NSAttributedString.init) }
        set { attributedText = newValue.map(TextDocument.init) as TextDocument? }
    }
    /// The placeholder with attributes, as UIKit's `NSAttributedString`.
    public var attributedPlaceholder: NSAttributedString? {
        get { (attributedPlaceholder as TextDocument?).map(NSAttributedString.init) }
        set { attributedPlaceholder = newValue.map(TextDocument.init) as TextDocument? }
    }
}

extension MarkedTextInput where Self: TextView {
    /// The text with attributes, as UIKit's `NSAttributedString` (nil sets no text).
    public var attributedText: NSAttributedString! {
        get { NSAttributedString(attributedText as TextDocument) }
        set { attributedText = newValue.map(TextDocument.init) ?? TextDocument() }
    }
}
