import CCaretCompose
import Caret
import Foundation

/// Japanese: romaji or kana keys give a hiragana preedit, and anthy converts it to kanji and
/// katakana candidates (anthy rather than libkkc: a plain C library with Debian's dictionary and
/// no GLib, which the rest of Caret does without). A candidate taken is learned.
@MainActor
public final class AnthyComposer: TextComposer {
    private let context: UnsafeMutableRawPointer
    private let romaji: Bool
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
    }

    isolated deinit { caret_anthy_delete(context) }

    private static var started = false

    private static func start(home: String, dictionary: String) throws(CaretError) {
        if started { return }
        do {
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        } catch {
            throw .backendUnavailable(subsystem: "anthy", reason: "cannot make \(home): \(error.localizedDescription)")
        }
        let (status, message) = withErrorBuffer { caret_anthy_start(home, dictionary, $0, $1) }
        guard status == 0 else { throw .backendUnavailable(subsystem: "anthy", reason: message) }
        started = true
    }

    /// Dictionaries tried (in a child process: a corrupt one crashes anthy), with why not.
    private static var probed: [String: String?] = [:]

    /// Why anthy cannot convert with a dictionary (corrupt, truncated, unreadable), or nil when it can.
    static func problem(with dictionary: String, home: String, plantedCrash: Bool = false) -> String? {
        if !plantedCrash, let known = probed[dictionary] { return known }
        // A truncated file crashes anthy or feeds it garbage depending on where its mapping
        // lands: its layout is read first, so the answer is the same every time.
        if let layout = AnthyDictionaryFile.problem(at: dictionary) {
            let problem = "anthy's dictionary \(dictionary) is not whole: \(layout)"
            probed[dictionary] = problem
            return problem
        }
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let (status, message) = withErrorBuffer { caret_anthy_probe(dictionary, home, plantedCrash ? 1 : 0, $0, $1) }
        let problem: String? = status == 0 ? nil : message
        if !plantedCrash { probed[dictionary] = problem }
        return problem
    }

    /// Feeds an input.
    public func handle(_ input: ComposerInput) -> String? {
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
            return take(0)
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
        let segments = Int(caret_anthy_convert(context, kana))
        if segments > 0 {
            let lists = (0..<segments).map { takenList(caret_anthy_segment_candidates(context, Int32($0), 24)) }
            if lists.allSatisfy({ !$0.isEmpty }) {
                let rest = lists.dropFirst().map { $0[0] }.joined()
                let restChoices = [Int32](repeating: 0, count: segments - 1)
                for (index, word) in lists[0].enumerated() { all.append((word + rest, [Int32(index)] + restChoices)) }
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

    /// Drops the reading.
    public func reset() {
        reading.clear()
        all = []
        page = 0
        state = .empty
    }
}
