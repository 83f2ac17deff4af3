// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Whether the on-screen keyboard (or an input view) is up, where, and for whom: it follows the
/// first responder and the app's policy, slides the container in the window's top layer, posts
/// UIKit's keyboard notifications in the order of docs/behaviour/focus-and-editing.md, and lays
/// out the views that read a keyboard layout guide. The keyboard controller owns one.
@MainActor
final class KeyboardPresence {
    /// The keyboard controller (it owns this presence).
    private unowned let keyboard: KeyboardController
    private var window: Window { keyboard.window }
    /// Holds the accessory view and the keyboard (or input view), in the window's top layer.
    let container = PassthroughView()
    /// Whether the keyboard is up (or on its way up).
    private(set) var isVisible = false
    /// The keyboard's frame in window coordinates (below the window when hidden), accessory included.
    private(set) var frame: Rect = .zero
    /// Whether the input that last moved focus was a finger.
    var lastInputWasTouch = false
    private weak var client: Responder?
    /// The guides read, in the order first read (their views lay out in that order).
    private var guides: [WeakGuide] = []
    private struct WeakGuide { weak var guide: KeyboardLayoutGuide? }
    private var shownAccessory: View?
    private var shownInput: View?
    /// The responder whose `inputAccessoryView` is shown: it takes focus back when a responder
    /// inside the accessory (a chat bar's text view) resigns, so the bar stays at the bottom.
    private weak var accessoryOwner: Responder?

    /// The responder whose accessory shows now.
    var currentAccessoryOwner: Responder? { accessoryOwner }

    /// A presentation covers the window: the accessory's owner does not take focus back, so its
    /// accessory goes with the focus (it would sit over the presented dialog).
    func forgetAccessoryOwner() { accessoryOwner = nil }
    /// What the container holds below the accessory: the keyboard or the input view.
    private var containedInput: View?
    /// The input view this presence gave a height (it follows the safe area from then on).
    private weak var sizedInput: View?
    private var transitionCount = 0
    private var batchDepth = 0
    private var updatePending = false
    private var hiddenByHardwareKey = false

    init(keyboard: KeyboardController) {
        self.keyboard = keyboard
        container.isHidden = true
    }

    /// Runs `body` (a responder's focus change) and updates the keyboard once at its end, so that
    /// the keyboard's "will" notifications fall where docs/behaviour/focus-and-editing.md puts them.
    func batchUpdates<T>(_ body: () -> T) -> T {
        batchDepth += 1
        let result = body()
        batchDepth -= 1
        if batchDepth == 0 && updatePending {
            updatePending = false
            update()
        }
        return result
    }

    /// The first responder changed.
    func firstResponderDidChange() {
        if batchDepth > 0 {
            updatePending = true
        } else {
            update()
        }
    }

    /// Whether the keyboard or an input view is up (not only an accessory at the window's bottom).
    var showsInput: Bool { isVisible && containedInput != nil }

    /// Where a finger pulling the keyboard down holds its top (interactive dismissal); nil when none does.
    private var draggedTop: Double?
    /// Whether a finger is pulling the keyboard down.
    var isFollowingDrag: Bool { draggedTop != nil }

    /// A finger dragging a scroll view with `.interactive` dismissal is at `y`: once it is below
    /// the keyboard's top (the accessory's), the keyboard follows it down, no notifications posted
    /// while it does, as in UIKit; back above, the keyboard is back in place.
    func followInteractiveDrag(toY y: Double) {
        guard showsInput, y > frame.minY || draggedTop != nil else { return }
        let top = min(max(frame.minY, y), frame.maxY)
        draggedTop = top
        container.frame.origin.y = top
    }

    /// The finger lifted (`fingerSpeed` downwards, points per second): true when the keyboard is to
    /// go (pulled down by a quarter of its height, or flicked down); otherwise it slides back.
    func endInteractiveDrag(fingerSpeed: Double) -> Bool {
        guard let top = draggedTop else { return false }
        draggedTop = nil
        let pulled = top - frame.minY
        return pulled > frame.height / 4 || (pulled > 0 && fingerSpeed > 300)
    }

