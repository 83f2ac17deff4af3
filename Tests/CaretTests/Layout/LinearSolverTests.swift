// SPDX-License-Identifier: Apache-2.0

import CaretTesting
import Foundation
import Testing

@_spi(Testing) @testable import Caret

/// The Cassowary solver under Auto Layout (issue 29): the classic examples, priorities,
/// incremental edits, unsatisfiable and ambiguous systems, and random systems checked against
/// a brute-force optimum.
@Suite struct LinearSolverTests {
    private func v(_ name: String) -> LinearExpression { LinearExpression(LinearVariable(name)) }
    private func c(_ value: Double) -> LinearExpression { LinearExpression(constant: value) }

    private func variable(_ expression: LinearExpression) -> LinearVariable { expression.terms[0].variable }

    @Test func pointsOnALineWithAMidpointFollowSuggestions() throws {
        let solver = LinearSolver()
        let left = v("left"), mid = v("mid"), right = v("right")
        try solver.add(LinearConstraint(mid * 2, .equal, left + right))
        try solver.add(LinearConstraint(left + 10, .lessThanOrEqual, right))
        try solver.add(LinearConstraint(right, .lessThanOrEqual, c(100)))
        try solver.add(LinearConstraint(left, .greaterThanOrEqual, c(0)))
        try solver.addEditVariable(variable(mid), strength: LinearStrength.weight(priority: 750))
        for (suggested, expected) in [(50.0, 50.0), (2, 5), (98, 95), (30, 30)] {
            try solver.suggestValue(suggested, for: variable(mid))
            solver.updateVariables()
            #expect(abs(mid.value - expected) < 1e-6, "mid \(mid.value) for \(suggested)")
            #expect(abs(mid.value * 2 - left.value - right.value) < 1e-6)
            #expect(left.value + 10 <= right.value + 1e-6 && right.value <= 100 + 1e-6 && left.value >= -1e-6)
        }
    }

    @Test func requiredInequalitiesBoundWeakerWishes() throws {
        let solver = LinearSolver()
        let x = v("x")
        try solver.add(LinearConstraint(x, .greaterThanOrEqual, c(10)))
        try solver.add(LinearConstraint(x, .equal, c(5), strength: LinearStrength.weight(priority: 250)))
        solver.updateVariables()
        #expect(x.value == 10)
        let cap = LinearConstraint(x, .lessThanOrEqual, c(20), strength: LinearStrength.weight(priority: 750))
        try solver.add(cap)
        try solver.add(LinearConstraint(x, .equal, c(30), strength: LinearStrength.weight(priority: 500)))
        solver.updateVariables()
        #expect(x.value == 20, "a 750 cap beats a 500 wish")
        try solver.remove(cap)
        solver.updateVariables()
        #expect(x.value == 30, "without the cap the 500 wish holds")
    }

    @Test func aHigherPriorityBeatsManyLowerOnes() throws {
        let solver = LinearSolver()
        let x = v("x")
        for _ in 0..<50 { try solver.add(LinearConstraint(x, .equal, c(0), strength: LinearStrength.weight(priority: 250))) }
        try solver.add(LinearConstraint(x, .equal, c(100), strength: LinearStrength.weight(priority: 750)))
        solver.updateVariables()
        #expect(x.value == 100)
    }

    @Test func unsatisfiableRequiredConstraintsAreRefusedWithTheirConflict() throws {
        let solver = LinearSolver()
        let x = v("x"), y = v("y")
        let atLeast = LinearConstraint(x, .greaterThanOrEqual, c(10))
        try solver.add(atLeast)
        let atMost = LinearConstraint(x, .lessThanOrEqual, c(5))
        #expect(throws: LinearSolver.Failure.unsatisfiable(involved: [atLeast])) { try solver.add(atMost) }
        #expect(!solver.contains(atMost))
        solver.updateVariables()
        #expect(x.value >= 10, "the refused constraint left no trace")

        // A cycle of equalities: a = b + 10, b = a + 10.
        let first = LinearConstraint(x, .equal, y + 10)
        try solver.add(first)
        let second = LinearConstraint(y, .equal, x + 10)
        do {
            try solver.add(second)
            Issue.record("a contradiction was accepted")
        } catch {
            guard case .unsatisfiable(let involved) = error else { throw error }
            #expect(involved.contains(first))
        }
        // The solver still solves and changes.
        try solver.add(LinearConstraint(y, .equal, c(3)))
        solver.updateVariables()
        #expect(x.value == 13 && y.value == 3)
    }

