// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The idle timeout's warning (docs/behaviour/kiosk.md, WCAG 2.2.1): before the timeout acts, a
/// panel says, and spoken mode and screen readers hear, that the screen will reset, counting down;
/// any touch, click, key or switch gives the guest the whole time again, and that input reaches
/// no view (as the touch that wakes a blanked screen).
struct IdleWarningState {
    var duration: TimeInterval? = 20
    var message = "Do you need more time? Touch the screen or press any key to continue."
    var timer: Animator.Token?
    var tick: Animator.Token?
    var deadline = 0.0
    var panel: IdleWarningPanel?
}

extension Window {
    /// Seconds before the idle timeout acts that its warning shows and is spoken (20 by default);
    /// nil: the timeout acts unannounced.
    public var idleWarningDuration: TimeInterval? {
        get { idleWarning.duration }
        set {
            idleWarning.duration = newValue.map { max(1, $0) }
            restartIdleTimers()
        }
    }

    /// What the idle warning asks the guest, before its countdown.
    public var idleWarningMessage: String {
        get { idleWarning.message }
        set { idleWarning.message = newValue }
    }

    /// Whether the idle warning shows now.
    public var isShowingIdleWarning: Bool { idleWarning.panel != nil }

    /// Schedules the warning for the idle timeout started now (called with the idle timers).
    func scheduleIdleWarning() {
        if let token = idleWarning.timer { animator.cancel(token) }
        idleWarning.timer = nil
        guard let timeout = idleTimeout, let warning = idleWarning.duration else { return hideIdleWarning(answered: false) }
        let lead = min(warning, timeout)
        idleWarning.timer = animator.schedule(after: timeout - lead) { [weak self] in
            guard let self else { return }
            self.idleWarning.timer = nil
            self.showIdleWarning(deadline: self.backend.clock.now + lead)
        }
    }

    private func showIdleWarning(deadline: Double) {
        idleWarning.deadline = deadline
        if isScreenBlanked {  // a warning on a black screen helps no one
            isScreenBlanked = false
            setNeedsDisplay()
        }
        let panel = idleWarning.panel ?? IdleWarningPanel()
        idleWarning.panel = panel
        panel.message.text = idleWarning.message
        updateIdleCountdown()
        topLayer.addSubview(panel)
        layoutIdleWarning()
        if hasAccessibilityObservers {
            postAccessibility(.notification(.announcement, argument: idleWarning.message + " " + (panel.countdown.text ?? "")))
        }
    }

    /// Lays the panel out in the middle of the window, as wide as it may be.
    func layoutIdleWarning() {
        guard let panel = idleWarning.panel else { return }
        let width = min(bounds.width - 40, 560)
        panel.frame = Rect(x: ((bounds.width - width) / 2).rounded(), y: 0, width: width, height: 0)
        panel.layoutIfNeeded()
        let height = panel.fittingHeight(width: width)
        panel.frame = Rect(x: panel.frame.minX, y: ((bounds.height - height) / 3).rounded(), width: width, height: height)
    }

    /// Shows the whole seconds left and wakes again when the next one has passed (timers fire on
    /// frames: each wake is set from the deadline, so the count never drifts).
    private func updateIdleCountdown() {
        guard let panel = idleWarning.panel else { return }
        let remaining = idleWarning.deadline - backend.clock.now
        let seconds = max(0, Int(remaining.rounded(.up)))
        panel.countdown.text = seconds == 1 ? "This screen resets in 1 second." : "This screen resets in \(seconds) seconds."
        layoutIdleWarning()
        if let token = idleWarning.tick { animator.cancel(token) }
        idleWarning.tick = nil
        guard seconds > 1 else { return }
        idleWarning.tick = animator.schedule(after: remaining - Double(seconds - 1) + 0.001) { [weak self] in
            self?.idleWarning.tick = nil
            self?.updateIdleCountdown()
        }
    }

    /// Takes the warning away: the guest answered (true) or the timeout acted (false).
    func hideIdleWarning(answered: Bool) {
        if let token = idleWarning.tick { animator.cancel(token) }
        idleWarning.tick = nil
        guard let panel = idleWarning.panel else { return }
        panel.removeFromSuperview()
        idleWarning.panel = nil
        if answered, hasAccessibilityObservers { postAccessibility(.notification(.announcement, argument: "You have more time.")) }
    }
}

/// The idle warning's panel: its question and countdown, dark on white with a thick border.
final class IdleWarningPanel: View {
    let message = Label()
    let countdown = Label()

    init() {
        super.init(frame: .zero)
        backgroundColor = .white
        borderColor = .black
        borderWidth = 3
        cornerRadius = 12
        for label in [message, countdown] {
            label.numberOfLines = 0
            label.textAlignment = .center
            label.textColor = .black
            addSubview(label)
        }
        message.font = .boldSystemFont(ofSize: 22)
        countdown.font = .systemFont(ofSize: 20)
        accessibilityViewIsModal = true
    }

    required init?(coder: NSCoder) { nil }

    private let padding = 20.0

    /// The height the panel needs at a width.
    func fittingHeight(width: Double) -> Double {
        let inner = Size(width: width - 2 * padding, height: .greatestFiniteMagnitude)
        return (padding * 2 + message.sizeThatFits(inner).height + 12 + countdown.sizeThatFits(inner).height).rounded(.up)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inner = Size(width: bounds.width - 2 * padding, height: .greatestFiniteMagnitude)
        let first = message.sizeThatFits(inner).height
        message.frame = Rect(x: padding, y: padding, width: inner.width, height: first)
        countdown.frame = Rect(x: padding, y: padding + first + 12, width: inner.width, height: countdown.sizeThatFits(inner).height)
    }
}
