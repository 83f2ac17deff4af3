// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What spell checking reads of its editor and asks of it (`TextEditingView` conforms).
@MainActor
protocol SpellingHost: AnyObject {
    /// The text, its selection and marked range.
    var model: TextEditingModel { get }
    /// The laid-out text: what shows is checked first.
    var layout: TextLayout { get }
    /// The window: its dictionaries, its keyboard's language, its animator for idle steps.
    var window: Window? { get }
    /// Only editable, unmasked, not secure text is checked, as its traits say.
    var isEditable: Bool { get }
    var isSecure: Bool { get }
    var display: TextDisplay { get }
    var traits: TextTraits { get }
    /// The editor's own language, and its host's (a field's or text view's).
    var accessibilityLanguage: String? { get }
    var host: EditorHost? { get }
    var isHidden: Bool { get }
    var isSingleLine: Bool { get }
    /// The word the focused caret ends is not finished, so not checked.
    var hasFocus: Bool { get }
    /// Told when an idle step laid out lines.
    var scrollAnchoring: ScrollAnchoring { get }
    func setNeedsDisplay()
    /// Selects a misspelt word for its menu.
    func setSelection(_ selection: TextSelection)
    /// Puts a guess in place of the word.
    @discardableResult func commit(_ proposed: TextEditingModel.Change) -> EditOutcome
}

/// One editor's spell checking (docs/behaviour/changing-text.md, spelling): a finished word that the language's dictionary rejects
/// gets a red dotted underline, drawn with the text and never stored in it. An edit re-checks
/// only the words it touched; what shows is checked in the layout phase, the rest in idle steps;
/// a tap on an underlined word offers its guesses, Learn and Ignore. The editor owns one: its
/// marks, its checker (whose ignored words are this text's), the language checked last and the
/// idle step under way.
@_spi(Testing) @MainActor
public final class SpellingState {
    var marks = SpellingMarks()
    /// The misspelt words found so far (UTF-16 ranges, sorted).
    public var misspelledRanges: [Range<Int>] { marks.misspelled }
    /// Whether all the text has been checked (unfinished words aside).
    public var isComplete: Bool { marks.isComplete }
    /// Its checker: the editor's window's dictionaries, whichever window it is in when it checks.
    let checker: TextChecker
    /// The language text is typed and checked in now: the view's, else the keyboard's. A new
    /// language declared for the view checks it all again; the keyboard's changing leaves the
    /// text typed before in the language it was typed in (`typedLanguages`).
    var language: String?
    /// The languages text was typed in before the keyboard's last change, by range.
    var typedLanguages = LanguageRuns()
    /// The view's own language when `language` was set (nil: the keyboard's or the system's).
    private var declaredLanguage: String?
    /// Whether the text was being checked (a change of traits or focus turns it on or off).
    var isOn = false
    /// How many times the text was set to check anew.
    var resetCount = 0
    /// Words checked so far (tests see that a keystroke checks only its words).
    public internal(set) var checkedWordCount = 0
    /// The idle step scheduled, if any.
    var idleStep: Animator.Token?
    /// The text offsets the last layout phase found on screen.
    var visibleRange: Range<Int> = 0..<0
    /// The editor checked (it owns this state).
    unowned let editor: any SpellingHost

    private static var all: [WeakState] = []
    private struct WeakState { weak var state: SpellingState? }

    init(editor: any SpellingHost) {
        self.editor = editor
        checker = TextChecker(window: { [unowned editor] in editor.window })
    }

    /// Registers this state, so that a learned word clears its marks everywhere.
    private func register() {
        Self.all.removeAll { $0.state == nil }
        if !Self.all.contains(where: { $0.state === self }) { Self.all.append(WeakState(state: self)) }
    }

