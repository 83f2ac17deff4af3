// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Shows a part of larger content and moves it by touch drag with momentum and rubber-band
/// edges, by the mouse wheel, and in code (UIKit's `UIScrollView`). The content offset is the
/// bounds origin, so subviews are laid out in content coordinates.
@preconcurrency @MainActor
open class ScrollView: View {
    /// The size of the content.
    open var contentSize: Size = .zero { didSet { if contentSize != oldValue { setNeedsDisplay() } } }
    /// `isScrollEnabled` changed (a text view's intrinsic size follows it).
    func scrollEnabledDidChange() {}
    /// Extra scrollable space around the content.
    public var contentInset: EdgeInsets = .zero { didSet { if contentInset != oldValue { setNeedsDisplayOfIndicators() } } }
    /// Insets of the vertical scroll indicator's track.
    public var verticalScrollIndicatorInsets: EdgeInsets = .zero {
        didSet { if verticalScrollIndicatorInsets != oldValue { setNeedsDisplayOfIndicators() } }
    }
    /// Both indicators' insets at once (UIKit's `scrollIndicatorInsets`): reads the vertical one.
    public var scrollIndicatorInsets: EdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    /// Insets of the horizontal scroll indicator's track.
    public var horizontalScrollIndicatorInsets: EdgeInsets = .zero { didSet { setNeedsDisplay() } }
    /// Whether the vertical indicator is shown while scrolling.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator is shown while scrolling.
    public var showsHorizontalScrollIndicator = true
    /// Whether the user can scroll.
    open var isScrollEnabled = true { didSet { if isScrollEnabled != oldValue { scrollEnabledDidChange() } } }
    /// Whether content rubber-bands past its edges.
    public var bounces = true
    /// Whether vertical dragging bounces even when the content fits.
    public var alwaysBounceVertical = false
    /// Whether horizontal dragging bounces even when the content fits.
    public var alwaysBounceHorizontal = false
    /// How quickly momentum dies.
    public var decelerationRate: DecelerationRate = .normal
    /// Points scrolled per wheel notch are given by the backend; this scales them.
    public var wheelScrollMultiplier: Double = 1
    /// The delegate told about scrolling.
    public weak var delegate: ScrollViewDelegate?

    /// Whether a finger or button is down on the content.
    public private(set) var isTracking = false
    /// Whether the content is being dragged.
    public private(set) var isDragging = false
    /// Whether the content is moving on after a drag.
    public private(set) var isDecelerating = false
    /// The velocity (points per second, in offset terms) at the last release.
    public private(set) var lastReleaseVelocity: Point = .zero

    /// How many indicators the last drawing drew (the rest of an overlay is a subclass's).
    var indicatorDrawCount = 0
    /// The opacity of the scroll indicators (they fade out when scrolling stops).
    public private(set) var scrollIndicatorAlpha: Double = 0

    /// How far a touch moves before it becomes a drag.
    public static let dragSlop: Double = 10

    private var dragStartOffset: Point = .zero
    private var dragAnchor: Point = .zero
    private var touchStart: Point = .zero
    private var samples: [(time: Double, location: Point)] = []
    private var motionToken: Animator.Token?
    private var fadeToken: Animator.Token?
    private var isScrollAnimating = false

