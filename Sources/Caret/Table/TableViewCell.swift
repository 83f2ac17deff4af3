// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A row of a table view (UIKit's `UITableViewCell`): put views in `contentView`, or use the
/// labels and image of a standard style; an accessory at the trailing edge; highlighted while
/// touched and selected as the table says; reused when it leaves the screen.
@preconcurrency @MainActor
open class TableViewCell: View {
    /// The standard layouts (UIKit's `UITableViewCell.CellStyle`).
    public enum CellStyle: Int, Sendable, Hashable {
        /// An image and a label.
        case `default`
        /// A label with a grey detail at the trailing edge (Settings).
        case value1
        /// A small tinted label before a detail (Contacts).
        case value2
        /// A label with a smaller grey detail under it.
        case subtitle
    }

    /// What stands at the trailing edge (UIKit's `UITableViewCell.AccessoryType`).
    public enum AccessoryType: Int, Sendable, Hashable {
        /// Nothing.
        case none
        /// A chevron: the row leads somewhere.
        case disclosureIndicator
        /// An info button and a chevron.
        case detailDisclosureButton
        /// A check mark: the row is chosen.
        case checkmark
        /// An info button.
        case detailButton
    }

    /// How a selected row shows (UIKit's `UITableViewCell.SelectionStyle`).
    public enum SelectionStyle: Int, Sendable, Hashable {
        /// Not at all.
        case none
        /// Grey (UIKit's blue is grey since iOS 7).
        case blue
        /// Grey.
        case gray
        /// Grey.
        case `default`
    }

    /// Whether lines divide the rows (UIKit's `UITableViewCell.SeparatorStyle`).
    public enum SeparatorStyle: Int, Sendable, Hashable {
        /// No lines.
        case none
        /// A hairline under each row.
        case singleLine
    }

    /// The identifier the table reuses the cell under.
    public let reuseIdentifier: String?
    /// The layout of the standard labels.
    public let cellStyle: CellStyle
    /// The view the cell's content goes in (it leaves room for the accessory).
    public let contentView = View()
    /// The accessory drawn at the trailing edge.
    public var accessoryType: AccessoryType = .none { didSet { setNeedsLayout(); setNeedsDisplay() } }
    /// A view at the trailing edge in place of the accessory type (a switch, a button).
    public var accessoryView: View? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    /// How selection shows.
    public var selectionStyle: SelectionStyle = .default { didSet { setNeedsDisplay() } }
    /// A view shown behind the content while the row is selected or highlighted.
    public var selectedBackgroundView: View? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, at: 0) }
            updateSelectedBackground()
        }
    }
    /// Insets of the line under the row (nil: the table's).
    public var separatorInset: EdgeInsets? { didSet { setNeedsDisplay() } }
    /// Whether the row is selected.
    public private(set) var isSelected = false
    /// Whether a finger is on the row.
    public private(set) var isHighlighted = false

    /// Set by the table: the card's rounded corners (inset grouped), the line under the row.
    var position = Position() { didSet { if position != oldValue { setNeedsDisplay() } } }
    /// How far the row's content is moved aside for its swipe actions (positive: to the right).
    var swipeOffset = 0.0 {
        didSet {
            guard swipeOffset != oldValue else { return }
            layOutCell()
            setNeedsDisplay()
        }
    }
    /// The editing mode's state, set by the table (TableEditor.swift).
    var editing = CellEditing() {
        didSet {
            if editing.accessoryType != oldValue.accessoryType || editing.isEditing != oldValue.isEditing
                || editing.showsReorder != oldValue.showsReorder
            {
                setNeedsDisplay()
            }
        }
    }
    struct Position: Equatable {
        var roundsTop = false
        var roundsBottom = false
        var separator: EdgeInsets?
        var separatorColor: Color = .separator
    }
    var _textLabel: Label?
    var _detailTextLabel: Label?
    var _imageView: ImageView?

    /// A cell of a style, reused under an identifier (a subclass overrides it, as in UIKit).
    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        setUp()
    }

    /// A default-style cell with no reuse identifier and a frame (`TableViewCell()` makes one too).
    public override convenience init(frame: Rect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// A default-style cell of a registered class, made by the table (`dequeueReusableCell`): it
    /// runs the class's own `init(style:reuseIdentifier:)`. Subclasses that override UIKit's two
    /// initializers, or none, inherit it.
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    /// A default-style cell from an archive.
    public required init?(coder: NSCoder) {
        cellStyle = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        contentView.frame = bounds
        contentView.layoutMargins = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        addSubview(contentView)
    }

    /// The main label (made when first asked for).
    public var textLabel: Label? {
        if let label = _textLabel { return label }
        let label = Label()
        label.font = cellStyle == .value2 ? .preferredFont(forTextStyle: .footnote) : .preferredFont(forTextStyle: .body)
        if cellStyle == .value2 {
            label.textColor = tintColor
            label.textAlignment = .right
        }
        _textLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The detail label of the value and subtitle styles (nil in the default style).
    public var detailTextLabel: Label? {
        guard cellStyle != .default else { return nil }
        if let label = _detailTextLabel { return label }
        let label = Label()
        if cellStyle == .value1 { label.textAlignment = .right }
        label.font = cellStyle == .subtitle ? .preferredFont(forTextStyle: .subheadline) : .preferredFont(forTextStyle: .body)
        label.textColor = cellStyle == .value2 ? .label : .secondaryLabel
        _detailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The image at the leading edge (made when first asked for).
    public var imageView: ImageView? {
        if let view = _imageView { return view }
        let view = ImageView()
        view.contentMode = .scaleAspectFit
        _imageView = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }

    /// Called before the table hands the cell out again: reset what the data source sets.
    open func prepareForReuse() {
        setHighlighted(false, animated: false)
    }

    /// Selects or deselects the row's look.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != isSelected else { return }
        isSelected = selected
        updateSelectedBackground()
        accessibilityStateDidChange()  // a screen reader hears the row become (or stop being) selected
    }

    /// Highlights the row's look while touched.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        updateSelectedBackground()
    }

    /// Enters or leaves editing mode: the editing control slides in at the leading edge (TableEditor.swift).
    open func setEditing(_ editing: Bool, animated: Bool) { applyEditing(editing, animated: animated) }

    /// Whether the row shows as selected now.
    var showsSelection: Bool { selectionStyle != .none && (isSelected || isHighlighted) }

    private func updateSelectedBackground() {
        selectedBackgroundView?.isHidden = !showsSelection
        setNeedsDisplay()
    }

    // Layout and drawing: TableViewCell+Layout.swift; accessibility: TableView+Accessibility.swift.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutCell()
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width > 0 ? size.width : bounds.width
        return Size(width: width, height: fittingHeight(forWidth: width))
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) { drawCell(in: context) }

    override var accessibilityDefaults: AccessibilityDefaults { standardAccessibilityDefaults }

    open override func accessibilityActivate() -> Bool { activateRow() }

    // Keyboard focus (TableView+KeyboardFocus.swift): a row a tap would select takes focus.
    open override var canBecomeFirstResponder: Bool { rowTakesFocus }

    /// Takes focus, and the table notes the row (for `remembersLastFocusedIndexPath`).
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard super.becomeFirstResponder() else { return false }
        if let table = superview as? TableView { table.lastFocusedIndexPath = table.indexPath(for: self) }
        return true
    }

    open override var canBecomeFocused: Bool { rowTakesFocus }

    open override func pressesBegan(_ presses: Set<Press>, with event: InputEvent?) {
        guard let press = presses.first, isFirstResponder, handleRowKey(press) else { return super.pressesBegan(presses, with: event) }
    }
}
