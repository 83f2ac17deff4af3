import Foundation

/// The letters, numbers and symbols of one language, and the alternates a long press offers.
public struct KeyboardLanguage: Decodable, Hashable, Sendable {
    /// A short code ("en", "de", "fr").
    public var identifier: String
    /// The name in the language itself ("Deutsch").
    public var name: String
    /// What the space bar shows while more than one language is offered ("DE").
    public var shortName: String
    /// The space bar's label.
    public var space: String
    /// Rows of the letters plane.
    public var letters: [[String]]
    /// Rows of the numbers plane.
    public var numbers: [[String]]
    /// Rows of the symbols plane.
    public var symbols: [[String]]
    /// Alternates by key text, in the order offered ("e": "éèêë").
    public var alternates: [String: String]
    /// Whether the language is written right to left (Arabic, Hebrew, Persian): an empty field
    /// being typed into with it starts at the right, and no English suggestions are offered.
    public var rightToLeft: Bool?
    /// The label of the key back to the letters ("ABC"; "أبج" in Arabic).
    public var lettersLabel: String?
}
