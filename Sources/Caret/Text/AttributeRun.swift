// SPDX-License-Identifier: Apache-2.0

/// A stretch of a paragraph with one set of attributes; `length` counts UTF-16 code units.
package struct AttributeRun: Hashable, Sendable {
    /// UTF-16 length of the run.
    public var length: Int
    /// Its attributes (held once and shared by the runs made from the same ones: a 200,000-line
    /// document in one style keeps one copy, not one per paragraph).
    public var attributes: TextAttributes {
        get { box.value }
        set { box = AttributesBox(newValue) }
    }
    private var box: AttributesBox

    /// Creates a run.
    public init(length: Int, attributes: TextAttributes) {
        self.length = length
        self.box = AttributesBox(attributes)
    }

    /// A run of another length with another run's attributes, shared.
    init(length: Int, sharingAttributesOf run: AttributeRun) {
        self.length = length
        self.box = run.box
    }

    /// Whether the two runs hold one copy of their attributes.
    func sharesAttributes(with other: AttributeRun) -> Bool { box === other.box }

    public static func == (lhs: AttributeRun, rhs: AttributeRun) -> Bool {
        lhs.length == rhs.length && (lhs.box === rhs.box || lhs.box.value == rhs.box.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(length)
        hasher.combine(box.value)
    }
}

/// Attributes held once for the runs that share them.
private final class AttributesBox: Sendable {
    let value: TextAttributes
    init(_ value: TextAttributes) { self.value = value }
}
