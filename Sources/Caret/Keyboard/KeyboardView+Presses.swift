// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Fingers on the keys: a touch becomes a press that types on lift (or at once, for Shift and
/// Delete), with rollover, sliding to another key, long presses that show alternates or the
/// language list, and Delete's autorepeat; and the popups a press shows over its key.
extension KeyboardView {
    var now: Double { window?.backend.clock.now ?? 0 }

    func begin(_ touch: Touch) {
        let point = touch.location(in: self)
        if showsSuggestionBar, point.y < suggestionBarHeight {
            if !candidates.isEmpty {
                candidateBarTouched(at: point)
                return
            }
            if let cell = suggestionFrames.firstIndex(where: { $0.contains(point) }) { suggestionCellTapped(cell) }
            return
        }
        guard let index = keyIndex(at: point), keyFrames[index].key.isEnabled else { return }
        // Two fingers landing together may be the trackpad: nothing types until they move
        // (KeyboardView+Trackpad.swift) or lift. Otherwise rollover: a key still held that has
        // not typed yet types now, before this one.
        let pairing = landsWithAnotherFinger(on: keyFrames[index].key)
        let aimedAt = window?.firstResponder
        if !pairing { for (_, earlier) in presses where !earlier.committed { commit(earlier) } }
        // A key typed now that moved the focus (Return going to the next field) leaves this finger
        // on keys meant for the field it left: it types nothing rather than edit a field nobody
        // looked at (soak seed 261780018: a digit aimed at the amount deleted a letter of the website).
        guard window?.firstResponder === aimedAt else { return }
        // Typing may have changed the keys (a plane changed): find the key again.
        guard let index = keyIndex(at: point), keyFrames[index].key.isEnabled else { return }
        let key = keyFrames[index].key
        let press = Press(key: key, frame: keyFrames[index].frame)
        (press.began, press.start, press.paired) = (now, point, pairing)
        if pairing { for (_, other) in presses where !other.committed { other.paired = true } }
        presses.append((ObjectIdentifier(touch), press))
        switch key.action {
        case .shift:
            press.committed = true
            apply(model.pressing(.shift, at: now))
        case .backspace:
            press.committed = true
            if handwritingTakes(.backspace) { break }
            controller.perform(.deleteBackward)
            afterOutput()
            if let delay = accommodations.keyRepeatDelay {
                press.repeatStart = now + delay
                scheduleRepeat(press, after: delay)
            }
        case .text:
            press.startFrame = press.frame
            if !pairing, model.plane == "letters", controller.swipe.isOn(for: self) {
                press.swipes = true
                press.path = [point]
            }
            showPreview(for: press)
            if !key.alternates.isEmpty {
                press.timer = window?.animator.schedule(after: Self.longPressDelay) { [weak self, weak press] in
                    guard let self, let press, !press.committed else { return }
                    press.alternatesShown = true
                    press.chosenAlternate = 0
                    self.showAlternates(for: press)
                }
            }
        case .space where accommodations.allowsSpaceBarTrackpad:
            // Held, the space bar becomes a trackpad (KeyboardView+Trackpad.swift).
            press.timer = window?.animator.schedule(after: Self.longPressDelay) { [weak self, weak press] in
                guard let self, let press, !press.committed else { return }
                self.startTrackpad(press, at: point)
            }
        case .globe:
            press.timer = window?.animator.schedule(after: Self.longPressDelay) { [weak self, weak press] in
                guard let self, let press, !press.committed else { return }
                press.timer = nil  // spent: the list's scrolling uses it next
                press.languagesShown = true
                self.showLanguageList(over: press.frame)
            }
        default:
            break
        }
        redrawKey(press.frame)
    }

    /// A key's look changed (pressed, let go): it alone is drawn again, with its shadow.
    func redrawKey(_ frame: Rect) { setNeedsDisplay(frame.insetBy(dx: -2, dy: -2)) }

