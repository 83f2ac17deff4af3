// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The form's modal dialog: an icon and a title, a message and a Close button, laid out from what
/// its text needs at the window's text size (it widens at the accessibility sizes, the message
/// wraps, and the dialog grows and stays centred).
@MainActor
final class DemoDialog: View {
    let icon: ImageView
    let title = Label(text: "", font: .boldSystemFont(ofSize: 18))
    let body = Label(text: "", font: .systemFont(ofSize: 15))
    let close: Button

    required init?(coder: NSCoder) { nil }  // made in code

    init(image: Image?, words: ExampleWords, onClose: @escaping @MainActor (DemoDialog) -> Void) {
        icon = ImageView(image: image)
        var dismiss: (@MainActor () -> Void)?
        close = Button(title: words("dialog.close"), style: .filled) { _ in dismiss?() }
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 170))
        title.text = words("dialog.saved")
        body.text = words("dialog.message")
        dismiss = { [weak self] in if let self { onClose(self) } }
        backgroundColor = .systemBackground
        layer.cornerRadius = 14
        title.numberOfLines = 0
        body.numberOfLines = 0
        for view in [icon, title, body, close] as [View] { addSubview(view) }
    }

    /// The dialog's width at the window's text size, within the screen.
    private var preferredWidth: Double {
        let large = window?.preferredContentSizeCategory.isAccessibilityCategory ?? false
        let screen = superview?.bounds.width ?? 320
        return min(screen - 40, large ? 720 : 320)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = preferredWidth
        icon.frame = Rect(x: 20, y: 20, width: 32, height: 32)
        let titleWidth = width - 84
        let titleHeight = max(32, title.sizeThatFits(Size(width: titleWidth, height: 0)).height.rounded(.up))
        title.frame = Rect(x: 64, y: 20, width: titleWidth, height: titleHeight)
        let bodyHeight = body.sizeThatFits(Size(width: width - 40, height: 0)).height.rounded(.up)
        body.frame = Rect(x: 20, y: title.frame.maxY + 8, width: width - 40, height: bodyHeight)
        let closeSize = Size(width: max(100, close.intrinsicContentSize.width), height: max(40, close.intrinsicContentSize.height))
        close.frame = Rect(origin: Point(x: width - 20 - closeSize.width, y: body.frame.maxY + 12), size: closeSize)
        // Grows (or shrinks) around its centre to hold what it shows.
        let size = Size(width: width, height: close.frame.maxY + 14)
        if size != bounds.size {
            let centre = center
            frame.size = size
            center = centre
        }
    }
}
