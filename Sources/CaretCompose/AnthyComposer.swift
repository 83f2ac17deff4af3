// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret
import Foundation

/// Japanese: romaji or kana keys give a hiragana preedit, and anthy converts it to kanji and
/// katakana candidates (anthy rather than libkkc: a plain C library with Debian's dictionary and
/// no GLib, which the rest of Caret does without). While the reading is typed the bar offers
/// whole phrases; space converts it clause by clause as phones do (space steps through the
/// converting clause's candidates, Return confirms, a candidate confirms the clauses up to its
/// own). A candidate taken is learned.
@preconcurrency @MainActor
public final class AnthyComposer: TextComposer {
    private let context: UnsafeMutableRawPointer
    private let romaji: Bool
    /// How anthy's candidates are ordered (wordfreq's Japanese list; anthy's order without it).
    private let ranking: CandidateRanking
    private var reading = RomajiKana()
    /// Every candidate for the reading, best first; the state shows one page of them.
    private var all: [(text: String, choices: [Int32])] = []
    private var page = 0
    /// How many candidates a page holds.
    public static let pageSize = 6
    /// What is being composed now.
    public private(set) var state = CompositionState.empty

    /// Starts anthy once (its learning under `home`) with romaji or kana keys.
    public init(romaji: Bool, home: String, dictionary: String = "/usr/share/anthy/anthy.dic") throws(CaretError) {
        try Self.start(home: home, dictionary: dictionary)
        guard let context = caret_anthy_new() else { throw .backendUnavailable(subsystem: "anthy", reason: "no context") }
        self.context = context
        self.romaji = romaji
        self.ranking = Self.sharedRanking
    }

    /// One ranking for every Japanese keyboard of the process (what the person chose is shared).
    private static let sharedRanking = CandidateRanking.bundled()

    isolated deinit { caret_anthy_delete(context) }

    /// Starts anthy on a dictionary (once per process: the shim keeps whether it started).
    private static func start(home: String, dictionary: String) throws(CaretError) {
        do {
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        } catch {
            throw .backendUnavailable(subsystem: "anthy", reason: "cannot make \(home): \(error.localizedDescription)")
        }
        let (status, message) = withErrorBuffer { caret_anthy_start(home, dictionary, $0, $1) }
        guard status == 0 else { throw .backendUnavailable(subsystem: "anthy", reason: message) }
    }

    /// Why anthy cannot convert with a dictionary (corrupt, truncated, unreadable), or nil when it
    /// can: its layout is read, then anthy converts with it in a process of its own (a corrupt one
    /// crashes anthy). Once per dictionary, unless a crash is planted (tests).
    nonisolated static func problem(with dictionary: String, home: String, plantedCrash: Bool = false) -> String? {
        AnthyProbes.shared.problem(with: dictionary, home: home, plantedCrash: plantedCrash)
    }

