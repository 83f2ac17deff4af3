// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The editing state machine of a text field or view, as a value: text, selection, marked
/// (IME preedit) text, preferred x for vertical moves, and undo. It knows nothing of windows,
/// fonts or SDL (ARCHITECTURE.md); line moves ask a `TextLineMetrics` for the laid-out lines.
///
/// Changes the user makes go in two steps, so that a delegate can refuse them: `proposal(for:)`
/// says which range would be replaced with what, and `apply(_:)` performs it. Setting `text`
/// directly asks nothing.
@_spi(Testing) public struct TextEditingModel: Sendable {
    private struct UndoStep: Sendable {
        var range: Range<Int>  // where the new text is now
        var oldText: String
        var newText: String
        var selectionBefore: TextSelection
        var selectionAfter: TextSelection
        var kind: Change.Kind
        var time: Double
    }

    /// The text.
    public private(set) var document: TextDocument
    /// The selection (set inside the module only through operations that snap it to grapheme
    /// boundaries; tests plant a bad one to see the invariant checks catch it).
    public internal(set) var selection: TextSelection
    /// Where the input method's preedit text is, exactly, while a composition is in progress.
    public private(set) var preeditRange: Range<Int>?
    /// The marked text's range: the preedit, widened to whole grapheme clusters where it joins the
    /// text around it (an emoji typed after a zero-width joiner), so that committing it never
    /// splits a cluster.
    public var markedRange: Range<Int>? {
        guard let preedit = preeditRange else { return nil }
        return document.graphemeBoundary(atOrBefore: preedit.lowerBound)..<document.graphemeBoundary(atOrAfter: preedit.upperBound)
    }
    /// The x the caret keeps for up/down moves, set by the first vertical move.
    public internal(set) var preferredX: Double?
    /// Which character a caret at a direction boundary sits against (UIKit's `selectionAffinity`):
    /// `.backward` the one before it (the run of the character typed last), `.forward` the one after.
    public var selectionAffinity: TextDirection = .forward
    /// Finds words for word moves, deletes and double-click selection (UAX #29 from the backend).
    public var segmenter: TextSegmenter = SimpleTextSegmenter()
    /// Whether line breaks may be entered (false for single-line fields: they become spaces).
    public var allowsLineBreaks: Bool
    /// How long typing may pause and still join the same undo step.
    public var undoCoalescingInterval: Double = 1.0
    /// Steps kept for undo (UIKit's `levelsOfUndo`); 0 keeps any number.
    public var undoLimit = 200 { didSet { trimHistory() } }
    /// Bytes of text (UTF-8, removed and inserted) the undo history may hold: the oldest steps go
    /// first, the last one always stays (a 10 MB paste can be undone, but a history of pastes
    /// stays bounded).
    public var undoByteLimit = 32 << 20 { didSet { trimHistory() } }
    /// The steps undo can take back now.
    public var undoStepCount: Int { undoSteps.count }

    /// Whether every replacement of the text is logged for `takeReplacements()` (the editor turns
    /// it on; the soak's content oracle replays the log on a plain string).
    public var recordsReplacements = false
    private var replacementLog: [Replacement] = []

    /// Builds the document's code-point index (what screen readers count offsets in): once, when
    /// assistive technology first asks; edits keep it after, and without it they pay nothing.
    public mutating func indexScalars() { document.buildScalarIndex() }

    /// The replacements made since the last call, in order; the log is emptied.
    public mutating func takeReplacements() -> [Replacement] {
        defer { replacementLog.removeAll() }
        return replacementLog
    }

    /// Replaces a range of the document and logs it when asked to; returns the new text's range.
    @discardableResult
    private mutating func replace(_ range: Range<Int>, with text: String, attributes: TextAttributes? = nil) -> Range<Int> {
        if recordsReplacements {
            replacementLog.append(Replacement(range: range, text: text, in: document))
        }
        return document.replace(range, with: text, attributes: attributes)
    }

    private var undoSteps: [UndoStep] = []
    private var redoSteps: [UndoStep] = []
    /// What the first preedit replaced, so that undoing a committed composition restores it.
    private var textBeforeComposition: (text: String, selection: TextSelection)?

    /// Creates a model with text and a caret at its end.
    public init(text: String = "", allowsLineBreaks: Bool = true) {
        self.allowsLineBreaks = allowsLineBreaks
        document = TextDocument(allowsLineBreaks ? text : TextEditingModel.flattenLineBreaks(text))
        selection = TextSelection(caret: document.utf16Count)
        checkInvariants()
    }

    /// The plain text. Setting it replaces everything, puts the caret at the end and clears undo.
    public var text: String {
        get { document.string }
        set { setDocument(TextDocument(allowsLineBreaks ? newValue : Self.flattenLineBreaks(newValue))) }
    }

