// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The keyboard's handwriting mode: a language whose file names a handwriting model shows a
/// writing pad (`HandwritingInputView`) over its letter rows; its candidates fill the keyboard's
/// bar through the input session, and the keyboard's own space, Return and Backspace reach it.
extension KeyboardView {
    /// Puts the pad over the letter rows' first keys (blank ones) while the language writes, or takes it away.
    func layOutHandwriting() {
        guard let model = self.model.handwritingModel else {
            handwritingPad?.removeFromSuperview()
            handwritingPad = nil
            return
        }
        if handwritingPad?.model != model {
            handwritingPad?.removeFromSuperview()
            let pad = HandwritingInputView(model: model)
            pad.showsOwnControls = false
            pad.typeKey = { [weak self] key in
                switch key {
                case .space: self?.typeKeyAction(.space)
                case .return: self?.typeKeyAction(.return)
                case .backspace: self?.typeKeyAction(.backspace)
                }
            }
            addSubview(pad)
            handwritingPad = pad
        }
        // The first key of each row, where it is blank: the rows' writing rectangles, stacked
        // (`keyFrames` holds the rows' keys in order).
        var area: Rect?
        var offset = 0
        for row in self.model.rows {
            if row.first?.action == .blank, offset < keyFrames.count {
                area = area.map { $0.union(keyFrames[offset].frame) } ?? keyFrames[offset].frame
            }
            offset += row.count
        }
        handwritingPad?.frame = area ?? .zero
    }

    /// A key of the keyboard that the pad takes while it is shown: space and Return confirm the
    /// character written, Backspace takes back its last stroke. False when the pad lets it type.
    func handwritingTakes(_ action: KeyboardKeyAction) -> Bool {
        guard let pad = handwritingPad, pad.superview === self else { return false }
        switch action {
        case .space, .return:
            guard !pad.candidates.isEmpty else { return false }
            pad.press(action == .space ? .space : .return)
            return true
        case .backspace:
            guard !pad.strokes.isEmpty || !pad.candidates.isEmpty else { return false }
            pad.press(.backspace)
            return true
        default:
            return false
        }
    }
}
