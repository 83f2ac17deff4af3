// SPDX-License-Identifier: Apache-2.0
@_spi(Backend) import Caret
import CaretTesting
import Testing

// Gesture recognizers as UIKit apps use them, renamed only (issue 45 item 2); Linux has no
// `#selector`, so actions are a target's method or a closure.

/// The most common one: a tap on the background ends editing.
@MainActor
final class LoginViewController: ViewController {
    let name = TextField(), password = TextField()
    let signIn = Button(type: .system)
    var signedIn = 0, dismissed = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        for (index, field) in [name, password].enumerated() {
            field.borderStyle = .roundedRect
            field.frame = CGRect(x: 20, y: 40 + CGFloat(index) * 60, width: 300, height: 44)
            view.addSubview(field)
        }
        signIn.setTitle("Sign in", for: .normal)
        signIn.frame = CGRect(x: 20, y: 160, width: 120, height: 44)
        signIn.addAction(Action { [weak self] _ in self?.signedIn += 1 }, for: .touchUpInside)
        view.addSubview(signIn)
        let tap = TapGestureRecognizer(target: self, action: LoginViewController.dismissKeyboard)
        view.addGestureRecognizer(tap)
    }

    func dismissKeyboard() {
        dismissed += 1
        view.endEditing(true)
    }
}

/// A card dragged around with a pan recognizer (the translation reset on each change).
@MainActor
final class DraggableCard: View {
    var states: [GestureRecognizer.State] = []
    var lastVelocity = CGPoint.zero

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(PanGestureRecognizer(target: self, action: DraggableCard.handlePan))
    }

    func handlePan(_ recognizer: GestureRecognizer) {
        guard let pan = recognizer as? PanGestureRecognizer, let superview else { return }
        states.append(pan.state)
        let translation = pan.translation(in: superview)
        center = CGPoint(x: center.x + translation.x, y: center.y + translation.y)
        pan.setTranslation(.zero, in: superview)
        if pan.state == .ended { lastVelocity = pan.velocity(in: superview) }
    }
}

/// A view that counts what reaches it.
@MainActor
final class CountingView: View {
    var ended = 0, cancelled = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) { ended += 1 }
    override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) { cancelled += 1 }
}

/// Lets two recognizers recognize together.
@MainActor
final class Simultaneous: GestureRecognizerDelegate {
    var refuse = false
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { !refuse }
}

@Suite @MainActor
struct GestureRecognizerPortTests {
    private func host(_ size: Size = Size(width: 400, height: 600)) throws -> HeadlessWindow {
        try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
    }

    private func tap(_ host: HeadlessWindow, _ view: View, at point: CGPoint? = nil) {
        let spot = point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        host.input.tap(at: view.convert(spot, to: nil))
        host.settle()
    }

    @Test func tapToDismissEndsEditingButLeavesFieldsButtonsAndKeysAlone() throws {
        let host = try host()
        host.window.keyboard.policy = .always
        let login = LoginViewController()
        host.window.rootViewController = login
        host.settle()
        tap(host, login.name)
        #expect(login.name.isFirstResponder && login.dismissed == 0, "a tap on a field focuses it")
        // The on-screen keyboard's keys type (the recognizer is the app's view's, not the keyboard's).
        #expect(KeyboardDriver(host).tap(label: "a") || KeyboardDriver(host).tap(label: "A"))
        #expect(login.name.text?.lowercased() == "a" && login.dismissed == 0)
        tap(host, login.password)
        #expect(login.password.isFirstResponder && login.dismissed == 0)
        tap(host, login.signIn)
        #expect(login.signedIn == 1 && login.dismissed == 0, "the button keeps its tap")
        tap(host, login.view, at: CGPoint(x: 200, y: 300))
        #expect(login.dismissed == 1 && !login.password.isFirstResponder, "the background tap ends editing")
        #expect(host.window.firstResponder == nil)
    }