    /// After a drag's lift: a keyboard still up (not sent away, or its client refused to resign)
    /// slides back to its place; one going is already on its way.
    func settleAfterDrag() {
        guard showsInput, container.frame.minY != frame.minY else { return }
        let rest = frame.minY
        View.animate(withDuration: keyboard.duration, curve: KeyboardController.animationCurve) { self.container.frame.origin.y = rest }
    }

    /// Whether a view is inside the accessory shown now.
    func isInAccessory(_ view: View) -> Bool {
        guard let shownAccessory, isVisible else { return false }
        return view.isDescendant(of: shownAccessory)
    }

    /// A hardware key went down: with `.onTouch`, the keyboard goes.
    func hardwareKeyPressed() {
        guard keyboard.policy == .onTouch, showsInput, shownInput == nil else { return }
        hiddenByHardwareKey = true
        update()
    }

    /// A finger tapped a view: tapping the focused input again brings the keyboard back.
    func tapped(on view: View?) {
        guard keyboard.policy == .onTouch, !showsInput, let responder = window.firstResponder as? View, let view,
            view === responder || view.isDescendant(of: responder)
        else { return }
        hiddenByHardwareKey = false
        update()
    }

    /// Sizes or content changed (the window's size, larger text, the key height): a keyboard that
    /// is up takes its new frame.
    func relayout() {
        if isVisible { update(force: true) }
    }

    /// The language changed: a keyboard that is up takes the new language's rows and height (a
    /// frame change is posted only if its frame changed).
    func languageRowsDidChange() {
        if isVisible { update() }
    }

    /// A view controller's or a view's view left the window: an accessory it showed goes with it
    /// (a responder inside it resigns, and the owner does not take focus back).
    func viewWillLeave(_ view: View) {
        guard let owner = accessoryOwner, owner === view || (owner as? ViewController)?.viewIfLoaded === view else {
            return
        }
        accessoryOwner = nil
        if let focus = window.firstResponder as? View, isInAccessory(focus) { window.forceResign(focus) }
    }

    /// Whether a responder types with the on-screen keyboard now.
    private func wantsKeys(for responder: Responder) -> Bool {
        guard responder is KeyInput else { return false }
        if let client = responder as? TextInputClient, !client.acceptsKeyboardInput { return false }
        switch keyboard.policy {
        case .always: return true
        case .never: return false
        case .onTouch: return !hiddenByHardwareKey && (showsInput || lastInputWasTouch)
        }
    }

    /// The accessory a responder shows: its own or, for a responder inside the accessory shown now
    /// (a chat bar's text view), that one, as UIKit keeps it.
    private func accessory(for responder: Responder) -> View? {
        if let own = responder.inputAccessoryView { return own }
        if let view = responder as? View, isInAccessory(view) { return shownAccessory }
        return nil
    }

    /// What shows for a responder: an input view or the keyboard (with its accessory above), its
    /// accessory alone at the window's bottom (any responder, or a field typed on a hardware
    /// keyboard), or nothing.
    private enum Content { case input, accessoryOnly }
    private func content(for responder: Responder?) -> Content? {
        guard let responder else { return nil }
        if responder.inputView != nil || wantsKeys(for: responder) { return .input }
        return accessory(for: responder) != nil ? .accessoryOnly : nil
    }

    /// A responder inside the accessory resigned and nothing took its place: the accessory's owner
    /// takes focus back, so the accessory stays (at the bottom once the keyboard is gone).
    private func returnFocusToAccessoryOwner() -> Bool {
        guard window.firstResponder == nil, let owner = accessoryOwner, owner !== client,
            let previous = client as? View, isInAccessory(previous), owner.canBecomeFirstResponder
        else { return false }
        return owner.becomeFirstResponder()
    }

