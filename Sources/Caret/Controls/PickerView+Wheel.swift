// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One wheel of a picker: its rows drawn on a cylinder seen from the front (a row's distance from
/// the middle is an angle; rows away from it come closer together, smaller and fainter), turned
/// by dragging with momentum that settles on a row (ScrollView's `Trajectory`, aimed at a row),
/// by a tap on a row above or below the middle, by the mouse wheel a row at a time, and by
/// assistive technology (PickerView+Accessibility.swift).
@MainActor
final class PickerWheel: View {
    unowned let picker: PickerView
    let component: Int
    private(set) var rowCount = 0
    private(set) var rowHeight = Double(PickerView.defaultRowHeight)
    /// The row chosen; during a drag, still the one chosen before it.
    private(set) var selectedRow = 0
    /// How far the wheel is turned, in points along it: row r is in the middle at r × rowHeight.
    private(set) var offset = 0.0 {
        didSet {
            guard offset != oldValue else { return }
            setNeedsDisplay()
            rowViews.place(in: self)
        }
    }
    /// The delegate's views for the rows on the wheel, when it gives views instead of titles.
    let rowViews = PickerRowViews()
    /// The row a motion that is running ends on (the mouse wheel counts on from it).
    private(set) var motionTarget: Int?
    private var motion: Animator.Token?
    private var touchStartY = 0.0
    private var dragStartOffset = 0.0
    private var isDragging = false
    private var stoppedMotion = false
    private var samples: [(time: Double, y: Double)] = []
    private var wheelDistance = 0.0

    /// The font of the middle row (UIKit's picker titles).
    static let font = Font.systemFont(ofSize: 21)
    /// How far a touch moves before the wheel follows it.
    static let dragSlop = 4.0
    /// How quickly a flung wheel slows down.
    static let decelerationRate = ScrollView.DecelerationRate.normal

    init(picker: PickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        clipsToBounds = true  // the delegate's row views end at the wheel's edges
    }

    required init?(coder: NSCoder) { fatalError("a picker makes its wheels") }

    /// The rows (and their height) changed: the selection stays, within the rows.
    func reload(rowCount: Int, rowHeight: Double) {
        stopMotion()
        self.rowCount = rowCount
        self.rowHeight = rowHeight
        selectedRow = clamp(selectedRow)
        rowViews.reload(for: self)
        offset = Double(selectedRow) * rowHeight
        rowViews.place(in: self)
        setNeedsDisplay()
        accessibilityStateDidChange()
    }

    func clamp(_ row: Int) -> Int { min(max(0, row), max(0, rowCount - 1)) }

    /// Selects a row now and turns the wheel to it; a user's choice (assistive technology) is told at once.
    func select(_ row: Int, animated: Bool, byUser: Bool) {
        guard rowCount > 0 else { return }
        let target = clamp(row)
        let changed = target != selectedRow
        stopMotion()
        selectedRow = target
        if animated, window != nil {
            turn(toRow: target, duration: 0.3, curve: .easeInOut, settles: false)
        } else {
            offset = Double(target) * rowHeight
        }
        if changed {
            accessibilityStateDidChange()
            picker.wheelDidSettle(self, byUser: byUser)
        }
    }

    // MARK: Geometry

    /// The cylinder's radius: the rows fill the wheel's height from one edge to the other.
    var radius: Double { max(rowHeight * 1.5, bounds.height / 2 - 8) }

    /// The row drawn at a height in the wheel, if one is there.
    func row(atY y: Double) -> Int? {
        guard rowCount > 0 else { return nil }
        let sine = (y - bounds.midY) / radius
        guard abs(sine) < 0.98 else { return nil }
        return clamp(Int(((offset + asin(sine) * radius) / rowHeight).rounded()))
    }

