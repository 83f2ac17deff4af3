import Caret
import Foundation

/// "Tap to check in".
@MainActor
public final class StartViewController: ViewController {
    /// Runs when the guest starts.
    public var onStart: (() -> Void)?
    /// The start button.
    public let startButton = Button(title: "Check in", style: .filled)

    public override func loadView() {
        let screen = KioskPage(title: "Welcome", message: "Tap to check in for your stay.")
        startButton.addAction(Action { [weak self] _ in self?.onStart?() }, for: .primaryActionTriggered)
        screen.addSubview(startButton)
        screen.onLayout = { [startButton] page, area in
            startButton.frame = Rect(x: area.minX, y: page.messageBottom + 40, width: area.width, height: 64)
        }
        view = screen
    }
}
