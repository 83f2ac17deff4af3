import Foundation

/// A window's Auto Layout: its active constraints, the frames of the views and guides they use
/// that autoresizing or their view decides (held as required constraints, as UIKit's
/// autoresizing-mask constraints are), intrinsic sizes with hugging and compression resistance,
/// all in one incremental solver. `update()` runs first in a layout pass: it brings the solver up
/// to date with what changed and puts the solved frames on the views (parents first), so
/// `layoutSubviews` and keyboard avoidance see them; inside `View.animate` the frames animate.
@MainActor
final class ConstraintEngine {
    private unowned let window: Window
    private let solver = LinearSolver()

    /// One view or guide taking part: its frame as four variables in its container's coordinates.
    @MainActor
    private final class Record {
        weak var item: LayoutItem?
        let minX: LinearVariable, minY: LinearVariable, width: LinearVariable, height: LinearVariable
        var held: [LinearConstraint] = []
        var heldFrame: Rect?
        var heldOwner: SystemConstraint?
        var intrinsic: [LinearConstraint] = []
        var intrinsicOwner: SystemConstraint?
        var intrinsicKey: [Double]?
        var intrinsicDirty = true
        let depth: Int

        init(_ item: LayoutItem) {
            self.item = item
            let name = item.layoutDebugName
            minX = LinearVariable(name + ".minX")
            minY = LinearVariable(name + ".minY")
            width = LinearVariable(name + ".width")
            height = LinearVariable(name + ".height")
            var depth = item is LayoutGuide ? 1 : 0
            var view = item.layoutContainer
            while let v = view {
                depth += 1
                view = v.superview
            }
            self.depth = depth
        }

        var frame: Rect { Rect(x: snap(minX.value), y: snap(minY.value), width: max(0, snap(width.value)), height: max(0, snap(height.value))) }
    }

    /// An active constraint in the solver (nil `linear`: broken, or its items left the window).
    private struct Installed {
        let constraint: NSLayoutConstraint
        var linear: LinearConstraint?
        /// The bounds origins of the containers between its items and their common ancestor.
        var signature: [Double]
    }

    /// What UIKit calls an autoresizing-mask or content-size constraint, for the console.
    final class SystemConstraint: CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private var records: [ObjectIdentifier: Record] = [:]
    private var installed: [ObjectIdentifier: Installed] = [:]
    private var needsGather = true
    /// Constraints whose conflict was reported (once each, until they hold again).
    private var reported = Set<ObjectIdentifier>()
    private var dirty = true
    private var changedConstraints: [NSLayoutConstraint] = []
    private var needingUpdate: [WeakView] = []

    private struct WeakView {
        weak var view: View?
    }

    init(window: Window) { self.window = window }

    // MARK: What changed

    func hierarchyDidChange() { needsGather = true; dirty = true; window.requestFrame() }
    func constraintDidChange(_ constraint: NSLayoutConstraint) { changedConstraints.append(constraint); dirty = true; window.requestFrame() }
    func itemDidChange(_ item: LayoutItem) {
        records[ObjectIdentifier(item)]?.intrinsicDirty = true
        dirty = true
        window.requestFrame()
    }
    func viewNeedsUpdateConstraints(_ view: View) { needingUpdate.append(WeakView(view: view)); dirty = true; window.requestFrame() }

    // MARK: Solving

    /// Brings the solver up to date and puts the solved frames in place; returns whether any moved.
    @discardableResult
    func update() -> Bool {
        if !needingUpdate.isEmpty {
            let views = needingUpdate.compactMap(\.view)
            needingUpdate.removeAll()
            for view in views where view.window === window { view.updateConstraintsIfNeeded() }
        }
        var changed = dirty
        dirty = false
        if needsGather {
            needsGather = false
            gather()
            changed = true
        }
        for constraint in changedConstraints where installed[ObjectIdentifier(constraint)] != nil {
            reinstall(constraint)
            changed = true
        }
        changedConstraints.removeAll()
        // What the solver holds fixed may have moved: autoresizing frames, system guides,
        // intrinsic sizes, scroll offsets between items.
        for record in records.values where refresh(record) { changed = true }
        for (key, entry) in installed where entry.linear != nil && signature(of: entry.constraint) != entry.signature {
            reinstall(installed[key]!.constraint)
            changed = true
        }
        guard changed else { return false }
        solver.updateVariables()
        var moved = false
        for record in records.values.sorted(by: { $0.depth < $1.depth }) {
            guard let item = record.item, item.isLaidOutByConstraints else { continue }
            let frame = record.frame
            if item.currentLayoutFrame != frame {
                item.applySolvedFrame(frame)
                moved = true
            }
        }
        return moved
    }