    func update(force: Bool = false) {
        if returnFocusToAccessoryOwner() { return }  // its own update showed the accessory
        let responder = window.firstResponder
        if responder == nil { hiddenByHardwareKey = false }
        let content = content(for: responder)
        let wants = content != nil
        let clientChanged = responder !== client
        guard wants || isVisible else {
            client = responder
            return
        }
        // Layout still pending (the window's first, for a field focused before the first frame) is
        // done now, at its final frames and with the keyboard where it was: only the keyboard's
        // change animates, never views from zero frames. An app's own animation block keeps it.
        if AnimationTransaction.current == nil { window.layOutPendingViews() }
        let bounds = window.bounds
        if clientChanged { keyboard.words.lastCorrection = nil }  // words put back stay uncorrected in every field
        if wants, let responder {
            if clientChanged { keyboard.restoreLanguage(for: responder) }
            guard prepareContent(for: responder, showsInput: content == .input) else { return }
            client = responder
            let height = container.bounds.height
            let end = Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
            if !isVisible {
                let begin = Rect(x: 0, y: bounds.height, width: bounds.width, height: height)
                isVisible = true
                container.isHidden = false
                container.frame = begin
                transition(from: begin, to: end, kind: .show)
            } else if clientChanged || force || end != frame {
                transition(from: frame, to: end, kind: .frameChange)
            }
        } else {
            client = responder
            accessoryOwner = nil
            let end = Rect(x: 0, y: bounds.height, width: bounds.width, height: frame.height)
            isVisible = false
            keyboard.keyboardView?.cancelPresses()  // found by the oracle (seed 502): a key held as it hid blocked the next tap
            transition(from: frame, to: end, kind: .hide)
        }
    }

    /// Puts the accessory and the keyboard (or input view) in the container and sizes it;
    /// false when there is nothing to show (no layouts and no input view).
    private func prepareContent(for responder: Responder, showsInput: Bool) -> Bool {
        let width = window.bounds.width
        let input: View?
        if !showsInput {
            input = nil
        } else if let custom = responder.inputView {
            input = custom
            // Made with a zero frame (a picker, as UIKit code makes it): its intrinsic height
            // above the window's bottom safe area, as UIKit sizes an input view.
            if custom.frame.height <= 0 || custom === sizedInput {
                let intrinsic = custom.intrinsicContentSize.height
                if intrinsic > 0 {
                    custom.frame.size.height = intrinsic + window.windowSafeAreaInsets.bottom
                    sizedInput = custom
                }
            }
        } else if let keys = keyboard.loadIfNeeded() {
            keys.configure(for: responder, windowSize: window.bounds.size, locale: keyboard.locale)
            guard !keys.model.rows.isEmpty else { return false }  // no layout for the type
            keys.frame.size = Size(width: width, height: keys.preferredHeight(forWindowSize: window.bounds.size))
            input = keys
        } else {
            return false
        }
        let accessory = accessory(for: responder)
        if accessory == nil && input == nil { return false }
        if responder.inputAccessoryView != nil {
            accessoryOwner = responder
        } else if accessory == nil {
            accessoryOwner = nil
        }
        // The keyboard gives way to an input view and back (a name field, then a date field).
        if containedInput !== input {
            containedInput?.removeFromSuperview()
            if let input { container.addSubview(input) }
            containedInput = input
        }
        if shownAccessory !== accessory {
            shownAccessory?.removeFromSuperview()
            if let accessory { container.addSubview(accessory) }
        }
        shownInput = responder.inputView == nil ? nil : input
        shownAccessory = accessory
        // An input view with no background of its own (a picker) sits on the keyboard's backdrop,
        // as in UIKit: what it covers does not show through.
        container.backgroundColor = shownInput != nil && input?.backgroundColor == nil ? KeyboardView.backdropColor : nil
        let accessoryHeight = accessory.map { Self.height(ofAccessory: $0, width: width) } ?? 0
        let inputHeight = input?.frame.height ?? 0
        // The accessory alone sits above the window's bottom safe area, as UIKit places it.
        let below = input == nil ? window.windowSafeAreaInsets.bottom : 0
        let size = Size(width: width, height: accessoryHeight + inputHeight + below)
        // A keyboard coming up starts below the window, so that resizing it damages nothing on screen.
        container.frame = Rect(origin: isVisible ? container.frame.origin : Point(x: 0, y: window.bounds.height), size: size)
        // Placed after the container's resize, which would stretch an accessory with a flexible height.
        accessory?.frame = Rect(x: 0, y: 0, width: width, height: accessoryHeight)
        input?.frame = Rect(x: 0, y: accessoryHeight, width: width, height: inputHeight)
        if container.superview !== window.topLayer { window.topLayer.addSubview(container) }
        return true
    }