    /// The rows on the front of the cylinder now, each with its angle from the middle.
    var visibleRows: [(row: Int, angle: Double)] {
        guard rowCount > 0, rowHeight > 0 else { return [] }
        let reach = radius * .pi / 2
        let first = max(0, Int(((offset - reach) / rowHeight).rounded(.down)))
        let last = min(rowCount - 1, Int(((offset + reach) / rowHeight).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).compactMap { row in
            let angle = (Double(row) * rowHeight - offset) / radius
            return abs(angle) < .pi / 2 - 0.05 ? (row, angle) : nil
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        rowViews.place(in: self)
    }

    // MARK: Drawing

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let rows = visibleRows
        guard !rows.isEmpty, !rowViews.isActive else { return }  // the delegate's views draw themselves
        context.saveGState()
        context.clip(to: bounds)
        for (row, angle) in rows {
            let facing = cos(angle)
            let title = picker.title(forRow: row, inComponent: component)
            guard !title.isEmpty else { continue }
            let run = context.shape(title, font: Self.font.withSize(Self.font.pointSize * (0.55 + 0.45 * facing)))
            let width = run.scalarOffsets.last ?? 0
            let enabled = picker.rowIsEnabled?(component, row) ?? true
            let ink = enabled ? Color.label : Color.secondaryLabel.withAlphaComponent(0.6)
            let y = bounds.midY + radius * sin(angle) - run.metrics.lineHeight / 2
            context.drawText(run, at: Point(x: bounds.midX - width / 2, y: y), color: ink.withAlphaComponent(ink.alpha * facing * facing))
        }
        context.restoreGState()
    }

    // MARK: Touches

    override func keepsTouch(_ touch: Touch) -> Bool { true }

    /// The wheel keeps its taps and drags from an ancestor's recognizers, as a control and a scroll view do.
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        gestureRecognizer.view === self || gestureRecognizer is PinchGestureRecognizer
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: InputEvent?) {
        guard rowCount > 0, let touch = touches.first else { return }
        stoppedMotion = motion != nil
        stopMotion()
        touchStartY = touch.location(in: nil).y
        dragStartOffset = offset
        isDragging = false
        samples = [(touch.timestamp, touchStartY)]
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: InputEvent?) {
        guard rowCount > 0, let touch = touches.first else { return }
        let y = touch.location(in: nil).y
        samples.append((touch.timestamp, y))
        if !isDragging, abs(y - touchStartY) > Self.dragSlop { isDragging = true }
        guard isDragging else { return }
        offset = rubberBand(dragStartOffset - (y - touchStartY))
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        guard rowCount > 0, let touch = touches.first else { return }
        let y = touch.location(in: nil).y
        if isDragging {
            samples.append((touch.timestamp, y))
            samples.removeAll { touch.timestamp - $0.time > 0.1 }
            var velocity = 0.0
            if let first = samples.first, let last = samples.last, last.time - first.time > 0.001 {
                velocity = -(last.y - first.y) / (last.time - first.time)
            }
            isDragging = false
            fling(velocity: velocity)
        } else if stoppedMotion {
            turn(toRow: nearestRow, duration: 0.2, curve: .easeOut, settles: true)
        } else if let row = row(atY: touch.location(in: self).y), row != selectedRow {
            turn(toRow: row, duration: 0.3, curve: .easeInOut, settles: true)
        }
        samples.removeAll()
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: InputEvent?) {
        guard rowCount > 0 else { return }
        isDragging = false
        samples.removeAll()
        turn(toRow: nearestRow, duration: 0.2, curve: .easeOut, settles: true)
    }

