// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What the on-screen keyboard gives a composition engine.
public enum ComposerInput: Hashable, Sendable {
    /// A key, as the engine knows it (the language file's `composition.keys` applied: ㅂ → "q").
    case key(String)
    /// Backspace: the engine removes the last thing composed.
    case backspace
    /// The space bar: an engine with candidates takes the first.
    case space
    /// Return: the preedit as typed.
    case `return`
    /// A candidate of the page shown, by its index on the page.
    case candidate(Int)
    /// The next page of candidates.
    case nextPage
    /// The previous page of candidates.
    case previousPage
    /// Converting: the clause after (true) or before the one being converted takes the focus.
    case focusSegment(next: Bool)
    /// Converting: the clause being converted takes one more (true) or one less kana.
    case resizeSegment(longer: Bool)
}

/// What a composition engine shows after an input: the marked text and its candidates.
public struct CompositionState: Hashable, Sendable {
    /// The text being composed (shown as marked text); empty when nothing is.
    public var preedit: String
    /// The caret inside the preedit, in UTF-16 units.
    public var caret: Int
    /// The candidates of the page shown.
    public var candidates: [String]
    /// The page shown (0 first).
    public var page: Int
    /// Whether no page follows this one.
    public var isLastPage: Bool
    /// While converting (Japanese): the clause being converted, in UTF-16 units of the preedit,
    /// shown selected in the marked text; the candidates are its. Nil while not converting.
    public var convertingSegment: Range<Int>?
    /// The candidate of the page the preedit shows (space steps through them), if any.
    public var selectedCandidate: Int?

    /// Creates a state.
    public init(
        preedit: String = "", caret: Int? = nil, candidates: [String] = [], page: Int = 0, isLastPage: Bool = true,
        convertingSegment: Range<Int>? = nil, selectedCandidate: Int? = nil
    ) {
        self.preedit = preedit
        self.caret = caret ?? preedit.utf16.count
        self.candidates = candidates
        self.page = page
        self.isLastPage = isLastPage
        self.convertingSegment = convertingSegment
        self.selectedCandidate = selectedCandidate
    }

    /// Nothing composed.
    public static let empty = CompositionState()
}

/// A composition engine of one language (Korean jamo into syllables, pinyin or kana into words):
/// inputs in, committed text and marked text out. The keyboard owns one per language.
@preconcurrency @MainActor
public protocol TextComposer: AnyObject {
    /// Takes an input and returns the text it commits ("" for none), or nil when it does not take
    /// the input: the keyboard then commits the preedit as it stands and acts on the key itself.
    func handle(_ input: ComposerInput) -> String?
    /// What is being composed now.
    var state: CompositionState { get }
    /// Forgets the composition without committing it (the text view committed the preedit itself).
    func reset()
}

/// Makes composition engines for the languages whose files name one (the backend's).
@preconcurrency @MainActor
public protocol TextComposerProvider: AnyObject {
    /// Whether the engine and its data are here, without starting it: nil, or why not.
    func unavailability(of composition: KeyboardComposition) -> CaretError?
    /// The language is offered: an engine may prepare its data in the background, so that the
    /// first switch to it is quick.
    func prepare(_ composition: KeyboardComposition)
    /// A new engine for a language's composition.
    func makeComposer(for composition: KeyboardComposition) throws(CaretError) -> TextComposer
}

extension TextComposerProvider {
    /// Engines with nothing to prepare.
    public func prepare(_ composition: KeyboardComposition) {}
}
