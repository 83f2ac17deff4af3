// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The form's label samples: a wrapping paragraph, the three alignments, the four ways a long
/// line is cut, monospaced code, and the rows that give the form something to scroll.
@MainActor
public enum LabelSamples {
    /// The identifier of the labels that show a long line cut on purpose (in every language).
    public static let truncationSample = "truncation-sample"

    /// The labels of the "Labels" section, in the demo's language.
    static func labels(_ words: ExampleWords) -> [View] {
        let paragraph = Label(text: words("labels.paragraph"), font: .systemFont(ofSize: 16))
        paragraph.numberOfLines = 0
        var views: [View] = [paragraph]
        for (alignment, key) in [(TextAlignment.left, "labels.alignedLeft"), (.center, "labels.alignedCenter"), (.right, "labels.alignedRight")] {
            let label = Label(text: words(key))
            label.textAlignment = alignment
            label.backgroundColor = .systemBackground
            views.append(label)
        }
        let sample = "/home/kiosk/Documents/Invoices/2026/November/invoice-0042-final.pdf"
        for (mode, key) in [
            (LineBreakMode.byTruncatingHead, "labels.truncatingHead"), (.byTruncatingMiddle, "labels.truncatingMiddle"),
            (.byTruncatingTail, "labels.truncatingTail"), (.byClipping, "labels.clipping"),
        ] {
            let label = Label(text: words(key, ["path": sample + " " + sample]))
            label.lineBreakMode = mode
            label.accessibilityIdentifier = truncationSample
            label.font = .systemFont(ofSize: 15)
            views.append(label)
        }
        let mono = Label(text: words("labels.monospaced", ["code": "let caret = TextField()"]), font: .monospacedSystemFont(ofSize: 15))
        mono.numberOfLines = 0
        views.append(mono)
        return views
    }

    /// The "More" section's twelve rows, alternately shaded.
    static func rows(_ words: ExampleWords) -> [View] {
        (1...12).map { i in
            let label = Label(text: words("more.row", ["number": String(i)]))
            label.backgroundColor = i % 2 == 0 ? .systemBackground : .systemGray6
            label.numberOfLines = 0
            return label
        }
    }
}
