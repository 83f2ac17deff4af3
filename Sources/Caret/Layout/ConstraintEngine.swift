// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A window's Auto Layout: its active constraints, the frames of the views and guides they use
/// that autoresizing or their view decides (held as required constraints, as UIKit's
/// autoresizing-mask constraints are), intrinsic sizes with hugging and compression resistance,
/// all in one incremental solver. `update()` runs first in a layout pass: it brings the solver up
/// to date with what changed and puts the solved frames on the views (parents first), so
/// `layoutSubviews` and keyboard avoidance see them; inside `View.animate` the frames animate.
@MainActor
final class ConstraintEngine {
    /// The view whose subtree's constraints it solves: a window, or a view measured on its own
    /// (`systemLayoutSizeFitting`).
    unowned let host: View
    /// The window it lays out (nil for a measuring engine).
    var window: Window? { host as? Window }
    /// Whether it only measures `host`: its frame is not held and no solved frame is applied.
    let measuring: Bool
    var solver = LinearSolver()
    /// The solver failed inside (a tableau that no longer holds): it is made again from the active constraints.
    private var solverFailed: String?
    /// `View.geometryGeneration` at the last pass.
    private var seenGeneration = UInt64.max

    /// An active constraint in the solver (nil `linear`: broken, or its items left the window).
    struct Installed {
        let constraint: NSLayoutConstraint
        var linear: LinearConstraint?
        /// The views whose scroll offsets (bounds origins) its expressions read.
        var sources: [ObjectIdentifier]
        /// The constant and priority it was built with (a changed constant shifts it in place).
        var constant = 0.0
        var priority = LayoutPriority.required
    }

    /// What UIKit calls an autoresizing-mask or content-size constraint, for the console.
    final class SystemConstraint: CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private(set) var records: [ObjectIdentifier: Record] = [:] { didSet { byDepth = nil } }
    /// The records, parents before the guides and views inside them (made again when one comes or goes).
    private var byDepth: [Record]?
    /// The views whose bounds origins constraints read, with the origin read and those constraints:
    /// a layout pass compares a few origins instead of walking every constraint's items.
    private var watched: [ObjectIdentifier: Watch] = [:]
    /// Items whose held frame or intrinsic size may have changed since the last pass.
    private var pending: [Record] = []
    /// The system guides (safe area, margins, keyboard): their frames follow their view, read each pass.
    private var systemGuides: [Record] = []

    @MainActor
    private final class Watch {
        weak var view: View?
        var origin: Point
        var constraints: Set<ObjectIdentifier> = []
        init(_ view: View) {
            self.view = view
            origin = view.bounds.origin
        }
    }
    private(set) var installed: [ObjectIdentifier: Installed] = [:] { didSet { guideConstraints = nil } }
    /// The installed constraints that tie an item to a keyboard layout guide, found once after
    /// each change of what is installed (avoidance asks after every keystroke).
    var guideConstraints: [NSLayoutConstraint]?
    private var needsGather = true
    private var updating = false
    /// How many passes found something to solve (tests read it).
    private(set) var solves = 0
    /// Passes that looked at anything (the others found nothing asked for and nothing moved).
    private(set) var passes = 0
    /// Constraints whose conflict was reported (once each, until they hold again).
    private var reported = Set<ObjectIdentifier>()
    private var dirty = true
    private var changedConstraints: [NSLayoutConstraint] = []
    private var needingUpdate: [WeakView] = []

    private struct WeakView {
        weak var view: View?
    }

    init(window: Window) {
        host = window
        measuring = false
    }

    /// An engine measuring `view` alone, outside any window's.
    init(measuring view: View) {
        host = view
        measuring = true
    }

    /// Whether a view is in the subtree it solves.
    func holds(_ view: View) -> Bool { view === host || (measuring ? view.isDescendant(of: host) : view.window === host) }

    /// Whether its solved frame is the item's (laid out by constraints, or the measured view).
    func isSolved(_ item: LayoutItem) -> Bool { item.isLaidOutByConstraints || (measuring && item === host) }

    // MARK: What changed

