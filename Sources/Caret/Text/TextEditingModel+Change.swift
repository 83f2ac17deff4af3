// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The changes a `TextEditingModel` deals in: the edits the user can ask for (`Edit`), a proposed
/// replacement of a range that a delegate may refuse (`Change`), and the log of replacements an
/// observer outside the model replays (`Replacement`).
extension TextEditingModel {
    /// A change to make: replace `range` (UTF-16) with `replacement`.
    public struct Change: Hashable, Sendable {
        /// The UTF-16 range replaced.
        public var range: Range<Int>
        /// The new text.
        public var replacement: String
        /// What produced the change (for undo coalescing and for callers).
        public var kind: Kind
        /// Attributes for the new text; nil takes those of the text before it.
        public var attributes: TextAttributes?

        /// Where a change comes from.
        public enum Kind: Hashable, Sendable {
            /// Typed text.
            case typing
            /// A deletion by the user.
            case deletion
            /// A paste.
            case paste
            /// A cut.
            case cut
            /// A committed input-method composition.
            case composition
            /// Anything else (suggestions, autocorrection, programmatic user actions).
            case other
        }

        /// Creates a change.
        public init(range: Range<Int>, replacement: String, kind: Kind, attributes: TextAttributes? = nil) {
            self.range = range
            self.replacement = replacement
            self.kind = kind
            self.attributes = attributes
        }
    }

    /// Edits the user can ask for.
    public enum Edit: Hashable, Sendable {
        /// Insert text, replacing the selection.
        case insert(String)
        /// Delete the selection, or from the caret by a granularity in a direction.
        case delete(TextDirection, TextGranularity)
        /// Paste text, replacing the selection.
        case paste(String)
        /// Remove the selection (after copying it).
        case cut
    }

    /// One replacement of the document's text, as an observer outside the model replays it on
    /// a plain string: the UTF-16 range it had before, and the text now there.
    public struct Replacement: Sendable {
        /// The UTF-16 range replaced, in the text as it was.
        public var range: Range<Int>
        /// Where the new text is: a string, or a whole document set at once (kept as the document,
        /// whose storage is shared, so that setting a megabyte of text copies nothing unless an
        /// observer reads it).
        private let source: Source
        /// What the range held, kept the same way (the old document when the whole text was set).
        private let removedSource: Source

        private enum Source: Sendable {
            case string(String)
            case document(TextDocument)
            /// Paragraph texts as they were (shared, not copied), from a UTF-16 offset in the
            /// first to one in the last: read only if someone asks.
            case paragraphs([String], from: Int, to: Int)

            var text: String {
                switch self {
                case let .string(text): return text
                case let .document(document): return document.string
                case let .paragraphs(texts, from, to):
                    guard texts.count > 1 else { return TextDocument.slice(texts[0], from, to) }
                    let middle = texts.dropFirst().dropLast()
                    return ([TextDocument.slice(texts[0], from, texts[0].utf16.count)] + middle + [TextDocument.slice(texts[texts.count - 1], 0, to)])
                        .joined(separator: "\n")
                }
            }
        }

        /// A range of `document` replaced by a string (what it held is kept by reference).
        init(range: Range<Int>, text: String, in document: TextDocument) {
            self.range = range
            source = .string(text)
            if range.isEmpty {
                removedSource = .string("")
            } else {
                let (p0, o0) = document.paragraphPosition(of: range.lowerBound)
                let (p1, o1) = document.paragraphPosition(of: range.upperBound)
                removedSource = .paragraphs((p0...p1).map { document.paragraphs[$0].text }, from: o0, to: o1)
            }
        }

        /// Everything (`old`'s text) replaced by a document's text.
        init(range: Range<Int>, document: TextDocument, old: TextDocument) {
            self.range = range
            source = .document(document)
            removedSource = .document(old)
        }

        /// Whether the whole text was set at once.
        public var replacesDocument: Bool {
            if case .document = source { return true }
            return false
        }

        /// The new text's length in UTF-16 units.
        public var utf16Count: Int {
            switch source {
            case let .string(text): return text.utf16.count
            case let .document(document): return document.utf16Count
            case .paragraphs: return source.text.utf16.count
            }
        }

        /// The text that replaced the range.
        public var text: String { source.text }

        /// The text the range held before.
        public var removedText: String { removedSource.text }
    }
}
