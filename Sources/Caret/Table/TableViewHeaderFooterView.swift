// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A section's header or footer (UIKit's `UITableViewHeaderFooterView`): a label, or views put in
/// `contentView`; reused as cells are.
@preconcurrency @MainActor
open class TableViewHeaderFooterView: View {
    /// The identifier the table reuses the view under.
    public let reuseIdentifier: String?
    /// The view the content goes in.
    public let contentView = View()
    /// The title label.
    public let textLabel = Label()
    /// Whether it is a footer (wrapping, not capitalised) rather than a header.
    var isFooter = false
    /// The style of the table it is in.
    var tableStyle: TableView.Style = .plain { didSet { restyle() } }

    /// A view reused under an identifier (a subclass overrides it, as in UIKit).
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        setUp()
    }

    /// A view of a registered class, made by the table: it runs the class's own
    /// `init(reuseIdentifier:)`. Subclasses that override UIKit's two initializers, or none, inherit it.
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(reuseIdentifier: identifier)
    }

    /// A view from an archive.
    public required init?(coder: NSCoder) {
        reuseIdentifier = nil
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addSubview(contentView)
        contentView.addSubview(textLabel)
        textLabel.numberOfLines = 0
        restyle()
    }

    /// Called before the table hands the view out again.
    open func prepareForReuse() {}

    private func restyle() {
        if tableStyle == .plain && !isFooter {
            textLabel.font = .systemFont(ofSize: 17, weight: .bold)
            textLabel.textColor = .label
            backgroundColor = .secondarySystemBackground
        } else {
            textLabel.font = .preferredFont(forTextStyle: .footnote)
            textLabel.textColor = .secondaryLabel
            backgroundColor = tableStyle == .plain ? .secondarySystemBackground : nil
        }
        textLabel.accessibilityTraits = isFooter ? .staticText : [.staticText, .header]
        setNeedsLayout()
    }

    /// The title as shown: a grouped table's headers in capitals.
    func show(title: String?) {
        textLabel.text = tableStyle != .plain && !isFooter ? title?.uppercased() : title
        setNeedsLayout()
    }

    /// The label's insets: a grouped header sits low, near its rows; a footer high, near them.
    private var labelInsets: EdgeInsets {
        let side = tableStyle == .insetGrouped ? 36.0 : 16
        if tableStyle == .plain && !isFooter { return EdgeInsets(top: 4, left: side, bottom: 4, right: side) }
        return isFooter
            ? EdgeInsets(top: 6, left: side, bottom: 12, right: side)
            : EdgeInsets(top: 16, left: side, bottom: 6, right: side)
    }

    /// The height its title needs at a width.
    func fittingHeight(forWidth width: Double) -> Double {
        let inset = labelInsets
        let text = textLabel.text ?? ""
        let label = text.isEmpty ? 0 : textLabel.sizeThatFits(Size(width: max(0, width - inset.horizontal), height: 0)).height
        let minimum = tableStyle == .plain && !isFooter ? 28.0 : 0
        return max(minimum, (label + inset.vertical).rounded(.up))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        let inset = labelInsets
        let width = max(0, bounds.width - inset.horizontal)
        let height = textLabel.sizeThatFits(Size(width: width, height: 0)).height.rounded(.up)
        let y = isFooter ? inset.top : max(inset.top, bounds.height - inset.bottom - height)
        textLabel.frame = Rect(
            x: inset.left, y: tableStyle == .plain && !isFooter ? ((bounds.height - height) / 2).rounded() : y, width: width, height: height)
    }
}
