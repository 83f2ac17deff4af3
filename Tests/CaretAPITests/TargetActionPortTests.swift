// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Target-action as UIKit apps write it, renamed only: the handlers take the recognizer as its
// own class (`_ sender: UITapGestureRecognizer`), the base class, `Any` or `AnyObject`, with no
// cast. What Linux forces: no `@objc`, and `#selector(handleTap(_:))` is written as the method,
// `PhotoViewController.handleTap`.

/// A photo screen: a tap toggles the chrome, a long press reports where, a button's handler
/// takes `Any`, an older handler takes `AnyObject`.
@MainActor
final class PhotoViewController: ViewController {
    let shareButton = Button(title: "Share", style: .filled)
    let infoBadge = View()
    var tapLocations: [CGPoint] = []
    var longPressStates: [GestureRecognizer.State] = []
    var shareSenders: [String] = []
    var legacyTaps = 0
    var chromeHidden = false

    override func viewDidLoad() {
        super.viewDidLoad()
        let tap = TapGestureRecognizer(target: self, action: PhotoViewController.handleTap)
        view.addGestureRecognizer(tap)
        let longPress = LongPressGestureRecognizer(target: self, action: PhotoViewController.longPressed)
        view.addGestureRecognizer(longPress)
        infoBadge.frame = CGRect(x: 300, y: 20, width: 60, height: 60)
        view.addSubview(infoBadge)
        let legacy = TapGestureRecognizer()
        legacy.numberOfTouchesRequired = 1
        legacy.addTarget(self, action: PhotoViewController.legacyTapped)
        infoBadge.addGestureRecognizer(legacy)
        shareButton.frame = CGRect(x: 20, y: 400, width: 120, height: 44)
        shareButton.addTarget(self, action: PhotoViewController.shareTapped, for: .touchUpInside)
        view.addSubview(shareButton)
    }

    func handleTap(_ sender: TapGestureRecognizer) {
        guard sender.state == .ended else { return }
        tapLocations.append(sender.location(in: view))
        chromeHidden.toggle()
    }

    func longPressed(_ gesture: GestureRecognizer) {
        longPressStates.append(gesture.state)
    }

    func shareTapped(_ sender: Any) {
        if let button = sender as? Button { shareSenders.append(button.title(for: .normal) ?? "") }
    }

    func legacyTapped(_ sender: AnyObject) {
        if sender is TapGestureRecognizer { legacyTaps += 1 }
    }
}

@Suite(.serialized) @MainActor
struct TargetActionPortTests {
    @Test func handlersTakeTheRecognizerAsItsOwnClassTheBaseClassAnyOrAnyObject() throws {
        let host = try HeadlessWindow(size: Size(width: 400, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        let screen = PhotoViewController()
        host.window.rootViewController = screen
        host.layout()
        host.input.tap(at: Point(x: 200, y: 150))
        host.settle()
        #expect(screen.tapLocations == [CGPoint(x: 200, y: 150)])
        #expect(screen.chromeHidden)
        host.input.tap(screen.infoBadge)  // the deeper view's recognizer takes its tap
        host.settle()
        #expect(screen.legacyTaps == 1 && screen.tapLocations.count == 1)
        host.input.longPress(at: Point(x: 100, y: 200), duration: 1)
        host.settle()
        #expect(screen.longPressStates.first == .began && screen.longPressStates.last == .ended, "\(screen.longPressStates)")
        host.input.tap(screen.shareButton)
        host.settle()
        #expect(screen.shareSenders == ["Share"])
    }
}

@Suite(.serialized) @MainActor
struct ToolbarSizeToFitPortTests {
    @Test func aToolbarMadeWithNoFrameIsAsWideAsTheWindowAfterSizeToFit() throws {
        let host = try HeadlessWindow(size: Size(width: 420, height: 600), fonts: .fixedAdvance(ratio: 0.5))
        host.rootView = View(frame: host.window.bounds)
        let toolbar = Toolbar()
        toolbar.sizeToFit()
        #expect(toolbar.frame.size == CGSize(width: 420, height: 44), "\(toolbar.frame)")
    }
}

/// A handler that takes another class than its sender's would never run: Caret says so on the
/// console when it is added (UIKit would call it with the wrong object).
@MainActor
final class MismatchedHandlers {
    func panned(_ sender: PanGestureRecognizer) {}
    func dateChanged(_ sender: DatePicker) {}
}

@Suite(.serialized) @MainActor
struct MismatchedHandlerTests {
    @Test func aHandlerForAnotherSenderClassIsReportedWhenAdded() {
        var messages: [String] = []
        let saved = ConsoleLog.handler
        ConsoleLog.handler = { messages.append($0) }
        defer { ConsoleLog.handler = saved }
        let target = MismatchedHandlers()
        _ = TapGestureRecognizer(target: target, action: MismatchedHandlers.panned)
        Button(title: "Go", style: .filled).addTarget(target, action: MismatchedHandlers.dateChanged, for: .primaryActionTriggered)
        _ = PanGestureRecognizer(target: target, action: MismatchedHandlers.panned)  // matches: nothing said
        #expect(messages.count == 2)
        #expect(messages.first?.contains("PanGestureRecognizer") == true && messages.first?.contains("TapGestureRecognizer") == true)
        #expect(messages.last?.contains("DatePicker") == true && messages.last?.contains("Button") == true)
    }
}