    /// Feeds an input: keys spell the reading; space converts it, clause by clause, and steps
    /// through the clause's candidates; Return confirms what is shown.
    public func handle(_ input: ComposerInput) -> String? {
        if conversion != nil { return handleConverting(input) }
        switch input {
        case let .key(key):
            if romaji && !key.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII || "-'".unicodeScalars.contains($0) }) {
                return nil
            }
            if !romaji, ["゛", "゜", "小"].contains(key) {
                // The kana keyboard's modifiers change the last kana (pressed again, they turn it back).
                guard !reading.isEmpty else { return nil }
                _ = reading.modifyLast(Character(key))
            } else if !romaji && !key.unicodeScalars.allSatisfy({ (0x3041...0x3096).contains($0.value) || $0 == "ー" }) {
                return nil
            } else {
                reading.type(key)
            }
        case .backspace:
            guard reading.deleteBackward() else { return nil }
        case .space:
            guard !reading.isEmpty else { return nil }
            startConversion()
            return ""
        case .focusSegment, .resizeSegment:
            return reading.isEmpty ? nil : ""
        case .return:
            guard !reading.isEmpty else { return nil }
            let text = reading.finished
            reset()
            return text
        case let .candidate(index):
            guard !reading.isEmpty else { return nil }
            return take(page * Self.pageSize + index)
        case .nextPage:
            guard !reading.isEmpty else { return nil }
            if (page + 1) * Self.pageSize < all.count { page += 1 }
            show()
            return ""
        case .previousPage:
            guard !reading.isEmpty else { return nil }
            page = max(0, page - 1)
            show()
            return ""
        }
        convert()
        return ""
    }

    /// Converts the reading: the best phrase first, then the first segment's other words with the
    /// rest's best, then the whole as katakana and as hiragana.
    private func convert() {
        all = []
        page = 0
        let kana = reading.finished
        guard !kana.isEmpty else {
            show()
            return
        }
        let count = Int(caret_anthy_convert(context, kana))
        if let segments = AnthyConversion.read(context, count: count, ranking: ranking) {
            // The first clause's candidates (anthy's, in the ranking's order), each with the rest's best.
            let rest = segments.dropFirst().map { $0.candidates[0] }.joined()
            let restChoices = segments.dropFirst().map { $0.choices[0] }
            let first = segments[0]
            for (word, choice) in zip(first.candidates, first.choices) where choice >= 0 {
                all.append((word + rest, [choice] + restChoices))
            }
        }
        for extra in [Self.katakana(kana), kana] where !all.contains(where: { $0.text == extra }) { all.append((extra, [])) }
        show()
    }

    private func show() {
        let start = page * Self.pageSize
        let shown = all.isEmpty ? [] : all[start..<min(all.count, start + Self.pageSize)].map(\.text)
        state = CompositionState(
            preedit: reading.text, candidates: shown, page: page, isLastPage: start + Self.pageSize >= all.count)
    }

    /// Commits a candidate, teaching anthy the choice.
    private func take(_ index: Int) -> String? {
        guard all.indices.contains(index) else { return nil }
        let chosen = all[index]
        for (segment, choice) in chosen.choices.enumerated() { _ = caret_anthy_commit_segment(context, Int32(segment), choice) }
        reset()
        return chosen.text
    }

    /// Hiragana as katakana.
    static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { (0x3041...0x3096).contains($0.value) ? Unicode.Scalar($0.value + 0x60)! : $0 }))
    }

    // MARK: Converting

    /// The reading as anthy converted it, while space has been pressed.
    private var conversion: AnthyConversion?

    /// Space on a reading: anthy's clauses, each at its best candidate, the first converting.
    private func startConversion() {
        let kana = reading.finished
        let count = Int(caret_anthy_convert(context, kana))
        let segments =
            AnthyConversion.read(context, count: count, ranking: ranking)
            ?? [AnthyConversion.Segment(reading: kana, candidates: [kana, Self.katakana(kana)], choices: [-3, -2])]
        conversion = AnthyConversion(segments: segments)
        page = 0
        showConversion()
    }

    private func handleConverting(_ input: ComposerInput) -> String? {
        guard var conversion else { return nil }
        let pages = { (segment: AnthyConversion.Segment) in (segment.candidates.count - 1) / Self.pageSize }
        switch input {
        case .key:
            // A key begins the next reading: what was shown is confirmed first.
            let shown = confirm()
            if let more = handle(input) { return shown + more }
            // Not a key of the reading: the keyboard commits the marked text (what was shown) and types it.
            return nil
        case .space:
            conversion.focused.chosen = (conversion.focused.chosen + 1) % conversion.focused.candidates.count
            page = conversion.focused.chosen / Self.pageSize
        case let .candidate(index):
            let chosen = page * Self.pageSize + index
            guard conversion.focused.candidates.indices.contains(chosen) else { return nil }
            conversion.focused.chosen = chosen
            // The clauses up to this one are done; the rest is converted again as a reading.
            let done = conversion.segments[...conversion.focus].map(\.text).joined()
            // anthy learns only when every clause of its context is committed: the rest at the
            // choices shown (it converts them again as a reading next).
            conversion.learn(context, ranking: ranking)
            let rest = conversion.segments[(conversion.focus + 1)...].map(\.reading).joined()
            reset()
            if !rest.isEmpty {
                reading.type(rest)
                startConversion()
            }
            return done
        case .return:
            return confirm()
        case .backspace:
            // Back to the reading, nothing lost.
            self.conversion = nil
            convert()
            return ""
        case .nextPage:
            page = min(page + 1, pages(conversion.focused))
        case .previousPage:
            page = max(page - 1, 0)
        case let .focusSegment(next):
            conversion.focus = max(0, min(conversion.segments.count - 1, conversion.focus + (next ? 1 : -1)))
            page = conversion.focused.chosen / Self.pageSize
        case let .resizeSegment(longer):
            let count = Int(caret_anthy_resize_segment(context, Int32(conversion.focus), longer ? 1 : -1))
            guard var segments = AnthyConversion.read(context, count: count, ranking: ranking) else { break }
            // anthy keeps the clauses before the resized one: so do their choices.
            for index in 0..<min(conversion.focus, segments.count) where segments[index].reading == conversion.segments[index].reading {
                segments[index].chosen = conversion.segments[index].chosen
            }
            conversion.segments = segments
            conversion.focus = min(conversion.focus, segments.count - 1)
            page = 0
        }
        self.conversion = conversion
        showConversion()
        return ""
    }

    /// Commits the conversion as shown, teaching anthy its choices.
    private func confirm() -> String {
        guard let conversion else { return "" }
        conversion.learn(context, ranking: ranking)
        reset()
        return conversion.text
    }

    private func showConversion() {
        guard let conversion else { return }
        let candidates = conversion.focused.candidates
        let start = min(page * Self.pageSize, candidates.count)
        let end = min(start + Self.pageSize, candidates.count)
        let focused = conversion.focusedRange
        let chosen = conversion.focused.chosen
        state = CompositionState(
            preedit: conversion.text, caret: focused.upperBound, candidates: Array(candidates[start..<end]), page: page,
            isLastPage: end >= candidates.count, convertingSegment: focused,
            selectedCandidate: (start..<end).contains(chosen) ? chosen - start : nil)
    }

    /// Drops the reading.
    public func reset() {
        conversion = nil
        reading.clear()
        all = []
        page = 0
        state = .empty
    }
}

/// The anthy dictionaries checked so far, with why not (a check starts a process: once per file).
final class AnthyProbes: @unchecked Sendable {
    static let shared = AnthyProbes()
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    func problem(with dictionary: String, home: String, plantedCrash: Bool) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if !plantedCrash, let answer = known[dictionary] { return answer }
        let answer = Self.check(dictionary, home: home, plantedCrash: plantedCrash)
        if !plantedCrash { known[dictionary] = answer }
        return answer
    }

    private static func check(_ dictionary: String, home: String, plantedCrash: Bool) -> String? {
        // A truncated file crashes anthy or feeds it garbage depending on where its mapping
        // lands: its layout is read first, so the answer is the same every time.
        if let layout = AnthyDictionaryFile.problem(at: dictionary) {
            return "anthy's dictionary \(dictionary) is not whole: \(layout)"
        }
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let (status, message) = withErrorBuffer { caret_anthy_probe(dictionary, home, plantedCrash ? 1 : 0, $0, $1) }
        return status == 0 ? nil : message
    }
}
