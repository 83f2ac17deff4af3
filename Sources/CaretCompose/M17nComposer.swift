// SPDX-License-Identifier: Apache-2.0
import CCaretCompose
import Caret
import Foundation

/// An input method of libm17n's database (m17n-db), as IBus and Fcitx use them: Vietnamese Telex
/// and VNI, ITRANS for Hindi, Bengali, Tamil, Telugu and other Indic scripts. Letters go to the
/// method; the word being written stays marked text until a key the method does not take (space,
/// punctuation) or Return ends it, so that it can be completed or chosen from the candidates.
@preconcurrency @MainActor
public final class M17nComposer: TextComposer {
    private let context: UnsafeMutableRawPointer
    /// The method's name in m17n-db ("vi-telex").
    public let method: String
    /// What the method committed inside the word being written (ITRANS commits each syllable).
    private var held = ""
    /// Every candidate the method offers now, and the page of them shown.
    private var allCandidates: [String] = []
    private var page = 0
    /// The characters of the method's preedit the candidates stand for.
    private var candidateRange = 0..<0
    /// Candidates on a page of the bar.
    static let pageSize = 10
    /// What is being composed now.
    public private(set) var state = CompositionState.empty

    /// Starts a method, "<language>-<name>" as m17n-db names its files ("vi-telex", "hi-itrans"),
    /// reading the database from `directory` (nil: m17n's own).
    public init(method: String, directory: String? = nil) throws(CaretError) {
        let parts = method.split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw .backendUnavailable(subsystem: "libm17n", reason: "no input method \(method) (language-name)") }
        let (started, startProblem) = withErrorBuffer { caret_m17n_start(directory, $0, $1) }
        guard started == 0 else { throw .backendUnavailable(subsystem: "libm17n", reason: startProblem) }
        let (context, problem) = withErrorBuffer { caret_m17n_new(parts[0], parts[1], $0, $1) }
        guard let context else { throw .backendUnavailable(subsystem: "libm17n", reason: problem) }
        self.context = context
        self.method = method
    }

    isolated deinit { caret_m17n_delete(context) }

    /// Feeds an input: letters to the method; space and keys it does not take end the word.
    public func handle(_ input: ComposerInput) -> String? {
        switch input {
        case let .key(key):
            for (offset, character) in key.enumerated() where feed(character == " " ? "space" : String(character)) == nil {
                return endWord(typing: String(key.dropFirst(offset)))
            }
            return ""
        case .space:
            if let text = feed("space") { return text }
            return endWord(typing: " ")
        case .backspace:
            // A method may not take it (Telex right after a first consonant): it then commits its
            // preedit, which joins the word, and the word's last character goes.
            if !methodPreedit.isEmpty, let text = feed("BackSpace") { return text }
            guard !held.isEmpty else { return nil }
            held.unicodeScalars.removeLast()
            update()
            return ""
        case .return:
            guard !state.preedit.isEmpty else { return nil }
            let committed = held + produced(by: nil)
            reset()
            return committed
        case let .candidate(index):
            let chosen = page * Self.pageSize + index
            guard allCandidates.indices.contains(chosen) else { return nil }
            let scalars = Array(methodPreedit.unicodeScalars)
            let range = candidateRange.clamped(to: 0..<scalars.count)
            var text = String(String.UnicodeScalarView(scalars[..<range.lowerBound]))
            text += allCandidates[chosen] + String(String.UnicodeScalarView(scalars[range.upperBound...]))
            let committed = held + text
            reset()
            return committed
        case .nextPage, .previousPage:
            let last = max(0, (allCandidates.count - 1) / Self.pageSize)
            page = input == .nextPage ? min(page + 1, last) : max(page - 1, 0)
            showCandidates()
            return ""
        case .focusSegment, .resizeSegment:
            return nil
        }
    }

    /// Gives the method a key: what it committed joins the word (nothing is committed to the
    /// client while the word goes on); nil when the method did not take the key.
    private func feed(_ key: String) -> String? {
        var produced: UnsafeMutablePointer<CChar>?
        let took = caret_m17n_key(context, key, &produced) != 0
        held += taken(produced)
        update()
        return took ? "" : nil
    }

    /// A key the method did not take ends the word: the word as it stands is committed with the
    /// key's text, or nil when nothing was composed (the keyboard acts on the key itself).
    private func endWord(typing key: String) -> String? {
        let word = held + produced(by: nil)
        reset()
        return word.isEmpty ? nil : word + key
    }

    /// Commits what the method composes (a nil key: its preedit) and returns it.
    private func produced(by key: String?) -> String {
        var produced: UnsafeMutablePointer<CChar>?
        _ = caret_m17n_key(context, key, &produced)
        return taken(produced)
    }

    private var methodPreedit = ""

    private func update() {
        var caret: Int32 = 0
        methodPreedit = taken(caret_m17n_preedit(context, &caret))
        var index: Int32 = 0, from: Int32 = 0, to: Int32 = 0
        let candidates = takenList(caret_m17n_candidates(context, &index, &from, &to))
        if candidates != allCandidates { page = candidates.isEmpty ? 0 : Int(index) / Self.pageSize }
        allCandidates = candidates
        candidateRange = Int(min(from, to))..<Int(max(from, to))
        let caretUnits = methodPreedit.unicodeScalars.prefix(Int(caret)).reduce(0) { $0 + $1.utf16.count }
        state = CompositionState(preedit: held + methodPreedit, caret: held.utf16.count + caretUnits)
        showCandidates()
    }

    private func showCandidates() {
        let start = min(page * Self.pageSize, allCandidates.count)
        let end = min(start + Self.pageSize, allCandidates.count)
        state.candidates = Array(allCandidates[start..<end])
        state.page = page
        state.isLastPage = end >= allCandidates.count
    }

    /// Forgets the word being written.
    public func reset() {
        caret_m17n_reset(context)
        held = ""
        methodPreedit = ""
        allCandidates = []
        page = 0
        candidateRange = 0..<0
        state = .empty
    }
}

/// The m17n input methods checked so far, with why not: libm17n trusts its database, and a damaged
/// method file (or random bytes in the folder) crashes it when the method is opened, so each is
/// tried in a process of its own first, once per file as it is.
final class M17nProbes: @unchecked Sendable {
    static let shared = M17nProbes()
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    /// Why libm17n cannot type with a method of a database (naming its file), or nil.
    func problem(withMethod method: String, directory: String, plantedCrash: Bool = false) -> String? {
        let file = "\(directory)/\(method).mim"
        // The method's file and the database's index, as they are now.
        let stamp = [file, "\(directory)/mdb.dir", directory].map { path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return "\((attributes?[.size] as? NSNumber)?.intValue ?? -1)@\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }.joined(separator: ",")
        let key = "\(directory)|\(method)|\(stamp)"
        lock.lock()
        defer { lock.unlock() }
        if !plantedCrash, let answer = known[key] { return answer }
        let (status, message) = withErrorBuffer { caret_m17n_probe(method, directory, file, plantedCrash ? 1 : 0, $0, $1) }
        let answer = status == 0 ? nil : message
        if !plantedCrash { known[key] = answer }
        return answer
    }
}
