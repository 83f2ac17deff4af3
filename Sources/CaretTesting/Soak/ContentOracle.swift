// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import Foundation

/// The soak's independent model of what every editor in a window holds. It keeps each editor's
/// text as a plain UTF-16 array and changes it only when an event explains the change from what
/// the soak sent (typed text, keys, taps at key pixels, pastes from the clipboard it filled,
/// compositions, undo to a state the editor held), from what the delegate answered, from what an
/// engine reported it committed, or from what code set; the editors' own logs are not read. After
/// every event each editor's text must equal the model or be one of the explained changes, and
/// what the person sent must have arrived unless the app refused it.
@MainActor
final class ContentOracle: TextEditObserver {
    private struct Entry {
        weak var editor: TextEditingView?
        var units: [UInt16]
        /// The document state last compared in full (a check skips unchanged documents).
        var verified: (lineage: TextDocument.Lineage, editCount: Int)?
        /// Hashes of the states the editor held since code last set its text (undo's targets).
        var states: Set<Int>
        /// The text before the open composition began: a cancelled composition puts it back.
        var beforeComposition: [UInt16]?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Editors present at the last check: one that comes back is read afresh.
    private var present: Set<ObjectIdentifier> = []
    private var inputs = OracleInputs()
    private var scene: OracleScene?
    private var expectation = OracleExpectation()
    /// The focused editor before the event and its text then (as the model had it).
    private var focusKey: ObjectIdentifier?
    private var focusText: [UInt16] = []
    private var event: SoakEvent?
    private var refusals: [(editor: ObjectIdentifier, change: TextEditingModel.Change)] = []
    private var delegateRefused: Set<ObjectIdentifier> = []
    private var codeSets: [ObjectIdentifier: [(range: Range<Int>?, text: String)]] = [:]
    private var droppedTexts: [String] = []
    /// The corrections the keyboard's bar showed during the event.
    private var barCorrections: [(typed: String, correction: String)] = []
    /// The words swipes put in during the event.
    private var swipedWords: [String] = []
    /// What writing pads committed during the event, and the preedit they showed last.
    private var handwritten: (committed: String, preedit: String)?
    /// The texts of the last compositions editors committed (an input method may send one again,
    /// and the window drops that echo): an echo dropped for any other text lost what was typed.
    private var committedCompositions: [String] = []
    /// The marked text the focused editor showed as the event began (a composition dropped
    /// may come again as the input method resets: that echo is dropped).
    private var preeditShown: String?
    /// Whether the event under way is an input method's preedit.
    var eventIsComposition = false
    /// The engines' reports, when the window's keyboard composes with engines.
    var engines: RecordingComposers?
    /// The system input method's reports, when the window has one that composes hardware keys.
    var inputMethod: SoakInputMethod?
    /// Whether the event's text is the input method's: it used the key that went down before it
    /// (and did not give it back), so the text, coming on its own, is dropped.
    private var textIsInputMethods = false
    /// Whether the last event was a key going down that the input method took.
    private var keyWentToInputMethod = false
    private var problems: [String] = []

    // MARK: Observing

    func editor(_ editor: TextEditingView, didReplace replacements: [TextEditingModel.Replacement]) {}

    func editor(_ editor: TextEditingView, offered change: TextEditingModel.Change, accepted: Bool) {
        if !accepted { refusals.append((ObjectIdentifier(editor), change)) }
        // The last few: an echo may come after another source's composition was committed too
        // (seed 269000062: an SDL composition settled as the keyboard's Korean began, that one
        // settled as focus moved, then the SDL echo).
        if change.kind == .composition || eventIsComposition {
            committedCompositions = Array((committedCompositions + [change.replacement]).suffix(4))
        }
    }

    func editor(_ editor: TextEditingView, delegateAnswered allowed: Bool) {
        if !allowed { delegateRefused.insert(ObjectIdentifier(editor)) }
    }

    func editor(_ editor: TextEditingView, codeReplaced range: Range<Int>?, with text: String) {
        codeSets[ObjectIdentifier(editor), default: []].append((range, text))
    }

    /// Whether code set the editor's text in this event (an app's picker writing its value).
    func codeSetText(in editor: TextEditingView) -> Bool { codeSets[ObjectIdentifier(editor)] != nil }

