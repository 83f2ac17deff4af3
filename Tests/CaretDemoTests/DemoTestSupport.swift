import Caret
import CaretTesting

/// A headless window with the fixed-advance font (10 points per character at 20 points).
@MainActor
func makeHost(width: Double = 400, height: Double = 300) throws -> HeadlessWindow {
    try HeadlessWindow(size: Size(width: width, height: height), fonts: .fixedAdvance(ratio: 0.5))
}
