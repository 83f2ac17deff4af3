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
    /// The plane shown first.
    public var startPlane: KeyboardPlane?
    /// The bottom row added under every letters, numbers and symbols plane.
    public var bottomRow: [String]?
    /// A pad's planes.
    public var planes: [KeyboardPlane: [[String]]]?

    private enum CodingKeys: String, CodingKey {
        case type, base, asciiOnly, startPlane, bottomRow, planes
    }

    /// Reads the file's plane names into `KeyboardPlane` once: an unknown name is an error
    /// naming it and where it is.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        base = try container.decode(Base.self, forKey: .base)
        asciiOnly = try container.decodeIfPresent(Bool.self, forKey: .asciiOnly)
        bottomRow = try container.decodeIfPresent([String].self, forKey: .bottomRow)
        func plane(_ name: String, _ key: CodingKeys) throws -> KeyboardPlane {
            guard let plane = KeyboardPlane(rawValue: name) else {
                let known = KeyboardPlane.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "unknown plane \"\(name)\" (planes are \(known))")
            }
            return plane
        }
        startPlane = try container.decodeIfPresent(String.self, forKey: .startPlane).map { try plane($0, .startPlane) }
        if let named = try container.decodeIfPresent([String: [[String]]].self, forKey: .planes) {
            var planes: [KeyboardPlane: [[String]]] = [:]
            for (name, rows) in named { planes[try plane(name, .planes)] = rows }
            self.planes = planes
        }
    }
}