    func window(_ window: Window, droppedText text: String, reason: DroppedTextReason) {
        if reason == .echo {
            if let index = committedCompositions.lastIndex(where: { Self.echo(text, isIn: $0) }) {
                committedCompositions.remove(at: index)
            } else if let shown = preeditShown, Self.echo(text, isIn: shown) {
                preeditShown = nil  // a preedit dropped (the clear button) and sent again as the input method reset
            } else {
                problems.append("typed text \(text.debugDescription) was dropped as the echo of a composition never committed")
            }
        }
        droppedTexts.append(text)
    }

    /// Whether an input method's echo is in a commit or preedit, by code units: a commit that
    /// joined the text after it ("Q" before a combining acute is the one character "Q́") still
    /// holds what the input method echoes (seed 269100015).
    /// Both are compared precomposed (an input method may send é as e and an acute; seed
    /// 270000058: a secure field committed SDL's preedit é at once, and SDL's é followed).
    /// Decomposed too: a preedit "a" that joined the combining acute after it composes to "á",
    /// which holds no "a" until decomposed (seed 410000383).
    static func echo(_ text: String, isIn composed: String) -> Bool {
        func contains(_ text: String, _ composed: String) -> Bool {
            let text = Array(text.utf16), composed = Array(composed.utf16)
            return !text.isEmpty && composed.count >= text.count
                && (0...(composed.count - text.count)).contains { start in composed[start..<(start + text.count)].elementsEqual(text) }
        }
        return contains(text.precomposedStringWithCanonicalMapping, composed.precomposedStringWithCanonicalMapping)
            || contains(text.decomposedStringWithCanonicalMapping, composed.decomposedStringWithCanonicalMapping)
    }

    func keyboard(showedCorrection correction: String, for typed: String) {
        barCorrections.append((typed, correction))
    }

    /// A swipe put a word in: it must be one word of letters (a path read twice, or a word
    /// with a key's text in it, would be lost or doubled text), and the change must be that word
    /// with its spaces at the caret (`explain`).
    func keyboard(swiped word: String, alternatives: [String]) {
        if word.isEmpty || !word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" }) {
            problems.append("a swipe put in \(word.debugDescription), which is not one word")
        }
        swipedWords.append(word)
    }

    /// A writing pad committed a character or shows one marked: its commits replace the marked
    /// text (or go in at the selection), and its preedit follows.
    func handwriting(committed: String, preedit: String) {
        handwritten = ((handwritten?.committed ?? "") + committed, preedit)
    }

    // MARK: Checking

    /// Starts an event: reads the screen and works out what the event may do.
    func beginEvent(_ event: SoakEvent, in window: Window) {
        refusals.removeAll()
        delegateRefused.removeAll()
        codeSets.removeAll()
        droppedTexts.removeAll()
        barCorrections.removeAll()
        swipedWords.removeAll()
        handwritten = nil
        engines?.beginEvent()
        if case .text = event { textIsInputMethods = keyWentToInputMethod } else { textIsInputMethods = false }
        keyWentToInputMethod = false
        inputMethod?.beginEvent()
        var scene = OracleScene(window)
        if scene.editor == nil, window.firstResponder == nil, inputs.startsFocusByKeyboard(event) {
            scene = OracleScene(window, focusing: window.focus.focusableViewsInOrder().first)
        }
        self.scene = scene
        self.event = event
        let text = scene.editor.flatMap { entries[ObjectIdentifier($0)]?.units } ?? []
        if let marked = scene.marked, marked.upperBound <= text.count { preeditShown = String(decoding: text[marked], as: UTF16.self) }
        focusKey = scene.editor.map(ObjectIdentifier.init)
        focusText = text
        expectation = inputs.expectation(of: event, scene: scene, text: text, now: window.backend.clock.now)
        if textIsInputMethods { expectation.mustArrive = nil }
    }