    /// How many times constraints were added, removed or changed (keyboard avoidance tells an app
    /// answering the keyboard's notification by it).
    private(set) var changes = 0
    func hierarchyDidChange() { needsGather = true; dirty = true; changes += 1; window?.requestFrame() }
    func constraintDidChange(_ constraint: NSLayoutConstraint) {
        changedConstraints.append(constraint)
        dirty = true
        changes += 1
        window?.requestFrame()
    }
    /// An item's intrinsic size or `translatesAutoresizingMaskIntoConstraints` changed: read again
    /// if the solver has it (a label no constraint names costs nothing, however often its text changes).
    func itemDidChange(_ item: LayoutItem) {
        guard let record = records[ObjectIdentifier(item)] else { return }
        record.intrinsicDirty = true
        pending.append(record)
        dirty = true
        window?.requestFrame()
    }
    /// A view's frame changed: one whose frame the solver holds is read again.
    func itemFrameDidChange(_ view: View) {
        guard !view.isLaidOutByConstraints, let record = records[ObjectIdentifier(view)] else { return }
        pending.append(record)
        dirty = true
    }

    func viewNeedsUpdateConstraints(_ view: View) { needingUpdate.append(WeakView(view: view)); dirty = true; window?.requestFrame() }

    // MARK: Solving