    /// Collects the active constraints in the window's views: adds new ones, removes gone ones,
    /// and forgets items no longer in the window.
    private func gather() {
        var active: [ObjectIdentifier: NSLayoutConstraint] = [:]
        for constraint in window.allConstraintsInSubtree() { active[ObjectIdentifier(constraint)] = constraint }
        for (key, entry) in installed where active[key] == nil {
            if let linear = entry.linear { try? solver.remove(linear) }
            installed[key] = nil
        }
        for (key, record) in records where record.item?.layoutHost?.window !== window {
            drop(record)
            records[key] = nil
        }
        // New ones, and ones whose items were not all in the window before (not broken ones).
        for (key, constraint) in active.sorted(by: { $0.key < $1.key })
        where installed[key] == nil || installed[key]!.linear == nil {
            installed[key] = nil
            install(constraint)
        }
    }

    private func drop(_ record: Record) {
        for constraint in record.held + record.intrinsic { try? solver.remove(constraint) }
        record.held = []
        record.intrinsic = []
    }

    private func reinstall(_ constraint: NSLayoutConstraint) {
        let key = ObjectIdentifier(constraint)
        if let linear = installed[key]?.linear { try? solver.remove(linear) }
        installed[key] = nil
        install(constraint)
    }

    private func install(_ constraint: NSLayoutConstraint) {
        let key = ObjectIdentifier(constraint)
        guard let built = build(constraint) else {
            installed[key] = Installed(constraint: constraint, linear: nil, signature: [])
            return
        }
        do {
            try solver.add(built.linear)
            constraint.isBroken = false
            reported.remove(key)
            installed[key] = Installed(constraint: constraint, linear: built.linear, signature: built.signature)
        } catch {
            installed[key] = Installed(constraint: constraint, linear: nil, signature: built.signature)
            constraint.isBroken = true
            if case .unsatisfiable(let involved) = error, reported.insert(key).inserted { reportConflict(constraint, involved: involved) }
        }
    }

    /// UIKit's console message for a required constraint that cannot hold.
    private func reportConflict(_ broken: NSLayoutConstraint, involved: [LinearConstraint]) {
        let others = involved.compactMap { $0.owner.map { "\($0)" } }
        let list = (others + ["\(broken)"]).map { "    \"\($0)\"" }.joined(separator: ",\n")
        ConsoleLog.write(
            """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(broken)
            """)
    }

    // MARK: Items

    private func record(for item: LayoutItem) -> Record {
        let key = ObjectIdentifier(item)
        if let record = records[key], record.item === item { return record }
        let record = Record(item)
        records[key] = record
        _ = refresh(record)
        return record
    }

    /// Holds a frame its view decides, and the intrinsic size of one constraints place; returns
    /// whether the solver changed.
    private func refresh(_ record: Record) -> Bool {
        guard let item = record.item else { return false }
        var changed = false
        let held: Rect? = item.isLaidOutByConstraints ? nil : item.currentLayoutFrame
        if held != record.heldFrame {
            for constraint in record.held { try? solver.remove(constraint) }
            record.held = []
            record.heldFrame = held
            if let frame = held {
                let owner = SystemConstraint("<NSAutoresizingMaskLayoutConstraint \(item.layoutDebugName) frame \(frame)   (active)>")
                record.heldOwner = owner
                for (variable, value) in [(record.minX, frame.minX), (record.minY, frame.minY), (record.width, frame.width), (record.height, frame.height)] {
                    let constraint = LinearConstraint(LinearExpression(variable), .equal, LinearExpression(constant: value), owner: owner)
                    if (try? solver.add(constraint)) != nil { record.held.append(constraint) }
                }
            }
            changed = true
        }
        if record.intrinsicDirty {
            record.intrinsicDirty = false
            if refreshIntrinsic(record, item) { changed = true }
        }
        return changed
    }

