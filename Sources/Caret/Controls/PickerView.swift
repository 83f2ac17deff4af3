// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Supplies a picker's components and rows (UIKit's `UIPickerViewDataSource`).
@preconcurrency @MainActor
public protocol PickerViewDataSource: AnyObject {
    /// How many wheels the picker shows.
    func numberOfComponents(in pickerView: PickerView) -> Int
    /// How many rows a wheel has.
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Gives a picker's rows their titles and sizes and hears the user's choices (UIKit's
/// `UIPickerViewDelegate`); every method is optional.
@preconcurrency @MainActor
public protocol PickerViewDelegate: AnyObject {
    /// The title of a row.
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// The user settled a wheel on a new row (not sent for `selectRow(_:inComponent:animated:)`).
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
    /// The height of a wheel's rows.
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat
    /// The width of a wheel.
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat
    /// A view for a row in place of its title (`view` is one off the wheel, to reuse, or nil).
    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View
}

extension PickerViewDelegate {
    /// No title: the row is empty.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    /// Does nothing.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
    /// UIKit's row height, 32 points.
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat { PickerView.defaultRowHeight }
    /// The wheels share the width equally.
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat { 0 }
    /// No view: the row shows its title.
    public func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        PickerTitleRowView()
    }
}

/// Wheels of rows on cylinders that the user drags, flings and taps to choose a row in each
/// (UIKit's `UIPickerView`, in its wheels style): rows away from the middle shrink and fade, the
/// selection band runs across the middle, a released wheel settles on a row and the delegate
/// hears `didSelectRow`. Usable as a text field's `inputView`.
@preconcurrency @MainActor
open class PickerView: View {
    /// UIKit's row height.
    public static let defaultRowHeight: CGFloat = 32
    /// UIKit's picker height.
    static let standardHeight: CGFloat = 216
    /// The space between two wheels.
    static let componentSpacing: CGFloat = 5

    /// Supplies the components and rows; they are asked for again when next needed (as UIKit, not
    /// while it is set: an app may set it before what it answers from is ready).
    public weak var dataSource: PickerViewDataSource? { didSet { setNeedsReload() } }
    /// Gives titles and sizes and hears selections; the components are asked for again when next needed.
    public weak var delegate: PickerViewDelegate? { didSet { setNeedsReload() } }

    /// The wheels, one per component, made from the data source first if it changed.
    var wheels: [PickerWheel] {
        if needsReload { reloadAllComponents() }
        return builtWheels
    }
    private var builtWheels: [PickerWheel] = []
    private var needsReload = false

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
        setNeedsDisplay()
    }
    /// A wheel's label for assistive technology ("Month"), set by a date picker.
    var accessibilityLabelForComponent: ((Int) -> String?)?
    /// Whether a row is drawn as one that can be chosen (a date picker greys dates out of its range).
    var rowIsEnabled: ((Int, Int) -> Bool)?

    /// Creates a picker; its rows come from the data source.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A picker from an archive, with the archived frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Components and rows

    /// How many wheels the picker shows.
    public var numberOfComponents: Int { wheels.count }

    /// How many rows a wheel has (0 for a component that does not exist).
    public func numberOfRows(inComponent component: Int) -> Int {
        wheels.indices.contains(component) ? wheels[component].rowCount : 0
    }

    /// The size of a wheel's rows.
    public func rowSize(forComponent component: Int) -> CGSize {
        guard wheels.indices.contains(component) else { return .zero }
        return CGSize(width: wheels[component].frame.width, height: wheels[component].rowHeight)
    }

    /// The row selected in a wheel, or -1 when it has no rows.
    public func selectedRow(inComponent component: Int) -> Int {
        guard wheels.indices.contains(component), wheels[component].rowCount > 0 else { return -1 }
        return wheels[component].selectedRow
    }

