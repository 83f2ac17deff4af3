// SPDX-License-Identifier: Apache-2.0
/// Manages a view and its life (UIKit's `UIViewController`, docs/behaviour/porting.md): the view is made when
/// first asked for (`loadView`, then `viewDidLoad`), told when it appears and disappears and when
/// it lays out its subviews; controllers nest as children and present others over themselves. A
/// controller sits in the responder chain between its view and the view's superview.
@preconcurrency @MainActor
open class ViewController: Responder {
    private var loadedView: View?

    /// The controller's title (shown by a navigation bar while its item has none).
    open var title: String? { didSet { (parent as? NavigationController)?.titleDidChange(of: self) } }
    /// What this controller shows in a navigation controller's bar.
    public private(set) lazy var navigationItem = NavigationItem()

    /// Creates a controller; its view is made when first asked for.
    public override init() { super.init() }

    /// UIKit's designated initialiser. Linux has no nibs: `nibNameOrNil` must be nil (a name is a
    /// programming error and traps), and the view is made in `loadView()` as with `init()`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        precondition(nibNameOrNil == nil, "Caret has no nibs: build the view in loadView() and pass nibName: nil")
        super.init()
    }

    /// The nib the view is loaded from: always nil (Caret has no nibs).
    public var nibName: String? { nil }

    /// Whether the controller's content is in editing mode (`setEditing(_:animated:)`).
    public var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    private var editing = false
    private var madeEditButtonItem: BarButtonItem?

    /// Enters or leaves editing mode: `editButtonItem` reads Done while editing (a table view
    /// controller's table shows its editing controls).
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        guard let item = madeEditButtonItem else { return }
        item.titleWord = editing ? .done : .edit
        item.style = editing ? .done : .plain
    }

    /// A bar item reading Edit, or Done while editing, that turns editing mode on and off.
    public var editButtonItem: BarButtonItem {
        if let item = madeEditButtonItem { return item }
        let item = BarButtonItem(title: nil, style: editing ? .done : .plain)
        item.titleWord = editing ? .done : .edit
        item.primaryAction = Action { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        }
        madeEditButtonItem = item
        return item
    }

    /// Called when memory is short (`Window.didReceiveMemoryWarning()`): release what can be made
    /// again (caches, views not on screen). The default does nothing, as UIKit's.
    open func didReceiveMemoryWarning() {}

    /// Creates a controller from an archive (UIKit's storyboard path): Caret has no storyboards,
    /// so it is the controller `init()` makes, its view made in `loadView()`.
    public required init?(coder: NSCoder) { super.init() }

    // MARK: The view

    /// The view, made with `loadView()` and `viewDidLoad()` the first time it is asked for.
    public var view: View! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// The view if it was made, without making it.
    public var viewIfLoaded: View? { loadedView }

    /// Whether the view was made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view now if it was not made yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = View() }
        viewDidLoad()
    }

    /// Makes the view (set `view` here); the default makes a plain view with the system background.
    open func loadView() {
        // As big as the screen, as UIKit makes it: frames computed from it in viewDidLoad are the window's.
        let made = View(frame: Screen.main.bounds)
        made.backgroundColor = .systemBackground
        view = made
    }

    /// Called once the view was made.
    open func viewDidLoad() {}

    /// Called when the traits of the controller's view changed.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// The style override and the trait handlers (View+Traits.swift).
    var traitState = TraitState()

    // MARK: Appearing

    /// Called before the view goes on screen.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view went on screen.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Called before the view lays out its subviews.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Tells this controller and the children whose views are in its view that they will appear
    /// (or disappear).
    func beginAppearance(_ appearing: Bool, animated: Bool) {
        if appearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in visibleChildren { child.beginAppearance(appearing, animated: animated) }
    }

    /// Tells this controller and its visible children that they appeared (or disappeared).
    func endAppearance(_ appearing: Bool, animated: Bool) {
        if appearing { viewDidAppear(animated) } else { viewDidDisappear(animated) }
        for child in visibleChildren { child.endAppearance(appearing, animated: animated) }
        // A controller that can become first responder does when it appears and nothing has focus,
        // as UIKit's: a chat screen's accessory bar shows with no call of the app's.
        if appearing, canBecomeFirstResponder, let window = viewIfLoaded?.window, window.firstResponder == nil {
            _ = becomeFirstResponder()
        }
    }

    private var visibleChildren: [ViewController] {
        guard let view = loadedView else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) ?? false }
    }

    // MARK: First responder

    /// Whether this controller has keyboard focus in its view's window.
    open override var isFirstResponder: Bool { viewIfLoaded?.window?.firstResponder === self }

    /// Takes keyboard focus if `canBecomeFirstResponder` allows and the view is in a window, after
    /// the current first responder resigns; its `inputView` and `inputAccessoryView` then show.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = viewIfLoaded?.window else { return false }
        return window.makeFirstResponder(self)
    }

    /// Gives up keyboard focus.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if let window = viewIfLoaded?.window, window.firstResponder === self { window.setFirstResponder(nil) }
        return true
    }

    /// Applies changes to the input views made while first responder.
    open override func reloadInputViews() {
        if isFirstResponder { viewIfLoaded?.window?.keyboard.reloadInputViews() }
    }

    // MARK: Children

    /// The child controllers, in the order added.
    public private(set) var children: [ViewController] = []
    /// The controller this one is a child of.
    public private(set) weak var parent: ViewController?

    /// Adds a child controller (add its view to yours, then call `child.didMove(toParent: self)`).
    open func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent (call `willMove(toParent: nil)` and remove its
    /// view first, as in UIKit).
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Presenting

    /// The controller this one presents over itself.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    public private(set) weak var presentingViewController: ViewController?
    /// How this controller covers its presenter when presented (UIKit's `modalPresentationStyle`).
    open var modalPresentationStyle = ModalPresentationStyle.automatic
    /// Where the controller points when it shows as a popover: an action sheet's (nil otherwise).
    open var popoverPresentationController: PopoverPresentationController? { nil }
    /// The first responder when this controller presented another, and the owner of the accessory
    /// shown then: they take focus back at the dismissal.
    private weak var responderBeforePresenting: Responder?
    private weak var accessoryOwnerBeforePresenting: Responder?

    /// How a presented controller covers the one presenting it (UIKit's `UIModalPresentationStyle`).
    public enum ModalPresentationStyle: Int, Sendable {
        /// The platform's choice: full screen in Caret (a window has no sheets).
        case automatic
        /// Covers the window; the presenter's view disappears (it hears `viewWillDisappear`).
        case fullScreen
        /// Covers the window over the presenter, which stays on screen (an alert).
        case overFullScreen
        /// Over the presenter's context, which stays on screen: as `overFullScreen` in Caret.
        case overCurrentContext
    }

    /// Whether presenting this controller takes its presenter's view off screen.
    private var hidesPresenter: Bool { modalPresentationStyle == .automatic || modalPresentationStyle == .fullScreen }

    /// Presents a controller over the whole window (a full-screen modal); `completion` runs once
    /// it is on screen. This controller's view disappears beneath it.
    open func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, controller.presentingViewController == nil,
            let window = loadedView?.window
        else { return }
        let presented: View = controller.view  // loaded before it is told it will appear
        presentedViewController = controller
        controller.presentingViewController = self
        let hides = controller.hidesPresenter
        if hides { beginAppearance(false, animated: animated) }
        controller.beginAppearance(true, animated: animated)
        presented.frame = window.bounds
        presented.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        responderBeforePresenting = window.firstResponder
        accessoryOwnerBeforePresenting = window.keyboard.presence.currentAccessoryOwner
        // Nothing under the presentation keeps focus, an accessory's owner (a chat screen's
        // controller) included: its bar would sit over the dialog.
        window.keyboard.presence.forgetAccessoryOwner()
        _ = window.endEditing(true)
        if let focus = window.firstResponder { window.forceResign(focus) }
        window.modalLayer.addSubview(presented)
        if hides { endAppearance(false, animated: animated) }
        controller.endAppearance(true, animated: animated)
        window.accessibilityScreenDidChange(title: controller.title)
        completion?()
    }

    /// Dismisses the controller this one presents (or, if it presents none, this one from its
    /// presenter); `completion` runs once it is gone.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController else {
            presentingViewController?.dismiss(animated: animated, completion: completion)
            return
        }
        if presented.presentedViewController != nil { presented.dismiss(animated: animated) }
        let hid = presented.hidesPresenter
        presented.beginAppearance(false, animated: animated)
        if hid { beginAppearance(true, animated: animated) }
        if let view = presented.viewIfLoaded {
            if let window = view.window, let focus = window.firstResponder as? View, focus.isDescendant(of: view) {
                _ = window.endEditing(true)
            }
            view.removeFromSuperview()
        }
        presentedViewController = nil
        presented.presentingViewController = nil
        presented.endAppearance(false, animated: animated)
        if hid { endAppearance(true, animated: animated) }
        // What was focused before the presentation takes focus back (a field edited before an
        // alert), as UIKit restores it, if nothing else took focus meanwhile.
        if let window = loadedView?.window, window.firstResponder == nil {
            // The accessory's owner first, so that a text view inside its bar finds the bar shown.
            if let owner = accessoryOwnerBeforePresenting, owner !== responderBeforePresenting { _ = owner.becomeFirstResponder() }
            if let responder = responderBeforePresenting { _ = responder.becomeFirstResponder() }
        }
        responderBeforePresenting = nil
        accessoryOwnerBeforePresenting = nil
        loadedView?.window?.accessibilityScreenDidChange(title: title)
        completion?()
    }

    // MARK: Responder chain

    /// The next responder: the view's superview, or the presenting controller.
    open override var next: Responder? { loadedView?.superview ?? presentingViewController }
}

extension Window {
    /// The controller whose view fills the window (its `rootView`), kept alive by the window as in
    /// UIKit; setting it makes the view if needed and tells the old and new controllers that they
    /// disappear and appear.
    public var rootViewController: ViewController? {
        get { rootView?.viewController }
        set {
            let old = rootViewController
            guard old !== newValue else { return }
            newValue?.loadViewIfNeeded()  // loaded before it is told it will appear
            old?.beginAppearance(false, animated: false)
            newValue?.beginAppearance(true, animated: false)
            rootViewControllerHeld = newValue
            rootView = newValue?.view
            old?.endAppearance(false, animated: false)
            newValue?.endAppearance(true, animated: false)
            if old != nil, let newValue { accessibilityScreenDidChange(title: newValue.title) }
            // A screen changed by a key: focus goes to its first control, as UIKit's focus system
            // does with a keyboard alone (after Return on a form's last field nothing had focus);
            // not one a timer changes later (the kiosk starting over).
            if old != nil, newValue != nil, isDeliveringKey, firstResponder == nil {
                layoutIfNeeded()
                focus.focusFirstView(backwards: false)
            }
        }
    }
}
