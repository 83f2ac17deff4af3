// SPDX-License-Identifier: Apache-2.0
/// Lays out its arranged subviews in a row or a column (UIKit's `UIStackView`). Views with an
/// intrinsic size keep it; views without one share the space left over. Hidden views take no space.
/// Once the app uses constraints on the stack or an arranged view, the arrangement is made of
/// constraints too (StackView+Constraints); until then frames make the same layout without a solver.
@preconcurrency @MainActor
open class StackView: View {
    /// The direction views are stacked in.
    public enum Axis: Hashable, Sendable {
        /// Left to right.
        case horizontal
        /// Top to bottom.
        case vertical
    }

    /// Placement across the axis (UIKit's `UIStackView.Alignment`).
    public enum Alignment: Hashable, Sendable, CaseIterable {
        /// Stretched across the stack.
        case fill
        /// Left in a column, top in a row.
        case leading
        /// Centred.
        case center
        /// Right in a column, bottom in a row.
        case trailing
    }

    /// Sizing along the axis (UIKit's `UIStackView.Distribution`).
    public enum Distribution: Hashable, Sendable, CaseIterable {
        /// Natural sizes; views without one (or the last view) take what is left.
        case fill
        /// All views the same size.
        case fillEqually
        /// Sizes in proportion to the natural sizes, filling the stack.
        case fillProportionally
        /// Natural sizes with equal gaps filling the stack.
        case equalSpacing
        /// Natural sizes with centres equally far apart.
        case equalCentering
    }

    /// The direction of the stack.
    public var axis: Axis = .horizontal { didSet { arrangementDidChange() } }
    /// Space between adjacent views (the minimum for `equalSpacing` and `equalCentering`).
    public var spacing: Double = 0 { didSet { arrangementDidChange() } }
    /// Placement across the axis.
    public var alignment: Alignment = .fill { didSet { arrangementDidChange() } }
    /// Sizing along the axis.
    public var distribution: Distribution = .fill { didSet { arrangementDidChange() } }
    /// Whether views are laid out inside `layoutMargins` rather than the bounds.
    public var isLayoutMarginsRelativeArrangement = false { didSet { arrangementDidChange() } }

    /// The views the stack arranges, in order.
    public private(set) var arrangedSubviews: [View] = []
    /// The constraints and spacing guides of the arrangement, while constraints make it.
    var arrangement: (constraints: [NSLayoutConstraint], guides: [LayoutGuide]) = ([], [])
    /// Whether the app named an arranged view in a constraint (the arrangement then uses constraints).
    var arrangedViewsAreConstrained = false

    /// An empty stack from an archive, with the archived frame.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Creates a stack of views.
    public init(arrangedSubviews views: [View] = [], axis: Axis = .horizontal, spacing: Double = 0) {
        self.axis = axis
        self.spacing = spacing
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Appends a view to the arrangement (adding it as a subview).
    public func addArrangedSubview(_ view: View) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts a view into the arrangement at an index.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        // A view made for constraints (or already constrained) is arranged with them.
        if !view.translatesAutoresizingMaskIntoConstraints || !view.constraints.isEmpty {
            arrangedViewWasConstrained()
        }
        arrangementDidChange()
    }

    /// Makes the arrangement's constraints again, when constraints make it.
    open override func updateConstraints() {
        super.updateConstraints()
        rebuildArrangement()
    }