    /// Replaces the document (attributed text) without asking anyone: caret at the end, no
    /// composition, no undo history.
    public mutating func setDocument(_ newDocument: TextDocument) {
        let old = document
        document =
            allowsLineBreaks || newDocument.paragraphs.count == 1
            ? newDocument : TextDocument(Self.flattenLineBreaks(newDocument.string))
        if recordsReplacements { replacementLog.append(Replacement(range: 0..<old.utf16Count, document: document, old: old)) }
        selection = TextSelection(caret: document.utf16Count)
        preeditRange = nil
        preferredX = nil
        textBeforeComposition = nil
        removeAllUndo()
        checkInvariants()
    }

    /// The UTF-16 length of the text.
    public var utf16Count: Int { document.utf16Count }

    // MARK: Proposals and changes

    /// The change an edit would make, or nil when it would change nothing (deleting at the start).
    public func proposal(for edit: Edit) -> Change? {
        let range = selection.range
        switch edit {
        case let .insert(text):
            let clean = allowsLineBreaks ? TextDocument.sanitize(text) : Self.flattenLineBreaks(text)
            if clean.isEmpty && range.isEmpty { return nil }
            if markedRange != nil {
                var commit = commitProposal(clean)
                commit.kind = .typing
                return commit
            }
            return Change(range: range, replacement: clean, kind: .typing)
        case let .paste(text):
            let clean = allowsLineBreaks ? TextDocument.sanitize(text) : Self.flattenLineBreaks(text)
            if clean.isEmpty && range.isEmpty { return nil }
            return Change(range: range, replacement: clean, kind: .paste)
        case .cut:
            return range.isEmpty ? nil : Change(range: range, replacement: "", kind: .cut)
        case let .delete(direction, granularity):
            if !range.isEmpty { return Change(range: range, replacement: "", kind: .deletion) }
            let caret = selection.head
            // Just after a typed virama inside its conjunct, Delete takes the virama back alone.
            if direction == .backward, granularity == .character, !document.isGraphemeBoundary(caret), document.isAfterConjunctLinker(caret) {
                return Change(range: (caret - 1)..<caret, replacement: "", kind: .deletion)
            }
            // At a paragraph's edge, a deletion takes the line break only.
            let target = boundary(direction, granularity, from: caret, pastParagraphEdge: false)
            guard target != caret else { return nil }
            return Change(range: min(target, caret)..<max(target, caret), replacement: "", kind: .deletion)
        }
    }

    /// A line delete using laid-out lines (Ctrl+Shift+Backspace, Cmd+Backspace), or nil.
    @MainActor
    package func lineDeletionProposal(_ direction: TextDirection, lines: TextLineMetrics) -> Change? {
        if !selection.isEmpty { return Change(range: selection.range, replacement: "", kind: .deletion) }
        let caret = selection.head
        let line = lines.lineRange(containing: caret)
        let target =
            direction == .backward
            ? (line.lowerBound == caret ? document.graphemeBoundary(before: caret) : line.lowerBound)
            : (line.upperBound == caret ? document.graphemeBoundary(after: caret) : line.upperBound)
        guard target != caret else { return nil }
        return Change(range: min(target, caret)..<max(target, caret), replacement: "", kind: .deletion)
    }

    /// Applies a change: the caret goes after the new text, marked text ends, undo records it
    /// (typing within `undoCoalescingInterval` at the caret joins the previous step, until a
    /// word ends). `time` is the clock's time for coalescing.
    public mutating func apply(_ change: Change, time: Double = 0) {
        var before = selection
        var oldText = document.substring(change.range)
        if let marked = markedRange, change.range == marked, let original = textBeforeComposition {
            // The preedit was never part of the history: undo goes back to before the composition,
            // and the clusters it joined (a mark typed before it, soak seeds 261700016 and
            // 261730043) come back with it.
            let preedit = preeditRange ?? marked
            oldText =
                document.substring(marked.lowerBound..<preedit.lowerBound) + original.text
                + document.substring(preedit.upperBound..<marked.upperBound)
            before = original.selection
        }
        textBeforeComposition = nil
        // Cleaned once here; the document finds nothing left to clean (a pasted megabyte is not copied twice).
        let newText = allowsLineBreaks ? TextDocument.sanitize(change.replacement) : Self.flattenLineBreaks(change.replacement)
        let newRange = replace(change.range, with: newText, attributes: change.attributes)
        // The new text may fuse with what follows (a deleted line break before a combining mark):
        // the caret goes after the fused cluster, never inside it; except after a typed virama that
        // joins the next consonant, where the next letter typed belongs (TextDocument+Conjuncts.swift).
        let end = newRange.upperBound
        selection = TextSelection(caret: document.isAfterConjunctLinker(end) ? end : document.graphemeBoundary(atOrAfter: end))
        selectionAffinity = newText.isEmpty ? .forward : .backward  // the caret stays with what was typed
        preeditRange = nil
        preferredX = nil
        record(
            UndoStep(
                range: newRange, oldText: oldText, newText: newText, selectionBefore: before,
                selectionAfter: selection, kind: change.kind, time: time))
        checkInvariants()
    }