    /// The problems after an event: every editor's text against the model and what was sent.
    func problems(editors: [TextEditingView]) -> [String] {
        if case .key(_, _, _, true, _)? = event, let method = inputMethod {
            keyWentToInputMethod = method.report.keyOffered && method.ownsLastKeyText
        }
        var found = problems
        problems.removeAll()
        var now: Set<ObjectIdentifier> = []
        let focus = scene?.editor.map(ObjectIdentifier.init)
        for editor in editors {
            let key = ObjectIdentifier(editor)
            now.insert(key)
            let document = editor.model.document
            guard var entry = entries[key], entry.editor === editor, present.contains(key) else {
                // New, or back on screen: read afresh (code may have set its text while it was away);
                // what it held before still counts for undo if it comes back unchanged.
                let units = Array(document.string.utf16)
                let kept = entries[key].flatMap { $0.editor === editor && $0.units == units ? $0.states : nil }
                entries[key] = Entry(
                    editor: editor, units: units, verified: (document.lineage, document.editCount), states: kept ?? [units.hashValue])
                continue
            }
            let unchanged: Bool
            if let verified = entry.verified, verified.lineage === document.lineage, verified.editCount == document.editCount {
                unchanged = true
            } else {
                unchanged = document.utf16Count == entry.units.count && document.string.utf16.elementsEqual(entry.units)
            }
            // A composition that begins remembers the text it began in (read after the checks).
            let composing = editor.model.markedRange != nil, previous = entry.units
            defer {
                if !composing {
                    entries[key]?.beforeComposition = nil
                } else if entries[key]?.beforeComposition == nil {
                    entries[key]?.beforeComposition = previous
                }
            }
            if unchanged {
                if key == focus { found += arrivalProblems(editor, units: entry.units) }
                let edited = entry.verified.map { $0.lineage !== document.lineage || $0.editCount != document.editCount } ?? true
                if key == focus, edited { entry.states.formUnion(transientStates(from: entry.units)) }
                entry.verified = (document.lineage, document.editCount)
                entries[key] = entry
                continue
            }
            let result = Array(document.string.utf16)
            let (explained, states) = explain(result, entry: entry, editor: editor, isFocus: key == focus)
            if !explained {
                found.append(mismatch(editor, from: entry.units, to: result, isFocus: key == focus))
            }
            let before = entry.units
            entry.units = result
            entry.verified = (document.lineage, document.editCount)
            if states.isEmpty {
                if key == focus { entry.states.formUnion(transientStates(from: before)) }
                entry.states.formUnion(OracleText.wordSteps(from: before, to: result))
                entry.states.insert(result.hashValue)
                // The input method (or the keyboard's engine: seed 265100080, cangjie's "。" then
                // a new reading) committed, then began a new preedit or a key acted, in one
                // event: the text with the commit and without the rest is a step undo returns to
                // (soak seeds 110, a new preedit; 262000000, a paste after the commit).
                let engineCommitted = engines?.report.commits.isEmpty == false
                if key == focus, engineCommitted, let marked = editor.model.markedRange, marked.upperBound <= result.count {
                    var committed = result
                    committed.removeSubrange(marked)
                    entry.states.insert(committed.hashValue)
                }
                if key == focus, inputMethod?.report.commits.isEmpty == false {
                    if let marked = editor.model.markedRange, marked.upperBound <= result.count {
                        var committed = result
                        committed.removeSubrange(marked)
                        entry.states.insert(committed.hashValue)
                    }
                    if let committed = inputMethodCommit(over: before) { entry.states.insert(committed.hashValue) }
                }
            } else {
                entry.states = states
            }
            entries[key] = entry
        }
        present = now
        found += refusalProblems(editors)
        return found
    }

    /// The texts an event's keys may have made on the way: a key typed, then taken back in the
    /// same event (a finger landing on Delete types the key another finger held first), which
    /// undo may bring back (soak seed 261570174: "t" typed and deleted, then Ctrl+Z left "t").
    private func transientStates(from units: [UInt16]) -> [Int] {
        let singleLine = scene?.singleLine ?? false
        return expectation.explanations.flatMap { explanation -> [Int] in
            guard case let .replace(range, texts) = explanation, range.upperBound <= units.count else { return [] }
            return texts.compactMap { text in
                let kept = OracleText.kept(text, singleLine: singleLine)
                guard !kept.isEmpty, kept.count <= 8 else { return nil }  // keys, not a paste
                return (Array(units[..<range.lowerBound]) + kept + Array(units[range.upperBound...])).hashValue
            }
        }
    }

