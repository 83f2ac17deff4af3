// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The solver's vocabulary: variables, linear expressions over them, and constraints relating an
/// expression to zero with a strength. Pure arithmetic: no views here (docs/behaviour).

/// A number the solver finds; compared by identity.
@_spi(Testing) public final class LinearVariable: Hashable, CustomStringConvertible {
    /// A name for logs ("field.minX").
    @_spi(Testing) public let name: String
    /// The value from the last `LinearSolver.updateVariables()`.
    @_spi(Testing) public internal(set) var value: Double = 0

    @_spi(Testing) public init(_ name: String) { self.name = name }

    @_spi(Testing) public static func == (a: LinearVariable, b: LinearVariable) -> Bool { a === b }
    @_spi(Testing) public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    @_spi(Testing) public var description: String { name }
}

/// A sum of variables times coefficients, plus a constant.
@_spi(Testing) public struct LinearExpression: CustomStringConvertible {
    @_spi(Testing) public var terms: [(variable: LinearVariable, coefficient: Double)]
    @_spi(Testing) public var constant: Double

    @_spi(Testing) public init(_ terms: [(variable: LinearVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    @_spi(Testing) public init(_ variable: LinearVariable) { self.init([(variable, 1)]) }

    @_spi(Testing) public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    @_spi(Testing) public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
    @_spi(Testing) public static func + (a: LinearExpression, b: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + b) }
    @_spi(Testing) public static func - (a: LinearExpression, b: Double) -> LinearExpression { a + -b }
    @_spi(Testing) public static func * (a: LinearExpression, b: Double) -> LinearExpression {
        LinearExpression(a.terms.map { ($0.variable, $0.coefficient * b) }, constant: a.constant * b)
    }

    /// The value with the variables' current values.
    @_spi(Testing) public var value: Double { terms.reduce(constant) { $0 + $1.variable.value * $1.coefficient } }

    @_spi(Testing) public var description: String {
        var parts = terms.map { term in term.coefficient == 1 ? term.variable.name : "\(format(term.coefficient))·\(term.variable.name)" }
        if constant != 0 || parts.isEmpty { parts.append(format(constant)) }
        return parts.joined(separator: " + ")
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// How an expression relates to zero.
@_spi(Testing) public enum LinearRelation: String {
    case lessThanOrEqual = "<=", equal = "==", greaterThanOrEqual = ">="
}

/// How much a constraint matters: `required` must hold; weaker ones are met as well as the
/// required ones allow, stronger before weaker.
@_spi(Testing) public enum LinearStrength {
    /// A constraint that must hold.
    @_spi(Testing) public static let required = 1_000_000_000_000.0

    /// The weight of a UIKit priority (1…1000; 1000 is required): 10^(9p/1000), so that each
    /// standard level (50, 250, 500, 750, 999) outweighs hundreds of the level below it.
    @_spi(Testing) public static func weight(priority: Float) -> Double {
        priority >= 1000 ? required : pow(10, 9 * Double(max(1, priority)) / 1000)
    }
}

/// `expression relation 0` with a strength. `owner` is what the app made it from (an
/// `NSLayoutConstraint`), for reports. Immutable once made (hence sendable in a failure).
@_spi(Testing) public final class LinearConstraint: Hashable, CustomStringConvertible, @unchecked Sendable {
    @_spi(Testing) public let expression: LinearExpression
    @_spi(Testing) public let relation: LinearRelation
    @_spi(Testing) public let strength: Double
    @_spi(Testing) public weak let owner: AnyObject?

    @_spi(Testing) public init(
        _ expression: LinearExpression, _ relation: LinearRelation, strength: Double = LinearStrength.required, owner: AnyObject? = nil
    ) {
        self.expression = expression
        self.relation = relation
        self.strength = min(strength, LinearStrength.required)
        self.owner = owner
    }

    /// `lhs relation rhs`.
    @_spi(Testing) public convenience init(
        _ lhs: LinearExpression, _ relation: LinearRelation, _ rhs: LinearExpression,
        strength: Double = LinearStrength.required, owner: AnyObject? = nil
    ) {
        self.init(lhs - rhs, relation, strength: strength, owner: owner)
    }

    @_spi(Testing) public var isRequired: Bool { strength >= LinearStrength.required }

    @_spi(Testing) public static func == (a: LinearConstraint, b: LinearConstraint) -> Bool { a === b }
    @_spi(Testing) public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    @_spi(Testing) public var description: String { "\(expression) \(relation.rawValue) 0" }
}
