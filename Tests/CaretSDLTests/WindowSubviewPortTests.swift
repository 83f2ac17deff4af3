// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDLTesting
import CaretTesting
import Testing

// A banner added straight to the window over whatever screen shows, as UIKit apps add toasts
// and loading overlays (renamed only).
@MainActor
final class ToastPresenter {
    var dismissed = 0

    func showToast(_ message: String, in window: Window) -> View {
        let toast = View(frame: Rect(x: 20, y: window.bounds.height - 80, width: window.bounds.width - 40, height: 50))
        toast.backgroundColor = Color(rgb: 0x202020)
        toast.layer.cornerRadius = 10
        let label = Label(frame: toast.bounds.insetBy(dx: 12, dy: 8))
        label.text = message
        label.textColor = .white
        toast.addSubview(label)
        let close = Button(type: .system)
        close.frame = Rect(x: toast.bounds.width - 44, y: 3, width: 44, height: 44)
        close.addAction(
            Action { [weak self, weak toast] _ in
                toast?.removeFromSuperview()
                self?.dismissed += 1
            }, for: .touchUpInside)
        toast.addSubview(close)
        window.addSubview(toast)
        return toast
    }
}

@Suite @MainActor
struct WindowSubviewPortTests {
    @Test func aViewAddedToTheWindowIsDrawnOverTheScreenAndTakesItsTaps() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .bundled)
        host.window.keyboard.policy = .never
        let screen = ViewController()
        screen.view.backgroundColor = .white
        host.window.rootViewController = screen
        host.settle()
        let presenter = ToastPresenter()
        let toast = presenter.showToast("Saved", in: host.window)
        host.settle()
        #expect(toast.window === host.window)
        let image = try host.render()
        let p = image.pixel(x: Int(30 * image.scale), y: Int((480 - 40) * image.scale))
        #expect([p.r, p.g, p.b] == [0x20, 0x20, 0x20], "the toast is drawn over the screen's white")
        // Under the keyboard and dialogs: an alert presented over it is drawn above it.
        let alert = AlertController(title: "Over the toast", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default))
        screen.present(alert, animated: false)
        host.settle()
        #expect(host.window.hitTest(Point(x: 160, y: 240), with: nil)?.isDescendant(of: alert.view) == true)
        alert.dismiss(animated: false)
        host.settle()
        // Its button takes the tap that lands on it.
        host.input.tap(at: Point(x: 320 - 20 - 22, y: 480 - 80 + 25))
        host.settle()
        #expect(presenter.dismissed == 1)
        #expect(toast.window == nil)
    }

    @Test func theWindowsOrderingCallsWorkOnTheAppsViews() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        let screen = ViewController()
        host.window.rootViewController = screen
        let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        host.window.addSubview(back)
        host.window.addSubview(front)
        #expect(host.window.hitTest(Point(x: 50, y: 50), with: nil) === front)
        host.window.bringSubviewToFront(back)
        #expect(host.window.hitTest(Point(x: 50, y: 50), with: nil) === back)
        host.window.sendSubviewToBack(back)
        #expect(host.window.hitTest(Point(x: 50, y: 50), with: nil) === front)
        // However many the app has added, the last one added is on top.
        let overlays = (0..<4).map { _ in View(frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
        for overlay in overlays {
            host.window.addSubview(overlay)
            #expect(host.window.hitTest(Point(x: 50, y: 50), with: nil) === overlay)
        }
        host.window.addSubview(overlays[0])  // added again: brought to the front
        #expect(host.window.hitTest(Point(x: 50, y: 50), with: nil) === overlays[0])
        let below = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        host.window.insertSubview(below, belowSubview: screen.view)
        #expect(host.window.hitTest(Point(x: 200, y: 300), with: nil)?.isDescendant(of: screen.view) == true, "below the root view")
    }
}