    /// Whether an editor's new text is explained; the undo states it has after (empty: add the result).
    private func explain(_ result: [UInt16], entry: Entry, editor: TextEditingView, isFocus: Bool) -> (Bool, Set<Int>) {
        let single = editor.isSingleLine
        // Code set or replaced text: what it asked for, applied here; undo starts afresh.
        if let sets = codeSets[ObjectIdentifier(editor)] {
            var units = entry.units
            for set in sets {
                let kept = OracleText.kept(set.text, singleLine: single)
                if let range = set.range?.clamped(to: 0..<units.count) { units.replaceSubrange(range, with: kept) } else { units = kept }
            }
            if units == result { return (true, [result.hashValue]) }
        }
        // The clear button of a field: a finger or the pointer lifted on or near it (a control's
        // touch slop, 44 points, around the field).
        if result.isEmpty, let point = liftPoint,
            scene?.fields.contains(where: { $0.editor == ObjectIdentifier(editor) && $0.frame.insetBy(dx: -44, dy: -44).contains(point) }) == true
        {
            return (true, [])
        }
        guard isFocus else { return (false, []) }
        // A composition cancelled (refused, Escape) puts back the text it replaced.
        if scene?.marked != nil, let before = entry.beforeComposition, before == result { return (true, []) }
        // A commit refused (for a reason the refusal check asks for) cancels the composition: the
        // preedit goes and the caret returns to where it began, where a forward delete then
        // starts (soak seed 261125016: a commit past a field's maximumLength, then Delete).
        if let marked = scene?.marked,
            refusals.contains(where: { $0.editor == ObjectIdentifier(editor) && $0.change.kind == .composition })
        {
            if OracleExplanation.removalStarting(marked.lowerBound).explains(result, from: entry.units, singleLine: single, states: entry.states) {
                return (true, [])
            }
            // …and the engine's new preedit takes its place (seed 274000100: a Japanese conversion
            // confirmed by a letter in the amount field, whose formatter refused the commit; the
            // letter's reading え was marked where the conversion had been).
            if let report = engines?.report, report.handled, !report.preedit.isEmpty,
                OracleExplanation.replace(marked, [report.preedit]).explains(result, from: entry.units, singleLine: single, states: entry.states)
            {
                return (true, [])
            }
        }
        var explanations = expectation.explanations
        explanations += engineExplanations() + inputMethodExplanations()
        // A swiped word: at the caret, after a space when it follows a letter, with one after it.
        // A field that clears on insertion (a secure one regaining focus) takes either whole (seed 550000024).
        if let scene, let word = swipedWords.last {
            explanations += scene.insertionRanges.map { .replace($0, [word + " ", " " + word + " "]) }
            // (Swiping is off in secure text: a word swiped into it stays unexplained.)
            if !scene.secure, scene.editor?.clearsOnInsertion == true { explanations.append(.whole([word + " "])) }
        }
        if let scene, let pad = handwritten {
            let ranges = scene.insertionRanges + (scene.marked.map { [$0] } ?? [])
            let texts = [pad.committed + pad.preedit, pad.committed, pad.preedit]
            explanations += ranges.map { .replace($0, texts) }
            if scene.secure || scene.editor?.clearsOnInsertion == true { explanations.append(.whole(texts)) }
        }
        // The input method committed the preedit (as long as the letters it showed) before the
        // key it did not use acted: the key's own change, after the commit.
        // So is its new preedit, which goes after a cluster the old one had joined (soak seed
        // 262000020: "beCu" joined a ZWJ after it; "ｂｅＣｕ" took its place and "a" came after the ZWJ).
        if let committed = inputMethodCommit(over: entry.units),
            (expectation.explanations + inputMethodPreeditAfterCommit()).contains(where: {
                $0.explains(result, from: committed, singleLine: single, states: entry.states)
            })
        {
            return (true, [])
        }
        if expectation.undoes { explanations.append(.history) }
        var pairedCorrections: [OracleExplanation] = []
        if let scene, !barCorrections.isEmpty {
            pairedCorrections = expectation.wordEndsAfterAPairedKey.map { end in .word(scene.selection, barCorrections.map { $0.correction + end }) }
        }
        let explained = explanations.contains { $0.explains(result, from: entry.units, singleLine: single, states: entry.states) }
        if pairedCorrections.contains(where: { $0.explains(result, from: entry.units, singleLine: single, states: entry.states) }) {
            // A word end typed right after a held key (rollover) put in the correction the bar
            // showed for the word that key finished: a Backspace next may give the word back
            // (soak seed 261830002: "don'tN" became "don't ", and Backspace brought "don'tN" back).
            for shown in barCorrections {
                inputs.rememberCorrection(
                    editor: ObjectIdentifier(editor), typed: shown.typed, inserted: expectation.wordEndsAfterAPairedKey.map { shown.correction + $0 })
            }
            return (true, [])
        }
        return (explained, [])
    }