    /// Replaces a range as code does (a text storage edit): no undo step (the history is cleared),
    /// the selection keeps its place in the text around the edit.
    public mutating func replaceProgrammatically(_ range: Range<Int>, with string: String, attributes: TextAttributes? = nil) {
        let range = range.clamped(to: 0..<document.utf16Count)
        let old = selection
        let newRange = replace(range, with: allowsLineBreaks ? string : Self.flattenLineBreaks(string), attributes: attributes)
        let delta = newRange.count - range.count
        func moved(_ offset: Int) -> Int {
            offset >= range.upperBound ? offset + delta : (offset > range.lowerBound ? newRange.upperBound : offset)
        }
        preeditRange = nil
        textBeforeComposition = nil
        removeAllUndo()
        select(TextSelection(anchor: moved(old.anchor), head: moved(old.head)))
    }

    /// Changes the attributes of a range, each run through `transform` (bold, italic, underline
    /// from the edit menu); the text and selection stay.
    public mutating func transformAttributes(in range: Range<Int>, _ transform: (TextAttributes) -> TextAttributes) {
        let range = range.clamped(to: 0..<document.utf16Count)
        var start = range.lowerBound
        while start < range.upperBound {
            let attributes = document.attributes(at: start)
            var end = start + 1
            while end < range.upperBound, document.attributes(at: end) == attributes { end += 1 }
            document.setAttributes(transform(attributes), range: start..<end)
            start = end
        }
        checkInvariants()
    }

    /// Proposes and applies an edit in one go, for callers with no delegate to ask.
    public mutating func perform(_ edit: Edit, time: Double = 0) {
        if let change = proposal(for: edit) { apply(change, time: time) }
    }

    // MARK: Undo

    private mutating func record(_ step: UndoStep) {
        redoSteps.removeAll()
        if let last = undoSteps.last, canCoalesce(last, with: step) {
            undoSteps[undoSteps.count - 1] = UndoStep(
                range: last.range.lowerBound..<step.range.upperBound, oldText: last.oldText + step.oldText,
                newText: last.newText + step.newText, selectionBefore: last.selectionBefore,
                selectionAfter: step.selectionAfter, kind: step.kind, time: step.time)
            trimHistory()
            return
        }
        if let last = undoSteps.last, last.kind == .deletion, step.kind == .deletion,
            step.time - last.time < undoCoalescingInterval,
            step.oldText.count == 1, step.newText.isEmpty, last.newText.isEmpty,
            step.range.lowerBound + step.oldText.utf16.count == last.range.lowerBound
        {
            // Repeated Backspace: one step that restores everything deleted.
            undoSteps[undoSteps.count - 1] = UndoStep(
                range: step.range, oldText: step.oldText + last.oldText, newText: "",
                selectionBefore: last.selectionBefore, selectionAfter: step.selectionAfter, kind: .deletion, time: step.time)
            trimHistory()
            return
        }
        undoSteps.append(step)
        trimHistory()
    }

    /// Drops the oldest steps beyond `undoLimit` steps or `undoByteLimit` bytes (never the last).
    private mutating func trimHistory() {
        if undoLimit > 0, undoSteps.count > undoLimit { undoSteps.removeFirst(undoSteps.count - undoLimit) }
        var bytes = undoSteps.reduce(0) { $0 + $1.oldText.utf8.count + $1.newText.utf8.count }
        var drop = 0
        while bytes > undoByteLimit, drop < undoSteps.count - 1 {
            bytes -= undoSteps[drop].oldText.utf8.count + undoSteps[drop].newText.utf8.count
            drop += 1
        }
        if drop > 0 { undoSteps.removeFirst(drop) }
    }

    /// Typing joins the previous typing step while it continues at the caret within the pause
    /// limit and the previous step did not end a word.
    private func canCoalesce(_ last: UndoStep, with step: UndoStep) -> Bool {
        guard last.kind == .typing, step.kind == .typing, step.oldText.isEmpty,
            step.range.lowerBound == last.range.upperBound, step.time - last.time < undoCoalescingInterval,
            let lastCharacter = last.newText.last
        else { return false }
        // A word ends at whitespace or punctuation: the next word starts a new step.
        return !(lastCharacter.isWhitespace || lastCharacter.isPunctuation) || step.newText.allSatisfy { $0.isWhitespace }
    }

