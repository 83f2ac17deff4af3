import Foundation

/// The solver's vocabulary: variables, linear expressions over them, and constraints relating an
/// expression to zero with a strength. Pure arithmetic: no views here (SPEC §15).

/// A number the solver finds; compared by identity.
final class LinearVariable: Hashable, CustomStringConvertible {
    /// A name for logs ("field.minX").
    let name: String
    /// The value from the last `LinearSolver.updateVariables()`.
    var value: Double = 0

    init(_ name: String) { self.name = name }

    static func == (a: LinearVariable, b: LinearVariable) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    var description: String { name }
}

/// A sum of variables times coefficients, plus a constant.
struct LinearExpression: CustomStringConvertible {
    var terms: [(variable: LinearVariable, coefficient: Double)]
    var constant: Double

    init(_ terms: [(variable: LinearVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    init(_ variable: LinearVariable) { self.init([(variable, 1)]) }

    static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
    static func + (a: LinearExpression, b: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + b) }
    static func - (a: LinearExpression, b: Double) -> LinearExpression { a + -b }
    static func * (a: LinearExpression, b: Double) -> LinearExpression {
        LinearExpression(a.terms.map { ($0.variable, $0.coefficient * b) }, constant: a.constant * b)
    }

    /// The value with the variables' current values.
    var value: Double { terms.reduce(constant) { $0 + $1.variable.value * $1.coefficient } }

    var description: String {
        var parts = terms.map { term in term.coefficient == 1 ? term.variable.name : "\(format(term.coefficient))·\(term.variable.name)" }
        if constant != 0 || parts.isEmpty { parts.append(format(constant)) }
        return parts.joined(separator: " + ")
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// How an expression relates to zero.
enum LinearRelation: String {
    case lessThanOrEqual = "<=", equal = "==", greaterThanOrEqual = ">="
}

/// How much a constraint matters: `required` must hold; weaker ones are met as well as the
/// required ones allow, stronger before weaker.
enum LinearStrength {
    /// A constraint that must hold.
    static let required = 1_000_000_000_000.0

    /// The weight of a UIKit priority (1…1000; 1000 is required): 10^(9p/1000), so that each
    /// standard level (50, 250, 500, 750, 999) outweighs hundreds of the level below it.
    static func weight(priority: Float) -> Double {
        priority >= 1000 ? required : pow(10, 9 * Double(max(1, priority)) / 1000)
    }
}

/// `expression relation 0` with a strength. `owner` is what the app made it from (an
/// `NSLayoutConstraint`), for reports. Immutable once made (hence sendable in a failure).
final class LinearConstraint: Hashable, CustomStringConvertible, @unchecked Sendable {
    let expression: LinearExpression
    let relation: LinearRelation
    let strength: Double
    weak let owner: AnyObject?

    init(_ expression: LinearExpression, _ relation: LinearRelation, strength: Double = LinearStrength.required, owner: AnyObject? = nil) {
        self.expression = expression
        self.relation = relation
        self.strength = min(strength, LinearStrength.required)
        self.owner = owner
    }

    /// `lhs relation rhs`.
    convenience init(
        _ lhs: LinearExpression, _ relation: LinearRelation, _ rhs: LinearExpression,
        strength: Double = LinearStrength.required, owner: AnyObject? = nil
    ) {
        self.init(lhs - rhs, relation, strength: strength, owner: owner)
    }

    var isRequired: Bool { strength >= LinearStrength.required }

    static func == (a: LinearConstraint, b: LinearConstraint) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    var description: String { "\(expression) \(relation.rawValue) 0" }
}
