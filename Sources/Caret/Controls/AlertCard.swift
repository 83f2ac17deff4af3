// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The dimmed backdrop an alert controller's view is: it places the card in the space above the
/// keyboard (centred for an alert, at the bottom for a sheet, beside its source for a sheet shown
/// as a popover) and reports taps outside the card.
@MainActor
final class AlertBackdrop: View {
    let card: AlertCard
    private let tappedOutside: () -> Void
    /// The space above the keyboard, inside the safe area.
    private let area = LayoutGuide()
    /// Where a sheet points in a window of regular width (nil for an alert).
    private let popover: PopoverPresentationController?
    /// The constraints that place the card when it is not a popover.
    private var placing: [NSLayoutConstraint] = []
    /// Whether the card shows as a popover now.
    private(set) var isPopover = false

    required init?(coder: NSCoder) { nil }  // made only by its controller
    init(card: AlertCard, isSheet: Bool, popover: PopoverPresentationController? = nil, tappedOutside: @escaping () -> Void) {
        self.card = card
        self.tappedOutside = tappedOutside
        self.popover = popover
        super.init(frame: .zero)
        backgroundColor = .alertDimming
        accessibilityViewIsModal = true
        card.translatesAutoresizingMaskIntoConstraints = false
        addSubview(card)
        addLayoutGuide(area)
        let margin = 8.0
        var constraints = [
            area.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: margin),
            area.bottomAnchor.constraint(equalTo: keyboardLayoutGuide.topAnchor, constant: -margin),
            area.leadingAnchor.constraint(equalTo: safeAreaLayoutGuide.leadingAnchor, constant: margin),
            area.trailingAnchor.constraint(equalTo: safeAreaLayoutGuide.trailingAnchor, constant: -margin),
            card.centerXAnchor.constraint(equalTo: area.centerXAnchor),
            card.topAnchor.constraint(greaterThanOrEqualTo: area.topAnchor),
            card.leadingAnchor.constraint(greaterThanOrEqualTo: area.leadingAnchor),
        ]
        let width = card.widthAnchor.constraint(equalToConstant: isSheet ? AlertCard.sheetWidth : AlertCard.alertWidth)
        width.priority = .defaultHigh  // narrower where the window is
        constraints.append(width)
        if isSheet {
            constraints.append(card.bottomAnchor.constraint(equalTo: area.bottomAnchor))
        } else {
            let centred = card.centerYAnchor.constraint(equalTo: area.centerYAnchor)
            centred.priority = .defaultHigh  // below the top where the space is short
            constraints.append(centred)
        }
        NSLayoutConstraint.activate(constraints)
        placing = constraints
    }

    /// A sheet with a source in a window of regular width shows beside the source, undimmed and
    /// without its cancel button; otherwise as placed by its constraints.
    override func layoutSubviews() {
        let anchor = traitCollection.horizontalSizeClass == .regular ? popover?.anchor(in: self) : nil
        if (anchor != nil) != isPopover {
            isPopover = anchor != nil
            if isPopover { NSLayoutConstraint.deactivate(placing) } else { NSLayoutConstraint.activate(placing) }
            card.translatesAutoresizingMaskIntoConstraints = isPopover
            card.hidesCancel = isPopover
            backgroundColor = isPopover ? .clear : .alertDimming
            popover?.arrowDirection = .unknown
        }
        super.layoutSubviews()
        guard let anchor, let popover else { return }
        let margin = 8.0
        let area = bounds.inset(by: safeAreaInsets).insetBy(dx: margin, dy: margin)
        let width = min(AlertCard.popoverWidth, area.width)
        let size = Size(width: width, height: min(card.height(forWidth: width), area.height))
        let placed = popover.frame(of: size, beside: anchor, in: area)
        card.frame = placed.frame
        popover.arrowDirection = placed.arrow
    }

    /// It takes the keys while the alert has no text field.
    override var canBecomeFirstResponder: Bool { true }

    override func touchesEnded(_ touches: Set<Touch>, with event: InputEvent?) {
        if let touch = touches.first, !card.frame.contains(touch.location(in: self)) { tappedOutside() }
        super.touchesEnded(touches, with: event)
    }
}

