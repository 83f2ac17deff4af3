// SPDX-License-Identifier: Apache-2.0

/// The label UIKit code styles a button's title through (`button.titleLabel?.font = …`,
/// `numberOfLines = 0`, `lineBreakMode`): the button draws its title with the label's font,
/// wraps it when the label allows more than one line, and cuts it as the label says. Its text
/// is the title the button shows.
@MainActor
final class ButtonTitleLabel: Label {
    private weak var button: Button?

    init(button: Button) {
        self.button = button
        super.init(frame: .zero)
        font = button.titleFont
        lineBreakMode = .byTruncatingMiddle  // UIKit's buttons cut titles in the middle
        text = button.currentTitle
    }

    required init?(coder: NSCoder) { fatalError("a button's title label is made by its button") }

    override var font: Font {
        didSet { if button?.titleFont != font { button?.titleFont = font } }
    }
    override var numberOfLines: Int {
        didSet { button?.titleLinesDidChange(numberOfLines) }
    }
    override var lineBreakMode: LineBreakMode {
        didSet { button?.setNeedsDisplay() }
    }
}
