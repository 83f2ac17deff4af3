// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretTesting
import Testing

// A mail app's two screens as UIKit code writes them, renamed only (`#selector(compose)` becomes
// the method, `action: InboxViewController.compose`): an inbox whose bar has an Add item that
// pushes a compose screen, whose Send item (a target's method taking the item) pops it.

@MainActor
final class InboxViewController: ViewController {
    var calls: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .add, target: self, action: InboxViewController.compose)
    }

    func compose() {
        navigationController?.pushViewController(ComposeViewController(), animated: true)
    }

    override func viewWillAppear(_ animated: Bool) { calls.append("inbox willAppear") }
    override func viewDidAppear(_ animated: Bool) { calls.append("inbox didAppear") }
    override func viewWillDisappear(_ animated: Bool) { calls.append("inbox willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { calls.append("inbox didDisappear") }
}

@MainActor
final class ComposeViewController: ViewController {
    let subject = TextField()
    static var sent: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New Message"
        view.backgroundColor = .systemBackground
        subject.placeholder = "Subject"
        subject.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(subject)
        NSLayoutConstraint.activate([
            subject.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
            subject.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            subject.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            subject.heightAnchor.constraint(equalToConstant: 44),
        ])
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Send", style: .done, target: self, action: ComposeViewController.send)
    }

    func send(_ sender: BarButtonItem) {
        Self.sent.append(subject.text ?? "")
        navigationController?.popViewController(animated: true)
    }
}

