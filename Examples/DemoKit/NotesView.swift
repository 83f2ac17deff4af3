// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// A text view of a fixed height, for the form's stack.
@MainActor
public final class NotesView: TextView {
    private let height: Double

    /// The demo makes its screens in code: nil from an archive.
    public required init?(coder: NSCoder) { nil }

    /// Creates a text view of a height.
    public init(height: Double) {
        self.height = height
        super.init(frame: Rect(x: 0, y: 0, width: 300, height: height))
    }

    /// A fixed height, any width.
    public override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: height) }
}
