// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// Keyboard observers as real apps write them, renamed only (`UIResponder` → `Responder`, `UIView`
// → `View`; block observers, since `#selector` needs the Objective-C runtime): the userInfo read
// with `as! CGRect`, `as? CGRect`, `(… as? NSValue)?.cgRectValue`, `as! UInt`, `as? NSNumber`,
// `as! Double` and `as? Bool`, as UIKit posts NSValue and NSNumber.

/// A sign-up screen whose bottom constraint follows the keyboard: the commonest observer, force
/// casts and the curve shifted into the animation options.
@MainActor
final class BottomConstraintScreen: ViewController {
    var bottomConstraint: NSLayoutConstraint!
    var readFrames: [CGRect] = []
    var readDurations: [Double] = []
    var readCurves: [UInt] = []
    private var observer: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        let button = Button(title: "Sign up", style: .filled)
        button.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(button)
        bottomConstraint = view.bottomAnchor.constraint(equalTo: button.bottomAnchor, constant: 20)
        NSLayoutConstraint.activate([button.centerXAnchor.constraint(equalTo: view.centerXAnchor), bottomConstraint])
        observer = NotificationCenter.default.addObserver(
            forName: Responder.keyboardWillShowNotification, object: nil, queue: nil
        ) { [weak self] notification in
            nonisolated(unsafe) let notification = notification  // posted on the main thread
            MainActor.assumeIsolated { self?.keyboardWillShow(notification: notification) }
        }
    }

    func keyboardWillShow(notification: Notification) {
        guard let userInfo = notification.userInfo else { return }
        let keyboardFrame = userInfo[Responder.keyboardFrameEndUserInfoKey] as! CGRect
        let duration = userInfo[Responder.keyboardAnimationDurationUserInfoKey] as! Double
        let curve = userInfo[Responder.keyboardAnimationCurveUserInfoKey] as! UInt
        readFrames.append(keyboardFrame)
        readDurations.append(duration)
        readCurves.append(curve)
        View.animate(withDuration: duration, delay: 0, options: View.AnimationOptions(rawValue: curve << 16)) {
            self.bottomConstraint.constant = keyboardFrame.height + 20
            self.view.layoutIfNeeded()
        }
    }

    func stopObserving() { observer.map(NotificationCenter.default.removeObserver) }
}

/// The other forms, each as some app writes it.
@MainActor
final class KeyboardReadings {
    var nsValueFrames: [CGRect] = []
    var optionalCastFrames: [CGRect] = []
    var curves: [View.AnimationCurve] = []
    var durations: [Double] = []
    var local: [Bool] = []
    var beginFrames: [CGRect] = []
    private var observers: [NSObjectProtocol] = []