    /// A window's dictionaries changed: each of its editors turns checking on or off, and one that
    /// was checking checks again against the new ones.
    static func dictionariesDidChange(in window: Window) {
        func visit(_ view: View) {
            if let editor = view as? TextEditingView {
                let wasOn = editor.spelling.isOn
                if editor.spelling.update() && wasOn { editor.spelling.recheck() }
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
    }

    /// Every checked text checks again (a word was learned or forgotten).
    static func learnedWordsDidChange() {
        all.removeAll { $0.state == nil }
        for entry in all { entry.state?.recheck() }
    }

    /// Whether spelling is checked here: editable, not secure, with dictionaries, and on by
    /// `spellCheckingType` (`.default`: not for e-mail, URL, number or phone keyboards, nor for
    /// e-mail, URL, password or code content).
    var isWanted: Bool {
        guard editor.isEditable, !editor.isSecure, !editor.display.masksText, editor.window?.spellingDictionaries != nil else { return false }
        switch editor.traits.spellCheckingType {
        case .no: return false
        case .yes: return true
        case .default: return Self.checksByDefault(keyboardType: editor.traits.keyboardType, contentType: editor.traits.textContentType)
        }
    }

    /// Whether a keyboard and content type check (and correct) spelling by default.
    static func checksByDefault(keyboardType: KeyboardType, contentType: TextContentType?) -> Bool {
        !uncheckedKeyboards.contains(keyboardType) && !(contentType.map(uncheckedContent.contains) ?? false)
    }

    /// Keyboards for what is not prose (asked at every frame: made once).
    private static let uncheckedKeyboards: Set<KeyboardType> = [
        .URL, .emailAddress, .numberPad, .phonePad, .namePhonePad, .decimalPad, .asciiCapableNumberPad, .numbersAndPunctuation,
    ]
    /// Content that is not prose.
    private static let uncheckedContent: Set<TextContentType> = [.emailAddress, .URL, .password, .newPassword, .oneTimeCode, .telephoneNumber]

    /// The language words are checked in by default: the view's (or its host's)
    /// `accessibilityLanguage`, else the on-screen keyboard's language, else the system's.
    var defaultLanguage: String { viewLanguage ?? typingLanguage }

    /// The view's (or its host's) own `accessibilityLanguage`.
    private var viewLanguage: String? { editor.accessibilityLanguage ?? (editor.host as? View)?.accessibilityLanguage }

    /// The on-screen keyboard's language, else the system's.
    private var typingLanguage: String {
        if let keyboard = editor.window?.keyboard, let view = keyboard.keyboardView,
            let language = view.model.layouts.languages[view.model.language]
        {
            return language.locale ?? language.identifier
        }
        return Self.systemLanguage
    }

    /// The system's language (read once).
    private static let systemLanguage: String = {
        let system = Locale.current.identifier
        return system.isEmpty || system.hasPrefix("en_US_POSIX") ? "en_US" : system
    }()

    /// Follows the text's edits (the after-edit step's replacements): marks move, touched words
    /// are to check again; a whole new text is checked anew.
    func didReplace(_ replacements: [TextEditingModel.Replacement]) {
        let resets = resetCount
        guard update() else { return }
        marks.resumePostponed()
        // Turned on or reset now: the text as it is now is all to check already.
        for replacement in replacements where resetCount == resets {
            if replacement.replacesDocument {
                marks.reset(length: editor.model.utf16Count)
                typedLanguages.removeAll()
            } else {
                marks.replace(replacement.range, inserted: replacement.utf16Count)
                typedLanguages.replace(replacement.range, inserted: replacement.utf16Count)
            }
        }
        // The layout phase checks what shows of it, then leaves the rest to idle steps; a hidden
        // view has no layout phase.
        if editor.isHidden { scheduleStep() }
    }

    /// Turns checking on or off as the traits, editability and language say; true while on.
    @discardableResult
    func update() -> Bool {
        let on = isWanted
        let resets = resetCount
        if on != isOn {
            isOn = on
            if on {
                register()
                language = defaultLanguage
                declaredLanguage = viewLanguage
                typedLanguages.removeAll()
                marks.reset(length: editor.model.utf16Count)
                resetCount += 1
            } else {
                marks.clear()
                if let step = idleStep { editor.window?.animator.cancel(step) }
                idleStep = nil
            }
            editor.setNeedsDisplay()
        } else if on, language != defaultLanguage {
            let declared = viewLanguage
            if declared == nil, declaredLanguage == nil, let old = language {
                // The keyboard's language changed: what was typed keeps its language, unchecked
                // parts included, and only text typed from now on is the new language's.
                typedLanguages.keep(old, length: editor.model.utf16Count)
                language = defaultLanguage
            } else {
                // A language declared for the view is the language of all its text.
                language = defaultLanguage
                declaredLanguage = declared
                typedLanguages.removeAll()
                marks.reset(length: editor.model.utf16Count)
                resetCount += 1
                editor.setNeedsDisplay()
            }
        }
        if on && resetCount != resets { scheduleStep() }
        return on
    }

    /// Checks everything again (a learned word, a new language).
    func recheck() {
        guard isOn else { return }
        marks.reset(length: editor.model.utf16Count)
        resetCount += 1
        editor.setNeedsDisplay()
        scheduleStep()
    }

    /// The layout phase: checks what shows now, so that its underlines come with this frame.
    func checkVisible(span: ClosedRange<Double>, x: ClosedRange<Double>) {
        guard update() else { return }
        var top = editor.layout.lineStart(at: max(0, span.lowerBound)) ?? 0
        var bottom = span.upperBound >= editor.layout.height ? editor.model.utf16Count : editor.layout.offset(at: Point(x: 1e9, y: span.upperBound))
        if editor.isSingleLine {
            // A long line shows only a part of itself: that part (a pasted megabyte is checked in idle steps).
            top = editor.layout.offset(at: Point(x: x.lowerBound, y: 0))
            bottom = editor.layout.offset(at: Point(x: x.upperBound, y: 0))
            if top > bottom { swap(&top, &bottom) }
        }
        visibleRange = top..<max(top, bottom)
        while let taken = marks.take(within: visibleRange, in: editor.model.document) {
            check(taken)
        }
        scheduleStep()
    }

    private func scheduleStep() {
        guard idleStep == nil, !marks.isComplete, let animator = editor.window?.animator else { return }
        idleStep = animator.scheduleIdle { [weak self] in
            guard let self else { return }
            self.idleStep = nil
            guard self.update(), self.editor.window != nil else { return }
            // A step checks slices for a few milliseconds of real time at most: a long or foreign
            // text never holds input up (SpellingMarks.stepBudget).
            let clock = ContinuousClock(), start = clock.now
            repeat {
                guard
                    let taken = self.marks.take(within: 0..<self.editor.model.utf16Count, limit: SpellingMarks.chunk, in: self.editor.model.document)
                else { break }
                self.check(taken)
            } while clock.now - start < SpellingMarks.stepBudget
            self.editor.scrollAnchoring.reportHeightChangeIfNeeded()
            self.scheduleStep()
        }
    }

    /// Checks the words of a range taken from the unchecked text. The word the caret ends (or a
    /// composition covers) is not finished: it is left to check once the caret leaves it.
    private func check(_ range: Range<Int>) {
        guard !range.isEmpty, let language else { return }
        let before = marks.marks(in: range)
        let text = editor.model.document.substring(range)
        // Read once: a step checks hundreds of words, and the model is a value read whole.
        let document = editor.model.document, selection = editor.model.selection, markedRange = editor.model.markedRange
        let caret = editor.hasFocus && selection.isEmpty ? selection.head : nil
        var paragraph = 0..<0
        var paragraphLanguage = language
        var paragraphWritesInLatin = Self.writesInLatin(language)
        var paragraphHasOwnLanguage = false
        for word in TextChecker.words(in: text, range: NSRange(location: 0, length: text.utf16.count)) {
            let found = (range.lowerBound + word.range.location)..<(range.lowerBound + word.range.location + word.range.length)
            if let caret, found.lowerBound <= caret, caret <= found.upperBound {
                marks.postpone(found)
                continue
            }
            if let marked = markedRange, marked.overlaps(found) || marked.lowerBound == found.upperBound {
                marks.postpone(found)
                continue
            }
            if word.text.count > SuggestionProvider.maximumWordLength { continue }
            if !paragraph.contains(found.lowerBound) {
                paragraph = document.paragraphRange(at: found.lowerBound)
                paragraph = paragraph.lowerBound..<(paragraph.upperBound + 1)
                let own = document.attributes(at: paragraph.lowerBound).languageIdentifier
                paragraphLanguage = own ?? language
                paragraphWritesInLatin = Self.writesInLatin(paragraphLanguage)
                paragraphHasOwnLanguage = own != nil
            }
            var wordLanguage = paragraphLanguage, wordWritesInLatin = paragraphWritesInLatin
            if !paragraphHasOwnLanguage, let typed = typedLanguages.language(at: found.lowerBound) {
                wordLanguage = typed
                wordWritesInLatin = Self.writesInLatin(typed)
            }
            // A word in another script than the dictionary's is another language's: left alone
            // (a Russian line in English notes is not misspelt English).
            if Self.isLatin(word.text) != wordWritesInLatin { continue }
            checkedWordCount += 1
            if checker.isMisspelt(word.text, language: wordLanguage) { marks.mark(found) }
        }
        let after = marks.marks(in: range)
        if before != after { damage(Self.changedMarks(before, after)) }
    }

    /// The marks in one sorted list and not the other (a walk through both: a foreign text's
    /// checked range holds a mark for nearly every word).
    static func changedMarks(_ before: [Range<Int>], _ after: [Range<Int>]) -> [Range<Int>] {
        var changed: [Range<Int>] = []
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if j == after.count || (i < before.count && before[i].lowerBound < after[j].lowerBound) {
                changed.append(before[i])
                i += 1
            } else if i == before.count || after[j].lowerBound < before[i].lowerBound {
                changed.append(after[j])
                j += 1
            } else {
                if before[i] != after[j] { changed += [before[i], after[j]] }
                i += 1
                j += 1
            }
        }
        return changed
    }

    /// Whether a word is in Latin letters (its first letter decides).
    static func isLatin(_ word: String) -> Bool { (word.unicodeScalars.first?.value ?? 0) < 0x250 }

    /// Whether a language is written in Latin letters.
    static func writesInLatin(_ language: String) -> Bool {
        !nonLatinLanguages.contains(String(language.prefix { $0 != "_" && $0 != "-" }).lowercased())
    }

    /// Languages not written in Latin letters (made once: this is asked for every word checked).
    private static let nonLatinLanguages: Set<String> = [
        "ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg", "el", "he", "yi", "ar", "fa", "ur", "ps", "hi", "mr", "ne",
        "bn", "ta", "te", "kn", "ml", "gu", "pa", "or", "si", "th", "lo", "km", "my", "ka", "hy", "am", "ja", "zh", "ko", "bo",
    ]

    /// Redraws the lines of marks that came or went, where they show.
    private func damage(_ changed: [Range<Int>]) {
        for mark in changed where mark.overlaps(visibleRange) || mark.lowerBound == visibleRange.upperBound {
            editor.display.damage(
                band: (editor.layout.caretRect(at: mark.lowerBound).minY - 1)...(editor.layout.caretRect(at: mark.upperBound).maxY + 1))
        }
    }

    /// Draws the red dotted underlines of the misspelt words in a span (and, for a single line, the
    /// horizontal span drawn).
    func drawUnderlines(in context: GraphicsContext, at origin: Point, span: ClosedRange<Double>, x: ClosedRange<Double>) {
        guard isOn, !marks.isEmpty else { return }
        let color = Color.systemRed
        // Only the marks of the lines drawn (a keystroke redraws one line, not the screen), and of
        // the part of a long single line on screen: the rest is not laid out, and drawing lays out
        // nothing (soak seed 261124102: a pasted line's every block was laid out to be underlined).
        // Each line's marks are measured on that line, not looked up again from their offsets: a
        // line of a foreign text checked as English has a dozen, and a lookup per mark made the
        // dots cost more than the text.
        var dots: [Rect] = []
        editor.layout.forEachLine(in: span, x: editor.isSingleLine ? x : nil) { start, line, top in
            let lineRange = (start + line.range.lowerBound)..<(start + line.range.upperBound)
            let y = (origin.y + top + line.height - 3).rounded()
            for mark in marks.marks(in: lineRange) {
                let lo = max(mark.lowerBound, lineRange.lowerBound) - start, hi = min(mark.upperBound, lineRange.upperBound) - start
                for piece in TextLayout.visualPieces(of: line, from: lo, to: hi) {
                    let left = origin.x + line.x + piece.x
                    var x = left.rounded()
                    while x + 2 <= left + piece.width + 0.5 {
                        dots.append(Rect(x: x, y: y, width: 2, height: 2))
                        x += 4
                    }
                }
            }
        }
        // Every dot in one call: a line of a foreign text checked as English has hundreds.
        context.fill(dots, color: color)
    }

    // MARK: The edit menu's spelling

    /// Selects the misspelt word at an offset, if one is there, for its menu.
    func selectMisspelledWord(at offset: Int) -> Bool {
        guard isOn, editor.isEditable, let mark = marks.mark(at: offset) else { return false }
        editor.setSelection(TextSelection(anchor: mark.lowerBound, head: mark.upperBound))
        return true
    }

    /// The menu's commands for a selected misspelt word: up to three guesses, then Learn and Ignore.
    func editActions() -> [EditMenuAction] {
        let range = editor.model.selection.range
        guard isOn, editor.isEditable, marks.marks(in: range).contains(range), let language else { return [] }
        let word = editor.model.document.substring(range)
        let words = Localization.language(of: editor.window)
        let paragraphLanguage = editor.model.document.attributes(at: editor.model.document.paragraphRange(at: range.lowerBound).lowerBound)
            .languageIdentifier
        let guesses =
            checker.guesses(
                forWordRange: NSRange(location: 0, length: word.utf16.count), in: word,
                language: paragraphLanguage ?? typedLanguages.language(at: range.lowerBound) ?? language) ?? []
        var actions = guesses.prefix(3).map { guess in
            EditMenuAction(identifier: .replacement(guess), title: guess) { [weak self] in
                self?.editor.commit(TextEditingModel.Change(range: range, replacement: guess, kind: .other))
            }
        }
        actions.append(EditMenuAction(identifier: .learnSpelling, title: EditWord.learn.text(words)) { TextChecker.learnWord(word) })
        actions.append(
            EditMenuAction(identifier: .ignoreSpelling, title: EditWord.ignore.text(words)) { [weak self] in
                guard let self else { return }
                self.checker.ignoreWord(word)
                self.recheck()
            })
        return actions
    }
}
