// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A touch panel's calibration in libinput's form (`LIBINPUT_CALIBRATION_MATRIX`): six numbers
/// mapping normalised touch coordinates, x' = a·x + b·y + c and y' = d·x + e·y + f, for panels
/// whose touch is not mapped as the display is.
public struct TouchCalibration: Hashable, Sendable {
    /// The matrix's first row.
    public var a, b, c: Double
    /// The matrix's second row.
    public var d, e, f: Double

    /// The identity: touch as reported.
    public static let identity = TouchCalibration(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// Creates a calibration from its six numbers.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Parses libinput's form, six numbers separated by spaces ("0 1 0 -1 0 1"); nil if malformed.
    public init?(_ text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard numbers.count == 6 else { return nil }
        self.init(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    }

    /// Applies it to a normalised point (0...1 across the panel).
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }
}