    /// A scroll view from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
    }

    /// Creates a scroll view that clips its content.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    // MARK: Offset

    /// Where the visible area starts in the content.
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds = Rect(origin: newValue, size: bounds.size) }
    }

    /// Whether the indicators are inset by what the system adds to the content's insets (the safe
    /// area, the keyboard avoidance's inset) on top of the app's indicator insets (true, as in
    /// UIKit); false: the app's indicator insets alone.
    public var automaticallyAdjustsScrollIndicatorInsets = true {
        didSet { if automaticallyAdjustsScrollIndicatorInsets != oldValue { setNeedsDisplayOfIndicators() } }
    }

    /// Whether the safe area's insets are added to `contentInset` (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Sendable, Hashable, CaseIterable {
        /// As `scrollableAxes` (UIKit's extra case, for navigation bars, has no counterpart here).
        case automatic
        /// On the axes the content scrolls along (larger than the view, or set to bounce).
        case scrollableAxes
        /// Never: the app's `contentInset` alone.
        case never
        /// On every edge.
        case always
    }

    /// How the safe area adjusts the content's insets.
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { setNeedsLayout(); setNeedsDisplayOfIndicators() } }
    }

    /// The insets scrolling honours: the app's `contentInset`, the safe area's as
    /// `contentInsetAdjustmentBehavior` says, and at the bottom what keyboard avoidance adds
    /// (kept apart, as UIKit's `adjustedContentInset` keeps its own adjustments; the keyboard
    /// covers the safe area's bottom, so the larger of the two counts).
    open var adjustedContentInset: EdgeInsets {
        var inset = contentInset
        let safe = safeAreaAdjustment
        inset.top += safe.top
        inset.left += safe.left
        inset.right += safe.right
        inset.bottom += max(safe.bottom, keyboardInset)
        return inset
    }

    /// The safe area's insets the behaviour adds.
    private var safeAreaAdjustment: EdgeInsets {
        guard contentInsetAdjustmentBehavior != .never, window?.windowSafeAreaInsets != .zero else { return .zero }
        var safe = safeAreaInsets
        guard contentInsetAdjustmentBehavior != .always else { return safe }
        let vertical = contentSize.height > bounds.height || alwaysBounceVertical
        let horizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
        if !vertical {
            safe.top = 0
            safe.bottom = 0
        }
        if !horizontal {
            safe.left = 0
            safe.right = 0
        }
        return safe
    }

    /// What keyboard avoidance adds below the content while the keyboard covers the view: only
    /// the overlap the app's own `contentInset` does not already cover (docs/behaviour/porting.md).
    public internal(set) var keyboardInset: Double = 0 { didSet { if keyboardInset != oldValue { setNeedsDisplayOfIndicators() } } }

    open override func boundsOriginDidChange() {
        delegate?.scrollViewDidScroll(self)
        if isDragging || isDecelerating || isScrollAnimating { showIndicators() }
    }

    /// Moves the content by a distance without a jump under a dragging finger (a table's row
    /// above the visible area grew when measured).
    func shiftContent(by dy: Double) {
        dragStartOffset.y += dy
        contentOffset = Point(x: contentOffset.x, y: contentOffset.y + dy)
    }

    /// Moves the content, animated over 0.3 s or at once; the offset is clamped to the resting range.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        let target = clampedOffset(offset)
        guard animated, let animator = window?.animator, target != contentOffset else {
            contentOffset = target
            return
        }
        let start = contentOffset
        isScrollAnimating = true
        showIndicators()
        motionToken = animator.animate(
            duration: 0.3, curve: .easeInOut,
            step: { [weak self] t in
                self?.contentOffset = Point(x: start.x + (target.x - start.x) * t, y: start.y + (target.y - start.y) * t)
            },
            completion: { [weak self] finished in
                guard let self else { return }
                self.isScrollAnimating = false
                self.motionToken = nil
                self.scheduleIndicatorFade()
                if finished { self.delegate?.scrollViewDidEndScrollingAnimation(self) }
            })
    }

    /// Insets move only the indicators (the content stays where it is): redraw their strips.
    private func setNeedsDisplayOfIndicators() {
        let b = bounds
        setNeedsDisplay(Rect(x: b.maxX - 12, y: b.minY, width: 12, height: b.height))
        setNeedsDisplay(Rect(x: b.minX, y: b.maxY - 12, width: b.width, height: 12))
    }

    /// Shows the scroll indicators briefly.
    public func flashScrollIndicators() {
        showIndicators()
        scheduleIndicatorFade()
    }

    private func stopMotion() {
        if let token = motionToken {
            motionToken = nil
            window?.animator.cancel(token)
        }
        isDecelerating = false
        isScrollAnimating = false
    }

    // MARK: Indicators

    private func showIndicators() {
        if let token = fadeToken {
            window?.animator.cancel(token)
            fadeToken = nil
        }
        if scrollIndicatorAlpha != 1 {
            scrollIndicatorAlpha = 1
            setNeedsDisplayOfIndicatorTracks()
        }
    }

    private func scheduleIndicatorFade() {
        guard let animator = window?.animator else { return }
        if let token = fadeToken { animator.cancel(token) }
        fadeToken = animator.animate(
            duration: 0.25, delay: 0.5, curve: .linear,
            step: { [weak self] t in
                self?.scrollIndicatorAlpha = 1 - t
                self?.setNeedsDisplayOfIndicatorTracks()
            }, completion: { [weak self] _ in self?.fadeToken = nil })
    }

    open override func drawOverlay(_ rect: Rect, in context: GraphicsContext) {
        indicatorDrawCount = 0
        guard scrollIndicatorAlpha > 0 else { return }
        let color = Color.scrollIndicator.withAlphaComponent(0.35 * scrollIndicatorAlpha)
        for indicator in indicators(in: rect) {
            context.fillRoundedRect(indicator.thumb, radius: ScrollIndicator.thickness / 2, color: color)
            indicatorDrawCount += 1
        }
    }

    // MARK: Wheel

    /// Scrolls by the wheel's distance within the resting range; at an edge the event goes to the
    /// next scroll view out, so nested scroll views chain.
    open override func scrollWheel(_ event: ScrollEvent) -> Bool {
        guard isScrollEnabled, !isTracking else { return next?.scrollWheel(event) ?? false }
        var dx = event.dx, dy = event.dy
        if event.modifierFlags.contains(.shift) && dx == 0 { (dx, dy) = (dy, 0) }
        let target = clampedOffset(
            Point(
                x: contentOffset.x + dx * wheelScrollMultiplier,
                y: contentOffset.y + dy * wheelScrollMultiplier))
        guard target != contentOffset else { return next?.scrollWheel(event) ?? false }
        stopMotion()
        showIndicators()
        contentOffset = target
        scheduleIndicatorFade()
        return true
    }

    // MARK: Touch dragging

    private var scrollsHorizontally: Bool { canScrollHorizontally || alwaysBounceHorizontal }
    private var scrollsVertically: Bool { canScrollVertically || alwaysBounceVertical }

    /// Claims a touch from a subview once it has moved past the slop in a direction this view scrolls.
    /// A drag or swipe recognizer of an ancestor does not begin in a scroll view that scrolls: the drag is its.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        let foreignDrag =
            gestureRecognizer.view !== self && (gestureRecognizer is PanGestureRecognizer || gestureRecognizer is SwipeGestureRecognizer)
        return !(foreignDrag && isScrollEnabled && (scrollsVertically || scrollsHorizontally))
    }

    open override func shouldInterceptTouch(_ touch: Touch) -> Bool {
        guard isScrollEnabled, !isHidden else { return false }
        let delta = touch.location(in: nil) - touch.startLocationInWindow
        return (scrollsVertically && abs(delta.y) > Self.dragSlop && abs(delta.y) >= abs(delta.x))
            || (scrollsHorizontally && abs(delta.x) > Self.dragSlop && abs(delta.x) > abs(delta.y))
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isScrollEnabled, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        stopMotion()
        isTracking = true
        touchStart = touch.startLocationInWindow
        samples = [(touch.timestamp, touch.location(in: nil))]
        if touch.location(in: nil).distance(to: touch.startLocationInWindow) > Self.dragSlop {
            beginDrag(at: touch.location(in: nil))
        }
    }

    private func beginDrag(at location: Point) {
        isDragging = true
        dragStartOffset = contentOffset
        dragAnchor = location
        delegate?.scrollViewWillBeginDragging(self)
        showIndicators()
        if keyboardDismissMode == .onDrag { dismissKeyboardFromDrag() }
    }

    /// How a drag in the scroll view sends the keyboard away (UIKit's `keyboardDismissMode`).
    public enum KeyboardDismissMode: Int, Hashable, Sendable {
        /// A drag leaves the keyboard alone.
        case none
        /// The keyboard goes as soon as a drag begins.
        case onDrag
        /// The keyboard goes when the dragging finger reaches it.
        case interactive
    }

    /// How a drag sends the keyboard away (`.none` by default).
    public var keyboardDismissMode = KeyboardDismissMode.none

    /// Ends the editing of a first responder inside this scroll view (or, interactively, in the
    /// accessory riding on the keyboard: a chat bar's text view), which takes the keyboard away.
    private func dismissKeyboardFromDrag() {
        guard let focus = dismissibleFocus else { return }
        _ = focus.resignFirstResponder()
    }

    /// The first responder a drag here may send the keyboard away from.
    private var dismissibleFocus: View? {
        guard let window, let focus = window.firstResponder as? View else { return nil }
        let inAccessory = keyboardDismissMode == .interactive && window.keyboard.presence.isInAccessory(focus)
        return focus.isDescendant(of: self) || inAccessory ? focus : nil
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isTracking, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
        let location = touch.location(in: nil)
        samples.append((touch.timestamp, location))
        samples.removeAll { touch.timestamp - $0.time > 0.1 }
        if !isDragging {
            guard location.distance(to: touchStart) > Self.dragSlop else { return }
            beginDrag(at: location)
        }
        // Interactively, a finger that reaches the keyboard (its accessory first) pulls it down
        // with it; the lift decides (touchesEnded).
        if keyboardDismissMode == .interactive, let keyboard = window?.keyboard, keyboard.showsInput, dismissibleFocus != nil {
            keyboard.presence.followInteractiveDrag(toY: location.y)
        }
        let lo = minimumContentOffset, hi = maximumContentOffset
        var raw = dragStartOffset
        if scrollsHorizontally { raw.x -= location.x - dragAnchor.x }
        if scrollsVertically { raw.y -= location.y - dragAnchor.y }
        contentOffset = Point(
            x: rubberBand(raw.x, lo.x, hi.x, bounds.width),
            y: rubberBand(raw.y, lo.y, hi.y, bounds.height))
    }

    private func rubberBand(_ value: Double, _ lo: Double, _ hi: Double, _ dimension: Double) -> Double {
        guard bounces else { return Swift.min(hi, Swift.max(lo, value)) }
        func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / Swift.max(1, dimension) + 1)) * dimension }
        if value < lo { return lo - band(lo - value) }
        if value > hi { return hi + band(value - hi) }
        return value
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isTracking, let touch = touches.first else { return super.touchesEnded(touches, with: event) }
        samples.append((touch.timestamp, touch.location(in: nil)))
        samples.removeAll { touch.timestamp - $0.time > 0.1 }
        if let keyboard = window?.keyboard, keyboard.presence.isFollowingDrag {
            var fingerSpeed = 0.0  // downwards, in points per second
            if let first = samples.first, let last = samples.last, last.time - first.time > 0.001 {
                fingerSpeed = (last.location.y - first.location.y) / (last.time - first.time)
            }
            if keyboard.presence.endInteractiveDrag(fingerSpeed: fingerSpeed) { dismissKeyboardFromDrag() }
            keyboard.presence.settleAfterDrag()
        }
        var velocity = Point.zero
        if let first = samples.first, let last = samples.last, last.time - first.time > 0.001 {
            let dt = last.time - first.time
            velocity = Point(
                x: scrollsHorizontally ? -(last.location.x - first.location.x) / dt : 0,
                y: scrollsVertically ? -(last.location.y - first.location.y) / dt : 0)
        }
        endTracking(velocity: velocity)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        guard isTracking else { return super.touchesCancelled(touches, with: event) }
        if let keyboard = window?.keyboard, keyboard.presence.isFollowingDrag {
            _ = keyboard.presence.endInteractiveDrag(fingerSpeed: -1)
            keyboard.presence.settleAfterDrag()
        }
        endTracking(velocity: .zero)
    }

    private func endTracking(velocity: Point) {
        isTracking = false
        samples.removeAll()
        guard isDragging else { return }
        isDragging = false
        lastReleaseVelocity = velocity
        let willMove = startDeceleration(velocity: velocity)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willMove)
        if !willMove { scheduleIndicatorFade() }
    }

    // MARK: Momentum (its physics: ScrollView+Momentum.swift)

    /// Starts momentum or a spring back; returns whether the content will keep moving.
    private func startDeceleration(velocity: Point) -> Bool {
        let lo = minimumContentOffset, hi = maximumContentOffset
        let start = contentOffset
        let x = Trajectory.make(
            offset: start.x, velocity: velocity.x, lo: lo.x, hi: hi.x,
            rate: decelerationRate.rawValue, bounces: bounces)
        let y = Trajectory.make(
            offset: start.y, velocity: velocity.y, lo: lo.y, hi: hi.y,
            rate: decelerationRate.rawValue, bounces: bounces)
        let duration = max(x.duration, y.duration)
        guard duration > 0, let animator = window?.animator else {
            contentOffset = Point(x: x.end, y: y.end)
            return false
        }
        isDecelerating = true
        motionToken = animator.animate(
            duration: duration, curve: .linear,
            step: { [weak self] t in
                let time = t * duration
                self?.contentOffset = Point(x: x.position(min(time, x.duration)), y: y.position(min(time, y.duration)))
            },
            completion: { [weak self] finished in
                guard let self else { return }
                self.motionToken = nil
                self.isDecelerating = false
                if finished {
                    self.contentOffset = Point(x: x.end, y: y.end)
                    self.delegate?.scrollViewDidEndDecelerating(self)
                }
                self.scheduleIndicatorFade()
            })
        return true
    }
}