    @Test func aPanMovesACardByItsTranslationAndReportsVelocity() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        let card = DraggableCard(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(card)
        host.settle()
        host.input.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 220, y: 180), duration: 0.3, steps: 12)
        host.settle()
        // It began after the first 10 points, so the card moved by all but that first step.
        #expect(card.states.first == .began && card.states.last == .ended && card.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(abs(card.center.x - (100 + 120)) <= 11 && abs(card.center.y - (100 + 80)) <= 8, "\(card.center)")
        #expect(card.lastVelocity.x > 100 && card.lastVelocity.y > 50)
        // A tap is no pan.
        card.states = []
        tap(host, card)
        #expect(card.states.isEmpty)
    }

    @Test func aLongPressBeginsAfterItsDurationAndAShortTapIsNotOne() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        let target = View(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        root.addSubview(target)
        var states: [GestureRecognizer.State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(press)
        host.settle()
        host.input.tap(at: CGPoint(x: 100, y: 100), hold: 0.2)
        host.settle()
        #expect(states.isEmpty)
        host.input.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 104, y: 100), duration: 0.7, steps: 8)
        host.settle()
        #expect(states.first == .began && states.last == .ended, "\(states)")
    }

    @Test func aSwipeIsRecognizedOnlyInItsDirection() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        var swipes = 0
        let swipe = SwipeGestureRecognizer { _ in swipes += 1 }
        swipe.direction = .left
        root.addGestureRecognizer(swipe)
        host.settle()
        host.input.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 150, y: 310), duration: 0.2, steps: 8)
        host.settle()
        #expect(swipes == 1)
        host.input.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.2, steps: 8)
        host.settle()
        #expect(swipes == 1, "a right swipe is not a left one")
        host.input.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 150, y: 300), duration: 2, steps: 20)
        host.settle()
        #expect(swipes == 1, "too slow for a swipe")
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        var singles = 0, doubles = 0
        let double = TapGestureRecognizer { _ in doubles += 1 }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { _ in singles += 1 }
        single.require(toFail: double)
        root.addGestureRecognizer(double)
        root.addGestureRecognizer(single)
        host.settle()
        host.input.tap(at: CGPoint(x: 100, y: 100))
        host.advance(by: 0.1)
        host.input.tap(at: CGPoint(x: 102, y: 101))
        host.settle()
        host.advance(by: 1)
        #expect(doubles == 1 && singles == 0)
        host.input.tap(at: CGPoint(x: 100, y: 100))
        #expect(singles == 0, "not before the double tap could come")
        host.advance(by: 1)
        host.settle()
        #expect(singles == 1 && doubles == 1)
    }

    @Test func aPinchScalesByTheFingersDistance() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        var scales: [Double] = []
        let pinch = PinchGestureRecognizer { scales.append(($0 as! PinchGestureRecognizer).scale) }
        root.addGestureRecognizer(pinch)
        host.settle()
        host.window.send(.touch(id: 1, phase: .began, location: CGPoint(x: 150, y: 300)))
        host.window.send(.touch(id: 2, phase: .began, location: CGPoint(x: 250, y: 300)))
        for step in 1...10 {
            let spread = 50 + Double(step) * 5  // to 100 each side: twice the distance
            host.advance(by: 0.02)
            host.window.send(.touch(id: 1, phase: .moved, location: CGPoint(x: 200 - spread, y: 300)))
            host.window.send(.touch(id: 2, phase: .moved, location: CGPoint(x: 200 + spread, y: 300)))
        }
        host.window.send(.touch(id: 1, phase: .ended, location: CGPoint(x: 100, y: 300)))
        host.window.send(.touch(id: 2, phase: .ended, location: CGPoint(x: 300, y: 300)))
        host.settle()
        #expect(abs((scales.last ?? 0) - 2) < 0.001, "\(scales)")
    }

    @Test func cancelsTouchesInViewAndTheDelegateDecide() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        let counting = CountingView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        root.addSubview(counting)
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        root.addGestureRecognizer(tap)
        host.settle()
        host.input.tap(at: CGPoint(x: 100, y: 100))
        host.settle()
        #expect(taps == 1 && counting.cancelled == 1 && counting.ended == 0)
        tap.cancelsTouchesInView = false
        host.input.tap(at: CGPoint(x: 100, y: 100))
        host.advance(by: 1)
        host.settle()
        #expect(taps == 2 && counting.ended == 1)
        // Two recognizers on one touch: only the first recognizes, unless the delegate lets both.
        var others = 0
        let other = TapGestureRecognizer { _ in others += 1 }
        counting.addGestureRecognizer(other)
        host.input.tap(at: CGPoint(x: 100, y: 100))
        host.advance(by: 1)
        host.settle()
        #expect(others == 1 && taps == 2, "the nearer one wins")
        let delegate = Simultaneous()
        other.delegate = delegate
        host.input.tap(at: CGPoint(x: 100, y: 100))
        host.advance(by: 1)
        host.settle()
        #expect(others == 2 && taps == 3, "both, simultaneously")
        delegate.refuse = true
        host.input.tap(at: CGPoint(x: 100, y: 100))
        host.advance(by: 1)
        host.settle()
        #expect(others == 2 && taps == 4, "the refused one sees nothing")
    }

    @Test func aScrollViewKeepsItsDragFromAnAncestorsPan() throws {
        let host = try host()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        host.rootView = root
        var pans = 0
        root.addGestureRecognizer(PanGestureRecognizer { _ in pans += 1 })
        let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        scroll.contentSize = CGSize(width: 400, height: 1000)
        root.addSubview(scroll)
        host.settle()
        host.input.drag(from: CGPoint(x: 200, y: 250), to: CGPoint(x: 200, y: 100), duration: 0.3)
        host.settle()
        #expect(scroll.contentOffset.y > 100 && pans == 0)
        host.input.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 400), duration: 0.3)
        host.settle()
        #expect(pans > 0, "outside the scroll view the pan is the root's")
    }
}
