// SPDX-License-Identifier: Apache-2.0
/// A stack of view controllers under a navigation bar (UIKit's `UINavigationController`,
/// docs/behaviour/porting.md): the top one's view fills the space below the bar; pushing slides
/// the next in from the trailing side and popping slides it back out, each with its appearance
/// callbacks; the bar shows the top controller's `navigationItem` and a back button that pops.
@preconcurrency @MainActor
open class NavigationController: ViewController {
    /// The bar at the top.
    public let navigationBar = NavigationBar()
    /// The controllers, root first.
    public private(set) var stack: [ViewController] = []
    /// Whether the bar is hidden.
    public var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    /// How long a push or pop slides.
    static let slideDuration = 0.35
    /// Ends the slide under way at once (a push or pop asked for while one slides).
    private var finishSlide: (() -> Void)?

    /// A stack with a root controller.
    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    /// An empty stack.
    public override init() { super.init() }

    /// An empty stack, from an archive.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// UIKit's designated initialiser: an empty stack (`nibNameOrNil` must be nil).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// The controllers, root first.
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The top controller.
    public var topViewController: ViewController? { stack.last }

    /// The controller shown: the top one, or what it presents.
    public var visibleViewController: ViewController? {
        var shown = presentedViewController ?? topViewController
        while let presented = shown?.presentedViewController { shown = presented }
        return shown
    }