    @Test func removingAndAddingAgainGivesTheSameSolution() throws {
        let solver = LinearSolver()
        let x = v("x"), y = v("y")
        let sum = LinearConstraint(x + y, .equal, c(100))
        try solver.add(sum)
        try solver.add(LinearConstraint(x, .equal, y * 3, strength: LinearStrength.weight(priority: 500)))
        solver.updateVariables()
        #expect(abs(x.value - 75) < 1e-6 && abs(y.value - 25) < 1e-6)
        try solver.remove(sum)
        #expect(throws: LinearSolver.Failure.unknown) { try solver.remove(sum) }
        try solver.add(sum)
        #expect(throws: LinearSolver.Failure.duplicate) { try solver.add(sum) }
        solver.updateVariables()
        #expect(abs(x.value - 75) < 1e-6 && abs(y.value - 25) < 1e-6)
    }

    /// A column of views as forms chain them (each below the one before): removing a required
    /// equality mid-chain and adding another ends as solving the new chain from scratch.
    @Test func removingAnEqualityMidChainMatchesSolvingAgain() throws {
        func chain(_ gaps: [Double]) -> (LinearSolver, [LinearVariable], [LinearConstraint]) {
            let solver = LinearSolver()
            let tops = (0...gaps.count).map { LinearVariable("top\($0)") }
            var constraints = [LinearConstraint(LinearExpression(tops[0]), .equal, LinearExpression(constant: 20))]
            for (i, gap) in gaps.enumerated() {
                constraints.append(LinearConstraint(LinearExpression(tops[i + 1]), .equal, LinearExpression(tops[i]) + gap))
            }
            return (solver, tops, constraints)
        }
        var gaps = Array(repeating: 52.0, count: 30)
        let (solver, tops, constraints) = chain(gaps)
        for constraint in constraints { try solver.add(constraint) }
        try solver.remove(constraints[15])
        gaps[14] = 100
        try solver.add(LinearConstraint(LinearExpression(tops[15]), .equal, LinearExpression(tops[14]) + 100))
        solver.updateVariables()
        let (fresh, freshTops, freshConstraints) = chain(gaps)
        for constraint in freshConstraints { try fresh.add(constraint) }
        fresh.updateVariables()
        #expect(tops.map(\.value) == freshTops.map(\.value))
        #expect(tops[30].value == 20 + 52 * 29 + 100)
    }

