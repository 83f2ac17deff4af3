// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret
import Foundation

/// Chinese with librime and Debian's schema data: pinyin, zhuyin (bopomofo) and cangjie give
/// candidate words, paged; space takes the first, Return commits the keys as typed.
@preconcurrency @MainActor
public final class RimeComposer: TextComposer {
    private let session: UInt
    /// The key labels by the key librime is sent (ㄅ for "1"), to show and commit what was typed.
    private let labels: [Character: String]
    /// What is being composed now.
    public private(set) var state = CompositionState.empty

    /// Opens a session on a schema (librime started once, its user data under `userDirectory`;
    /// a session prepared in the background is taken).
    public init(schema: String, keys: [String: String]?, sharedDirectory: String, userDirectory: String) throws(CaretError) {
        session = try RimeDeployment.shared.session(schema: schema, userDirectory: userDirectory, sharedDirectory: sharedDirectory)
        var labels: [Character: String] = [:]
        for (label, key) in keys ?? [:] where key.count == 1 { labels[key.first!] = label }
        self.labels = labels
    }

    isolated deinit { caret_rime_end_session(session) }

    private enum Keysym {
        static let backspace: Int32 = 0xFF08
        static let pageUp: Int32 = 0xFF55
        static let pageDown: Int32 = 0xFF56
    }

    /// Feeds an input; keys librime does not take while nothing is composed are left to the keyboard.
    public func handle(_ input: ComposerInput) -> String? {
        let composing = !state.preedit.isEmpty
        switch input {
        case let .key(key):
            guard key.unicodeScalars.allSatisfy(\.isASCII), !key.isEmpty else { return settle() }
            var taken = false
            for scalar in key.unicodeScalars { taken = caret_rime_key(session, Int32(scalar.value)) != 0 || taken }
            guard taken else { return settle() }
        case .space:
            guard composing, caret_rime_key(session, 0x20) != 0 else { return nil }
        case .backspace:
            guard composing, caret_rime_key(session, Keysym.backspace) != 0 else { return nil }
        case .return:
            guard composing else { return nil }
            let typed = typedText
            reset()
            return typed
        case let .candidate(index):
            guard composing, caret_rime_select(session, Int32(index)) != 0 else { return nil }
        case .nextPage:
            guard composing else { return nil }
            _ = caret_rime_key(session, Keysym.pageDown)
        case .previousPage:
            guard composing else { return nil }
            _ = caret_rime_key(session, Keysym.pageUp)
        case .focusSegment, .resizeSegment:
            return nil
        }
        var committed = taken(caret_rime_commit(session))
        update()
        // A choice that left nothing to choose (zhuyin keeps the chosen sentence composing): it is done.
        if committed.isEmpty, state.candidates.isEmpty, !state.preedit.isEmpty {
            switch input {
            case .candidate, .space:
                _ = caret_rime_commit_composition(session)
                committed = taken(caret_rime_commit(session))
                update()
            default: break
            }
        }
        return committed
    }

    /// A key librime left: what it committed by itself (punctuation) counts, else nothing is taken.
    private func settle() -> String? {
        let committed = taken(caret_rime_commit(session))
        reset()
        return committed.isEmpty ? nil : committed
    }

    /// The keys typed, as their labels (pinyin letters, zhuyin symbols, cangjie radicals).
    private var typedText: String {
        taken(caret_rime_input(session)).map { labels[$0] ?? String($0) }.joined()
    }

    private func update() {
        var caret: Int32 = 0
        var preedit = taken(caret_rime_preedit(session, &caret))
        var page: Int32 = 0
        var last: Int32 = 1
        let candidates = takenList(caret_rime_candidates(session, &page, &last))
        // A schema that shows its codes as letters (cangjie) shows the keys' own labels instead.
        if !labels.isEmpty, preedit.unicodeScalars.contains(where: { $0.properties.isAlphabetic && $0.isASCII }) {
            preedit = typedText
            caret = Int32(preedit.utf8.count)
        }
        let caretUTF16 = String(decoding: preedit.utf8.prefix(Int(caret)), as: UTF8.self).utf16.count
        state = CompositionState(
            preedit: preedit, caret: caretUTF16, candidates: candidates, page: Int(page), isLastPage: last != 0)
    }

    /// Drops the composition.
    public func reset() {
        caret_rime_clear(session)
        _ = taken(caret_rime_commit(session))
        state = .empty
    }
}