    /// An accessory's height as UIKit works it out: its intrinsic height when it has one and was
    /// made with a zero frame or a flexible height (an input bar returning 44), else its frame's,
    /// else (a zero frame: a toolbar, as UIKit code makes it) the height that fits.
    static func height(ofAccessory accessory: View, width: Double) -> Double {
        let intrinsic = Double(accessory.intrinsicContentSize.height)
        let frame = accessory.frame.height
        if intrinsic > 0, frame == 0 || accessory.autoresizingMask.contains(.flexibleHeight) { return intrinsic }
        if frame > 0 { return frame }
        return max(0, accessory.sizeThatFits(Size(width: width, height: .infinity)).height)
    }

    private enum Kind { case show, hide, frameChange }

    private func transition(from begin: Rect, to end: Rect, kind: Kind) {
        transitionCount += 1
        let id = transitionCount
        frame = end
        let info: [AnyHashable: Any] = [
            // UIKit's types (docs/behaviour/keyboard-notifications.md): frames as NSValue (they cast to
            // CGRect too), the duration, the curve's raw value and the flag as NSNumber (they cast to
            // Double, UInt, Int and Bool).
            Responder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            Responder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            Responder.keyboardAnimationDurationUserInfoKey: NSNumber(value: keyboard.duration),
            Responder.keyboardAnimationCurveUserInfoKey: NSNumber(value: KeyboardController.animationCurve.rawValue),
            Responder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let center = NotificationCenter.default
        window.keyboardAvoidance.keyboardNotificationsWillPost()
        center.post(name: Responder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        // A frame changed while the keyboard stays up is shown again, as UIKit posts it (another
        // keyboard type, an accessory added, an input view): code observing only willShow follows it.
        let showing = kind == .show || (kind == .frameChange && end.minY < window.bounds.height)
        if showing { center.post(name: Responder.keyboardWillShowNotification, object: nil, userInfo: info) }
        if kind == .hide { center.post(name: Responder.keyboardWillHideNotification, object: nil, userInfo: info) }
        window.keyboardAvoidance.keyboardNotificationsDidPost(passRan: false)
        layOutForNewFrame()
        let finish: () -> Void = { [weak self] in
            guard let self, self.transitionCount == id else { return }
            if kind == .hide { self.container.isHidden = true }
            self.window.keyboardAvoidance.keyboardNotificationsWillPost()
            center.post(name: Responder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            if showing { center.post(name: Responder.keyboardDidShowNotification, object: nil, userInfo: info) }
            if kind == .hide { center.post(name: Responder.keyboardDidHideNotification, object: nil, userInfo: info) }
            self.window.keyboardAvoidance.keyboardNotificationsDidPost(passRan: true)
        }
        if container.frame == end || keyboard.duration == 0 {
            container.frame = end
            window.animator.schedule(after: 0) { finish() }  // no movement (or reduced motion): the next loop turn
        } else {
            View.animate(
                withDuration: KeyboardController.animationDuration, curve: KeyboardController.animationCurve,
                animations: { self.container.frame = end }, completion: { _ in finish() })
        }
    }

    /// Where the keyboard covers the window opaquely now (its keys' area as drawn, mid-slide too);
    /// the window skips drawing the content there. Null when hidden.
    var opaqueRect: Rect {
        guard !container.isHidden, let keys = keyboard.keyboardView, keys.superview === container,
            keys.presentationAlpha >= 1, container.presentationAlpha >= 1
        else { return .null }
        let box = container.presentationFrame
        let frame = keys.presentationFrame
        return Rect(x: box.minX + frame.minX, y: box.minY + frame.minY, width: frame.width, height: frame.height)
    }

    /// A guide was read: its view is laid out again when the keyboard's frame changes.
    func register(_ guide: KeyboardLayoutGuide) {
        if !guides.contains(where: { $0.guide === guide }) { guides.append(WeakGuide(guide: guide)) }
    }

    /// Runs keyboard avoidance and re-lays out the views reading a keyboard layout guide, inside
    /// the keyboard's animation.
    private func layOutForNewFrame() {
        guides = guides.filter { $0.guide?.owningView != nil }
        View.animate(withDuration: keyboard.duration, curve: KeyboardController.animationCurve) {
            for entry in guides { entry.guide?.updateTrackedConstraints() }
            for entry in guides {
                guard let view = entry.guide?.owningView, view.window === window else { continue }
                view.setNeedsLayout()
                view.layoutIfNeeded()
            }
        }
        window.keyboardAvoidance.update(animated: true)
    }
}
