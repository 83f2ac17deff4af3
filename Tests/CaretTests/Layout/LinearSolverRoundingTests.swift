// SPDX-License-Identifier: Apache-2.0
import CaretTesting
import Testing

@_spi(Testing) @testable import Caret

/// Rounding in the solver: UIKit's weights run from 1 to 10⁹ (priority 999), and the objective
/// adds them and takes them away as constraints come and go. What rounding leaves of a sum that
/// cancelled must not read as a cost, or the simplex finds a symbol that lowers the objective
/// without bound (the demo form's "the objective is unbounded" after the notes screen and back).
@Suite struct LinearSolverRoundingTests {
    /// Rows of views laid out as a form is: edges chained by required equalities, widths wished
    /// at every standard priority, hugging and compression pairs; constraints removed, added
    /// again and their constants moved, thousands of times. Every change must succeed and leave
    /// a tableau in good order.
    @Test func heavyWeightsComingAndGoingLeaveNoCostBehind() throws {
        var generator = SoakRandom(seed: 2611)
        let solver = LinearSolver()
        let priorities: [Float] = [999, 998, 750, 751, 500, 250, 251, 50, 1]
        let count = 24
        let left = (0..<count).map { LinearVariable("left\($0)") }
        let width = (0..<count).map { LinearVariable("width\($0)") }
        var held: [LinearConstraint] = []
        func add(_ constraint: LinearConstraint) throws {
            try solver.add(constraint)
            held.append(constraint)
        }
        try add(LinearConstraint(LinearExpression([(left[0], 1)], constant: -16), .equal))
        for i in 1..<count {
            // left[i] = left[i-1] + width[i-1] + 8 (required), like a stack's spacing.
            try add(LinearConstraint(LinearExpression([(left[i], 1), (left[i - 1], -1), (width[i - 1], -1)], constant: -8), .equal))
        }
        func wish() -> LinearConstraint {
            let i = Int.random(in: 0..<count, using: &generator)
            let priority = priorities.randomElement(using: &generator)!
            let target = Double(Int.random(in: 20...400, using: &generator)) + 0.5
            let relation: LinearRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &generator)!
            return LinearConstraint(
                LinearExpression([(width[i], 1)], constant: -target), relation, strength: LinearStrength.weight(priority: priority))
        }
        var wishes: [LinearConstraint] = []
        for _ in 0..<(count * 4) {
            let constraint = wish()
            try solver.add(constraint)
            wishes.append(constraint)
        }
        for step in 0..<4_000 {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let index = Int.random(in: 0..<wishes.count, using: &generator)
                try solver.remove(wishes[index])
                wishes[index] = wish()
                try solver.add(wishes[index])
            case 1:
                let constraint = wishes.randomElement(using: &generator)!
                _ = try solver.shiftConstant(of: constraint, by: Double(Int.random(in: -50...50, using: &generator)) + 0.25)
            default:
                // A required link removed and made again, as a view moving between stacks.
                let index = Int.random(in: 1..<held.count, using: &generator)
                try solver.remove(held[index])
                try solver.add(held[index])
            }
            if let fault = solver.tableauFault() {
                Issue.record("step \(step): \(fault)")
                return
            }
        }
        solver.updateVariables()
        for i in 1..<count {
            #expect(abs(left[i].value - (left[i - 1].value + width[i - 1].value + 8)) < 1e-6, "the required chain holds at \(i)")
        }
    }
}
