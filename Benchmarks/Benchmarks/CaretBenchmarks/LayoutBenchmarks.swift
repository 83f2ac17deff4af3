import Benchmark
@_spi(Testing) import Caret
import Foundation

/// Issue 29's solver targets: a form of 200 views (1,000 constraints) solved from scratch in at
/// most 5 ms; one constant changed and re-solved in at most 0.2 ms.
func layoutBenchmarks() {
    Benchmark("Layout: solve a 200-view form (1,000 constraints) from scratch", configuration: .caret(metrics: [.wallClock], maxIterations: 200)) { benchmark in
        for _ in benchmark.scaledIterations {
            let form = ConstraintForm(views: 200)
            try form.solveFromScratch()
            try verify(form.isLaidOut, "the form was not laid out as its constraints say")
            blackHole(form)
        }
    }
    nonisolated(unsafe) var form: ConstraintForm?
    nonisolated(unsafe) var top = 0.0
    Benchmark("Layout: change one constant in the 200-view form and solve again", configuration: .caret(metrics: [.wallClock], maxIterations: 5000)) { benchmark in
        if form == nil {
            form = ConstraintForm(views: 200)
            try form!.solveFromScratch()
        }
        top = top == 20 ? 60 : 20
        benchmark.startMeasurement()
        try form!.moveTop(to: top)
        benchmark.stopMeasurement()
        try verify(form!.isLaidOut && form!.frames[0].minY == top, "the form did not follow the new constant")
    }
}

/// A column of 200 fields as a form built with Auto Layout is: each pinned to the margins,
/// a fixed height, spaced below the one before, and a width it would rather have (broken).
final class ConstraintForm {
    let solver = LinearSolver()
    let minX: [LinearVariable], minY: [LinearVariable], width: [LinearVariable], height: [LinearVariable]
    let topEdit = LinearVariable("top")
    private var constraints: [LinearConstraint] = []

    init(views: Int) {
        minX = (0..<views).map { LinearVariable("v\($0).minX") }
        minY = (0..<views).map { LinearVariable("v\($0).minY") }
        width = (0..<views).map { LinearVariable("v\($0).width") }
        height = (0..<views).map { LinearVariable("v\($0).height") }
        func e(_ variable: LinearVariable) -> LinearExpression { LinearExpression(variable) }
        for i in 0..<views {
            constraints.append(LinearConstraint(e(minX[i]), .equal, LinearExpression(constant: 20)))
            constraints.append(LinearConstraint(e(minX[i]) + e(width[i]), .equal, LinearExpression(constant: 1260)))
            constraints.append(LinearConstraint(e(height[i]), .equal, LinearExpression(constant: 44)))
            let above = i == 0 ? e(topEdit) : e(minY[i - 1]) + e(height[i - 1]) + 8
            constraints.append(LinearConstraint(e(minY[i]), .equal, above))
            constraints.append(LinearConstraint(e(width[i]), .lessThanOrEqual, LinearExpression(constant: 600), strength: LinearStrength.weight(priority: 250)))
        }
    }

    func solveFromScratch() throws {
        for constraint in constraints { try solver.add(constraint) }
        try solver.addEditVariable(topEdit, strength: LinearStrength.weight(priority: 999))
        try solver.suggestValue(20, for: topEdit)
        solver.updateVariables()
    }

    func moveTop(to value: Double) throws {
        try solver.suggestValue(value, for: topEdit)
        solver.updateVariables()
    }

    var frames: [(minX: Double, minY: Double, width: Double, height: Double)] {
        minX.indices.map { (minX[$0].value, minY[$0].value, width[$0].value, height[$0].value) }
    }

    var isLaidOut: Bool {
        frames.enumerated().allSatisfy { i, frame in
            frame.minX == 20 && frame.width == 1240 && frame.height == 44
                && (i == 0 || abs(frame.minY - (frames[i - 1].minY + 52)) < 1e-6)
        }
    }
}
