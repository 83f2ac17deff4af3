// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The check that drawing changes nothing (ARCHITECTURE.md, "A frame"): a frame whose drawing
/// changed a view's frame or bounds, or laid out a line, broke edit → layout → draw; in debug
/// builds (and in the soak) such frames are recorded and fail an assertion.
@MainActor
@_spi(Testing) public final class DrawingCheck {
    /// Whether each frame checks that drawing changed no view's geometry and laid out no text
    /// (on in debug builds; the soak turns it on everywhere).
    var isOn: Bool = {
        #if DEBUG
            true
        #else
            false
        #endif
    }()
    /// Whether a frame whose drawing changed something fails an assertion (tests that plant such
    /// a view turn it off and read `takeDrawingProblems()`).
    @_spi(Testing) public var assertsDrawingChangesNothing = true
    /// What frames' drawing changed that the layout phase should have settled, oldest first.
    private var problems: [String] = []
    /// The passes a layout phase may take before a frame: layout that settles takes one or two.
    static let layoutPassLimit = 4
    /// The most passes a layout phase took so far (the soak reports it).
    @_spi(Testing) public private(set) var mostLayoutPasses = 0

    /// A layout phase took `passes` passes: more than `layoutPassLimit` is reported.
    func layoutPhaseTook(_ passes: Int) {
        mostLayoutPasses = max(mostLayoutPasses, passes)
        if passes > Self.layoutPassLimit { report("the layout phase took \(passes) passes (at most \(Self.layoutPassLimit))") }
    }

    /// Every view's frame and bounds under some roots, in tree order (what drawing must leave as
    /// it found).
    static func geometrySignature(of roots: [View]) -> [Rect] {
        var rects: [Rect] = []
        func visit(_ view: View) {
            rects.append(view.frame)
            rects.append(view.bounds)
            for subview in view.subviews { visit(subview) }
        }
        for root in roots { visit(root) }
        return rects
    }

    /// What frames' drawing changed since the last call (the soak reads it after every event).
    @_spi(Testing) public func takeDrawingProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }

    /// Records what a frame's drawing changed that the layout phase should have settled, and
    /// fails an assertion unless `assertsDrawingChangesNothing` is off.
    func report(_ problem: String) {
        problems.append(problem)
        if assertsDrawingChangesNothing { assertionFailure("drawing changed geometry: \(problem)") }
    }
}
