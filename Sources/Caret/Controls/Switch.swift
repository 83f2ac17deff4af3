// SPDX-License-Identifier: Apache-2.0
/// An on/off switch (UIKit's `UISwitch`): a 51 × 31-point track whose thumb rests at the trailing
/// end when on. A tap toggles it, the thumb can be dragged across, and Space toggles it when it has
/// keyboard focus; each change a person makes sends `.valueChanged` (docs/behaviour/porting.md).
@preconcurrency @MainActor
open class Switch: Control {
    /// The size UIKit's switch has, whatever frame it is given.
    static let trackSize = Size(width: 51, height: 31)
    private static let thumbInset = 2.0
    /// How far a pressed thumb stretches towards the middle.
    private static let pressedStretch = 6.0

    private let track = View()
    private let thumb = View()
    /// Where a dragged thumb shows the switch (nil when not dragged): on or off.
    private var draggedOn: Bool?
    /// Where the touch went down, in the switch's coordinates.
    private var touchStart = Point.zero

    /// Whether the switch is on; setting it sends no action.
    open var isOn: Bool {
        get { storedOn }
        set { setOn(newValue, animated: false) }
    }
    private var storedOn = false

    /// The track's colour when on (a green dark enough for 3:1 against the white thumb when nil).
    open var onTintColor: Color? { didSet { placeParts() } }
    /// The thumb's colour (white when nil).
    open var thumbTintColor: Color? { didSet { placeParts() } }

    /// Creates a switch, off; its size is always 51 × 31 points.
    public override init(frame: Rect) {
        super.init(frame: frame)
        track.isUserInteractionEnabled = false
        thumb.isUserInteractionEnabled = false
        track.layer.cornerRadius = Self.trackSize.height / 2
        thumb.layer.shadowColor = .black
        thumb.layer.shadowOpacity = 0.25
        thumb.layer.shadowRadius = 1.5
        thumb.layer.shadowOffset = Size(width: 0, height: 1.5)
        addSubview(track)
        addSubview(thumb)
        placeParts()
    }

    /// Switches are made in code: there are no nibs.
    public required init?(coder: NSCoder) { nil }

    /// Turns the switch on or off, the thumb sliding when animated; no action is sent.
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != storedOn else { return }
        storedOn = on
        // The selected state (which places the parts) changes inside the animation, so the
        // thumb slides rather than jumping before it.
        if animated {
            View.animate(withDuration: 0.25) {
                self.isSelected = on
                self.placeParts()
            }
        } else {
            isSelected = on
            placeParts()
        }
    }

    /// The switch's fixed size.
    open override var intrinsicContentSize: Size { Self.trackSize }
    /// The switch's fixed size.
    open override func sizeThatFits(_ size: Size) -> Size { Self.trackSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeParts()
    }

    open override func stateDidChange() {
        super.stateDidChange()
        placeParts()
    }

    /// Places the track and the thumb for the shown state (a drag's, else `isOn`) and colours them.
    private func placeParts() {
        let shownOn = draggedOn ?? storedOn
        let size = Self.trackSize
        let x = isRightToLeftLayout ? bounds.maxX - size.width : 0
        let trackFrame = Rect(x: x, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        track.frame = trackFrame
        track.backgroundColor = shownOn ? (onTintColor ?? .switchOnTrack) : .switchOffTrack
        let diameter = size.height - 2 * Self.thumbInset
        let width = diameter + (isHighlighted ? Self.pressedStretch : 0)
        // The trailing end is on: the right, or the left in a right-to-left layout.
        let atTrailing = shownOn != isRightToLeftLayout
        let thumbX = atTrailing ? trackFrame.maxX - Self.thumbInset - width : trackFrame.minX + Self.thumbInset
        thumb.frame = Rect(x: thumbX, y: trackFrame.minY + Self.thumbInset, width: width, height: diameter)
        thumb.layer.cornerRadius = diameter / 2
        thumb.backgroundColor = thumbTintColor ?? .white
        // Dimmed when disabled through its parts: the switch's own alpha is the app's.
        track.alpha = isEnabled ? 1 : 0.5
        thumb.alpha = track.alpha
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        touchStart = touches.first?.location(in: self) ?? .zero
        draggedOn = nil
        super.touchesBegan(touches, with: event)
        animateParts()
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        super.touchesMoved(touches, with: event)
        guard isTracking, let point = touches.first?.location(in: self) else { return }
        // A drag: past a few points the thumb follows the finger to the nearer end.
        guard draggedOn != nil || abs(point.x - touchStart.x) > 6 else { return }
        let trailing = isRightToLeftLayout ? point.x < track.frame.midX : point.x > track.frame.midX
        if draggedOn != trailing {
            draggedOn = trailing
            animateParts()
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        let wasTracking = isTracking
        let dragged = draggedOn
        let inside = isTouchInside
        draggedOn = nil
        super.touchesEnded(touches, with: event)
        guard wasTracking else { return }
        // A drag ends where the thumb is shown; a tap (a lift inside) toggles.
        if let dragged {
            change(to: dragged)
        } else if inside {
            change(to: !storedOn)
        } else {
            animateParts()
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        draggedOn = nil
        super.touchesCancelled(touches, with: event)
        animateParts()
    }

    private func animateParts() { View.animate(withDuration: 0.2) { self.placeParts() } }

    /// A person's change: animated, then `.valueChanged` when the value differs.
    private func change(to on: Bool) {
        guard on != storedOn else { return animateParts() }
        setOn(on, animated: true)
        sendActions(for: .valueChanged)
        accessibilityStateDidChange()
    }

    // MARK: Accessibility

    override var accessibilityDefaults: AccessibilityDefaults {
        let language = Localization.language(for: self)
        let value = storedOn ? RoleWord.on.text(language) : RoleWord.off.text(language)
        return AccessibilityDefaults(
            isElement: true, value: value, traits: storedOn ? [.button, .toggleButton, .selected] : [.button, .toggleButton])
    }

    /// Toggles the switch as a tap does (spoken mode's double tap, a switch user, Space).
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        change(to: !storedOn)
        return true
    }
}

extension Color {
    /// The track of a switch that is on: the white thumb and a white or black background stand out
    /// from it by 4.5:1 (UIKit's lighter green and grey reach 2:1 and 1.2:1, under WCAG's 3:1 for
    /// what shows a control's state).
    static let switchOnTrack = Color(rgb: 0x248A3D)
    /// The track of a switch that is off, as far from the thumb and the backgrounds.
    static let switchOffTrack = Color(rgb: 0x787880)
}
