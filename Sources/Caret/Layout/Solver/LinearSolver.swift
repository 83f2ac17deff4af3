// SPDX-License-Identifier: Apache-2.0
/// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001), after the design of kiwi:
/// a simplex tableau kept in basic feasible solved form, constraints added and removed one at a
/// time, edit variables whose suggested values re-solve by dual simplex without rebuilding.
/// Required constraints that cannot all hold are refused with the ones they conflict with; weaker
/// ones never fail. Ties are broken by symbol age, so a system solves the same way every run.
@_spi(Testing) public final class LinearSolver {
    /// Why a change was refused.
    @_spi(Testing) public enum Failure: Error, Equatable {
        /// The constraint is in the solver already.
        case duplicate
        /// The constraint is not in the solver.
        case unknown
        /// A required constraint cannot hold together with `involved` (required constraints
        /// already in the solver); it was not added.
        case unsatisfiable(involved: [LinearConstraint])
        /// Edit variables take strengths below required.
        case requiredEdit
        /// The variable is (or is not) an edit variable already.
        case duplicateEdit, unknownEdit
        /// The tableau lost feasibility: a bug, reported rather than trapped.
        case internalError(String)
    }

    private var constraints: [LinearConstraint: Tag] = [:]
    /// When each constraint was added, to add them again in that order.
    private var sequence: [LinearConstraint: Int] = [:]
    private var nextSequence = 0
    private var rows: [Symbol: Row] = [:]
    /// For each parametric symbol, the basic symbols whose rows hold it: substitution and the
    /// ratio tests visit those rows only (without it, adding n constraints costs n² lookups).
    private var columns: [Symbol: Set<Symbol>] = [:]
    private var variables: [LinearVariable: Symbol] = [:]
    private var edits: [LinearVariable: Edit] = [:]
    private var infeasibleRows: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?
    private var lastID = 0

    @_spi(Testing) public init() {}

    /// The constraints in the solver.
    @_spi(Testing) public var allConstraints: [LinearConstraint] { Array(constraints.keys) }

    @_spi(Testing) public func contains(_ constraint: LinearConstraint) -> Bool { constraints[constraint] != nil }