    init() {
        for name in [Responder.keyboardWillShowNotification, Responder.keyboardWillHideNotification] {
            observers.append(
                // `queue: .main` in the app (its loop runs on the main thread, where the main
                // queue is the current one); nil here: a test runs on the main actor but not inside
                // the main operation queue, and Foundation on Linux would wait for it.
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] notification in
                    nonisolated(unsafe) let notification = notification  // posted on the main thread
                    MainActor.assumeIsolated { self?.keyboardWillChange(notification) }
                })
        }
    }

    func keyboardWillChange(_ notification: Notification) {
        if let keyboardSize = (notification.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue {
            nsValueFrames.append(keyboardSize)
        }
        guard let keyboardFrame = notification.userInfo?[Responder.keyboardFrameEndUserInfoKey] as? CGRect,
            let duration = notification.userInfo?[Responder.keyboardAnimationDurationUserInfoKey] as? NSNumber,
            let curveValue = notification.userInfo?[Responder.keyboardAnimationCurveUserInfoKey] as? NSNumber,
            let curve = View.AnimationCurve(rawValue: curveValue.intValue)
        else { return }
        optionalCastFrames.append(keyboardFrame)
        durations.append(duration.doubleValue)
        curves.append(curve)
        if let isLocal = notification.userInfo?[Responder.keyboardIsLocalUserInfoKey] as? Bool { local.append(isLocal) }
        if let begin = notification.userInfo?[Responder.keyboardFrameBeginUserInfoKey] as? CGRect { beginFrames.append(begin) }
    }

    func stopObserving() { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
}

@Suite(.serialized) @MainActor
struct KeyboardUserInfoPortTests {
    private func host(width: Double = 400, height: Double = 600) throws -> HeadlessWindow {
        let host = try HeadlessWindow(size: Size(width: width, height: height), fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .always
        return host
    }

    @Test func forceCastsOfTheFrameDurationAndCurveReadWhatUIKitPosts() throws {
        let host = try host()
        let screen = BottomConstraintScreen()
        defer { screen.stopObserving() }
        host.window.rootViewController = screen
        let field = TextField(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
        screen.view.addSubview(field)
        host.layout()
        #expect(field.becomeFirstResponder())
        host.settle()
        let shown = host.window.keyboard.container.frame  // where the keyboard is drawn
        #expect(screen.readFrames == [shown])
        #expect(screen.readDurations == [0.25])
        #expect(screen.readCurves == [7])  // UIKit's keyboard curve, shifted into the options
        let button = try #require(screen.view.subviews.first { $0 is Button })
        #expect(abs(button.frame.maxY - (shown.minY - 20)) < 0.5, "the button rides 20 points above the keyboard: \(button.frame)")
    }

    @Test func nsValueOptionalCastAndNSNumberFormsReadTheSameOnShowAndHide() throws {
        let host = try host()
        let readings = KeyboardReadings()
        defer { readings.stopObserving() }
        let root = View(frame: host.window.bounds)
        host.rootView = root
        let field = TextField(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
        root.addSubview(field)
        host.layout()
        let hidden = CGRect(x: 0, y: 600, width: 400, height: 0)
        #expect(field.becomeFirstResponder())
        host.settle()
        let shown = host.window.keyboard.container.frame
        #expect(field.resignFirstResponder())
        host.settle()
        #expect(readings.nsValueFrames.count == 2 && readings.nsValueFrames.first == shown)
        #expect(readings.optionalCastFrames == readings.nsValueFrames)
        #expect(readings.optionalCastFrames.last?.minY == hidden.minY, "a hidden keyboard's frame is just below the window")
        #expect(readings.beginFrames.count == 2 && readings.beginFrames.last == shown)
        #expect(readings.durations == [0.25, 0.25])
        #expect(readings.curves.map(\.rawValue) == [7, 7])
        #expect(readings.local == [true, true])
    }

    @Test func aValueHoldingAnotherKindOfGeometryIsNoRectangle() {
        let info: [AnyHashable: Any] = [
            "point": NSValue(cgPoint: CGPoint(x: 3, y: 4)), "rect": NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)),
            "size": CGSize(width: 5, height: 6),
        ]
        #expect(info["point"] as? CGRect == nil)
        #expect(info["point"] as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(info["rect"] as? CGSize == nil)
        #expect(info["rect"] as? CGRect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect((info["size"] as? NSValue)?.cgSizeValue == CGSize(width: 5, height: 6))
    }

    @Test func aTextFieldsEndEditingReasonIsAnNSNumberAsInUIKit() throws {
        let host = try host()
        let root = View(frame: host.window.bounds)
        host.rootView = root
        let field = TextField(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
        root.addSubview(field)
        host.layout()
        final class Reasons: @unchecked Sendable { var seen: [TextField.DidEndEditingReason] = [] }
        let reasons = Reasons()
        let observer = NotificationCenter.default.addObserver(forName: TextField.textDidEndEditingNotification, object: field, queue: nil) {
            notification in
            if let raw = notification.userInfo?[TextField.didEndEditingReasonUserInfoKey] as? Int,
                let reason = TextField.DidEndEditingReason(rawValue: raw)
            {
                reasons.seen.append(reason)
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        #expect(field.becomeFirstResponder())
        #expect(field.resignFirstResponder())
        #expect(reasons.seen == [.committed])
    }
}
