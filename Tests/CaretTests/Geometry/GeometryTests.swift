// SPDX-License-Identifier: Apache-2.0
import Caret
import Testing

@Suite struct GeometryTests {
    @Test func rectContainsPointsWithExclusiveMaxEdges() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(r.contains(Point(x: 39.9, y: 59.9)))
        #expect(!r.contains(Point(x: 40, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 60)))
        #expect(!Rect.null.contains(Point.zero))
    }

    @Test func negativeSizesNormalise() {
        let r = Rect(x: 50, y: 50, width: -20, height: -10)
        #expect(r.minX == 30 && r.maxX == 50 && r.minY == 40 && r.maxY == 50)
        #expect(r.standardized == Rect(x: 30, y: 40, width: 20, height: 10))
    }

    @Test func intersectionUnionAndNull() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        let b = Rect(x: 50, y: 60, width: 100, height: 100)
        #expect(a.intersection(b) == Rect(x: 50, y: 60, width: 50, height: 40))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 150, height: 160))
        let far = Rect(x: 500, y: 500, width: 10, height: 10)
        #expect(a.intersection(far).isNull)
        #expect(!a.intersects(far))
        #expect(a.intersects(b))
        // Touching edges do not overlap with a positive area (Foundation's `intersects` counts
        // them as meeting).
        #expect(a.intersection(Rect(x: 100, y: 0, width: 10, height: 10)).area == 0)
        #expect(Rect.null.union(a) == a)
        #expect(a.contains(Rect(x: 10, y: 10, width: 90, height: 90)))
        #expect(!a.contains(b))
    }

    @Test func insetsOffsetsAndIntegral() {
        let r = Rect(x: 10, y: 10, width: 100, height: 50)
        #expect(r.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 20, width: 90, height: 30))
        #expect(r.insetBy(dx: 80, dy: 0).width == 0)
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 11, width: 94, height: 46))
        #expect(r.offsetBy(dx: -10, dy: 5).origin == Point(x: 0, y: 15))
        #expect(Rect(x: 0.4, y: 1.6, width: 10.2, height: 1).integral == Rect(x: 0, y: 1, width: 11, height: 2))
        #expect(r.center == Point(x: 60, y: 35))
    }

    @Test func pointsAndInsetsArithmetic() {
        #expect(Point(x: 3, y: 4).distance(to: .zero) == 5)
        #expect(Point(x: 1, y: 2) + Point(x: 3, y: 4) == Point(x: 4, y: 6))
        #expect(EdgeInsets(all: 3).horizontal == 6)
        #expect(
            EdgeInsets(all: 1) + EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)
                == EdgeInsets(top: 2, left: 1, bottom: 1, right: 1))
    }

    @Test func colorsClampAndInterpolate() {
        let c = Color(red: 2, green: -1, blue: 0.5, alpha: .nan)
        #expect(c.red == 1 && c.green == 0 && c.blue == 0.5 && c.alpha == 0)
        #expect(Color(rgb: 0x007AFF).bytes == (0, 122, 255, 255))
        #expect(Color.black.interpolated(to: .white, fraction: 0.5) == Color(white: 0.5))
        #expect(Color.red.withAlphaComponent(0.25).alpha == 0.25)
    }
}