    open override func loadView() {
        let root = View()
        root.backgroundColor = .systemBackground
        root.addSubview(navigationBar)
        view = root
        navigationBar.onBack = { [weak self] in _ = self?.popViewController(animated: true) }
        // The top controller's view shows as soon as this one's does (its appearance follows this one's).
        if let top = stack.last { root.insertSubview(top.view, belowSubview: navigationBar) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOut()
    }

    /// The bar at the top (with the window's top safe area), the top controller's view below it.
    private func layOut() {
        guard let root = viewIfLoaded else { return }
        let b = root.bounds
        let barHeight = navigationBar.isHidden ? 0 : NavigationBar.height + root.safeAreaInsets.top
        navigationBar.frame = Rect(x: 0, y: 0, width: b.width, height: barHeight)
        if let top = topViewController, top.isViewLoaded, top.view.superview === root, !top.view.isAnimating {
            top.view.frame = contentFrame
        }
    }

    private var contentFrame: Rect {
        let b = view.bounds
        let barHeight = navigationBar.isHidden ? 0 : NavigationBar.height + view.safeAreaInsets.top
        return Rect(x: 0, y: barHeight, width: b.width, height: max(0, b.height - barHeight))
    }

    /// Pushes a controller onto the stack and shows it.
    open func pushViewController(_ controller: ViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === controller }) else { return }
        transition(to: stack + [controller], animated: animated, forward: true)
    }

    /// Pops the top controller (never the root); returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        transition(to: Array(stack.dropLast()), animated: animated, forward: false)
        return top
    }

    /// Pops to the root; returns the controllers popped.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        transition(to: [stack[0]], animated: animated, forward: false)
        return popped
    }

    /// Pops to a controller in the stack; returns the controllers popped.
    @discardableResult
    open func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = stack.firstIndex(where: { $0 === controller }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        transition(to: Array(stack[...index]), animated: animated, forward: false)
        return popped
    }

    /// Replaces the stack (the last one shown, sliding in if it is new and `animated`).
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let forward = !stack.contains { $0 === controllers.last }
        transition(to: controllers, animated: animated, forward: forward)
    }

    /// Shows or hides the bar.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        navigationBar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    /// Swaps the stack and the top view, telling both controllers they appear and disappear.
    private func transition(to requested: [ViewController], animated: Bool, forward: Bool) {
        // A slide under way ends first: its views and callbacks are settled before the next.
        if let running = finishSlide {
            finishSlide = nil
            running()
        }
        // Each controller once (UIKit raises on a repeat), taken from another stack it was in.
        var controllers: [ViewController] = []
        for controller in requested where !controllers.contains(where: { $0 === controller }) { controllers.append(controller) }
        let old = stack.last
        let gone = stack.filter { c in !controllers.contains { $0 === c } }
        for controller in controllers where controller.parent !== self {
            if let other = controller.parent as? NavigationController { other.release(controller) }
            controller.removeFromParent()
            addChild(controller)
            controller.didMove(toParent: self)
        }
        stack = controllers
        let new = controllers.last
        refreshBar()
        guard isViewLoaded, old !== new else {
            finish(removing: gone, except: new)
            return
        }
        let root = view!
        let inWindow = root.window != nil
        if let focus = root.window?.firstResponder as? View, let oldView = old?.viewIfLoaded, focus.isDescendant(of: oldView) {
            _ = focus.resignFirstResponder()
        }
        if inWindow { old?.beginAppearance(false, animated: animated) }
        guard let new else {
            old?.viewIfLoaded?.removeFromSuperview()
            if inWindow { old?.endAppearance(false, animated: animated) }
            finish(removing: gone, except: nil)
            return
        }
        let frame = contentFrame
        new.loadViewIfNeeded()  // loaded before it hears it will appear
        if inWindow { new.beginAppearance(true, animated: animated) }
        root.insertSubview(new.view, belowSubview: navigationBar)
        let slides = animated && inWindow && old != nil
        // The new view comes from the trailing side (the left, right to left).
        let width = root.effectiveUserInterfaceLayoutDirection == .rightToLeft ? -frame.width : frame.width
        View.performWithoutAnimation { new.view.frame = slides ? frame.offsetBy(dx: forward ? width : -width / 3, dy: 0) : frame }
        if !forward, slides, let oldView = old?.viewIfLoaded { root.bringSubviewToFront(oldView) }
        root.bringSubviewToFront(navigationBar)
        var ended = false
        let done: () -> Void = { [weak self] in
            guard !ended else { return }
            ended = true
            View.performWithoutAnimation {
                new.view.frame = frame
                if let oldView = old?.viewIfLoaded { oldView.frame = frame }
            }
            // The old view goes unless a later change made it the top again.
            if let self, let oldView = old?.viewIfLoaded, self.stack.last !== old, oldView.superview === root { oldView.removeFromSuperview() }
            if inWindow {
                old?.endAppearance(false, animated: animated)
                new.endAppearance(true, animated: animated)
            }
            self?.finish(removing: gone, except: new)
        }
        guard slides else { return done() }
        finishSlide = done
        View.animate(
            withDuration: Self.slideDuration, curve: .easeInOut,
            animations: {
                new.view.frame = frame
                old?.view.frame = frame.offsetBy(dx: forward ? -width / 3 : width, dy: 0)
            },
            completion: { _ in done() })  // a slide ended early already ran it: once only
    }

    /// Lets go of controllers no longer in the stack (one pushed again meanwhile, or taken by
    /// another navigation controller, stays where it is now).
    private func finish(removing gone: [ViewController], except shown: ViewController?) {
        for controller in gone where controller !== shown && controller.parent === self && !stack.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
            if controller.viewIfLoaded?.superview === viewIfLoaded { controller.viewIfLoaded?.removeFromSuperview() }
            controller.removeFromParent()
        }
    }

    /// Gives up a controller another navigation controller takes.
    private func release(_ controller: ViewController) {
        guard let index = stack.firstIndex(where: { $0 === controller }) else { return }
        stack.remove(at: index)
        if controller.viewIfLoaded?.superview === viewIfLoaded { controller.viewIfLoaded?.removeFromSuperview() }
        refreshBar()
    }

    /// A controller in the stack was retitled: the bar shows it.
    func titleDidChange(of controller: ViewController) {
        if stack.suffix(2).contains(where: { $0 === controller }) { refreshBar() }
    }

    /// Shows the top controller's item, and the one below it for the back button.
    private func refreshBar() {
        guard let top = stack.last else {
            navigationBar.clear()
            return
        }
        let below = stack.count > 1 ? stack[stack.count - 2] : nil
        navigationBar.show(top.navigationItem, title: top.title, below: below?.navigationItem, backTitle: below?.title)
        viewIfLoaded?.setNeedsLayout()
    }
}

extension ViewController {
    /// The nearest navigation controller above this one.
    public var navigationController: NavigationController? {
        var ancestor = parent
        while let controller = ancestor {
            if let navigation = controller as? NavigationController { return navigation }
            ancestor = controller.parent
        }
        return nil
    }
}
