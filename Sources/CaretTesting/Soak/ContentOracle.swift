@_spi(Testing) import Caret
import Foundation

/// The soak's independent model of what every editor in a window holds: it replays each
/// replacement the editors report (the user's accepted changes, undo and redo, code, compositions)
/// on a plain UTF-16 array and compares the result with the editor's text after every event, so
/// text that storage loses, duplicates or reorders fails the run. For each text event it also
/// checks the input itself: the focused editor was offered the text (accepted or refused) or the
/// window dropped it as an input method's echo, and accepted it at most once.
@MainActor
final class ContentOracle: TextEditObserver {
    private struct Entry {
        weak var editor: TextEditingView?
        var units: [UInt16]
        /// The document state last compared in full (a check skips unchanged documents).
        var verified: (lineage: TextDocument.Lineage, editCount: Int)?
    }

    /// Editors by identity: looked up only, never iterated for behaviour (iteration order of
    /// object identities differs between processes).
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Editors present at the last check: one that comes back (a screen shown again, a dialog
    /// presented again) is read afresh, as code may have set its text while it was away.
    private var present: Set<ObjectIdentifier> = []
    private var offers: [(editor: ObjectIdentifier, change: TextEditingModel.Change, accepted: Bool)] = []
    private var droppedTexts: [String] = []
    /// The text of the last composition an editor committed (an input method may send it again,
    /// and the window drops that echo): an echo dropped for any other text lost what was typed.
    private var lastCommittedComposition: String?
    /// Whether the event under way is an input method's preedit (a secure field commits it at once).
    var eventIsComposition = false
    private var problems: [String] = []

    // MARK: Observing

    func editor(_ editor: TextEditingView, didReplace replacements: [TextEditingModel.Replacement]) {
        let key = ObjectIdentifier(editor)
        guard var entry = entries[key], entry.editor === editor else { return }  // read afresh at the next check
        for replacement in replacements {
            guard replacement.range.lowerBound >= 0, replacement.range.upperBound <= entry.units.count else {
                problems.append("\(name(editor)): a replacement of \(replacement.range) in a text of \(entry.units.count) units")
                entries[key] = nil
                return
            }
            entry.units.replaceSubrange(replacement.range, with: replacement.text.utf16)
        }
        entries[key] = entry
    }

    func editor(_ editor: TextEditingView, offered change: TextEditingModel.Change, accepted: Bool) {
        offers.append((ObjectIdentifier(editor), change, accepted))
        if change.kind == .composition || eventIsComposition { lastCommittedComposition = change.replacement }
    }

    func window(_ window: Window, droppedText text: String, reason: DroppedTextReason) {
        if reason == .echo {
            if let committed = lastCommittedComposition, !text.isEmpty, committed.contains(text) {
                lastCommittedComposition = nil
            } else {
                problems.append("typed text \(text.debugDescription) was dropped as the echo of a composition never committed")
            }
        }
        droppedTexts.append(text)
    }

    // MARK: Checking

    /// What the focused editor looked like before an event (for the text event checks).
    struct Focus {
        let editor: TextEditingView
        let acceptsText: Bool
    }

    /// The focused editor before an event, when it takes typed text.
    func focus(in window: Window) -> Focus? {
        guard let view = window.firstResponder as? View, let editor = SoakSession.editor(of: view) else { return nil }
        return Focus(editor: editor, acceptsText: editor.isEditable && editor.window === window)
    }

    /// Starts an event: forgets the last event's offers.
    func beginEvent() {
        offers.removeAll()
        droppedTexts.removeAll()
    }

    /// The problems after an event: every editor's text against the model, then what a text event
    /// (`sent`, with the editor focused before it) did.
    func problems(editors: [TextEditingView], sent: String?, focus: Focus?) -> [String] {
        var found = problems
        problems.removeAll()
        var now: Set<ObjectIdentifier> = []
        for editor in editors {
            let key = ObjectIdentifier(editor)
            now.insert(key)
            let document = editor.model.document
            guard var entry = entries[key], entry.editor === editor, present.contains(key) else {
                entries[key] = Entry(editor: editor, units: Array(document.string.utf16), verified: (document.lineage, document.editCount))
                continue
            }
            if entry.units.count != document.utf16Count {
                found.append(mismatch(editor, expected: entry.units))
                entries[key] = nil
                continue
            }
            if let verified = entry.verified, verified.lineage === document.lineage, verified.editCount == document.editCount { continue }
            if !document.string.utf16.elementsEqual(entry.units) {
                found.append(mismatch(editor, expected: entry.units))
                entries[key] = nil
                continue
            }
            entry.verified = (document.lineage, document.editCount)
            entries[key] = entry
        }
        present = now
        if let sent, let focus, focus.acceptsText { found += textEventProblems(sent, focus.editor) }
        return found
    }

    /// A text event reached the focused editor once: offered and accepted at most once, or
    /// refused, or dropped by the window (an input method's echo, a blanked screen's waking key; text that cleans to nothing changes nothing).
    private func textEventProblems(_ sent: String, _ editor: TextEditingView) -> [String] {
        // A field takes a lone line break as its return key (UIKit's `insertText("\n")`).
        if editor.isSingleLine && sent == "\n" { return [] }
        let clean = editor.isSingleLine ? TextEditingModel.flattenLineBreaks(sent) : TextDocument.sanitize(sent)
        guard !clean.isEmpty else { return [] }
        let key = ObjectIdentifier(editor)
        let mine = offers.filter { $0.editor == key }
        if mine.isEmpty && droppedTexts.isEmpty {
            return ["\(name(editor)): typed text \(sent.debugDescription) was lost (offered to no one, not dropped by the window)"]
        }
        let typed = mine.filter { $0.accepted && $0.change.kind == .typing && $0.change.replacement.contains(clean) }
        if typed.count > 1 {
            return ["\(name(editor)): typed text \(sent.debugDescription) was inserted \(typed.count) times"]
        }
        return []
    }

    private func mismatch(_ editor: TextEditingView, expected: [UInt16]) -> String {
        let actual = Array(editor.model.document.string.utf16)
        let first = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
        func around(_ units: [UInt16]) -> String {
            String(decoding: units[max(0, first - 12)..<min(units.count, first + 12)], as: UTF16.self).debugDescription
        }
        return "\(name(editor)): holds \(actual.count) UTF-16 units where the accepted changes make \(expected.count);"
            + " they differ from unit \(first): \(around(actual)) where \(around(expected)) was expected"
    }

    private func name(_ editor: TextEditingView) -> String {
        SoakSession.name(of: editor.superview is TextField || editor.superview is TextView ? editor.superview! : editor)
    }
}