    /// Brings the solver up to date and puts the solved frames in place; returns whether any moved.
    @discardableResult
    func update() -> Bool {
        // An app's updateConstraints or a frame's side effects may ask for layout meanwhile:
        // what they change waits for the next pass (the window's layout runs it).
        guard !updating else { return false }
        // Nothing asked for and no frame, scroll offset or margin moved anywhere since the last
        // pass: nothing to solve (layout runs several times a keystroke; this keeps them free).
        // The keyboard's guide follows the keyboard's animation, which moves no frame: it is
        // looked at every pass.
        let quiet =
            !dirty && !needsGather && changedConstraints.isEmpty && needingUpdate.isEmpty && pending.isEmpty
            && solverFailed == nil && View.geometryGeneration == seenGeneration && !systemGuides.contains { $0.item is KeyboardLayoutGuide }
        if quiet { return false }
        passes += 1
        seenGeneration = View.geometryGeneration
        updating = true
        defer { updating = false }
        if !needingUpdate.isEmpty {
            let views = needingUpdate.compactMap(\.view)
            needingUpdate.removeAll()
            for view in views where holds(view) { view.updateConstraintsIfNeeded() }
        }
        var changed = dirty
        dirty = false
        if needsGather {
            needsGather = false
            gather()
            changed = true
        }
        for constraint in changedConstraints {
            let key = ObjectIdentifier(constraint)
            guard let entry = installed[key] else { continue }
            // Only the constant changed: shift it in place (its expression holds −constant).
            if let linear = entry.linear, entry.priority == constraint.priority,
                (try? solver.shiftConstant(of: linear, by: entry.constant - constraint.constant)) == true
            {
                installed[key]!.constant = constraint.constant
            } else {
                reinstall(constraint)
            }
            changed = true
        }
        changedConstraints.removeAll()
        // What the solver holds fixed may have moved: autoresizing frames, system guides,
        // intrinsic sizes, scroll offsets between items.
        for (key, watch) in watched {
            guard let view = watch.view else {
                watched[key] = nil
                continue
            }
            guard view.bounds.origin != watch.origin else { continue }
            watch.origin = view.bounds.origin
            for constraint in watch.constraints.compactMap({ installed[$0]?.constraint }) { reinstall(constraint) }
            changed = true
        }
        if let reason = solverFailed {
            rebuildSolver(after: reason)
            changed = true
        }
        let refreshing = pending
        pending.removeAll()
        for record in refreshing + systemGuides where refresh(record) { changed = true }
        guard changed else { return false }
        solves += 1
        solver.updateVariables()
        guard !measuring else { return true }
        var moved = false
        if byDepth == nil { byDepth = records.values.sorted { $0.depth < $1.depth } }
        for record in byDepth! {
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
        let all = host.allConstraintsInSubtree().sorted { $0.activationOrder < $1.activationOrder }
        var active = Set<ObjectIdentifier>()
        for constraint in all { active.insert(ObjectIdentifier(constraint)) }
        var removed = false
        for (key, entry) in installed where !active.contains(key) {
            uninstall(entry.constraint)
            removed = true
        }
        for (key, record) in records where !(record.item?.layoutHost.map(holds) ?? false) {
            drop(record)
            records[key] = nil
        }
        systemGuides.removeAll { $0.item == nil || records[ObjectIdentifier($0.item!)] !== $0 }
        // New ones, ones whose items were not all in the window before, and (once a constraint
        // went) ones that broke.
        for constraint in all {
            let key = ObjectIdentifier(constraint)
            guard installed[key] == nil || (installed[key]!.linear == nil && (removed || !constraint.isBroken)) else { continue }
            installed[key] = nil
            install(constraint)
        }
    }

    /// Starts again from an empty solver with every active constraint: the layout stays right
    /// whatever state the failure left (reported once; seen once after a view left its window
    /// and came back).
    private func rebuildSolver(after reason: String) {
        solverFailed = nil
        ConsoleLog.write("[LayoutConstraints] The solver failed (\(reason)); rebuilding it from the active constraints.")
        solver = LinearSolver()
        for constraint in installed.values.map(\.constraint) { constraint.isBroken = false }
        records.removeAll()
        installed.removeAll()
        watched.removeAll()
        systemGuides.removeAll()
        pending.removeAll()
        reported.removeAll()
        gather()
        solverFailed = nil  // a second failure in the same pass waits for the next one
    }

    private func drop(_ record: Record) {
        for constraint in record.held + record.intrinsic + record.pinned { try? solver.remove(constraint) }
        record.held = []
        record.intrinsic = []
        record.pinned = []
    }

    private func reinstall(_ constraint: NSLayoutConstraint) {
        uninstall(constraint)
        install(constraint)
    }

    private func uninstall(_ constraint: NSLayoutConstraint) {
        let key = ObjectIdentifier(constraint)
        guard let entry = installed.removeValue(forKey: key) else { return }
        if let linear = entry.linear { try? solver.remove(linear) }
        for source in entry.sources { watched[source]?.constraints.remove(key) }
    }

    private func install(_ constraint: NSLayoutConstraint) {
        let key = ObjectIdentifier(constraint)
        guard let built = build(constraint) else {
            installed[key] = Installed(constraint: constraint, linear: nil, sources: [])
            return
        }
        let sources = built.sources.map(ObjectIdentifier.init)
        for view in built.sources {
            let id = ObjectIdentifier(view)
            if watched[id]?.view !== view { watched[id] = Watch(view) }
            watched[id]!.constraints.insert(key)
        }
        do {
            try solver.add(built.linear)
            constraint.isBroken = false
            reported.remove(key)
            installed[key] = Installed(
                constraint: constraint, linear: built.linear, sources: sources, constant: constraint.constant, priority: constraint.priority)
        } catch {
            installed[key] = Installed(constraint: constraint, linear: nil, sources: sources)
            if case .internalError(let reason) = error { solverFailed = reason }
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

    func record(for item: LayoutItem) -> Record {
        let key = ObjectIdentifier(item)
        if let record = records[key], record.item === item { return record }
        let record = Record(item)
        records[key] = record
        if let view = item as? View { view.constraintStorage.isEngineItem = true }
        if let guide = item as? LayoutGuide, guide.heldFrame != nil || guide.heldInsets != nil { systemGuides.append(record) }
        if let origin = (item as? LayoutGuide)?.heldOrigin {
            for (variable, value) in [(record.minX, origin.x), (record.minY, origin.y)] {
                let constraint = LinearConstraint(LinearExpression(variable), .equal, LinearExpression(constant: value))
                if (try? solver.add(constraint)) != nil { record.pinned.append(constraint) }
            }
        }
        // Its held frame joins at once (what the constraints being installed hang from); its
        // intrinsic size after them: weak constraints over decided variables are cheap to add.
        _ = refreshHeld(record)
        pending.append(record)
        dirty = true
        return record
    }

    /// Holds a frame its view decides, and the intrinsic size of one constraints place; returns
    /// whether the solver changed.
    private func refresh(_ record: Record) -> Bool {
        guard let item = record.item else { return false }
        var changed = refreshHeld(record)
        if record.intrinsicDirty {
            record.intrinsicDirty = false
            if refreshIntrinsic(record, item) { changed = true }
        }
        return changed
    }

    /// Holds the frame of an item its view decides (autoresizing, a system guide) as four
    /// required constraints; a frame that moved shifts their constants in place. Returns whether
    /// the solver changed.
    private func refreshHeld(_ record: Record) -> Bool {
        guard let item = record.item else { return false }
        // A guide whose values come from its view's bounds and margins alone (the safe area too
        // while the window has no insets): nothing to do while those stand (a keystroke runs
        // layout several times and none of them moves the form's guides).
        if item is LayoutMarginsGuide || item is FrameLayoutGuide
            || (item is SafeAreaLayoutGuide && (window?.windowSafeAreaInsets ?? .zero) == .zero),
            let view = (item as? LayoutGuide)?.owningView
        {
            let inputs = (view.bounds, view.layoutMargins)
            if record.heldValues != nil, let old = record.heldInputs, old.bounds == inputs.0, old.margins == inputs.1 { return false }
            record.heldInputs = inputs
        } else {
            record.heldInputs = nil
        }
        // A frame (x, y, width, height), or for a guide inset in its view, the insets as
        // (x, y, width less the view's, height less the view's): the guide follows its view.
        // The fifth value says which of the four follow the owner's size (bits x, y, width, height).
        var held: [Double]?
        var owner: Record?
        if !isSolved(item) {
            let frame = item.currentLayoutFrame
            held = [frame.minX, frame.minY, frame.width, frame.height, 0]
            // Autoresizing as constraints (UIKit's NSAutoresizingMaskLayoutConstraint): inside a
            // view that constraints size, a flexible width or height, or a flexible leading or top
            // margin alone, follows that view's solved size (a cell's or an effect view's content
            // view made with a zero frame, its subviews pinned to it).
            if let view = item as? View, let superview = view.superview, isSolved(superview),
                let follows = view.autoresizingMask.partsFollowingSuperview, follows != 0
            {
                let size = superview.bounds.size
                let offsets = [size.width, size.height, size.width, size.height]
                for part in 0..<4 where follows & (1 << part) != 0 { held![part] -= offsets[part] }
                held![4] = Double(follows)
                owner = self.record(for: superview)
            }
        }
        if let guide = item as? LayoutGuide, let insets = guide.heldInsets, let view = guide.owningView {
            let origin = view.bounds.origin
            held = [origin.x + insets.left, origin.y + insets.top, -insets.horizontal, -insets.vertical, 0b1100]
            owner = self.record(for: view)
        }
        guard held != record.heldValues else { return false }
        let name =
            owner == nil ? "NSAutoresizingMaskLayoutConstraint \(item.layoutDebugName) frame" : "NSLayoutConstraint \(item.layoutDebugName) insets"
        if let old = record.heldValues, let new = held, record.held.count == 4, old[4] == new[4] {
            let deltas = zip(new, old).map { $0 - $1 }
            var shifted = true
            for (constraint, delta) in zip(record.held, deltas) where delta != 0 && shifted {
                // The expression is variable − value: a larger value moves it down.
                shifted = (try? solver.shiftConstant(of: constraint, by: -delta)) == true
            }
            if shifted {
                record.heldValues = new
                record.heldOwner?.description = "<\(name) \(Rect(x: new[0], y: new[1], width: new[2], height: new[3]))   (active)>"
                return true
            }
        }
        for constraint in record.held { try? solver.remove(constraint) }
        record.held = []
        record.heldValues = held
        if let values = held {
            let systemOwner = SystemConstraint("<\(name) \(Rect(x: values[0], y: values[1], width: values[2], height: values[3]))   (active)>")
            record.heldOwner = systemOwner
            let follows = Int(values[4])
            var expressions = [
                LinearExpression(record.minX), LinearExpression(record.minY), LinearExpression(record.width), LinearExpression(record.height),
            ]
            if let owner {
                let sizes = [owner.width, owner.height, owner.width, owner.height]
                for part in 0..<4 where follows & (1 << part) != 0 { expressions[part] = expressions[part] - LinearExpression(sizes[part]) }
            }
            for (expression, value) in zip(expressions, values) {
                let constraint = LinearConstraint(expression, .equal, LinearExpression(constant: value), owner: systemOwner)
                if (try? solver.add(constraint)) != nil { record.held.append(constraint) }
            }
        }
        return true
    }

    private func refreshIntrinsic(_ record: Record, _ item: LayoutItem) -> Bool {
        var key: [Double]?
        if let view = item as? View, isSolved(view) {
            let size = view.intrinsicContentSize
            key = [size.width, size.height]
            for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
                key! += [
                    Double(view.contentHuggingPriority(for: axis).rawValue), Double(view.contentCompressionResistancePriority(for: axis).rawValue),
                ]
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
                LinearConstraint(
                    LinearExpression(variable), .lessThanOrEqual, size, strength: LinearStrength.weight(priority: hugging.rawValue), owner: owner),
                LinearConstraint(
                    LinearExpression(variable), .greaterThanOrEqual, size, strength: LinearStrength.weight(priority: resistance.rawValue),
                    owner: owner),
            ]
            for constraint in pair where (try? solver.add(constraint)) != nil { record.intrinsic.append(constraint) }
        }
        return true
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