    func move(_ touch: Touch) {
        let point = touch.location(in: self)
        if let press = press(for: touch), press.trackpadOrigin != nil { return trackpadMoved(press, to: point) }
        if let press = press(for: touch), press.paired, !press.committed, point.distance(to: press.start) > Self.twoFingerSlop {
            return startTwoFingerTrackpad(press, at: point)
        }
        guard let press = press(for: touch), !press.committed else { return }
        if press.languagesShown, let list = languageList {
            press.listY = list.convert(point, from: self).y
            list.highlighted = list.row(atY: press.listY)
            scrollLanguageList(press)
            return
        }
        if press.alternatesShown, let popup {
            let local = popup.convert(point, from: self)
            press.chosenAlternate = popup.index(atX: local.x)
            popup.highlighted = press.chosenAlternate
            return
        }
        if press.swipes, !press.paired, swipeMoved(press, to: point) { return }
        // Sliding to another key: the key under the finger at lift is the one typed.
        guard let index = keyIndex(at: point), keyFrames[index].frame != press.frame, keyFrames[index].key.isEnabled,
            case .text = keyFrames[index].key.action, case .text = press.key.action
        else { return }
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        redrawKey(press.frame)
        press.key = keyFrames[index].key
        press.frame = keyFrames[index].frame
        showPreview(for: press)
        redrawKey(press.frame)
    }

    func end(_ touch: Touch, cancelled: Bool) {
        guard let position = presses.firstIndex(where: { $0.touch == ObjectIdentifier(touch) }) else { return }
        let landedBefore = presses[..<position].map(\.press)
        let press = presses.remove(at: position).press
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        if !cancelled && !press.committed {
            // Two fingers that lifted without moving type their keys in the order they landed.
            if press.paired { for earlier in landedBefore where earlier.paired && !earlier.committed { commit(earlier) } }
            commit(press)
        }
        if press.languagesShown { hideLanguageList() }
        if press.trackpadOrigin != nil { stopTrackpad() }
        if press.swiping { hideTrail() }
        press.committed = true
        if presses.isEmpty { hidePopup() }
        redrawKey(press.frame)
    }

    private func press(for touch: Touch) -> Press? {
        presses.first { $0.touch == ObjectIdentifier(touch) }?.press
    }

    /// Forgets every held key without typing it (the keyboard is reconfigured for another client,
    /// or hides under a finger: a press whose lift it never sees would pair with the next key).
    func cancelPresses() {
        for (_, press) in presses {
            if let timer = press.timer { window?.animator.cancel(timer) }
            press.timer = nil
            press.committed = true
        }
        presses.removeAll()
        hidePopup()
        hideLanguageList()
        hideTrail()
    }

    /// Types what a press stands for (its chosen alternate, if it showed them; a swipe's word).
    private func commit(_ press: Press) {
        if press.swiping { return finishSwipe(press) }
        press.committed = true
        if let timer = press.timer { window?.animator.cancel(timer) }
        press.timer = nil
        let key = press.key
        if press.languagesShown {
            let chosen = languageList?.highlighted.map { model.languages[$0] }
            hideLanguageList()
            if let chosen { controller.showLanguage(chosen) }
            return
        }
        if press.alternatesShown, press.chosenAlternate < key.alternates.count {
            model.letterTyped()
            controller.perform(.insert(key.alternates[press.chosenAlternate]))
            afterOutput()
            return
        }
        if handwritingTakes(key.action) { return }
        apply(model.pressing(key.action, at: now))
    }

