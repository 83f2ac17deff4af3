

/// A stretch of a paragraph with one set of attributes; `length` counts UTF-16 code units.
public struct AttributeRun: Hashable, Sendable {
    /// UTF-16 length of the run.
    public var length: Int
    /// Its attributes.
    public var attributes: TextAttributes

    /// Creates a run.
    public init(length: Int, attributes: TextAttributes) {
        self.length = length
        self.attributes = attributes
    }
}
