// SPDX-License-Identifier: Apache-2.0
/// A rectangular area of the window that draws itself and its subviews and receives touches
/// (UIKit's `UIView`). Frames are in the superview's coordinates; `bounds.origin` is where the
/// view's own coordinate system starts (a scroll view's content offset).
///
/// Geometry has a model value (what layout sets and reads) and a presentation value (what is on
/// screen while an animation runs), as in Core Animation: `frame` is always the final value.
@preconcurrency @MainActor
open class View: Responder {
    /// The value `intrinsicContentSize` uses for a dimension the view has no preference for.
    public static let noIntrinsicMetric: Double = -1

    // MARK: Stored state

    private var _frame: Rect
    private var _boundsOrigin: Point = .zero
    private var _alpha: Double = 1
    private var _backgroundColor: Color?
    var presentation = PresentationValues()

    /// The view's subviews, back to front.
    public internal(set) var subviews: [View] = []
    /// The view this one is a subview of.
    public internal(set) weak var superview: View?
    weak var _window: Window?

    /// Whether the view and its subviews are not drawn and receive no touches.
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            damageSubtree(in: frame)
            if !isHidden && subtreeNeedsLayout { markSubtreeNeedsLayout() }  // its layout waited while hidden
            if isHidden { window?.focus.hiddenViewMayHoldFocus(self) }  // KeyboardFocus.swift
            onHiddenChange?()
        }
    }
    /// Lets a container (a stack view) hear that the view was shown or hidden.
    var onHiddenChange: (() -> Void)?
    /// Whether subviews are clipped to the view's bounds.
    public var clipsToBounds = false { didSet { setNeedsDisplay() } }
    /// Whether the view and its subviews receive touches.
    public var isUserInteractionEnabled = true
    /// A number to find the view by with `viewWithTag(_:)`.
    public var tag = 0
    /// How the view follows its superview's size changes.
    public var autoresizingMask: AutoresizingMask = []
    /// The radius of the rounded corners, set through `layer.cornerRadius` (internal: an app's own `cornerRadius` on a subclass, common in UIKit code, is its own).
    var cornerRadius: Double = 0 { didSet { setNeedsDisplay() } }
    /// The width of a border drawn inside the bounds (UIKit's `layer.borderWidth`).
    var borderWidth: Double = 0 { didSet { setNeedsDisplay() } }
    /// The border's colour (UIKit's `layer.borderColor`).
    var borderColor: Color = .black { didSet { setNeedsDisplay() } }
    /// The shadow set through `layer.shadowOpacity` and the rest (LayerShadow.swift).
    var layerShadow = LayerShadow() { didSet { if layerShadow != oldValue { damageShadow() } } }
    /// Where the shadow was last drawn, in the superview's coordinates (null: nowhere).
    var drawnShadowArea = Rect.null
    /// Padding around the content that layouts such as `StackView` honour.
    public var layoutMargins = EdgeInsets(all: 8) { didSet { View.geometryGeneration &+= 1; setNeedsLayout() } }
    private var _tintColor: Color?
    /// A name for debugging and tests.
    public var accessibilityIdentifier: String?
    /// The language of the view's content (BCP 47); a text's spelling is checked and spoken in it.
    public var accessibilityLanguage: String? { didSet { if accessibilityLanguage != oldValue { setNeedsDisplay() } } }
    /// What the app set for the accessibility members (nil until it sets one); View+Accessibility.swift.
    var accessibilityOverrides: AccessibilityOverrides?
    /// Auto Layout's per-view state (View+Constraints), made when the view first takes part.
    var constraintState: ViewConstraintState?
    /// The content size scale the view's fonts were last adjusted to (Window+Assistive.swift).
    var appliedContentSizeScale = 1.0
    /// The recognizers attached (`View+Gestures.swift`).
    var attachedGestureRecognizers: [GestureRecognizer] = []
    /// Whether the view's fonts follow the window's content size category (`adjustsFontForContentSizeCategory`).
    var followsContentSize = true
    /// Scales the view's fonts (and sizes that follow them) by a factor; text views override it.
    func contentSizeScaleDidChange(by factor: Double) {}
    /// What the accessibility members say when the app set nothing; subclasses give UIKit's defaults.
    var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults() }
    /// Whether assistive technology sees this view (labels, buttons, fields and images do by default).
    open var isAccessibilityElement: Bool {
        get { accessibilityOverrides?.isElement ?? accessibilityDefaults.isElement }
        set { overrideAccessibility { $0.isElement = newValue } }
    }
    /// A short name read first; a label's text, a button's title, a field's title element's or placeholder by default.
    open var accessibilityLabel: String? {
        get { accessibilityOverrides?.label ?? accessibilityOverrides?.titleElement?.titleText ?? accessibilityDefaults.label }
        set { overrideAccessibility { $0.label = newValue } }
    }
    /// What activating the view does, read last.
    open var accessibilityHint: String? {
        get { accessibilityOverrides?.hint ?? accessibilityDefaults.hint }
        set { overrideAccessibility { $0.hint = newValue } }
    }
    /// The view's current value; a field's text (never a secure field's).
    open var accessibilityValue: String? {
        get { accessibilityOverrides?.value ?? accessibilityDefaults.value() }
        set { overrideAccessibility { $0.value = newValue } }
    }
    /// What the view is and how it behaves.
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilityOverrides?.traits ?? accessibilityDefaults.traits }
        set { overrideAccessibility { $0.traits = newValue } }
    }
    /// The elements inside the view in reading order; nil reads the subviews in order.
    open var accessibilityElements: [AccessibilityNode]? {
        get { accessibilityOverrides?.elements }
        set { overrideAccessibility { $0.elements = newValue } }
    }
    /// Activates the view (a double tap under a screen reader); false if it did nothing.
    open func accessibilityActivate() -> Bool { false }
    /// Raises an adjustable view's value.
    open func accessibilityIncrement() {}
    /// Lowers an adjustable view's value.
    open func accessibilityDecrement() {}
    /// Whether the view's content is mirrored for right-to-left languages (UIKit's name);
    /// `.unspecified` follows the superview.
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified {
        didSet { if semanticContentAttribute != oldValue { layoutDirectionDidChange() } }
    }

    /// Lays this view and its subviews out and draws them again for a new layout direction.
    func layoutDirectionDidChange() {
        setNeedsLayout()
        setNeedsDisplay()
        for subview in subviews where subview.semanticContentAttribute == .unspecified { subview.layoutDirectionDidChange() }
    }
    /// Whether Tab's focus order includes the view (UIKit's `canBecomeFocused`); false by default.
    open var canBecomeFocused: Bool { false }
    /// The fonts this view and its subviews measure and draw with while in no window (the
    /// window's own provider always wins); nil asks the superview, then `FontProviders.detached`.
    public var detachedFontProvider: FontProvider? {
        didSet { if window == nil { propagateFontProviderChange() } }
    }

    /// Whether `layoutSubviews()` must run before the next frame.
    public private(set) var needsLayout = true
    /// Whether the view or one of its subviews needs layout: the layout pass walks only there.
    private(set) var subtreeNeedsLayout = true

    // MARK: Creation

    /// Creates a view with a frame.
    public init(frame: Rect) {
        _frame = frame
        super.init()
    }

    /// Creates a view with a zero frame: subclasses that override only `init(frame:)` get it too,
    /// as in UIKit.
    public convenience override init() { self.init(frame: .zero) }

    /// Creates a view from an archive (UIKit's storyboard path): Caret has no Interface Builder, so
    /// only a keyed frame ("frame.x", "frame.y", "frame.width", "frame.height") is read.
    public required init?(coder: NSCoder) {
        _frame = View.archivedFrame(coder)
        super.init()
    }

    /// The frame a keyed archive holds, or zero.
    static func archivedFrame(_ coder: NSCoder) -> Rect {
        guard coder.allowsKeyedCoding else { return .zero }
        let values = ["x", "y", "width", "height"].map { coder.decodeDouble(forKey: "frame." + $0) }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates.
    public var frame: Rect {
        get { _frame }
        set {
            let old = _frame
            guard newValue != old else { return }
            let sizeChanged = newValue.size != old.size
            recordAnimation(.frame, from: .rect(presentationFrame), to: .rect(newValue))
            _frame = newValue
            View.geometryGeneration &+= 1
            if constraintState?.isEngineItem == true { window?.constraintEngine?.itemFrameDidChange(self) }
            if sizeChanged { boundsSizeDidChange(from: old.size) }
            if presentation.frame != nil {
                damageSubtree(in: presentationFrame)  // animating: the steps damage where it goes
            } else {
                damageSubtree(in: old)
                damageSubtree(in: newValue)
            }
        }
    }

    /// The view's rectangle in its own coordinates: origin is the scroll offset, size the frame's size.
    public var bounds: Rect {
        get { Rect(origin: _boundsOrigin, size: _frame.size) }
        set {
            let oldBounds = bounds
            guard newValue != oldBounds else { return }
            // A scroll view's scroll may move pixels instead of drawing (ScrollBlit.swift).
            var held = false
            if newValue.origin != _boundsOrigin {
                if newValue.size == _frame.size, let window { held = window.scrollBlit.hold(self) }
                recordAnimation(.boundsOrigin, from: .point(presentationBounds.origin), to: .point(newValue.origin))
                _boundsOrigin = newValue.origin
                View.geometryGeneration &+= 1
                if held { window?.scrollBlit.heldDidMove(self) }
                boundsOriginDidChange()
            }
            if newValue.size != _frame.size {
                // As in UIKit, changing the bounds size keeps the centre.
                let c = center
                frame = Rect(
                    x: c.x - newValue.width / 2, y: c.y - newValue.height / 2,
                    width: newValue.width, height: newValue.height)
            }
            if !held { setNeedsDisplay() }
        }
    }

    /// The centre of the frame, in the superview's coordinates.
    public var center: Point {
        get { Point(x: _frame.midX, y: _frame.midY) }
        set {
            frame = Rect(
                x: newValue.x - _frame.width / 2, y: newValue.y - _frame.height / 2, width: _frame.width, height: _frame.height)
        }
    }

    /// The opacity of the view and its subviews, from 0 to 1.
    public var alpha: Double {
        get { _alpha }
        set {
            let clamped = max(0, min(1, newValue))
            guard clamped != _alpha else { return }
            recordAnimation(.alpha, from: .number(presentationAlpha), to: .number(clamped))
            _alpha = clamped
            setNeedsDisplay()
        }
    }

    /// The colour filling the bounds behind the content; `nil` draws nothing.
    public var backgroundColor: Color? {
        get { _backgroundColor }
        set {
            guard newValue != _backgroundColor else { return }
            recordAnimation(
                .backgroundColor, from: .color(presentationBackgroundColor ?? .clear),
                to: .color(newValue ?? .clear))
            _backgroundColor = newValue
            setNeedsDisplay()
        }
    }

    /// The tint used by controls; inherited from the superview when not set (nil sets it back, as UIKit's).
    public var tintColor: Color! {
        get { _tintColor ?? superview?.tintColor ?? .systemBlue }
        set { _tintColor = newValue; setNeedsDisplay() }
    }

    /// Called when the bounds origin changes (a scroll view reports scrolling from here).
    open func boundsOriginDidChange() {}

    private func boundsSizeDidChange(from oldSize: Size) {
        setNeedsLayout()
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.applyAutoresizing(oldSuperSize: oldSize, newSuperSize: _frame.size)
        }
    }

    // MARK: Hierarchy

    /// The window the view is in, if any.
    public var window: Window? { _window }

    /// The next responder: the view's controller if it has one, else the superview (a window's
    /// root view's superview chain ends at the window).
    open override var next: Responder? { viewController ?? superview }

    /// The controller whose `view` this is.
    weak var viewController: ViewController?

    private func propagateFontProviderChange() {
        fontProviderDidChange()
        for subview in subviews { subview.propagateFontProviderChange() }
    }

    /// The provider `fontProvider` returns changed: measurements are redone.
    func fontProviderDidChange() {
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Called before the view moves to another window (or to none).
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view moved to another window (or to none).
    open func didMoveToWindow() {}
    /// Called when the view's traits changed (its style, text size, size classes or scale).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// The style override, the traits last told and the trait handlers (View+Traits.swift).
    var traitState = TraitState()
    /// Called after the view's superview changed.
    open func didMoveToSuperview() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Layout

    /// Marks the view for layout before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        markSubtreeNeedsLayout()
        window?.requestFrame()
    }

    /// Marks the view and its ancestors as holding a view that needs layout.
    private func markSubtreeNeedsLayout() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsLayout || current === self {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
    }

    /// Runs any pending layout of this view and its subviews now, parents before children:
    /// constraints first (the window's engine), then `layoutSubviews`.
    public func layoutIfNeeded() {
        window?.constraintEngine?.update()
        layoutSubtreeIfNeeded()
    }

    /// Updates the view's constraints before layout, after `setNeedsUpdateConstraints()`; override to change them.
    open func updateConstraints() {}

    func layoutSubtreeIfNeeded() {
        guard subtreeNeedsLayout else { return }
        subtreeNeedsLayout = false
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for subview in subviews where !subview.isHidden { subview.layoutSubtreeIfNeeded() }
    }

    /// Positions subviews; the default does nothing (autoresizing already ran).
    open func layoutSubviews() {}

    /// The window's layout phase, after `layoutSubviews` and before any drawing: lays out what
    /// only the visible part of the view decides (text lines for the area on screen) in the
    /// view's coordinates; returns whether anything moved. `draw(_:in:)` then only reads.
    func layoutVisibleContent(in visible: Rect) -> Bool { false }

    /// The size the view would like for its content, or `noIntrinsicMetric` per dimension.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The size that best fits the content within a proposed size; the default is the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// Resizes the view to `sizeThatFits` of its current size, keeping its origin.
    public func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = Rect(origin: frame.origin, size: fitted)
    }

    // MARK: Drawing

    /// Identifies the view in a `RestorationArchive` (UIKit's `restorationIdentifier`); nil saves nothing.
    public var restorationIdentifier: String?

    /// Space kept between this view's focus rect and the on-screen keyboard; nil for the window's
    /// default (12 points).
    public var keyboardAvoidanceMargin: Double?

    /// The part of the view keyboard avoidance keeps visible while it is first responder, in its
    /// own coordinates: its bounds (a text view: the caret's line).
    open var keyboardAvoidanceRect: Rect { bounds }

    /// The keyboard's frame seen from this view: read it in `layoutSubviews`, which runs again
    /// (animated with the keyboard) whenever the keyboard's frame changes.
    public var keyboardLayoutGuide: KeyboardLayoutGuide {
        if let guide = storedKeyboardLayoutGuide { return guide }
        let guide = KeyboardLayoutGuide(owningView: self)
        storedKeyboardLayoutGuide = guide
        return guide
    }
    private var storedKeyboardLayoutGuide: KeyboardLayoutGuide?

    /// Whether the view and its subviews are drawn once into an offscreen layer and copied from it
    /// while only their position changes (UIKit's `layer.shouldRasterize`): a sliding keyboard then
    /// costs one copy a frame. Any redraw inside it redraws the layer.
    public var rasterizes = false { didSet { rasterIsValid = false } }
    /// Whether the layer holds the view's current pixels.
    var rasterIsValid = false
    /// The part of a valid layer that must be drawn again (the view's coordinates); nil: none.
    var rasterDamage: Rect?
    /// Whether the view's own `draw` drew anything when it was last drawn (nil: not drawn yet);
    /// a `draw` that does not reach View's own counts as drawing.
    var drewOwnContent: Bool?
    /// Whether View's own (empty) `draw` ran in the last drawing.
    var drawReachedBase = false
    /// How many drawing calls the view's `drawOverlay` made when it was last drawn.
    var overlayDrawCount = 0
    /// The size the layer was drawn at.
    var rasterSize = Size.zero

    /// Draws the view's own content in its bounds; subviews draw on top afterwards.
    open func draw(_ rect: Rect, in context: GraphicsContext) { drawReachedBase = true }

    /// Draws above the subviews (scroll indicators, focus rings); the default draws nothing.
    open func drawOverlay(_ rect: Rect, in context: GraphicsContext) {}

    // MARK: Hit testing

    /// Whether a point in the view's coordinates is inside it.
    open func point(inside point: Point, with event: InputEvent?) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive view containing the point (in this view's coordinates).
    open func hitTest(_ point: Point, with event: InputEvent?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01 else { return nil }
        guard self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = subview.convert(point, from: self)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether this view takes over a touch that began in one of its subviews (a scroll view
    /// claiming a drag). The window cancels the touch in the subview and sends it here.
    open func shouldInterceptTouch(_ touch: Touch) -> Bool { false }

    /// Whether a recognizer of this view or an ancestor may begin with a touch in this view (true;
    /// controls keep their taps, scroll views their drags, as UIKit's do).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether this view keeps a moving touch for itself, so no ancestor may take it over (text
    /// selection with the mouse, a dragged selection handle).
    open func keepsTouch(_ touch: Touch) -> Bool { false }

    // MARK: Coordinates

    // MARK: First responder

    /// Whether this view has keyboard focus in its window.
    open override var isFirstResponder: Bool { window?.firstResponder === self }

    /// Takes keyboard focus if the view can, after the current first responder resigns.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window, !isHidden else { return false }
        return window.makeFirstResponder(self)
    }

    /// Gives up keyboard focus.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if let window, window.firstResponder === self { window.setFirstResponder(nil) }
        return true
    }

    /// Applies changes to the input views made while first responder (the keyboard's frame may change).
    open override func reloadInputViews() {
        if isFirstResponder { window?.keyboard.reloadInputViews() }
    }

    /// Makes the first responder inside this view resign; with `force`, even one that refuses.
    /// Returns whether no first responder is left inside.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder as? View, responder.isDescendant(of: self) else {
            return true
        }
        if force {
            window.forceResign(responder)
            return true
        }
        return responder.resignFirstResponder() && window.firstResponder !== responder
    }
}