    /// Shifting constants in place (how a changed `constant` re-solves) ends where building the
    /// system again with the new constants ends, for random chains, spacings and wishes.
    @Test func shiftedConstantsMatchRebuiltSystems() throws {
        var generator = SoakRandom(seed: 1729)
        for round in 0..<200 {
            let count = Int.random(in: 2...8, using: &generator)
            let tops = (0..<count).map { LinearVariable("top\($0)") }
            var specs: [(kind: Int, index: Int, constant: Double, strength: Double)] = []
            specs.append((0, 0, Double(Int.random(in: -50...50, using: &generator)), LinearStrength.required))
            for i in 1..<count {
                let kind = Int.random(in: 1...3, using: &generator)  // equal gap, at least a gap, at most a gap
                let strength = Bool.random(using: &generator) ? LinearStrength.required : [1.0, 100, 10_000].randomElement(using: &generator)!
                specs.append((kind, i, Double(Int.random(in: -20...60, using: &generator)), strength))
            }
            specs.append((4, count - 1, Double(Int.random(in: 0...400, using: &generator)), 10))  // a wish for the last one
            func make(_ spec: (kind: Int, index: Int, constant: Double, strength: Double)) -> LinearConstraint {
                let v = LinearExpression(tops[spec.index])
                switch spec.kind {
                case 0: return LinearConstraint(v, .equal, LinearExpression(constant: spec.constant))
                case 1: return LinearConstraint(v, .equal, LinearExpression(tops[spec.index - 1]) + spec.constant, strength: spec.strength)
                case 2:
                    return LinearConstraint(v, .greaterThanOrEqual, LinearExpression(tops[spec.index - 1]) + spec.constant, strength: spec.strength)
                case 3: return LinearConstraint(v, .lessThanOrEqual, LinearExpression(tops[spec.index - 1]) + spec.constant, strength: spec.strength)
                default: return LinearConstraint(v, .equal, LinearExpression(constant: spec.constant), strength: spec.strength)
                }
            }
            let solver = LinearSolver()
            var made = specs.map(make)
            for constraint in made { try solver.add(constraint) }
            // A run of changes, each applied by shifting (or, when refused, by rebuilding that one).
            for _ in 0..<5 {
                let index = Int.random(in: specs.indices, using: &generator)
                let delta = Double(Int.random(in: -40...40, using: &generator))
                specs[index].constant += delta
                // The expression is lhs − rhs: the constant, on the right, moves it the other way.
                if try !solver.shiftConstant(of: made[index], by: -delta) {
                    try solver.remove(made[index])
                    made[index] = make(specs[index])
                    try solver.add(made[index])
                }
            }
            solver.updateVariables()
            let shifted = tops.map(\.value)
            let fresh = LinearSolver()
            for spec in specs { try fresh.add(make(spec)) }
            fresh.updateVariables()
            func cost(_ values: [Double]) -> Double {
                specs.reduce(0) { total, spec in
                    guard spec.strength < LinearStrength.required else { return total }
                    let value = values[spec.index], previous = spec.index > 0 ? values[spec.index - 1] : 0
                    let error: Double
                    switch spec.kind {
                    case 1: error = abs(value - previous - spec.constant)
                    case 2: error = max(0, previous + spec.constant - value)
                    case 3: error = max(0, value - previous - spec.constant)
                    default: error = abs(value - spec.constant)
                    }
                    return total + spec.strength * error
                }
            }
            #expect(abs(cost(shifted) - cost(tops.map(\.value))) < 1e-6 * max(1, cost(shifted)), "round \(round): \(shifted) vs \(tops.map(\.value))")
            #expect(abs(shifted[0] - specs[0].constant) < 1e-9, "round \(round): the required top moved to \(shifted[0])")
        }
    }

    @Test func aShiftThatContradictsRequiredConstraintsIsRefusedAndUndone() throws {
        let solver = LinearSolver()
        let x = LinearVariable("x"), y = LinearVariable("y")
        try solver.add(LinearConstraint(LinearExpression(x), .lessThanOrEqual, LinearExpression(constant: 100)))
        let gap = LinearConstraint(LinearExpression(y), .equal, LinearExpression(x) + 10)
        try solver.add(gap)
        let floor = LinearConstraint(LinearExpression(y), .greaterThanOrEqual, LinearExpression(constant: 50))
        try solver.add(floor)
        solver.updateVariables()
        #expect(y.value - x.value == 10 && y.value >= 50)
        // y ≥ 150 with x ≤ 100 and y = x + 10 cannot hold.
        #expect(try !solver.shiftConstant(of: floor, by: -100))
        solver.updateVariables()
        #expect(y.value - x.value == 10 && y.value >= 50 && x.value <= 100, "the refused shift left no trace")
        #expect(try solver.shiftConstant(of: floor, by: -40))  // y ≥ 90 can
        solver.updateVariables()
        #expect(y.value >= 90 - 1e-9 && x.value <= 100)
    }

    @Test func editsAreRequiredToBeWeakerAndKnown() throws {
        let solver = LinearSolver()
        let x = LinearVariable("x")
        #expect(throws: LinearSolver.Failure.requiredEdit) { try solver.addEditVariable(x, strength: LinearStrength.required) }
        #expect(throws: LinearSolver.Failure.unknownEdit) { try solver.suggestValue(1, for: x) }
        try solver.addEditVariable(x, strength: 1000)
        #expect(throws: LinearSolver.Failure.duplicateEdit) { try solver.addEditVariable(x, strength: 1000) }
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
    }

