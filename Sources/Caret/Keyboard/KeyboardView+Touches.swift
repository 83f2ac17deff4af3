// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Fingers on the keys (docs/behaviour/world-input.md): the keyboard's `KeyPressMachine` decides
/// what touches do; here its outputs are carried out — typing through the model and the
/// controller, the popups (`KeyPopups`), the trackpad's caret moves, and the machine's timers.
extension KeyboardView {
    var now: Double { window?.backend.clock.now ?? 0 }

    /// A finger landed: the bar's cells take it there; on the keys, an earlier key still held types
    /// first (rollover), unless the two landed together (perhaps the trackpad).
    func begin(_ touch: Touch) {
        let point = touch.location(in: self)
        if showsSuggestionBar, point.y < suggestionBarHeight {
            if controller.emoji.search != nil { return controller.emoji.barTapped(at: point) }
            if !candidates.isEmpty {
                candidateBarTouched(at: point)
                return
            }
            if let cell = suggestionFrames.firstIndex(where: { $0.contains(point) }) { suggestionCellTapped(cell) }
            return
        }
        guard let index = keyIndex(at: point), keyFrames[index].key.isEnabled else { return }
        let pairing = keyPresses.landsWithAnotherFinger(on: keyFrames[index].key, at: now, accommodations: accommodations)
        let aimedAt = window?.firstResponder
        // One key at a time: typing one may have cancelled the rest.
        if !pairing { while let outputs = keyPresses.rollOver() { perform(outputs) } }
        // A key typed now that moved the focus (Return going to the next field) leaves this finger
        // on keys meant for the field it left: it types nothing rather than edit a field nobody
        // looked at (soak seed 261780018: a digit aimed at the amount deleted a letter of the website).
        guard window?.firstResponder === aimedAt else { return }
        // Typing may have changed the keys (a plane changed): find the key again.
        guard let index = keyIndex(at: point), keyFrames[index].key.isEnabled else { return }
        let key = keyFrames[index].key
        var swipes = false, padTakesBackspace = false
        if case .text = key.action, !pairing { swipes = model.plane == .letters && controller.swipe.isOn(for: self) }
        if key.action == .backspace, let pad = handwritingPad, pad.superview === self {
            padTakesBackspace = !pad.strokes.isEmpty || !pad.candidates.isEmpty
        }
        perform(
            keyPresses.land(
                ObjectIdentifier(touch), on: key, frame: keyFrames[index].frame, at: point, time: now, paired: pairing, swipes: swipes,
                midWord: swipes && (controller.textClient as? TextInputClient)?.documentContextBeforeInput?.last?.isLetter == true,
                padTakesBackspace: padTakesBackspace, accommodations: accommodations))
    }

    /// Forgets every held key without typing it (the keyboard is reconfigured for another client,
    /// or hides under a finger: a press whose lift it never sees would pair with the next key).
    func cancelPresses() { perform(keyPresses.cancelAll()) }