    /// The mouse wheel turns the wheel a row per notch (small trackpad steps add up to one).
    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        guard rowCount > 0, !isDragging, event.dy != 0 else { return next?.scrollWheel(event) ?? false }
        wheelDistance += event.dy
        guard abs(wheelDistance) >= 20 else { return true }
        let steps = max(1, Int(abs(wheelDistance) / 40)) * (wheelDistance > 0 ? 1 : -1)
        wheelDistance = 0
        let target = clamp((motionTarget ?? selectedRow) + steps)
        guard target != (motionTarget ?? selectedRow) else { return next?.scrollWheel(event) ?? false }
        stopMotion()
        turn(toRow: target, duration: 0.15, curve: .easeOut, settles: true)
        return true
    }

    // MARK: Motion

    private var nearestRow: Int { clamp(Int((offset / rowHeight).rounded())) }

    /// Past either end while dragged, the wheel follows the finger less and less.
    private func rubberBand(_ value: Double) -> Double {
        let hi = Double(max(0, rowCount - 1)) * rowHeight
        let dimension = max(1, bounds.height)
        func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / dimension + 1)) * dimension }
        if value < 0 { return -band(-value) }
        if value > hi { return hi + band(value - hi) }
        return value
    }

    /// Lets a released wheel run on: the momentum's rest is moved to the nearest row (the speed
    /// aimed so that it stops there); one flung past an end bounces back to the end's row.
    func fling(velocity: Double) {
        let lo = 0.0, hi = Double(max(0, rowCount - 1)) * rowHeight
        let rate = Self.decelerationRate.rawValue
        let trajectory: ScrollView.Trajectory
        if offset < lo || offset > hi {
            trajectory = .make(offset: offset, velocity: 0, lo: lo, hi: hi, rate: rate, bounces: true)
        } else {
            let projected = ScrollView.projectedOffset(offset, velocity: velocity, rate: Self.decelerationRate)
            if projected < lo || projected > hi {
                trajectory = .make(offset: offset, velocity: velocity, lo: lo, hi: hi, rate: rate, bounces: true)
            } else {
                let target = (projected / rowHeight).rounded() * rowHeight
                let aimed = -(target - offset) * 1000 * log(rate)  // the speed whose free run stops at target
                trajectory = .make(offset: offset, velocity: aimed, lo: lo, hi: hi, rate: rate, bounces: true)
            }
        }
        let row = clamp(Int((trajectory.end / rowHeight).rounded()))
        guard trajectory.duration > 0, let animator = window?.animator else {
            return turn(toRow: row, duration: 0.2, curve: .easeOut, settles: true)
        }
        let duration = trajectory.duration
        motionTarget = row
        motion = animator.animate(
            duration: duration, curve: .linear,
            step: { [weak self] t in self?.offset = trajectory.position(min(t * duration, duration)) },
            completion: { [weak self] finished in self?.motionEnded(finished: finished, settles: true) })
    }

    /// Turns the wheel to a row over a time (at once without a window or with reduced motion).
    private func turn(toRow row: Int, duration: Double, curve: TimingCurve, settles: Bool) {
        let target = Double(row) * rowHeight
        guard let window, !window.prefersReducedMotion, abs(target - offset) > 0.01 else {
            offset = target
            if settles { settle() }
            return
        }
        let start = offset
        motionTarget = row
        motion = window.animator.animate(
            duration: duration, curve: curve,
            step: { [weak self] t in self?.offset = start + (target - start) * t },
            completion: { [weak self] finished in self?.motionEnded(finished: finished, settles: settles) })
    }

    private func motionEnded(finished: Bool, settles: Bool) {
        motion = nil
        motionTarget = nil
        if finished && settles { settle() }
    }

    private func stopMotion() {
        guard let token = motion else { return }
        motion = nil
        motionTarget = nil
        window?.animator.cancel(token)
    }

    /// The wheel came to rest after the user turned it: it sits exactly on a row, and a new row is
    /// the picker's (and its delegate's) news.
    private func settle() {
        let row = nearestRow
        offset = Double(row) * rowHeight
        guard row != selectedRow else { return }
        selectedRow = row
        accessibilityStateDidChange()
        picker.wheelDidSettle(self, byUser: true)
    }

    // MARK: Accessibility (its members: PickerView+Accessibility.swift)

    override var accessibilityDefaults: AccessibilityDefaults {
        AccessibilityDefaults(
            isElement: rowCount > 0, label: picker.accessibilityLabelForComponent?(component),
            value: self.accessibilityRowDescription, traits: .adjustable)
    }

    override func accessibilityIncrement() { adjust(by: 1) }
    override func accessibilityDecrement() { adjust(by: -1) }
}
