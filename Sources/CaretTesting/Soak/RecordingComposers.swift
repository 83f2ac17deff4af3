// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret

/// Wraps a window's composition engines so that the soak hears what each engine reports (its
/// commits and its preedit) from the engine itself, not from the keyboard or the text.
@MainActor
final class RecordingComposers: TextComposerProvider {
    /// What the engines reported during one event.
    struct Report {
        /// Whether an engine was handed an input.
        var handled = false
        /// Whether an engine declined an input (the keyboard then types the key itself).
        var declined = false
        /// The texts the engines committed, in order.
        var commits: [String] = []
        /// The preedit of the last engine that took an input.
        var preedit = ""
    }

    private let wrapped: TextComposerProvider
    private(set) var report = Report()

    init(_ wrapped: TextComposerProvider) { self.wrapped = wrapped }

    /// Starts an event's report.
    func beginEvent() { report = Report() }

    func unavailability(of composition: KeyboardComposition) -> CaretError? { wrapped.unavailability(of: composition) }
    func prepare(_ composition: KeyboardComposition) { wrapped.prepare(composition) }
    func makeComposer(for composition: KeyboardComposition) throws(CaretError) -> TextComposer {
        Recording(try wrapped.makeComposer(for: composition), owner: self)
    }

    private final class Recording: TextComposer {
        let engine: TextComposer
        weak var owner: RecordingComposers?

        init(_ engine: TextComposer, owner: RecordingComposers) {
            self.engine = engine
            self.owner = owner
        }

        func handle(_ input: ComposerInput) -> String? {
            let committed = engine.handle(input)
            owner?.report.handled = true
            if let committed {
                if !committed.isEmpty { owner?.report.commits.append(committed) }
                owner?.report.preedit = engine.state.preedit
            } else {
                owner?.report.declined = true
            }
            return committed
        }

        var state: CompositionState { engine.state }
        func reset() { engine.reset() }
    }
}