    /// Whether there is something to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Restores the state before the last step; asks no delegate (docs/behaviour/changing-text.md).
    public mutating func undo() {
        guard let step = undoSteps.popLast() else { return }
        restore(step.range, with: step.oldText, selection: step.selectionBefore)
        redoSteps.append(step)
    }

    /// Reapplies the last undone step.
    public mutating func redo() {
        guard let step = redoSteps.popLast() else { return }
        restore(
            step.range.lowerBound..<(step.range.lowerBound + step.oldText.utf16.count), with: step.newText,
            selection: step.selectionAfter)
        undoSteps.append(step)
    }

    /// Puts text and a selection back from the history, recording nothing.
    private mutating func restore(_ range: Range<Int>, with text: String, selection restored: TextSelection) {
        if markedRange != nil { cancelComposition() }
        replace(range, with: text)
        selection = restored
        preferredX = nil
        clampSelection()
        checkInvariants()
    }

    /// Forgets the undo history.
    public mutating func removeAllUndo() {
        undoSteps.removeAll()
        redoSteps.removeAll()
    }

    private mutating func clampSelection() {
        let n = utf16Count
        selection = TextSelection(
            anchor: document.graphemeBoundary(atOrBefore: min(n, selection.anchor)),
            head: document.graphemeBoundary(atOrBefore: min(n, selection.head)))
    }

    // MARK: Marked text (input method composition)

    /// Shows preedit text: it replaces the current marked text (or the selection) without asking
    /// anyone, and `selectedRange` (in the preedit) becomes the selection. Empty text ends it.
    public mutating func setMarkedText(_ text: String, selectedRange: Range<Int>? = nil) {
        let clean = TextEditingModel.flattenLineBreaks(text)
        let range = preeditRange ?? selection.range
        if preeditRange == nil { textBeforeComposition = (document.substring(range), selection) }
        let newRange = replace(range, with: clean)
        if clean.isEmpty {
            if let original = textBeforeComposition { replace(newRange, with: original.text) }
            textBeforeComposition = nil
            preeditRange = nil
            selection = TextSelection(caret: newRange.lowerBound)
        } else {
            preeditRange = newRange
            let inner =
                selectedRange.map {
                    max(0, min($0.lowerBound, clean.utf16.count))..<max(0, min($0.upperBound, clean.utf16.count))
                }
                ?? clean.utf16.count..<clean.utf16.count
            selection = TextSelection(
                anchor: newRange.lowerBound + inner.lowerBound, head: newRange.lowerBound + inner.upperBound)
        }
        preferredX = nil
        clampSelection()
        checkInvariants()
    }

    /// The change that commits the composition with its final text: replaces the marked range
    /// (the text of the clusters the preedit joined stays around the commit).
    public func commitProposal(_ text: String) -> Change {
        guard let preedit = preeditRange, let marked = markedRange else {
            return Change(range: selection.range, replacement: text, kind: .composition)
        }
        let before = document.substring(marked.lowerBound..<preedit.lowerBound)
        let after = document.substring(preedit.upperBound..<marked.upperBound)
        return Change(range: marked, replacement: before + text + after, kind: .composition)
    }

    /// Ends a composition by removing its preedit text (the commit was refused, or it was cancelled).
    public mutating func cancelComposition() {
        guard let range = preeditRange else { return }
        let original = textBeforeComposition ?? ("", TextSelection(caret: range.lowerBound))
        replace(range, with: original.text)
        textBeforeComposition = nil
        preeditRange = nil
        selection = original.selection
        clampSelection()
        checkInvariants()
    }

    // MARK: Invariants

    /// Checks that the selection and marked range lie inside the text on grapheme boundaries.
    /// Runs after every operation in debug builds; callable from tests in any build.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        let n = utf16Count
        for (name, value) in [("anchor", selection.anchor), ("head", selection.head)] {
            if value < 0 || value > n {
                problems.append("\(name) \(value) outside 0...\(n)")
            } else if !document.isCaretStop(value) {
                problems.append("\(name) \(value) splits a grapheme cluster")
            }
        }
        if let preedit = preeditRange, preedit.lowerBound < 0 || preedit.upperBound > n {
            problems.append("preedit \(preedit) outside 0...\(n)")
        } else if let marked = markedRange, !document.isGraphemeBoundary(marked.lowerBound) || !document.isGraphemeBoundary(marked.upperBound) {
            problems.append("marked range \(marked) splits a grapheme cluster")
        }
        if !allowsLineBreaks && document.paragraphs.count > 1 { problems.append("line break in a single-line text") }
        return problems
    }

    func checkInvariants() {
        #if DEBUG
            let problems = invariantViolations()
            assert(problems.isEmpty, "TextEditingModel invariants: \(problems.joined(separator: "; "))")
        #endif
    }
}