    /// What the engines reported: their commits replace the marked text (or follow it, committed
    /// as it stood), and their preedit follows.
    private func engineExplanations() -> [OracleExplanation] {
        guard let report = engines?.report, report.handled, let scene else { return [] }
        let text = report.commits.joined() + report.preedit
        var explanations = scene.insertionRanges.map { OracleExplanation.replace($0, [text, report.commits.joined()]) }
        // A key another finger held, typed first as it stood (no key of the engine's), then the
        // engine's text (seed 267000046: ㅡ pressed on the Korean keys as drawn, just before the
        // Japanese ones replaced them, and a second finger's "a" composing あ).
        if !expectation.heldKeyTexts.isEmpty {
            explanations += scene.insertionRanges.map { OracleExplanation.replace($0, expectation.heldKeyTexts.map { $0 + text }) }
            // …or the engine composed the held key and settled it for this finger's key, typed after.
            explanations += scene.insertionRanges.map { OracleExplanation.replace($0, expectation.ownKeyTexts.map { text + $0 }) }
        }
        return explanations
    }

    /// What the system input method sent: its commits replace the marked text (or go in at the
    /// selection), and its preedit follows.
    private func inputMethodExplanations() -> [OracleExplanation] {
        guard let method = inputMethod, method.report.handled, let scene else { return [] }
        let commits = method.report.commits.joined()
        let ranges = scene.insertionRanges + (scene.marked.map { [$0] } ?? [])
        return ranges.map { .replace($0, [commits + method.preedit, commits, method.preedit]) }
    }

    /// The text with the preedit replaced by the input method's commit this event, when it is as
    /// long as the preedit (its letters converted one for one).
    private func inputMethodCommit(over units: [UInt16]) -> [UInt16]? {
        guard let method = inputMethod, let marked = scene?.preedit ?? scene?.marked, marked.upperBound <= units.count else { return nil }
        let commit = Array(method.report.commits.joined().utf16)
        guard !commit.isEmpty, commit.count == marked.count else { return nil }
        var committed = units
        committed.replaceSubrange(marked, with: commit)
        return committed
    }

    /// The input method's new preedit, after its commit: at the commit's end or after the cluster
    /// the marked text reached.
    private func inputMethodPreeditAfterCommit() -> [OracleExplanation] {
        guard let method = inputMethod, !method.preedit.isEmpty, let scene else { return [] }
        let ends = Set([scene.preedit?.upperBound, scene.marked?.upperBound].compactMap { $0 })
        return ends.map { .replace($0..<$0, [method.preedit]) }
    }

    /// Where a finger or the pointer lifted in this event.
    private var liftPoint: Point? {
        switch event {
        case let .touch(_, 2, x, y), let .mouseUp(_, x, y, _): return Point(x: x, y: y)
        default: return nil
        }
    }