    /// Types a key's action as a lifted finger would.
    func typeKeyAction(_ action: KeyboardKeyAction) { apply(model.pressing(action, at: now)) }

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
        next.updateAutomaticShift(contextBeforeCaret: context(of: client))
        model = next
        refreshSuggestions()
    }

    func context(of responder: Responder) -> String {
        (responder as? TextInputClient)?.documentContextBeforeInput ?? ""
    }

    private func scheduleRepeat(_ press: Press, after delay: Double) {
        press.timer = window?.animator.schedule(after: delay) { [weak self, weak press] in
            guard let self, let press, self.presses.contains(where: { $0.press === press }) else { return }
            let holding = self.now - (press.repeatStart ?? self.now)
            if let words = self.accommodations.wordDeletionDelay, holding >= words {
                self.deleteWordBackward()
            } else {
                self.controller.perform(.deleteBackward)
            }
            self.afterOutput()
            self.scheduleRepeat(press, after: self.accommodations.keyRepeatInterval)
        }
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

    // MARK: Popups

    private func showPreview(for press: Press) {
        guard !model.isShowingPad else { return }
        presentPopup(KeyPopupView(labels: [press.key.label], font: keyFont), over: press.frame)
    }

    private func showAlternates(for press: Press) {
        let popup = KeyPopupView(labels: press.key.alternates, font: keyFont)
        popup.highlighted = 0
        presentPopup(popup, over: press.frame)
    }

    private func presentPopup(_ newPopup: KeyPopupView, over keyFrame: Rect) {
        guard let window else { return }
        hidePopup()
        let key = convert(keyFrame, to: nil)
        // Cells shrink so that a long row of alternates (Vietnamese a has 17) stays on screen.
        let cellWidth = min(max(key.width, keyHeight * 0.9), (window.bounds.width - 12) / Double(newPopup.labels.count))
        let size = Size(width: cellWidth * Double(newPopup.labels.count) + 8, height: (keyHeight * 1.25).rounded())
        var x = key.midX - cellWidth / 2 - 4
        x = min(max(2, x), window.bounds.width - size.width - 2)
        newPopup.cellWidth = cellWidth
        newPopup.frame = Rect(x: x.rounded(), y: (key.minY - size.height - 4).rounded(), width: size.width, height: size.height)
        window.topLayer.addSubview(newPopup)
        popup = newPopup
    }

    private func showLanguageList(over keyFrame: Rect) {
        guard let window else { return }
        hidePopup()
        let names = model.languages.map { model.layouts.languages[$0]?.name ?? $0 }
        let rowHeight = (keyHeight * 0.9).rounded()
        let font = Font.systemFont(ofSize: (keyHeight * 0.4).rounded())
        let list = LanguageListView(
            names: names, current: model.languages.firstIndex(of: model.language) ?? 0, rowHeight: rowHeight, font: font)
        let key = convert(keyFrame, to: nil)
        let width = min(window.bounds.width - 4, max(200, (names.map { fontProvider.shape($0, font: font).width }.max() ?? 0) + rowHeight * 0.7 + 32))
        let height = min(key.minY - 6, rowHeight * Double(names.count) + 8)
        let x = min(max(2, key.minX), window.bounds.width - width - 2)
        list.frame = Rect(x: x.rounded(), y: (key.minY - height - 4).rounded(), width: width.rounded(), height: height.rounded())
        window.topLayer.addSubview(list)
        list.reveal(row: list.current)
        languageList = list
    }

    /// While the finger rests at the list's top or bottom edge the rows scroll half a row at a
    /// time (in the press's timer, cancelled when the press ends).
    private func scrollLanguageList(_ press: Press) {
        guard press.timer == nil, let list = languageList, list.scrollDirection(atY: press.listY) != 0 else { return }
        press.timer = window?.animator.schedule(after: Self.languageListScrollInterval) { [weak self, weak press] in
            guard let self, let press, let list = self.languageList, press.languagesShown, !press.committed else { return }
            press.timer = nil
            if list.scroll(list.scrollDirection(atY: press.listY)) { list.highlighted = list.row(atY: press.listY) }
            self.scrollLanguageList(press)
        }
    }

    /// How often the language list scrolls half a row while a finger rests at its edge.
    static let languageListScrollInterval = 0.12

    private func hideLanguageList() {
        languageList?.removeFromSuperview()
        languageList = nil
    }

    func hidePopup() {
        popup?.removeFromSuperview()
        popup = nil
    }
}
