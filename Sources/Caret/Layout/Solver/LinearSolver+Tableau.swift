// SPDX-License-Identifier: Apache-2.0
/// The tableau's parts: symbols (the solver's names for variables, slacks, errors and dummies),
/// rows (`constant + Σ coefficient·symbol`) and the rounding tests their arithmetic uses, and
/// what the solver keeps for each constraint and edit variable.
extension LinearSolver {
    struct Symbol: Hashable, Comparable {
        enum Kind: UInt8 { case invalid, external, slack, error, dummy }
        let id: Int
        let kind: Kind
        static let invalid = Symbol(id: 0, kind: .invalid)
        var isValid: Bool { kind != .invalid }
        var isPivotable: Bool { kind == .slack || kind == .error }
        static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
        static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }  // the id alone tells symbols apart
    }

    /// A row of the tableau: `constant + Σ coefficient·symbol`.
    struct Row {
        var cells: [Symbol: Double] = [:]
        var constant: Double

        init(constant: Double = 0) { self.constant = constant }

        func coefficient(_ symbol: Symbol) -> Double { cells[symbol] ?? 0 }

        @discardableResult
        mutating func add(_ value: Double) -> Double {
            constant += value
            return constant
        }

        mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            let old = cells[symbol] ?? 0, sum = old + coefficient
            if cancels(sum, old, coefficient) { cells[symbol] = nil } else { cells[symbol] = sum }
        }

        mutating func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            if cells.isEmpty && abs(coefficient) >= 1e-3 {  // a copy, scaled: no lookups
                cells = coefficient == 1 ? row.cells : row.cells.mapValues { $0 * coefficient }
                return
            }
            for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
        }

        mutating func reverseSign() {
            constant = -constant
            for index in cells.indices { cells.values[index] = -cells.values[index] }
        }

        /// Rewrites `0 = row` as `symbol = …`.
        mutating func solve(for symbol: Symbol) {
            let factor = -1 / cells.removeValue(forKey: symbol)!
            constant *= factor
            for index in cells.indices { cells.values[index] *= factor }
        }

        /// Rewrites `lhs = row` (row holding `rhs`) as `rhs = …`.
        mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        mutating func substitute(_ symbol: Symbol, _ row: Row) {
            if let coefficient = cells.removeValue(forKey: symbol) { insert(row, coefficient) }
        }
    }

    struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
        /// How a change of the constraint's constant moves its marker: the row's sign over the
        /// marker's coefficient in it, as made.
        var markerFactor = 1.0
    }

    struct Edit {
        var tag: Tag
        var constraint: LinearConstraint
        var constant: Double
    }
}

func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// Whether `sum = a + b` is zero but for rounding: near zero, or a cancellation that left less
/// than rounding leaves of the terms. The objective adds weights up to 10⁹ (priority 999) and
/// takes them away again: 9.8e8 − 9.8e8 can leave 1e-6, which, kept, is a cost that lowers
/// the objective without end (a symbol no row bounds), and the simplex calls the problem
/// unbounded.
func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
    nearZero(sum) || abs(sum) <= 1e-11 * max(abs(a), abs(b))
}