/// A controller that records its life, as apps log it.
@MainActor
final class LifeLoggingViewController: ViewController {
    var calls: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        calls.append("didLoad")
    }
    override func viewWillAppear(_ animated: Bool) { calls.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { calls.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { calls.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { calls.append("didDisappear") }
    override func willMove(toParent parent: ViewController?) { calls.append(parent == nil ? "willMove(nil)" : "willMove") }
    override func didMove(toParent parent: ViewController?) { calls.append(parent == nil ? "didMove(nil)" : "didMove") }
}

@Suite(.serialized) @MainActor
struct NavigationControllerPortTests {
    private let size = Size(width: 400, height: 600)

    private func show() throws -> (HeadlessWindow, NavigationController, InboxViewController) {
        let host = try HeadlessWindow(size: size, fonts: .fixedAdvance(ratio: 0.5))
        host.window.keyboard.policy = .never
        let inbox = InboxViewController()
        let navigation = NavigationController(rootViewController: inbox)
        host.window.rootViewController = navigation
        host.settle()
        return (host, navigation, inbox)
    }

    /// The title label of the bar and the visible buttons' titles, as a person reads the bar.
    private func barButtons(_ bar: NavigationBar) -> [Button] {
        bar.subviews.compactMap { $0 as? Button }.filter { !$0.isHidden }.sorted { $0.frame.minX < $1.frame.minX }
    }

    private func titleShown(_ bar: NavigationBar) -> String? {
        bar.subviews.compactMap { $0 as? Label }.first { !$0.isHidden }?.text
    }

    @Test func addPushesTheComposeScreenAndSendPopsIt() throws {
        let (host, navigation, inbox) = try show()
        let bar = navigation.navigationBar
        #expect(titleShown(bar) == "Inbox")
        #expect(barButtons(bar).map { $0.title(for: .normal) } == ["Add"], "the root has no back button")
        #expect(bar.frame == Rect(x: 0, y: 0, width: size.width, height: 44))
        #expect(inbox.view.frame == Rect(x: 0, y: 44, width: size.width, height: size.height - 44))
        inbox.calls.removeAll()
        // Add sits at the bar's trailing edge: tap there.
        host.input.tap(at: Point(x: size.width - 20, y: 22))
        host.advance(by: 0.15)
        let compose = try #require(navigation.topViewController as? ComposeViewController)
        #expect(compose.navigationController === navigation)
        #expect(compose.view.presentationFrame.minX > 0 && compose.view.presentationFrame.minX < size.width, "it slides in")
        host.settle()
        #expect(compose.view.frame == Rect(x: 0, y: 44, width: size.width, height: size.height - 44))
        #expect(inbox.view.superview == nil)
        #expect(inbox.calls == ["inbox willDisappear", "inbox didDisappear"])
        #expect(titleShown(bar) == "New Message")
        #expect(barButtons(bar).map { $0.title(for: .normal) } == ["‹ Inbox", "Send"])
        // The field below the bar, by the safe area, takes typing.
        #expect(compose.subject.convert(compose.subject.bounds, to: nil).minY == CGFloat(44 + 8))
        host.input.tap(compose.subject)
        host.input.type("Lunch")
        host.settle()
        // Send (a method taking the item) records the subject and pops; the field lets go of the
        // keyboard as the slide begins.
        #expect(compose.subject.isFirstResponder)
        host.input.tap(at: Point(x: size.width - 20, y: 22))
        host.advance(by: 0.1)
        #expect(!compose.subject.isFirstResponder && compose.view.superview != nil)
        host.settle()
        #expect(ComposeViewController.sent.last == "Lunch")
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === inbox)
        #expect(compose.view.superview == nil && compose.parent == nil)
        #expect(!compose.subject.isFirstResponder)
        #expect(inbox.calls.suffix(2) == ["inbox willAppear", "inbox didAppear"])
        #expect(titleShown(bar) == "Inbox")
    }

    @Test func theBackButtonPopsAndNamesTheScreenBelowOrSaysBackInTheWindowsLanguage() throws {
        let (host, navigation, _) = try show()
        let untitled = ViewController()
        navigation.pushViewController(untitled, animated: false)
        let third = ViewController()
        navigation.pushViewController(third, animated: false)
        host.settle()
        // The screen below has no title: the back button says "Back", in German "Zurück".
        #expect(barButtons(navigation.navigationBar).first?.title(for: .normal) == "‹ Back")
        host.window.preferredLanguages = ["de"]
        navigation.navigationBar.setNeedsLayout()
        host.settle()
        #expect(barButtons(navigation.navigationBar).first?.title(for: .normal) == "‹ Zurück")
        // Back at its pixels, on the bar's leading side.
        host.input.tap(at: Point(x: 30, y: 22))
        host.settle()
        #expect(navigation.topViewController === untitled)
        #expect(barButtons(navigation.navigationBar).first?.title(for: .normal) == "‹ Inbox")
        #expect(navigation.popToRootViewController(animated: false)?.count == 1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func itemsTitlesAndAHiddenBarFollowTheApp() throws {
        let (host, navigation, inbox) = try show()
        inbox.navigationItem.title = "All Mail"
        inbox.navigationItem.leftBarButtonItem = BarButtonItem(barButtonSystemItem: .edit)
        host.settle()
        #expect(titleShown(navigation.navigationBar) == "All Mail")
        #expect(barButtons(navigation.navigationBar).map { $0.title(for: .normal) } == ["Edit", "Add"])
        navigation.setNavigationBarHidden(true, animated: false)
        host.settle()
        #expect(inbox.view.frame == Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// Right to left (an Arabic app), the back button and the left items are on the right.
    @Test func rightToLeftTheBackButtonIsOnTheRight() throws {
        let (host, navigation, _) = try show()
        navigation.view.semanticContentAttribute = .forceRightToLeft
        navigation.navigationBar.semanticContentAttribute = .forceRightToLeft
        navigation.pushViewController(ViewController(), animated: false)
        host.settle()
        let back = try #require(barButtons(navigation.navigationBar).last)
        #expect(back.title(for: .normal) == "› Inbox")
        #expect(back.frame.maxX > size.width - 20 && back.frame.minX > size.width / 2)
        host.input.tap(at: Point(x: size.width - 30, y: 22))
        host.settle()
        #expect(navigation.viewControllers.count == 1)
    }

    /// Back tapped while the push still slides: the push ends first, then the pop; the inbox is
    /// shown, the pushed screen is gone, and each heard its callbacks once, in order.
    @Test func backTappedDuringThePushSlidePopsCleanly() throws {
        let (host, navigation, inbox) = try show()
        inbox.calls.removeAll()
        let detail = LifeLoggingViewController()
        navigation.pushViewController(detail, animated: true)
        host.advance(by: 0.1)
        host.input.tap(at: Point(x: 30, y: 22))
        host.settle()
        #expect(navigation.viewControllers.count == 1)
        #expect(inbox.view.superview === navigation.view && inbox.view.frame.minX == 0)
        #expect(detail.viewIfLoaded?.superview == nil && detail.parent == nil)
        let expected = [
            "willMove", "didMove", "didLoad", "willAppear", "didAppear", "willDisappear", "didDisappear", "willMove(nil)", "didMove(nil)",
        ]
        #expect(detail.calls == expected)
        #expect(inbox.calls == ["inbox willDisappear", "inbox didDisappear", "inbox willAppear", "inbox didAppear"])
    }

    /// A controller taken into another navigation controller leaves the first one's stack.
    @Test func aControllerSetIntoAnotherStackLeavesTheFirst() throws {
        let (host, navigation, inbox) = try show()
        let moved = ViewController()
        navigation.pushViewController(moved, animated: false)
        let other = NavigationController(rootViewController: ViewController())
        other.setViewControllers([other.viewControllers[0], moved, moved], animated: false)
        host.settle()
        #expect(other.viewControllers.count == 2 && moved.navigationController === other)
        #expect(navigation.viewControllers.map { ObjectIdentifier($0) } == [ObjectIdentifier(inbox)])
        _ = navigation.popToRootViewController(animated: false)
        #expect(moved.parent === other, "the first stack no longer lets it go")
        // An empty stack shows an empty bar.
        navigation.setViewControllers([], animated: false)
        host.settle()
        #expect(titleShown(navigation.navigationBar) == nil && barButtons(navigation.navigationBar).isEmpty)
    }

    /// Right to left, a pushed screen slides in from the left.
    @Test func rightToLeftAPushSlidesInFromTheLeft() throws {
        let (host, navigation, _) = try show()
        navigation.view.semanticContentAttribute = .forceRightToLeft
        let next = ViewController()
        navigation.pushViewController(next, animated: true)
        host.advance(by: 0.1)
        #expect(next.view.presentationFrame.minX < 0 && next.view.presentationFrame.minX > -size.width)
        host.settle()
        #expect(next.view.frame.minX == 0)
    }

    /// A long title uses the room between the items, and a chevron-only back button is read "Back".
    @Test func aLongTitleUsesTheRoomBetweenTheItems() throws {
        let (host, navigation, inbox) = try show()
        inbox.navigationItem.backButtonTitle = ""
        let next = ViewController()
        next.title = String(repeating: "Quarterly report ", count: 3)
        navigation.pushViewController(next, animated: false)
        host.settle()
        let bar = navigation.navigationBar
        let back = try #require(barButtons(bar).first)
        #expect(back.accessibilityLabel == "Back")
        let title = try #require(bar.subviews.compactMap { $0 as? Label }.first { !$0.isHidden })
        #expect(title.frame.minX >= back.frame.maxX && title.frame.maxX <= size.width - 8)
        #expect(title.frame.width >= size.width - back.frame.maxX - 8 - 8 - 1, "\(title.frame) after \(back.frame)")
    }

    /// A chat screen that is first responder (its input bar as accessory) lets go when another is pushed.
    @Test func aControllerThatIsFirstResponderLetsGoWhenCovered() throws {
        final class ChatScreen: ViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let (host, navigation, _) = try show()
        let chat = ChatScreen()
        navigation.pushViewController(chat, animated: false)
        host.settle()
        #expect(chat.becomeFirstResponder())
        navigation.pushViewController(ViewController(), animated: false)
        host.settle()
        #expect(!chat.isFirstResponder)
    }
}
