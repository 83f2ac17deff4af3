// SPDX-License-Identifier: Apache-2.0

/// A language's plural categories as CLDR states them (docs/behaviour/localisation.md): each
/// category ("one", "few", …) with the condition a whole number meets to take it, tried in
/// order; a number meeting none is "other".
struct PluralRules: Sendable, Equatable {
    /// A relation such as `i mod 10 in 2..4`: an operand, an optional modulus, and the values it
    /// must (or must not) take.
    struct Relation: Sendable, Equatable {
        var operand: Character
        var modulus: Int?
        var negated: Bool
        var ranges: [ClosedRange<Int>]

        func holds(for number: Int) -> Bool {
            // A whole number has no visible fraction digits: v, w, f, t, c and e are 0.
            var value = "ni".contains(operand) ? abs(number) : 0
            if let modulus { value %= modulus }
            return ranges.contains { $0.contains(value) } != negated
        }
    }

    /// The categories in order, each with its condition: relations joined by `and` inside, by `or` between.
    private(set) var categories: [(name: String, condition: [[Relation]])] = []

    /// Reads CLDR's rules (`["one": "v = 0 and i % 10 = 1 and i % 100 != 11", …]`); a rule that
    /// cannot be read is an error naming it.
    init(_ rules: [String: String]) throws(CaretError) {
        let order = ["zero", "one", "two", "few", "many"]
        for name in rules.keys where !order.contains(name) && name != "other" {
            throw CaretError.assetUnreadable(path: "plural rules", reason: "unknown category \(name)")
        }
        for name in order {
            guard let text = rules[name] else { continue }
            categories.append((name, try Self.parse(text)))
        }
    }

    /// The category of a whole number.
    func category(for number: Int) -> String {
        categories.first { $0.condition.contains { $0.allSatisfy { $0.holds(for: number) } } }?.name ?? "other"
    }

    static func == (a: PluralRules, b: PluralRules) -> Bool {
        a.categories.map(\.name) == b.categories.map(\.name) && zip(a.categories, b.categories).allSatisfy { $0.condition == $1.condition }
    }

    private static func parse(_ text: String) throws(CaretError) -> [[Relation]] {
        let condition = text.split(separator: "@").first.map(String.init) ?? ""  // samples follow "@"
        var result: [[Relation]] = []
        for alternative in condition.components(separatedBy: " or ") {
            var relations: [Relation] = []
            for part in alternative.components(separatedBy: " and ") {
                guard let relation = relation(part) else {
                    throw CaretError.assetUnreadable(path: "plural rules", reason: "cannot read the relation \"\(part)\"")
                }
                relations.append(relation)
            }
            result.append(relations)
        }
        return result
    }

    private static func relation(_ text: String) -> Relation? {
        var words = text.split(separator: " ").map(String.init)
        guard let first = words.first, first.count == 1, let operand = first.first, "nivwftce".contains(operand) else { return nil }
        words.removeFirst()
        var modulus: Int?
        if let word = words.first, word == "mod" || word == "%" {
            guard words.count > 1, let value = Int(words[1]), value > 0 else { return nil }
            modulus = value
            words.removeFirst(2)
        }
        var negated = false
        switch words.first {
        case "=", "in", "within": words.removeFirst()
        case "!=": negated = true; words.removeFirst()
        case "not":
            guard words.count > 1, words[1] == "in" || words[1] == "within" else { return nil }
            negated = true
            words.removeFirst(2)
        default: return nil
        }
        var ranges: [ClosedRange<Int>] = []
        for item in words.joined().split(separator: ",") {
            let bounds = item.components(separatedBy: "..")
            guard let low = Int(bounds[0]), let high = Int(bounds.last ?? ""), bounds.count <= 2, low <= high else { return nil }
            ranges.append(low...high)
        }
        return ranges.isEmpty ? nil : Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges)
    }
}
