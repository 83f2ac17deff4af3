// SPDX-License-Identifier: Apache-2.0
/// A bar of items (UIKit's `UIToolbar`): 44 points tall, items laid out from the left with
/// flexible spaces sharing what is left. Its common use is a keyboard's input accessory view
/// with a Done button: `Toolbar` sizes itself when made with a zero frame.
@preconcurrency @MainActor
open class Toolbar: View {
    /// The bar's height.
    public static let height = 44.0

    /// The items, left to right.
    public var items: [BarButtonItem]? {
        didSet {
            for item in oldValue ?? [] where item.bar === self {
                item.button?.removeFromSuperview()
                item.bar = nil
            }
            for item in items ?? [] {
                item.bar = self
                item.refreshButton()
                if let button = item.button { addSubview(button) }
            }
            setNeedsLayout()
        }
    }

    /// Sets the items (there is no animation).
    public func setItems(_ items: [BarButtonItem]?, animated: Bool) { self.items = items }

    /// The bar's colour behind the items.
    public var barTintColor: Color? { didSet { setNeedsDisplay() } }

    /// A toolbar from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        backgroundColor = .systemGroupedBackground
    }

    /// Creates a toolbar; a zero frame is given the bar's height when it is laid out or sized.
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .systemGroupedBackground
    }

    /// As wide as offered, 44 points tall; offered no width (`Toolbar().sizeToFit()`, as UIKit
    /// code makes an accessory bar), as wide as its window, or the main screen.
    open override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite && size.width > 0 ? size.width : (window?.bounds.width ?? Screen.main.bounds.width)
        return Size(width: width, height: Self.height)
    }

    /// The bar's height, with no width preference.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Self.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let items = self.items ?? []
        let margin = 8.0, spacing = 8.0
        var widths: [Double] = items.map { item in
            if item.systemItem == .fixedSpace { return item.width }
            guard let button = item.button else { return 0 }
            item.refreshButton()
            return max(item.width, button.sizeThatFits(bounds.size).width)
        }
        let flexible = items.indices.filter { items[$0].systemItem == .flexibleSpace }
        let used = widths.reduce(0, +) + spacing * Double(max(0, items.count - 1)) + 2 * margin
        if !flexible.isEmpty {
            let share = max(0, bounds.width - used) / Double(flexible.count)
            for i in flexible { widths[i] = share }
        }
        var x = margin
        for (item, width) in zip(items, widths) {
            if let button = item.button {
                let height = min(bounds.height, button.sizeThatFits(bounds.size).height)
                button.frame = Rect(x: x, y: ((bounds.height - height) / 2).rounded(.down), width: width, height: height)
            }
            x += width + spacing
        }
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        if let barTintColor { context.fill(bounds, color: barTintColor) }
        context.fill(Rect(x: 0, y: 0, width: bounds.width, height: 0.5), color: .separator)
    }
}