    /// Carries out what the key presses asked for, in order.
    func perform(_ outputs: [KeyPressMachine.Output]) {
        for output in outputs {
            switch output {
            case let .redraw(frame): setNeedsDisplay(frame.insetBy(dx: -2, dy: -2))  // the key alone, with its shadow
            case let .showPreview(label, frame):
                if !model.isShowingPad { popups.show([label], highlighted: nil, over: frame, keyHeight: keyHeight, font: keyFont) }
            case let .showAlternates(finger, labels, frame):
                if let cells = popups.show(labels, highlighted: 0, over: frame, keyHeight: keyHeight, font: keyFont) {
                    keyPresses.alternatesShown(for: finger, cells: cells)
                }
            case let .highlightAlternate(index): popups.popup?.highlighted = index
            case .hidePopup: popups.hidePopup()
            case let .type(action):
                if !handwritingTakes(action) { typeKeyAction(action) }
            case let .typeAlternate(text):
                controller.keySounds.play(.click)
                model.letterTyped()
                controller.perform(.insert(text))
                afterOutput()
            case .deleteBackward:
                if handwritingTakes(.backspace) { break }
                controller.keySounds.play(.delete)
                controller.perform(.deleteBackward)
                afterOutput()
            case let .repeatDelete(wordWise):
                controller.keySounds.play(.delete)
                if wordWise { deleteWordBackward() } else { controller.perform(.deleteBackward) }
                afterOutput()
            case let .showLanguageList(frame):
                let names = model.languages.map { model.layouts.languages[$0]?.name ?? $0 }
                popups.showLanguageList(names, current: model.languages.firstIndex(of: model.language) ?? 0, over: frame, keyHeight: keyHeight)
            case let .trackLanguageList(point): popups.trackLanguageList(at: point)
            case .chooseLanguage:
                let chosen = popups.languageList?.highlighted.map { model.languages[$0] }
                popups.hideLanguageList()
                if let chosen { controller.showLanguage(chosen) }
            case .hideLanguageList: popups.hideLanguageList()
            case .startTrackpad:
                popups.hidePopup()
                controller.window.inputSession?.settleComposition()  // the caret leaves the composition: it is committed as it stands
                isTrackpad = true
                window?.postAccessibility(.notification(.announcement, argument: KeyWord.trackpad.text(spokenWords)))
                setNeedsDisplay()
            case let .moveCaret(finger, direction, steps, point):
                // A character per step across (in visual order, as the arrow keys move), a line per step up and down.
                guard let client = controller.textClient as? TextInputClient else { break }
                for _ in 0..<steps where !client.moveCaret(direction) {
                    keyPresses.caretStopped(for: finger, across: direction == .left || direction == .right, at: point)
                    break
                }
            case .stopTrackpad:
                isTrackpad = false
                setNeedsDisplay()
                afterOutput()  // capitals and suggestions for the caret's new place
            case let .startTrail(points):
                popups.showTrail(points)
                controller.swipe.prepareDecoder(for: self)
            case let .extendTrail(point): popups.extendTrail(point)
            case .hideTrail: popups.hideTrail()
            case let .finishSwipe(path, times, began, key): finishSwipe(path: path, times: times, began: began, key: key)
            case let .startTimer(finger, delay):
                if let timer = pressTimers.removeValue(forKey: finger) { window?.animator.cancel(timer) }
                pressTimers[finger] = window?.animator.schedule(after: delay) { [weak self] in
                    guard let self else { return }
                    self.pressTimers[finger] = nil
                    self.perform(self.keyPresses.timerFired(for: finger, at: self.now, accommodations: self.accommodations))
                }
            case let .stopTimer(finger):
                if let timer = pressTimers.removeValue(forKey: finger) { window?.animator.cancel(timer) }
            }
        }
    }

    /// Types a key's action as a lifted finger would.
    func typeKeyAction(_ action: KeyboardKeyAction) {
        controller.keySounds.play(KeySounds.sound(of: action))
        if action == .emoji { return controller.emoji.open() }
        apply(model.pressing(action, at: now))
    }

    private func apply(_ result: (model: KeyboardModel, output: KeyboardOutput?)) {
        let planeBefore = model.plane, languageBefore = model.language, typeRows = model.rows.count, shiftBefore = model.shift
        model = result.model
        if model.shift != shiftBefore, result.output == nil { announceShift() }
        if let output = result.output {
            controller.perform(output)
            if output == .dismiss { return }
            afterOutput()
        }
        if model.plane != planeBefore || model.language != languageBefore || model.rows.count != typeRows {
            setNeedsLayout()
        }
        if model.language != languageBefore {
            controller.languageDidChange()
            refreshSuggestions()
        }
        // What the keys show redraws itself (`model`), the bar too; the key itself redraws as it lifts.
    }

    /// After the text changed: the return key's state, automatic capitals and suggestions.
    func afterOutput() {
        guard let client = controller.textClient as? Responder else { return }
        var next = model
        next.hasText = (client as? KeyInput)?.hasText ?? false
        // An emoji search is typed in lower case, whatever the field's capitals.
        let searching = controller.emoji.search != nil
        let capitals = next.autocapitalizationType
        if searching { next.autocapitalizationType = .none }
        next.updateAutomaticShift(contextBeforeCaret: searching ? "" : context(of: client))
        next.autocapitalizationType = capitals
        model = next
        refreshSuggestions()
    }

    func context(of responder: Responder) -> String {
        (responder as? TextInputClient)?.documentContextBeforeInput ?? ""
    }

    /// Deletes the word before the caret (and the spaces after it), one cluster at a time through
    /// the client's change path.
    private func deleteWordBackward() {
        guard let client = controller.textClient as? Responder else { return }
        let text = context(of: client)
        let trimmed = text.reversed().drop { $0 == " " }
        let spaces = text.count - trimmed.count
        let word = trimmed.prefix { !$0.isWhitespace && !$0.isPunctuation }.count
        for _ in 0..<max(1, spaces + word) { controller.perform(.deleteBackward) }
    }
}