    /// Removes a view from the arrangement; it stays a subview, as in UIKit.
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        arrangementDidChange()
    }

    open override func willRemoveSubview(_ subview: View) {
        arrangedSubviews.removeAll { $0 === subview }
        arrangementDidChange()
    }

    open override func didAddSubview(_ subview: View) {
        subview.onHiddenChange = { [weak self] in self?.arrangementDidChange() }
    }

    var visible: [View] { arrangedSubviews.filter { !$0.isHidden } }

    private var contentInsets: EdgeInsets { isLayoutMarginsRelativeArrangement ? layoutMargins : .zero }

    private func along(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func across(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }

    /// The natural length of a view along the axis, or nil when it has none.
    private func naturalLength(_ view: View, crossAvailable: Double) -> Double? {
        let intrinsic = view.intrinsicContentSize
        guard along(intrinsic) != View.noIntrinsicMetric else { return nil }
        if axis == .vertical && alignment == .fill, let label = view as? Label, label.numberOfLines != 1 {
            return label.sizeThatFits(Size(width: crossAvailable, height: 0)).height
        }
        return along(intrinsic)
    }

    private func naturalCross(_ view: View, crossAvailable: Double) -> Double {
        let intrinsic = across(view.intrinsicContentSize)
        return intrinsic == View.noIntrinsicMetric ? crossAvailable : min(intrinsic, crossAvailable)
    }

    /// The natural size: the sum of natural lengths and spacing by the largest cross size (none
    /// while constraints make the arrangement: its views' constraints size the stack, as in UIKit).
    open override var intrinsicContentSize: Size {
        if arrangesWithConstraints { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        let views = visible
        var length = spacing * Double(max(0, views.count - 1))
        var cross = 0.0
        for view in views {
            let intrinsic = view.intrinsicContentSize
            length += max(0, along(intrinsic))
            cross = max(cross, across(intrinsic))
        }
        let insets = contentInsets
        return axis == .horizontal
            ? Size(width: length + insets.horizontal, height: cross + insets.vertical)
            : Size(width: cross + insets.horizontal, height: length + insets.vertical)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let natural = intrinsicContentSize
        guard axis == .vertical else { return natural }
        // A column of wrapping labels is as tall as they are at the offered width.
        let width = size.width > 0 ? size.width : natural.width
        let inner = width - contentInsets.horizontal
        let views = visible
        var height = spacing * Double(max(0, views.count - 1)) + contentInsets.vertical
        for view in views { height += naturalLength(view, crossAvailable: inner) ?? 0 }
        return Size(width: width, height: height)
    }

    open override func layoutSubviews() {
        guard !arrangesWithConstraints else { return }  // the window's engine placed them
        let box = bounds.inset(by: contentInsets)
        let views = visible
        guard !views.isEmpty else { return }
        let total = along(box.size)
        let crossAvailable = across(box.size)
        let gaps = spacing * Double(views.count - 1)
        let natural = views.map { naturalLength($0, crossAvailable: crossAvailable) }
        var lengths = natural.map { $0 ?? 0 }
        var gapSizes = Array(repeating: spacing, count: views.count - 1)

        switch distribution {
        case .fill:
            let leftover = total - gaps - lengths.reduce(0, +)
            let flexible = natural.indices.filter { natural[$0] == nil }
            if leftover >= 0 {
                if flexible.isEmpty {
                    lengths[lengths.count - 1] += leftover
                } else {
                    for i in flexible { lengths[i] += leftover / Double(flexible.count) }
                }
            } else {
                // Too little room: shrink from the last view backwards.
                var deficit = -leftover
                for i in lengths.indices.reversed() where deficit > 0 {
                    let cut = min(lengths[i], deficit)
                    lengths[i] -= cut
                    deficit -= cut
                }
            }
        case .fillEqually:
            lengths = Array(repeating: max(0, (total - gaps) / Double(views.count)), count: views.count)
        case .fillProportionally:
            let sum = lengths.reduce(0, +)
            let room = max(0, total - gaps)
            lengths = sum > 0 ? lengths.map { room * $0 / sum } : Array(repeating: room / Double(views.count), count: views.count)
        case .equalSpacing:
            let free = total - lengths.reduce(0, +)
            if views.count > 1 {
                gapSizes = Array(repeating: max(spacing, free / Double(views.count - 1)), count: views.count - 1)
            }
        case .equalCentering:
            if views.count > 1 {
                // Centres equally far apart, first flush with the start and last with the end.
                let first = lengths[0] / 2, last = lengths[lengths.count - 1] / 2
                let step = (total - first - last) / Double(views.count - 1)
                for i in gapSizes.indices {
                    gapSizes[i] = max(spacing, step - lengths[i] / 2 - lengths[i + 1] / 2)
                }
            }
        }

        var position = axis == .horizontal ? box.minX : box.minY
        for (i, view) in views.enumerated() {
            let crossLength = alignment == .fill ? crossAvailable : naturalCross(view, crossAvailable: crossAvailable)
            let crossStart = axis == .horizontal ? box.minY : box.minX
            let crossOffset: Double
            switch alignment {
            case .fill, .leading: crossOffset = 0
            case .center: crossOffset = ((crossAvailable - crossLength) / 2).rounded(.down)
            case .trailing: crossOffset = crossAvailable - crossLength
            }
            view.frame =
                axis == .horizontal
                ? Rect(x: position, y: crossStart + crossOffset, width: lengths[i], height: crossLength)
                : Rect(x: crossStart + crossOffset, y: position, width: crossLength, height: lengths[i])
            position += lengths[i] + (i < gapSizes.count ? gapSizes[i] : 0)
        }
    }
}