    /// Selects a row in code, turning the wheel to it (over 0.3 s when animated); the delegate is
    /// not told, as in UIKit.
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard wheels.indices.contains(component) else { return }
        wheels[component].select(row, animated: animated, byUser: false)
    }

    /// Asks the data source and delegate for every component again.
    public func reloadAllComponents() {
        needsReload = false
        let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        while builtWheels.count > count { builtWheels.removeLast().removeFromSuperview() }
        while builtWheels.count < count {
            let wheel = PickerWheel(picker: self, component: builtWheels.count)
            builtWheels.append(wheel)
            addSubview(wheel)
        }
        for component in builtWheels.indices { reloadComponent(component) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Asks the data source and delegate for one component's rows again (the selection stays, within the rows).
    public func reloadComponent(_ component: Int) {
        guard wheels.indices.contains(component) else { return }
        let rows = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
        let height = delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
        wheels[component].reload(rowCount: rows, rowHeight: height > 0 ? Double(height) : Double(Self.defaultRowHeight))
        setNeedsLayout()
    }

    /// The view a row shows, if the delegate gives views and the row is on its wheel now.
    public func view(forRow row: Int, forComponent component: Int) -> View? {
        wheels.indices.contains(component) ? wheels[component].rowViews.shown[row] : nil
    }

    /// What a row shows: the delegate's title, or the words of the delegate's view for it.
    func title(forRow row: Int, inComponent component: Int) -> String {
        if let title = delegate?.pickerView(self, titleForRow: row, forComponent: component) { return title }
        guard wheels.indices.contains(component) else { return "" }
        return wheels[component].rowViews.spokenTitle(forRow: row) ?? ""
    }

    /// A wheel settled on a new row by the user: the delegate hears it.
    func wheelDidSettle(_ wheel: PickerWheel, byUser: Bool) {
        guard byUser else { return }
        delegate?.pickerView(self, didSelectRow: wheel.selectedRow, inComponent: wheel.component)
    }

    /// Redraws the wheels (which rows are enabled changed).
    func setNeedsDisplayOfWheels() {
        for wheel in wheels { wheel.setNeedsDisplay() }
    }

    // MARK: Layout and drawing (the wheels draw themselves: PickerView+Wheel.swift)

    /// UIKit's picker size: 320 by 216 points.
    open override var intrinsicContentSize: Size { Size(width: 320, height: Self.standardHeight) }

    /// The width offered (320 without one) by UIKit's height, 216.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width > 0 && size.width.isFinite ? size.width : 320, height: Self.standardHeight)
    }

    /// The area the wheels turn in: the bounds above the window's bottom safe area (the home
    /// indicator under a picker shown as an input view).
    var wheelArea: Rect {
        var area = bounds
        area.size.height = max(0, area.height - safeAreaInsets.bottom)
        return area
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let area = wheelArea
        guard !wheels.isEmpty else { return }
        let spacing = Double(Self.componentSpacing)
        let asked = wheels.indices.map { Double(delegate?.pickerView(self, widthForComponent: $0) ?? 0) }
        let free = area.width - 16 - spacing * Double(wheels.count - 1)
        let fixed = asked.filter { $0 > 0 }.reduce(0, +)
        let flexibleCount = asked.filter { $0 <= 0 }.count
        let share = flexibleCount > 0 ? max(0, (free - fixed) / Double(flexibleCount)) : 0
        let widths = asked.map { $0 > 0 ? $0 : share }
        let total = widths.reduce(0, +) + spacing * Double(wheels.count - 1)
        var x = area.minX + (area.width - total) / 2
        for (wheel, width) in zip(wheels, widths) {
            wheel.frame = Rect(x: x, y: area.minY, width: width, height: area.height)
            x += width + spacing
        }
    }

    /// The selection band: a rounded highlight across the middle, as tall as the tallest row.
    var selectionBand: Rect {
        let area = wheelArea
        let height = wheels.map(\.rowHeight).max() ?? Double(Self.defaultRowHeight)
        return Rect(x: area.minX + 8, y: area.midY - height / 2, width: max(0, area.width - 16), height: height)
    }

    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        super.draw(rect, in: context)
        guard !wheels.isEmpty else { return }
        context.fillRoundedRect(selectionBand, radius: 8, color: .tertiarySystemFill)
    }
}