    /// What the person sent reached the focused editor, unless it was refused or dropped.
    private func arrivalProblems(_ editor: TextEditingView, units: [UInt16]) -> [String] {
        if let word = swipedWords.last, refusals.isEmpty, editor.isEditable {
            return ["\(name(editor)): a swipe put in \(word.debugDescription), and the text did not change"]
        }
        guard let sent = expectation.mustArrive, editor.isEditable, editor.window != nil else { return [] }
        // What was sent, made where it may go, gives the text there already (a paste over a
        // selection of what it pastes, soak seed 340000011: Ctrl+Alt+V over the URL Shift+Page Up
        // selected): it arrived, as an edit that changed nothing.
        if expectation.explanations.contains(where: { Self.leavesUnchanged($0, units, singleLine: scene?.singleLine ?? false) }) {
            return []
        }
        let key = ObjectIdentifier(editor)
        if refusals.contains(where: { $0.editor == key }) || !droppedTexts.isEmpty { return [] }
        if let report = engines?.report, report.handled { return [] }  // the engine took it (its report explains the text)
        // A writing pad took it: Backspace took back a stroke, and the rest reads the same (seed 530000085).
        if handwritten != nil { return [] }
        if inputMethod?.report.handled == true { return [] }  // the system input method took it
        return [
            "\(name(editor)): \(sent.debugDescription) was sent (\(event.map { "\($0)" } ?? "")) and never arrived: the text did not change and nothing refused it"
        ]
    }

    /// Whether an explanation's replacement, made in `units`, gives `units` again.
    private static func leavesUnchanged(_ explanation: OracleExplanation, _ units: [UInt16], singleLine: Bool) -> Bool {
        guard case let .replace(range, texts) = explanation, range.upperBound <= units.count, !range.isEmpty else { return false }
        return texts.contains { OracleText.kept($0, singleLine: singleLine) == Array(units[range]) }
    }

    /// A refusal needs a reason: the delegate said no, or the field's own rules do.
    private func refusalProblems(_ editors: [TextEditingView]) -> [String] {
        var found: [String] = []
        for (key, change) in refusals where !delegateRefused.contains(key) {
            guard let editor = editors.first(where: { ObjectIdentifier($0) == key }), let field = editor.superview as? TextField else { continue }
            if field.formatter != nil { continue }  // a formatter's own reading of partial input
            if let allowed = field.allowedCharacters, !change.replacement.unicodeScalars.allSatisfy(allowed.contains) { continue }
            if let limit = field.maximumLength, let units = key == focusKey ? focusText : entries[key]?.units, change.range.upperBound <= units.count
            {
                var proposed = units
                proposed.replaceSubrange(change.range, with: change.replacement.utf16)
                // Shortening is allowed, against the committed text (an open preedit is not part of it yet).
                var committed = units
                if let marked = scene?.marked, marked == change.range, marked.upperBound <= units.count { committed.removeSubrange(marked) }
                let count = String(decoding: proposed, as: UTF16.self).count
                if count > limit, count >= String(decoding: committed, as: UTF16.self).count { continue }
                // A preedit opened and committed within this event (a rolled-over key of a
                // composing language): its range is in the text with the preedit, which no scene
                // saw, and its commit adds it to the committed text (soak seed 264000194).
                if scene?.marked == nil, String(decoding: committed, as: UTF16.self).count + change.replacement.count > limit { continue }
                // Another key's text went in earlier in the same event (a paired finger's, seed
                // 275000035: ض took the last place, then ى was refused): the text as it stands now.
                if editor.model.document.string.count + change.replacement.count > limit { continue }
            }
            if change.range.upperBound > ((key == focusKey ? focusText : entries[key]?.units)?.count ?? 0) { continue }
            found.append(
                "\(name(editor)): a change (\(change.replacement.prefix(40).debugDescription) at \(change.range)) was refused though the delegate allowed it and the field's rules pass"
            )
        }
        return found
    }

    private func mismatch(_ editor: TextEditingView, from text: [UInt16], to result: [UInt16], isFocus: Bool) -> String {
        let (range, inserted) = OracleText.difference(text, result)
        let removed = String(decoding: text[range], as: UTF16.self)
        let added = String(decoding: inserted, as: UTF16.self)
        let options =
            isFocus
            ? (expectation.explanations + engineExplanations() + inputMethodExplanations()).prefix(3).map(\.summary).joined(separator: "; ")
            : "none (not focused)"
        return
            "\(name(editor)): a change no input explains: \(removed.prefix(40).debugDescription) at \(range) became \(added.prefix(40).debugDescription)"
            + " after \(event.map { "\($0)" }?.prefix(120) ?? "") (what was sent allows: \(options.isEmpty ? "no change" : options))"
    }

    private func name(_ editor: TextEditingView) -> String {
        SoakSession.name(of: editor.superview is TextField || editor.superview is TextView ? editor.superview! : editor)
    }
}
