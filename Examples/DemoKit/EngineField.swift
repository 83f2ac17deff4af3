// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The text engine section's one-line field: white, rounded, a hairline border, a fixed height;
/// Return reports the text and keeps the keyboard (a delegate, as UIKit code does it).
@MainActor
public final class EngineField: TextField, TextFieldDelegate {
    /// Called with the text when Return is pressed.
    public var onReturn: ((String) -> Void)?

    /// Creates the field.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 300, height: 40)) {
        super.init(frame: frame)
        setUp()
    }

    /// The field from an archive (UIKit's subclass shape: `super.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 8
        layer.borderWidth = 1
        layer.borderColor = .opaqueSeparator
        clipsToBounds = true
        leftView = View(frame: Rect(x: 0, y: 0, width: 6, height: 20))  // the text's inset
        leftViewMode = .always
        delegate = self
    }

    /// A fixed height, any width.
    public override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 40) }

    /// Reports the text; focus stays (UIKit's default).
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        onReturn?(textField.text ?? "")
        return false
    }
}