    @Test func ambiguousVariablesAreFound() throws {
        let solver = LinearSolver()
        let x = v("x"), y = v("y")
        try solver.add(LinearConstraint(x + y, .equal, c(10)))
        #expect(Set(solver.ambiguousVariables().map(\.name)) == ["x", "y"])
        try solver.add(LinearConstraint(x, .equal, c(3)))
        #expect(solver.ambiguousVariables().isEmpty)
    }

    /// Many edits in a row end where solving from scratch with the final values ends.
    @Test func incrementalEditsMatchSolvingFromScratch() throws {
        var generator = SoakRandom(seed: 29)
        let solver = LinearSolver()
        let vars = (0..<6).map { LinearVariable("v\($0)") }
        for i in 1..<vars.count {
            try solver.add(LinearConstraint(LinearExpression(vars[i]), .greaterThanOrEqual, LinearExpression(vars[i - 1]) + 8))
        }
        try solver.add(LinearConstraint(LinearExpression(vars[0]), .greaterThanOrEqual, c(0)))
        try solver.add(LinearConstraint(LinearExpression(vars[5]), .lessThanOrEqual, c(500)))
        for variable in [vars[1], vars[4]] { try solver.addEditVariable(variable, strength: 1_000_000) }
        var last = (0.0, 0.0)
        for _ in 0..<200 {
            last = (Double(Int.random(in: -50...550, using: &generator)), Double(Int.random(in: -50...550, using: &generator)))
            try solver.suggestValue(last.0, for: vars[1])
            try solver.suggestValue(last.1, for: vars[4])
        }
        solver.updateVariables()
        let incremental = vars.map(\.value)

        let fresh = LinearSolver()
        for constraint in solver.allConstraints where constraint.isRequired { try fresh.add(constraint) }
        for variable in [vars[1], vars[4]] { try fresh.addEditVariable(variable, strength: 1_000_000) }
        try fresh.suggestValue(last.0, for: vars[1])
        try fresh.suggestValue(last.1, for: vars[4])
        fresh.updateVariables()
        // Compare what matters: the edits' errors (the optimum), and every required constraint holding.
        let cost = { (values: [Double]) in abs(values[1] - last.0) + abs(values[4] - last.1) }
        #expect(abs(cost(incremental) - cost(vars.map(\.value))) < 1e-6)
        for i in 1..<6 { #expect(incremental[i] >= incremental[i - 1] + 8 - 1e-6) }
    }

    /// Random two-variable systems: required inequalities in a box and weighted wishes; the
    /// solver's cost equals the least cost over every vertex of the arrangement (where a
    /// piecewise-linear optimum lies), and its solution is feasible; again after one is removed.
    @Test func randomSystemsReachTheBruteForceOptimum() throws {
        var generator = SoakRandom(seed: 2029)
        for round in 0..<300 {
            let x = LinearVariable("x"), y = LinearVariable("y")
            let solver = LinearSolver()
            var lines: [(a: Double, b: Double, c: Double)] = []  // a·x + b·y + c (relation) 0
            var required: [(a: Double, b: Double, c: Double, relation: LinearRelation)] = []
            var wishes: [(a: Double, b: Double, c: Double, relation: LinearRelation, weight: Double)] = []
            func expression(_ a: Double, _ b: Double, _ c: Double) -> LinearExpression {
                LinearExpression([(x, a), (y, b)], constant: c)
            }
            for (a, b, c) in [(1.0, 0.0, 100.0), (0.0, 1.0, 100.0), (1.0, 0.0, -100.0), (0.0, 1.0, -100.0)] {
                let relation: LinearRelation = c > 0 ? .greaterThanOrEqual : .lessThanOrEqual
                try solver.add(LinearConstraint(expression(a, b, c), relation))
                required.append((a, b, c, relation))
                lines.append((a, b, c))
            }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let a = Double(Int.random(in: -3...3, using: &generator)), b = Double(Int.random(in: -3...3, using: &generator))
                let c = Double(Int.random(in: -60...60, using: &generator))
                let relation: LinearRelation = Bool.random(using: &generator) ? .lessThanOrEqual : .greaterThanOrEqual
                do {
                    try solver.add(LinearConstraint(expression(a, b, c), relation))
                    required.append((a, b, c, relation))
                    lines.append((a, b, c))
                } catch {
                    guard case .unsatisfiable = error else { throw error }
                    // Refused: it must indeed be infeasible with the others (checked below by the grid).
                    #expect(!feasibleSomewhere(required + [(a, b, c, relation)]), "round \(round): a satisfiable constraint was refused")
                }
            }
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let a = Double(Int.random(in: -3...3, using: &generator)), b = Double(Int.random(in: -3...3, using: &generator))
                let c = Double(Int.random(in: -80...80, using: &generator))
                let relation: LinearRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &generator)!
                let weight = [1.0, 10, 100].randomElement(using: &generator)!
                try solver.add(LinearConstraint(expression(a, b, c), relation, strength: weight))
                wishes.append((a, b, c, relation, weight))
                lines.append((a, b, c))
            }
            func violation(_ value: Double, _ relation: LinearRelation) -> Double {
                switch relation {
                case .equal: abs(value)
                case .lessThanOrEqual: max(0, value)
                case .greaterThanOrEqual: max(0, -value)
                }
            }
            func cost(_ px: Double, _ py: Double) -> Double {
                wishes.reduce(0) { $0 + $1.weight * violation($1.a * px + $1.b * py + $1.c, $1.relation) }
            }
            func feasible(_ px: Double, _ py: Double) -> Bool {
                required.allSatisfy { violation($0.a * px + $0.b * py + $0.c, $0.relation) < 1e-6 }
            }
            func check(_ stage: String) {
                solver.updateVariables()
                #expect(feasible(x.value, y.value), "round \(round), \(stage): the solution breaks a required constraint")
                var best = Double.infinity
                for i in lines.indices {
                    for j in lines.indices where j > i {
                        let (a1, b1, c1) = lines[i], (a2, b2, c2) = lines[j]
                        let det = a1 * b2 - a2 * b1
                        guard abs(det) > 1e-9 else { continue }
                        let px = (-c1 * b2 + c2 * b1) / det, py = (-a1 * c2 + a2 * c1) / det
                        if feasible(px, py) { best = min(best, cost(px, py)) }
                    }
                }
                #expect(
                    abs(cost(x.value, y.value) - best) < 1e-5 * max(1, best),
                    "round \(round), \(stage): cost \(cost(x.value, y.value)), optimum \(best)")
            }
            check("added")
            // Incremental removal: drop one wish (or one required constraint beyond the box).
            let inSolver = solver.allConstraints.filter { constraint in
                !(constraint.isRequired && constraint.expression.terms.filter { $0.coefficient != 0 }.count == 1
                    && abs(constraint.expression.constant) == 100)
            }
            if let gone = inSolver.randomElement(using: &generator) {
                try solver.remove(gone)
                let (a, b) = (gone.expression.terms[0].coefficient, gone.expression.terms[1].coefficient)
                let c = gone.expression.constant
                if gone.isRequired {
                    required.removeAll { $0.a == a && $0.b == b && $0.c == c && $0.relation == gone.relation }
                } else {
                    if let index = wishes.firstIndex(where: {
                        $0.a == a && $0.b == b && $0.c == c && $0.relation == gone.relation && $0.weight == gone.strength
                    }) {
                        wishes.remove(at: index)
                    }
                }
                check("after removing \(gone)")
            }
        }
    }

    /// Whether some point of a fine grid in the box meets every constraint (for refused ones).
    private func feasibleSomewhere(_ constraints: [(a: Double, b: Double, c: Double, relation: LinearRelation)]) -> Bool {
        for px in stride(from: -100.0, through: 100, by: 0.5) {
            for py in stride(from: -100.0, through: 100, by: 0.5) {
                let ok = constraints.allSatisfy { item in
                    let value = item.a * px + item.b * py + item.c
                    switch item.relation {
                    case .equal: return abs(value) < 1e-9
                    case .lessThanOrEqual: return value <= 1e-9
                    case .greaterThanOrEqual: return value >= -1e-9
                    }
                }
                if ok { return true }
            }
        }
        return false
    }
}