/// The card of an alert or sheet: title, message, text fields and the actions' buttons.
@MainActor
final class AlertCard: View {
    static let alertWidth = 270.0, sheetWidth = 420.0, popoverWidth = 304.0
    let titleLabel = Label()
    let messageLabel = Label()
    private(set) var fields: [AlertTextField] = []
    private var buttons: [(button: Button, action: AlertAction)] = []
    /// The buttons' area: it scrolls when the card is shorter than its buttons (a long sheet).
    private let buttonArea = ScrollView()
    /// The hairlines between the header and the buttons and between buttons, one per button.
    private var hairlines: [ObjectIdentifier: (top: View, side: View)] = [:]
    var isSheet = false { didSet { invalidateIntrinsicContentSize() } }
    /// Whether the cancel action's button is left out (a popover: a tap outside cancels).
    var hidesCancel = false {
        didSet {
            for entry in buttons where entry.action.style == .cancel {
                entry.button.isHidden = hidesCancel
                hairlines[ObjectIdentifier(entry.button)]?.top.isHidden = hidesCancel
            }
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }
    /// The buttons shown.
    private var shownButtons: [(button: Button, action: AlertAction)] {
        hidesCancel ? buttons.filter { $0.action.style != .cancel } : buttons
    }
    private let padding = 16.0, fieldHeight = 32.0, buttonHeight = 44.0, cancelGap = 8.0

    required init?(coder: NSCoder) { nil }  // made only by its controller
    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .alertBackground
        cornerRadius = 14
        clipsToBounds = true
        titleLabel.font = .boldSystemFont(ofSize: 17)
        messageLabel.font = .systemFont(ofSize: 13)
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            addSubview(label)
        }
        buttonArea.showsHorizontalScrollIndicator = false
        addSubview(buttonArea)
    }

    /// Sets the title and message and lays the card out again for them.
    func show(title: String?, message: String?) {
        titleLabel.text = title
        messageLabel.text = message
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    func addField() -> AlertTextField {
        let field = AlertTextField()
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 15)
        field.backgroundColor = .tertiarySystemBackground
        fields.append(field)
        addSubview(field)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        return field
    }

    func addButton(for action: AlertAction, tapped: @escaping () -> Void) {
        let button = Button(title: action.title ?? "", style: .plain) { _ in tapped() }
        button.setTitleColor(action.style == .destructive ? .systemRed : nil, for: .normal)
        button.isEnabled = action.isEnabled
        action.button = button
        buttons.append((button, action))
        let top = View(), side = View()
        for line in [top, side] {
            line.backgroundColor = .separator
            line.isUserInteractionEnabled = false
            buttonArea.addSubview(line)
        }
        hairlines[ObjectIdentifier(button)] = (top, side)
        buttonArea.addSubview(button)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The buttons in the order shown: a cancel action first of two side by side (an alert's
    /// left), last otherwise.
    private var orderedButtons: [(button: Button, action: AlertAction)] {
        let cancel = shownButtons.filter { $0.action.style == .cancel }, others = shownButtons.filter { $0.action.style != .cancel }
        return sideBySide ? cancel + others : others + cancel
    }

    /// Two actions of an alert share a row.
    private var sideBySide: Bool { !isSheet && buttons.count == 2 }

    override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: height(forWidth: bounds.width > 0 ? bounds.width : (isSheet ? Self.sheetWidth : Self.alertWidth)))
    }

    private func labelHeight(_ label: Label, width: Double) -> Double {
        guard let text = label.text, !text.isEmpty else { return 0 }
        return label.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
    }

    private func headerHeight(forWidth width: Double) -> Double {
        let inner = width - 2 * padding
        let title = labelHeight(titleLabel, width: inner), message = labelHeight(messageLabel, width: inner)
        let fieldsHeight = fields.isEmpty ? 0 : Double(fields.count) * fieldHeight + Double(fields.count - 1) * 8 + 12
        let content = title + (title > 0 && message > 0 ? 4 : 0) + message + fieldsHeight
        return content > 0 ? content + 2 * padding : 0
    }

    /// The card's height at a width.
    func height(forWidth width: Double) -> Double {
        let shown = shownButtons
        let rows = sideBySide ? 1 : shown.count
        let gap = isSheet && shown.contains { $0.action.style == .cancel } && shown.count > 1 ? cancelGap : 0
        return headerHeight(forWidth: width) + Double(rows) * buttonHeight + gap
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width, inner = width - 2 * padding
        if abs(bounds.height - height(forWidth: width)) > 0.5 { invalidateIntrinsicContentSize() }
        var y = padding
        let title = labelHeight(titleLabel, width: inner)
        titleLabel.frame = Rect(x: padding, y: y, width: inner, height: title)
        y += title
        let message = labelHeight(messageLabel, width: inner)
        if title > 0, message > 0 { y += 4 }
        messageLabel.frame = Rect(x: padding, y: y, width: inner, height: message)
        y += message
        if !fields.isEmpty { y += 12 }
        for (index, field) in fields.enumerated() {
            if index > 0 { y += 8 }
            field.frame = Rect(x: padding, y: y, width: inner, height: fieldHeight)
            y += fieldHeight
        }
        let header = headerHeight(forWidth: width)
        buttonArea.frame = Rect(x: 0, y: header, width: width, height: max(0, bounds.height - header))
        y = 0
        let ordered = orderedButtons
        for (index, entry) in ordered.enumerated() {
            entry.button.titleFont = entry.action === preferred ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
            if sideBySide {
                entry.button.frame = Rect(x: Double(index) * width / 2, y: y, width: width / 2, height: buttonHeight)
            } else {
                if isSheet, entry.action.style == .cancel, index > 0 { y += cancelGap }
                entry.button.frame = Rect(x: 0, y: y, width: width, height: buttonHeight)
                y += buttonHeight
            }
            let frame = entry.button.frame
            if let lines = hairlines[ObjectIdentifier(entry.button)] {
                lines.top.frame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 0.5)
                lines.side.frame = Rect(x: frame.minX, y: frame.minY, width: 0.5, height: frame.height)
                lines.side.isHidden = !(sideBySide && frame.minX > 0)
            }
        }
        buttonArea.contentSize = Size(width: width, height: sideBySide ? buttonHeight : y)
    }

    /// The preferred action, drawn bold (set by the controller).
    weak var preferredController: AlertController?
    private var preferred: AlertAction? { preferredController?.preferredAction }

}

/// An alert's text field: Escape in it cancels the alert, as in UIKit, instead of only leaving the field.
@MainActor
final class AlertTextField: TextField {
    var escapePressed: (() -> Void)?

    override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        if let escape = escapePressed, presses.contains(where: { $0.key.keyCode == .keyboardEscape }) { return escape() }
        super.pressesBegan(presses, with: event)
    }
}