    /// Adds a constraint; a required one that cannot hold is refused (the solver is unchanged).
    @_spi(Testing) public func add(_ constraint: LinearConstraint) throws(Failure) {
        guard constraints[constraint] == nil else { throw .duplicate }
        var tag = Tag()
        var row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if !subject.isValid && row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard nearZero(row.constant) else {
                throw .unsatisfiable(involved: owners(of: Set(row.cells.keys)))
            }
            subject = tag.marker
        }
        if subject.isValid {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        } else {
            // Phase one pivots the tableau and a refusal leaves its pivots in: the solver is then
            // built again from the constraints it holds (rare: a conflict, which the app hears of).
            if let involved = try addWithArtificialVariable(row) {
                try rebuild()
                throw .unsatisfiable(involved: involved)
            }
        }
        constraints[constraint] = tag
        sequence[constraint] = nextSequence
        nextSequence += 1
        try optimize(artificialObjective: false)
    }

    /// Starts again from nothing with the constraints held (in the order added) and the edit
    /// variables with their suggested values.
    private func rebuild() throws(Failure) {
        let held = sequence.sorted { $0.value < $1.value }.map(\.key)
        let editing = edits.map { ($0.key, $0.value) }
        let editConstraints = Set(editing.map { ObjectIdentifier($0.1.constraint) })
        constraints = [:]
        rows = [:]
        columns = [:]
        variables = [:]
        edits = [:]
        sequence = [:]
        infeasibleRows = []
        objective = Row()
        artificial = nil
        for constraint in held where !editConstraints.contains(ObjectIdentifier(constraint)) { try add(constraint) }
        for (variable, edit) in editing {
            try addEditVariable(variable, strength: edit.constraint.strength)
            try suggestValue(edit.constant, for: variable)
        }
    }

    /// Removes a constraint.
    @_spi(Testing) public func remove(_ constraint: LinearConstraint) throws(Failure) {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw .unknown }
        sequence[constraint] = nil
        removeEffects(of: tag, strength: constraint.strength)
        if takeRow(tag.marker) == nil {
            let leaving = markerLeavingRow(tag.marker)
            guard leaving.isValid, var row = takeRow(leaving) else {
                throw .internalError("no row holds the marker of \(constraint)")
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(artificialObjective: false)
    }

    /// Moves a constraint's constant by `delta` (as if its expression's constant were that much
    /// more) without rebuilding it: the rows holding its marker shift, and the dual simplex
    /// restores feasibility (UIKit changes a constant this way). False, and nothing changed, for
    /// a redundant required equality or required constraints the new constant contradicts: remove
    /// it and add it again (which reports the conflict).
    @_spi(Testing) public func shiftConstant(of constraint: LinearConstraint, by delta: Double) throws(Failure) -> Bool {
        guard let tag = constraints[constraint] else { throw .unknown }
        if delta == 0 { return true }
        let marker = tag.marker
        if tag.marker.kind == .dummy && rows[marker] != nil { return false }
        // Required constraints that cannot hold with the new constant leave the dual problem
        // unbounded: the shift is taken back, and the dual simplex (whose pivots keep the
        // tableau equivalent) finds the old solution again from where it stopped.
        if (try? shiftMarker(marker, by: delta * tag.markerFactor)) != nil { return true }
        infeasibleRows.removeAll()
        try shiftMarker(marker, by: -delta * tag.markerFactor)
        return false
    }

    /// Old marker = new marker + shift: every row holding the marker moves by its coefficient × shift.
    private func shiftMarker(_ marker: Symbol, by shift: Double) throws(Failure) {
        if rows[marker] != nil {
            if rows[marker]!.add(-shift) < 0 { infeasibleRows.append(marker) }
        } else {
            for key in rowsHolding(marker) {
                let coefficient = rows[key]!.coefficient(marker)
                if rows[key]!.add(coefficient * shift) < 0 && key.kind != .external { infeasibleRows.append(key) }
            }
            objective.add(objective.coefficient(marker) * shift)
        }
        try dualOptimize()
    }

    /// Makes `variable` one whose value is suggested, held as strongly as `strength` (below required).
    @_spi(Testing) public func addEditVariable(_ variable: LinearVariable, strength: Double) throws(Failure) {
        guard edits[variable] == nil else { throw .duplicateEdit }
        guard strength < LinearStrength.required else { throw .requiredEdit }
        let constraint = LinearConstraint(LinearExpression(variable), .equal, strength: strength)
        try add(constraint)
        edits[variable] = Edit(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    @_spi(Testing) public func removeEditVariable(_ variable: LinearVariable) throws(Failure) {
        guard let edit = edits.removeValue(forKey: variable) else { throw .unknownEdit }
        try remove(edit.constraint)
    }

    /// Whether any constraint in the solver has used the variable.
    @_spi(Testing) public func knows(_ variable: LinearVariable) -> Bool { variables[variable] != nil }

    @_spi(Testing) public func hasEditVariable(_ variable: LinearVariable) -> Bool { edits[variable] != nil }

    /// Suggests a value for an edit variable: re-solves from the current solution (dual simplex).
    @_spi(Testing) public func suggestValue(_ value: Double, for variable: LinearVariable) throws(Failure) {
        guard var edit = edits[variable] else { throw .unknownEdit }
        let delta = value - edit.constant
        edit.constant = value
        edits[variable] = edit
        let marker = edit.tag.marker, other = edit.tag.other
        if rows[marker] != nil {
            if rows[marker]!.add(-delta) < 0 { infeasibleRows.append(marker) }
        } else if rows[other] != nil {
            if rows[other]!.add(delta) < 0 { infeasibleRows.append(other) }
        } else {
            for key in columns[marker] ?? [] {
                let coefficient = rows[key]!.coefficient(marker)
                if rows[key]!.add(delta * coefficient) < 0 && key.kind != .external { infeasibleRows.append(key) }
            }
        }
        try dualOptimize()
    }

    /// Writes the solution into the variables' `value`.
    @_spi(Testing) public func updateVariables() {
        for (variable, symbol) in variables { variable.value = rows[symbol]?.constant ?? 0 }
    }

    /// Variables whose value the constraints do not decide: free to move without changing how
    /// well the constraints hold (an ambiguous layout).
    @_spi(Testing) public func ambiguousVariables() -> [LinearVariable] {
        // A parametric (non-basic) external symbol with no cost in the objective can take any
        // value; the basic ones that depend on it move with it.
        let free = Set(variables.values.filter { rows[$0] == nil && objective.coefficient($0) == 0 })
        guard !free.isEmpty else { return [] }
        return variables.compactMap { variable, symbol in
            if free.contains(symbol) { return variable }
            if let row = rows[symbol], row.cells.keys.contains(where: { free.contains($0) }) { return variable }
            return nil
        }
    }

    /// What is wrong with the tableau, if anything: a column index that disagrees with the rows,
    /// a basic symbol also held as a parameter, a restricted row below zero, or a cost in the
    /// objective on a symbol that no restricted row bounds (the objective would fall without end).
    @_spi(Testing) public func tableauFault() -> String? {
        var index: [Symbol: Set<Symbol>] = [:]
        for (key, row) in rows {
            for symbol in row.cells.keys where symbol.kind != .dummy { index[symbol, default: []].insert(key) }
            if let basic = row.cells.keys.first(where: { rows[$0] != nil }) { return "row \(key.id) holds basic \(basic.id)" }
            if key.kind != .external && row.constant < -1e-6 { return "row \(key.id) (\(key.kind)) is \(row.constant)" }
        }
        for symbol in Set(index.keys).union(columns.keys) where (columns[symbol] ?? []) != (index[symbol] ?? []) {
            return
                "column \(symbol.id) lists \((columns[symbol] ?? []).map(\.id).sorted()), rows hold it in \((index[symbol] ?? []).map(\.id).sorted())"
        }
        if let basic = objective.cells.keys.first(where: { rows[$0] != nil }) { return "the objective holds basic \(basic.id)" }
        for (symbol, cost) in objective.cells where cost < 0 && symbol.kind != .dummy {
            let bounded = (index[symbol] ?? []).contains { $0.kind != .external && rows[$0]!.coefficient(symbol) < 0 }
            if !bounded { return "the objective falls without end along \(symbol.id) (\(symbol.kind), cost \(cost))" }
        }
        return nil
    }

    // MARK: Building rows

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        lastID += 1
        return Symbol(id: lastID, kind: kind)
    }

    private func symbol(for variable: LinearVariable) -> Symbol {
        if let symbol = variables[variable] { return symbol }
        let symbol = newSymbol(.external)
        variables[variable] = symbol
        return symbol
    }

    /// The constraint as a row over the tableau's parametric symbols, with its slack, error and
    /// dummy symbols (recorded in `tag`); errors enter the objective with the strength.
    private func makeRow(_ constraint: LinearConstraint, _ tag: inout Tag) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // The largest basic row first: it is copied rather than merged cell by cell.
        let terms = expression.terms.filter { !nearZero($0.coefficient) }.map { (symbol(for: $0.variable), $0.coefficient) }
        let largest = terms.indices.max { (rows[terms[$0].0]?.cells.count ?? 0) < (rows[terms[$1].0]?.cells.count ?? 0) }
        for index in largest.map({ [$0] + terms.indices.filter { $0 != largest } }) ?? [] {
            let (symbol, coefficient) = terms[index]
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, sign)
            if !constraint.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            }
        }
        let reversed = row.constant < 0
        if reversed { row.reverseSign() }
        tag.markerFactor = (reversed ? -1 : 1) / row.coefficient(tag.marker)
        return row
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        // The external symbol held by the fewest rows (a new one: none) costs the least to
        // substitute; the oldest among equals, so the choice is the same every run.
        var best = Symbol.invalid, bestCount = Int.max
        for symbol in row.cells.keys where symbol.kind == .external {
            let count = columns[symbol]?.count ?? 0
            if count < bestCount || (count == bestCount && symbol < best) { (best, bestCount) = (symbol, count) }
        }
        if best.isValid { return best }
        for symbol in [tag.marker, tag.other] where symbol.isPivotable && row.coefficient(symbol) < 0 { return symbol }
        return .invalid
    }

    /// Adds a row no symbol of which can be its subject, by phase one of the simplex with an
    /// artificial variable; returns the constraints it conflicts with if it cannot hold.
    private func addWithArtificialVariable(_ row: Row) throws(Failure) -> [LinearConstraint]? {
        let art = newSymbol(.slack)
        setRow(art, row)
        artificial = row
        try optimize(artificialObjective: true)
        let result = artificial!
        artificial = nil
        let success = nearZero(result.constant)
        if var basic = takeRow(art) {
            if !basic.cells.isEmpty {
                let entering = basic.cells.keys.filter(\.isPivotable).min() ?? .invalid
                guard entering.isValid else { return owners(of: Set(result.cells.keys)) }
                basic.solve(for: art, entering)
                substitute(entering, basic)
                setRow(entering, basic)
            }
        }
        for key in columns.removeValue(forKey: art) ?? [] { rows[key]!.cells[art] = nil }
        objective.cells[art] = nil
        return success ? nil : owners(of: Set(result.cells.keys))
    }

    /// The required constraints whose markers are among `symbols`.
    private func owners(of symbols: Set<Symbol>) -> [LinearConstraint] {
        constraints.filter { symbols.contains($0.value.marker) }.map(\.key).sorted { constraints[$0]!.marker < constraints[$1]!.marker }
    }

    /// Puts a row in the tableau, basic in `key`.
    private func setRow(_ key: Symbol, _ row: Row) {
        for symbol in row.cells.keys where symbol.kind != .dummy { columns[symbol, default: []].insert(key) }
        rows[key] = row
    }

    /// The basic symbols whose rows hold `symbol`. Dummies (the markers of required equalities,
    /// never pivoted in) are not indexed: a chain of n equalities spreads n dummies through n
    /// rows; they are looked for only when such a constraint is removed.
    private func rowsHolding(_ symbol: Symbol) -> [Symbol] {
        symbol.kind == .dummy ? rows.compactMap { $0.value.cells[symbol] != nil ? $0.key : nil } : Array(columns[symbol] ?? [])
    }

    /// Takes a row out of the tableau.
    private func takeRow(_ key: Symbol) -> Row? {
        guard let row = rows.removeValue(forKey: key) else { return nil }
        for symbol in row.cells.keys where symbol.kind != .dummy { columns[symbol]?.remove(key) }
        return row
    }

    /// Replaces `symbol` by `row` in every row holding it, keeping the columns.
    private func substitute(_ symbol: Symbol, _ row: Row) {
        let holders = rowsHolding(symbol)
        columns[symbol] = nil
        for key in holders {
            let coefficient = rows[key]!.cells.removeValue(forKey: symbol)!
            rows[key]!.constant += row.constant * coefficient
            for (cell, value) in row.cells {
                let old = rows[key]!.cells[cell] ?? 0, added = value * coefficient, sum = old + added
                if cancels(sum, old, added) {
                    if rows[key]!.cells.removeValue(forKey: cell) != nil && cell.kind != .dummy { columns[cell]?.remove(key) }
                } else if rows[key]!.cells.updateValue(sum, forKey: cell) == nil && cell.kind != .dummy {
                    columns[cell, default: []].insert(key)
                }
            }
            if key.kind != .external && rows[key]!.constant < 0 { infeasibleRows.append(key) }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    private func removeEffects(of tag: Tag, strength: Double) {
        for marker in [tag.marker, tag.other] where marker.kind == .error {
            if let row = rows[marker] { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
        }
    }

    // MARK: Simplex

    /// Primal simplex on the objective (or the artificial one), from a feasible tableau.
    private func optimize(artificialObjective: Bool) throws(Failure) {
        while true {
            let target = artificialObjective ? artificial! : objective
            // Bland's rule: the oldest symbol that lowers the objective enters.
            var entering = Symbol.invalid
            for (symbol, coefficient) in target.cells where coefficient < 0 && symbol.kind != .dummy {
                if !entering.isValid || symbol < entering { entering = symbol }
            }
            guard entering.isValid else { return }
            var leaving = Symbol.invalid
            var ratio = Double.infinity
            for symbol in columns[entering] ?? [] where symbol.kind != .external {
                let coefficient = rows[symbol]!.coefficient(entering)
                guard coefficient < 0 else { continue }
                let r = -rows[symbol]!.constant / coefficient
                if r < ratio || (r == ratio && symbol < leaving) {
                    ratio = r
                    leaving = symbol
                }
            }
            if !leaving.isValid {
                // The objective (Σ strength × error, every error ≥ 0) cannot fall without end: a
                // cost no row bounds is what rounding left of a sum that cancelled out exactly.
                let cost = target.coefficient(entering)
                let scale = target.cells.values.reduce(1) { max($0, abs($1)) }
                guard abs(cost) <= 1e-9 * scale else { throw .internalError("the objective is unbounded") }
                if artificialObjective { artificial!.cells[entering] = nil } else { objective.cells[entering] = nil }
                continue
            }
            guard pivot(leaving, entering) else { throw .internalError("the objective is unbounded") }
        }
    }

    /// Dual simplex: restores feasibility after suggested values moved constants below zero.
    private func dualOptimize() throws(Failure) {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], row.constant < 0, !nearZero(row.constant) else { continue }
            var entering = Symbol.invalid
            var ratio = Double.infinity
            for (symbol, coefficient) in row.cells where coefficient > 0 && symbol.kind != .dummy {
                let r = objective.coefficient(symbol) / coefficient
                if r < ratio || (r == ratio && symbol < entering) {
                    ratio = r
                    entering = symbol
                }
            }
            guard entering.isValid, pivot(leaving, entering) else { throw .internalError("the dual problem is unbounded") }
        }
    }

    /// Makes `entering` basic in `leaving`'s place: the row solved for it and put in every row
    /// holding it; false when `leaving` has no row.
    private func pivot(_ leaving: Symbol, _ entering: Symbol) -> Bool {
        guard var row = takeRow(leaving) else { return false }
        row.solve(for: leaving, entering)
        substitute(entering, row)
        setRow(entering, row)
        return true
    }

    /// The row to pivot a removed constraint's marker into the basis through.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol {
        var first = Symbol.invalid, second = Symbol.invalid, third = Symbol.invalid
        var ratio1 = Double.infinity, ratio2 = Double.infinity
        for symbol in rowsHolding(marker) {
            let row = rows[symbol]!
            let coefficient = row.coefficient(marker)
            if symbol.kind == .external {
                if !third.isValid || symbol < third { third = symbol }
            } else if coefficient < 0 {
                let r = -row.constant / coefficient
                if r < ratio1 || (r == ratio1 && symbol < first) { ratio1 = r; first = symbol }
            } else {
                let r = row.constant / coefficient
                if r < ratio2 || (r == ratio2 && symbol < second) { ratio2 = r; second = symbol }
            }
        }
        return first.isValid ? first : second.isValid ? second : third
    }
}
