// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// "You are checked in".
@MainActor
public final class ConfirmationViewController: ViewController {
    /// The guest's name shown.
    public var guestName = "" { didSet { page?.setMessage(message) } }
    /// What the screen tells the guest.
    public var message: String { words("confirm.message", ["name": guestName]) }
    /// The kiosk's words, in the guest's language.
    public var words = KioskWords(preferring: []) {
        didSet {
            page?.setTitle(words("confirm.title"))
            page?.setMessage(message)
            doneButton.setTitle(words("done"), for: .normal)
        }
    }
    /// Runs when the guest is done.
    public var onDone: (() -> Void)?
    /// Done.
    public let doneButton = Button(title: KioskWords(preferring: [])("done"), style: .filled)
    private var page: KioskPage? { viewIfLoaded as? KioskPage }

    public override func loadView() {
        let screen = KioskPage(title: words("confirm.title"), message: message)
        doneButton.setTitle(words("done"), for: .normal)
        doneButton.addAction(Action { [weak self] _ in self?.onDone?() }, for: .primaryActionTriggered)
        screen.addContent(doneButton)
        screen.onLayout = { [doneButton] page, area in
            doneButton.frame = Rect(
                x: area.minX, y: page.messageBottom + 40, width: area.width, height: max(64, doneButton.intrinsicContentSize.height))
            return doneButton.frame.maxY
        }
        view = screen
    }
}
