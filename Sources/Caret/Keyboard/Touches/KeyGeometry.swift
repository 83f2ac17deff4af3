// SPDX-License-Identifier: Apache-2.0

/// The keys as laid out: each key with its rectangle, row by row, and the gap between them.
package struct KeyGeometry {
    /// Each key with its rectangle, row by row.
    package var keys: [(key: KeyboardKey, frame: Rect)]
    /// The gap between keys (points).
    package var gap: Double

    package init(keys: [(key: KeyboardKey, frame: Rect)], gap: Double) {
        self.keys = keys
        self.gap = gap
    }

    /// The key under a point (nearest within its row's band, so gaps still hit).
    package func index(at point: Point) -> Int? {
        var best: (index: Int, distance: Double)?
        for (i, entry) in keys.enumerated() {
            let f = entry.frame
            guard point.y >= f.minY - gap / 2, point.y < f.maxY + gap / 2 else { continue }
            let distance = point.x < f.minX ? f.minX - point.x : (point.x > f.maxX ? point.x - f.maxX : 0)
            if distance <= gap, best == nil || distance < best!.distance { best = (i, Double(distance)) }
        }
        return best?.index
    }
}
