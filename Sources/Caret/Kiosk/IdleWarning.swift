// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The idle timeout's warning (docs/behaviour/kiosk.md, WCAG 2.2.1): before the timeout acts, a
/// panel says, and spoken mode and screen readers hear, that the screen will reset, counting down;
/// any touch, click, key or switch gives the guest the whole time again, and that input reaches
/// no view (as the touch that wakes a blanked screen).
@MainActor
final class IdleWarning {
    private weak var host: KioskHost?
    /// Seconds before the timeout that the warning shows; nil: never.
    var duration: TimeInterval? = 20
    /// What the app has the warning ask instead of Caret's own question.
    var customMessage: String?
    /// What the warning asks, before its countdown.
    var message: String { customMessage ?? KioskWord.idleMessage.text(language) }
    private var language: String { Localization.language(preferring: host?.preferredLanguages ?? []) }
    private var timer: Animator.Token?
    private var tick: Animator.Token?
    private var deadline = 0.0
    private(set) var panel: IdleWarningPanel?

    init(host: KioskHost) { self.host = host }

    /// Whether the warning shows now.
    var isShowing: Bool { panel != nil }

    /// Schedules the warning for an idle timeout started now (nil: none, and a warning showing
    /// goes); `willShow` runs as it shows.
    func schedule(timeout: TimeInterval?, willShow: @escaping () -> Void) {
        guard let host else { return }
        if let token = timer { host.animator.cancel(token) }
        timer = nil
        guard let timeout, let duration else { return hide(answered: false) }
        let lead = min(duration, timeout)
        timer = host.animator.schedule(after: timeout - lead) { [weak self] in
            guard let self, let host = self.host else { return }
            self.timer = nil
            willShow()
            self.show(deadline: host.backend.clock.now + lead)
        }
    }

    private func show(deadline: Double) {
        guard let host else { return }
        self.deadline = deadline
        let panel = self.panel ?? IdleWarningPanel()
        self.panel = panel
        panel.message.text = message
        updateCountdown()
        host.topLayer.addSubview(panel)
        layOut()
        if host.hasAccessibilityObservers {
            host.postAccessibility(.notification(.announcement, argument: message + " " + (panel.countdown.text ?? "")))
        }
    }

    /// Lays the panel out in the middle of the window, whole: 560 points wide, the window's width
    /// when the text size needs it, and its text smaller only when even that is too tall (at ax5 on
    /// a 1024×600 panel the question ran off the screen and the countdown was not seen).
    private func layOut() {
        guard let panel, let bounds = host?.bounds else { return }
        let room = bounds.height - 20
        var width = min(bounds.width - 40, 560)
        panel.fitFonts(width: width, height: .greatestFiniteMagnitude)
        if panel.fittingHeight(width: width) > room {
            width = bounds.width - 20
            panel.fitFonts(width: width, height: room)
        }
        let height = min(panel.fittingHeight(width: width), room)
        panel.frame = Rect(
            x: ((bounds.width - width) / 2).rounded(), y: max(10, ((bounds.height - height) / 3).rounded()), width: width, height: height)
        panel.layoutIfNeeded()
    }

    /// Shows the whole seconds left and wakes again when the next one has passed (timers fire on
    /// frames: each wake is set from the deadline, so the count never drifts).
    private func updateCountdown() {
        guard let panel, let host else { return }
        let remaining = deadline - host.backend.clock.now
        let seconds = max(0, Int(remaining.rounded(.up)))
        panel.countdown.text = KioskWord.idleCountdown.text(language, count: seconds)
        layOut()
        if let token = tick { host.animator.cancel(token) }
        tick = nil
        guard seconds > 1 else { return }
        tick = host.animator.schedule(after: remaining - Double(seconds - 1) + 0.001) { [weak self] in
            self?.tick = nil
            self?.updateCountdown()
        }
    }

    /// Takes the warning away: the guest answered (true) or the timeout acted (false).
    func hide(answered: Bool) {
        if let token = tick { host?.animator.cancel(token) }
        tick = nil
        guard let panel else { return }
        panel.removeFromSuperview()
        self.panel = nil
        if answered, let host, host.hasAccessibilityObservers {
            host.postAccessibility(.notification(.announcement, argument: KioskWord.moreTime.text(language)))
        }
    }
}

/// The idle warning's panel: its question and countdown, dark on white with a thick border.
final class IdleWarningPanel: View {
    let message = Label()
    let countdown = Label()

    init() {
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        borderColor = .label
        borderWidth = 3
        cornerRadius = 12
        for label in [message, countdown] {
            label.numberOfLines = 0
            label.textAlignment = .center
            label.textColor = .label
            addSubview(label)
        }
        message.font = .boldSystemFont(ofSize: 22)
        countdown.font = .systemFont(ofSize: 20)
        accessibilityViewIsModal = true
    }

    required init?(coder: NSCoder) { nil }

    private let padding = 20.0

    /// The fonts at the window's text size, made smaller (down to 40 %) only while the panel
    /// would be taller than `height` at `width`.
    func fitFonts(width: Double, height: Double) {
        let scale = appliedContentSizeScale
        var factor = 1.0
        while true {
            message.font = .boldSystemFont(ofSize: (22 * scale * factor).rounded())
            countdown.font = .systemFont(ofSize: (20 * scale * factor).rounded())
            if fittingHeight(width: width) <= height || factor < 0.4 { return }
            factor *= 0.9
        }
    }

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
