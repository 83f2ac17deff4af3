// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The key layout of one keyboard type: a letters keyboard with its own bottom row, or a pad.
@_spi(Testing) public struct KeyboardTypeLayout: Decodable, Hashable, Sendable {
    /// Letters planes from the language, or a pad of its own.
    public enum Base: String, Decodable, Sendable {
        /// The language's planes with this type's bottom row.
        case letters
        /// The type's own planes.
        case pad
    }
    /// The type's name (`KeyboardType`'s case name).
    public var type: String
    /// Where the rows come from.
    public var base: Base
    /// Keys outside ASCII are left out (and no alternates).
    public var asciiOnly: Bool?
    /// The plane shown first ("letters", "numbers", "digits").
    public var startPlane: String?
    /// The bottom row added under every letters, numbers and symbols plane.
    public var bottomRow: [String]?
    /// A pad's planes by name.
    public var planes: [String: [[String]]]?
}
