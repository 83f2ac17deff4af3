// SPDX-License-Identifier: Apache-2.0
/// The colours of Caret's own views that are not UIKit's named colours: the keyboard and its
/// bars, cards over content, fields, alerts and indicators, each dynamic (light and dark), the
/// dark ones chosen for the same contrast as the light (docs/behaviour/accessibility.md).
extension Color {
    /// The keyboard's backdrop, behind its keys and under an input view.
    static let keyboardBackdrop = Color(light: Color(rgb: 0xD1D4DA), dark: Color(rgb: 0x2C2C2E))
    /// A character key's face.
    static let characterKey = Color(light: .white, dark: Color(rgb: 0x6B6B6F))
    /// A function key's face (shift, delete, the language key) and a pressed character key.
    static let functionKey = Color(light: Color(rgb: 0xABB0BA), dark: Color(rgb: 0x464649))
    /// The line under a key.
    static let keyShadow = Color(light: Color(rgb: 0x898A8D), dark: Color(white: 0))
    /// Disabled text on keys, buttons and labels.
    static let disabledText = Color(light: Color(white: 0.55), dark: Color(white: 0.5))
    /// The bars over the keys (suggestions, candidates).
    static let barBackground = Color(light: Color(white: 0.94), dark: Color(rgb: 0x2C2C2E))
    /// The candidate panel that opens over the keys.
    static let candidatePanelBackground = Color(light: Color(rgb: 0xEEEFF2), dark: Color(rgb: 0x2C2C2E))
    /// The thin lines between a bar's cells.
    static let barDivider = Color(light: Color(white: 0.65), dark: Color(white: 0.4))
    /// A bar's hint text.
    static let barHint = Color(light: Color(white: 0.45), dark: Color(white: 0.7))
    /// The plate behind a bar's chosen word.
    static let barPlate = Color(light: Color(white: 0.98), dark: Color(rgb: 0x48484A))
    /// A card over content: a key's popup, the language list, the loupe, a candidate.
    static let cardBackground = Color(light: .white, dark: Color(rgb: 0x3A3A3C))
    /// A card's outline.
    static let cardOutline = Color(light: Color(white: 0.72), dark: Color(white: 0.4))
    /// The inside of a rounded field.
    static let fieldBackground = Color(light: .white, dark: Color(rgb: 0x1C1C1E))
    /// The inside of a disabled rounded field.
    static let disabledFieldBackground = Color(light: Color(white: 0.96), dark: Color(rgb: 0x2C2C2E))
    /// A bezel field's edges: its outline and its darker top line.
    static let bezelEdge = Color(light: Color(white: 0.6), dark: Color(white: 0.5))
    static let bezelTop = Color(light: Color(white: 0.45), dark: Color(white: 0.65))
    /// An alert's card.
    static let alertBackground = Color(light: Color(white: 0.97), dark: Color(rgb: 0x1C1C1E))
    /// What dims the screen behind an alert.
    static let alertDimming = Color(white: 0, alpha: 0.3)
    /// A highlighted gray button.
    static let grayButtonHighlight = Color(light: Color(white: 0.82), dark: Color(rgb: 0x48484A))
    /// A disabled filled button's fill.
    static let disabledFill = Color(light: Color(white: 0.85), dark: Color(rgb: 0x3A3A3C))
    /// Scroll indicators.
    static let scrollIndicator = Color(light: Color(white: 0), dark: Color(white: 1))
    /// Handwriting's ink and the pad's guide line.
    static let ink = Color(light: Color(rgb: 0x1C1C1E), dark: Color(rgb: 0xF2F2F7))
    static let padGuide = Color(light: Color(white: 0.8), dark: Color(white: 0.35))
    /// An error on a pad (handwriting's engine missing).
    static let padError = Color(light: Color(rgb: 0xB00020), dark: Color(rgb: 0xFF6B6B))
    /// The placeholder in the high-contrast theme.
    static let highContrastPlaceholder = Color(light: Color(white: 0.25), dark: Color(white: 0.8))

    /// This fill darkened until `text` on it reaches `ratio` (a filled button's white title on a
    /// tint that is light in the dark appearance), in each appearance.
    func darkened(forText text: Color, toContrast ratio: Double) -> Color {
        func fit(_ fill: Color, _ text: Color) -> Color {
            var fill = fill
            var steps = 0
            while fill.contrastRatio(with: text) < ratio && steps < 20 {
                fill = fill.interpolated(to: .black, fraction: 0.05)
                steps += 1
            }
            return fill
        }
        let light = fit(resolvedColor(with: .light), text.resolvedColor(with: .light))
        guard isDynamic || text.isDynamic else { return light }
        return Color(light: light, dark: fit(resolvedColor(with: .dark), text.resolvedColor(with: .dark)))
    }
}
