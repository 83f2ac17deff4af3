// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the writing pad draws: the candidate strip, the writing area with its guide (a baseline
/// for cased scripts, a centre cross for Chinese and Japanese), the ink, and the key row.
extension HandwritingInputView {
    static let inkColor = Color.ink
    static let guideColor = Color.padGuide

    /// Whether the model reads cased letters against a baseline.
    var usesBaseline: Bool { ["latin", "greek", "cyrillic"].contains(model) }

    func drawPad(in context: GraphicsContext) {
        let font = Font.systemFont(ofSize: 20)
        let metrics = context.fontProvider.metrics(for: font)
        // The strip: the candidates, the first highlighted.
        for (index, frame) in candidateFrames.enumerated() {
            if index == 0 { context.fillRoundedRect(frame.insetBy(dx: 4, dy: 4), radius: 6, color: .barPlate) }
            let run = context.shape(candidates[index], font: font)
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()), color: .label)
        }
        // The writing area and its guide.
        let area = writingArea
        context.fillRoundedRect(area, radius: showsOwnControls ? 8 : 5, color: .cardBackground)
        let guide = self.guide
        if usesBaseline {
            context.fill(Rect(x: area.minX + 12, y: area.minY + guide.baseline, width: area.width - 24, height: 1), color: Self.guideColor)
            let capLine = area.minY + guide.baseline - guide.capHeight
            var x = area.minX + 12
            while x < area.maxX - 12 {
                context.fill(Rect(x: x, y: capLine, width: 6, height: 1), color: Self.guideColor)
                x += 12
            }
        } else {
            context.fill(Rect(x: area.midX, y: area.minY + 12, width: 1, height: area.height - 24), color: Self.guideColor)
            context.fill(Rect(x: area.minX + 12, y: area.midY, width: area.width - 24, height: 1), color: Self.guideColor)
        }
        if let problem {
            let run = context.shape(KeyWord.handwritingUnavailable.text(padWords, ["reason": problem.description]), font: .systemFont(ofSize: 14))
            context.drawText(run, at: Point(x: area.minX + 12, y: area.minY + 12), color: .padError)
        } else if strokes.isEmpty, currentInk.isEmpty, candidates.isEmpty {
            let run = context.shape(KeyWord.writeHere.text(padWords), font: .systemFont(ofSize: 16))
            context.drawText(run, at: Point(x: (area.midX - run.width / 2).rounded(), y: area.minY + 10), color: .barHint)
        }
        // The ink.
        for stroke in strokes.map(\.points) + [currentInk] where !stroke.isEmpty {
            if stroke.count == 1 {
                context.fillRoundedRect(Rect(x: stroke[0].x - 2, y: stroke[0].y - 2, width: 4, height: 4), radius: 2, color: Self.inkColor)
            }
            for (a, b) in zip(stroke, stroke.dropFirst()) { context.drawLine(from: a, to: b, width: 4, color: Self.inkColor) }
        }
        // The keys.
        for (key, frame) in keyFrames {
            let pressed = key == pressedKeyShown
            let plain = key == .space
            context.fillRoundedRect(frame, radius: 5, color: pressed ? .functionKey : plain ? .characterKey : .functionKey)
            let label: String
            switch key {
            case .space: label = (candidates.isEmpty ? KeyWord.space : .confirm).text(padWords)
            case .backspace: label = "⌫"
            case .return: label = KeyWord.return.text(padWords)
            }
            let run = context.shape(label, font: .systemFont(ofSize: 17))
            context.drawText(
                run, at: Point(x: (frame.midX - run.width / 2).rounded(), y: (frame.midY - metrics.lineHeight / 2).rounded()), color: .label)
        }
    }
}