    private func refreshIntrinsic(_ record: Record, _ item: LayoutItem) -> Bool {
        var key: [Double]?
        if let view = item as? View, view.isLaidOutByConstraints {
            let size = view.intrinsicContentSize
            key = [size.width, size.height]
            for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
                key! += [Double(view.contentHuggingPriority(for: axis).rawValue), Double(view.contentCompressionResistancePriority(for: axis).rawValue)]
            }
        }
        guard key != record.intrinsicKey else { return false }
        for constraint in record.intrinsic { try? solver.remove(constraint) }
        record.intrinsic = []
        record.intrinsicKey = key
        guard let key, let view = item as? View else { return true }
        let owner = SystemConstraint("<NSContentSizeLayoutConstraint \(view.layoutDebugName) \(key[0])x\(key[1])   (active)>")
        record.intrinsicOwner = owner
        for (index, variable) in [record.width, record.height].enumerated() where key[index] != View.noIntrinsicMetric {
            let hugging = LayoutPriority(Float(key[2 + index * 2])), resistance = LayoutPriority(Float(key[3 + index * 2]))
            let size = LinearExpression(constant: key[index])
            let pair = [
                LinearConstraint(LinearExpression(variable), .lessThanOrEqual, size, strength: LinearStrength.weight(priority: hugging.rawValue), owner: owner),
                LinearConstraint(LinearExpression(variable), .greaterThanOrEqual, size, strength: LinearStrength.weight(priority: resistance.rawValue), owner: owner),
            ]
            for constraint in pair where (try? solver.add(constraint)) != nil { record.intrinsic.append(constraint) }
        }
        return true
    }

    // MARK: Expressions

    /// The constraint as a linear constraint in its items' nearest common ancestor's coordinates.
    private func build(_ constraint: NSLayoutConstraint) -> (linear: LinearConstraint, signature: [Double])? {
        guard let first = constraint.firstItem as? LayoutItem else { return nil }
        let second = constraint.secondItem as? LayoutItem
        guard let space = NSLayoutConstraint.commonAncestor(first, second), space.window === window else { return nil }
        var signature: [Double] = []
        guard let lhs = expression(first, constraint.firstAttribute, in: space, &signature) else { return nil }
        var rhs = LinearExpression(constant: constant(constraint))
        if let second, constraint.secondAttribute != .notAnAttribute {
            guard let other = expression(second, constraint.secondAttribute, in: space, &signature) else { return nil }
            rhs = other * constraint.multiplier + constant(constraint)
        }
        let relation: LinearRelation = [.lessThanOrEqual, .equal, .greaterThanOrEqual][constraint.relation.rawValue + 1]
        let linear = LinearConstraint(
            lhs, relation, rhs, strength: LinearStrength.weight(priority: constraint.priority.rawValue), owner: constraint)
        return (linear, signature)
    }

    private func constant(_ constraint: NSLayoutConstraint) -> Double { constraint.constant }

    /// The scroll offsets a constraint's expressions read (a change rebuilds it).
    private func signature(of constraint: NSLayoutConstraint) -> [Double] {
        guard let first = constraint.firstItem as? LayoutItem else { return [] }
        let second = constraint.secondItem as? LayoutItem
        guard let space = NSLayoutConstraint.commonAncestor(first, second) else { return [] }
        var signature: [Double] = []
        for item in [first, second].compactMap({ $0 }) { _ = containers(of: item, in: space, &signature) }
        return signature
    }

    /// The views between an item and the common ancestor, innermost first (the ancestor itself
    /// when it is the item); nil when the ancestor does not hold the item. Adds the bounds
    /// origins the item's position depends on to `signature`.
    private func containers(of item: LayoutItem, in space: View, _ signature: inout [Double]) -> [View]? {
        if (item as? View) === space {
            if !(space is ScrollView) { signature += [space.bounds.minX, space.bounds.minY] }
            return []
        }
        var chain: [View] = []
        var container = item.layoutContainer
        while let view = container, view !== space {
            chain.append(view)
            signature += [view.bounds.minX, view.bounds.minY]
            container = view.superview
        }
        return container === space ? chain : nil
    }

    private func expression(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, in space: View, _ signature: inout [Double]) -> LinearExpression? {
        let record = record(for: item)
        guard let chain = containers(of: item, in: space, &signature) else { return nil }
        var x: LinearExpression, y: LinearExpression
        if (item as? View) === space {
            // The common ancestor's own edges, in its own coordinates; a scroll view's are its
            // content's (UIKit's content edges), so scrolling moves nothing inside it.
            let origin = space is ScrollView ? Point.zero : space.bounds.origin
            x = LinearExpression(constant: origin.x)
            y = LinearExpression(constant: origin.y)
        } else {
            // Its frame is in its container's coordinates: each container adds its own origin,
            // less its scroll offset, on the way out to the common ancestor's.
            x = LinearExpression(record.minX)
            y = LinearExpression(record.minY)
            for view in chain {
                let outer = self.record(for: view)
                x = x + LinearExpression(outer.minX) - view.bounds.minX
                y = y + LinearExpression(outer.minY) - view.bounds.minY
            }
        }
        let width = LinearExpression(record.width), height = LinearExpression(record.height)
        let rtl = item.isRightToLeft
        switch attribute {
        case .left: return x
        case .right: return x + width
        // Right to left, leading and trailing live in a mirrored axis (x' = -x): a constant that
        // moves a leading edge inwards moves it left there, as in UIKit.
        case .leading: return rtl ? (x + width) * -1 : x
        case .trailing: return rtl ? x * -1 : x + width
        case .top: return y
        case .bottom: return y + height
        case .centerX: return x + width * 0.5
        case .centerY: return y + height * 0.5
        case .width: return width
        case .height: return height
        case .firstBaseline:
            if let text = item as? BaselineLayoutProviding { return y + text.firstBaselineFromTop }
            return y + height
        case .lastBaseline:
            if let text = item as? BaselineLayoutProviding { return y + height - text.lastBaselineFromBottom }
            return y + height
        case .notAnAttribute: return nil
        }
    }

    /// Whether the view or an ancestor is constrained to a keyboard layout guide (it moves with
    /// the keyboard: automatic avoidance leaves it alone).
    func followsKeyboard(_ view: View) -> Bool {
        var ancestors = Set<ObjectIdentifier>()
        var current: View? = view
        while let v = current {
            ancestors.insert(ObjectIdentifier(v))
            current = v.superview
        }
        return installed.values.contains { entry in
            guard entry.linear != nil else { return false }
            let items = [entry.constraint.firstItem, entry.constraint.secondItem].compactMap { $0 }
            return items.contains { $0 is KeyboardLayoutGuide } && items.contains { ancestors.contains(ObjectIdentifier($0)) }
        }
    }

    // MARK: Debugging

    func isAmbiguous(_ item: LayoutItem) -> Bool {
        guard let record = records[ObjectIdentifier(item)] else { return false }
        let ambiguous = Set(solver.ambiguousVariables().map(ObjectIdentifier.init))
        return [record.minX, record.minY, record.width, record.height].contains {
            ambiguous.contains(ObjectIdentifier($0)) || !solver.knows($0)
        }
    }

    /// Pulls an ambiguous item's variables 20 points along, re-solves, and lets go.
    func exerciseAmbiguity(of item: LayoutItem) {
        update()
        guard let record = records[ObjectIdentifier(item)] else { return }
        let ambiguous = Set(solver.ambiguousVariables().map(ObjectIdentifier.init))
        for variable in [record.minX, record.minY, record.width, record.height]
        where ambiguous.contains(ObjectIdentifier(variable)) || !solver.knows(variable) {
            let value = variable.value
            guard (try? solver.addEditVariable(variable, strength: LinearStrength.weight(priority: 1))) != nil else { continue }
            try? solver.suggestValue(value + 20, for: variable)
            solver.updateVariables()
            try? solver.removeEditVariable(variable)
        }
        if let item = record.item, item.isLaidOutByConstraints { item.applySolvedFrame(record.frame) }
    }
}

/// Solved values to 1/1024 point, so rounding noise never moves a view.
private func snap(_ value: Double) -> Double { (value * 1024).rounded() / 1024 }
