// SPDX-License-Identifier: Apache-2.0
@_spi(Testing) import Caret
import CaretTesting
import Foundation

/// The swipe decoder's accuracy on two generators, side by side (docs/swipe-accuracy.md):
/// `SwipePathGenerator` (paths through jittered key centres, which the decoder was tuned on) and
/// `HumanSwipeGenerator` (paths drawn as people gesture-type, by writers it never saw). For each
/// language, 1,000 words from the list's 3,000 most frequent, read back against its 10,000
/// words; the human figures per writer too, each writer's offset learned from the words they meant
/// (`SwipeTouchOffset`). `caret-demo --measure-swipe en,de`.
@MainActor
enum SwipeMeasurement {
    /// A share of words read right first and among the first three.
    struct Accuracy {
        var words = 0, top1 = 0, top3 = 0
        mutating func add(_ word: String, _ read: [String]) {
            words += 1
            if read.first == word { top1 += 1 }
            if read.contains(word) { top3 += 1 }
        }
        var text: String {
            String(format: "%5.1f %% / %5.1f %%", 100 * Double(top1) / Double(max(1, words)), 100 * Double(top3) / Double(max(1, words)))
        }
    }

    static func run(languages: [String], writers count: Int = 12) throws {
        // Writers never used to tune the decoder, unless $CARET_SWIPE_TUNING_SEED names others.
        let tuning = ProcessInfo.processInfo.environment["CARET_SWIPE_TUNING_SEED"].flatMap(UInt64.init)
        let writers = HumanSwipeWriter.writers(count, seed: tuning ?? 72_100_001)
        print("language\twords\told generator top-1 / top-3\thuman generator top-1 / top-3\tworst writer\tbest writer")
        for language in languages {
            let geometry = try geometry(language: language)
            let list = Array(try words(language: language).prefix(10_000))
            let decoder = SwipeDecoder(wordsByFrequency: list, geometry: geometry, coefficients: SwipeMeasurement.coefficients)
            var random = SoakRandom(seed: tuning.map { $0 + 1 } ?? wordSeed)
            let chosen = chosenWords(list: list, geometry: geometry, using: &random)
            let old = SwipePathGenerator(geometry: geometry), human = HumanSwipeGenerator(geometry: geometry)
            var oldAccuracy = Accuracy(), humanAccuracy = Accuracy()
            var perWriter = [Accuracy](repeating: Accuracy(), count: writers.count)
            // Each writer's offset, learned from the words they meant (as a guest keeps a word or
            // picks another), unless $CARET_SWIPE_NO_LEARNING is set.
            let learns = ProcessInfo.processInfo.environment["CARET_SWIPE_NO_LEARNING"] == nil
            // The paths' times (pauses at double letters), unless $CARET_SWIPE_NO_TIMES is set.
            let usesTimes = ProcessInfo.processInfo.environment["CARET_SWIPE_NO_TIMES"] == nil
            // Each word read wrong, with what was read, where $CARET_SWIPE_MISSES is set.
            let showsMisses = ProcessInfo.processInfo.environment["CARET_SWIPE_MISSES"] != nil
            var offsets = [SwipeTouchOffset](repeating: SwipeTouchOffset(), count: writers.count)
            // How many letters typed twice and once each writer's paths looped at, where
            // $CARET_SWIPE_LOOPS is set (what `SwipeLikelihood.loopsAtSingles` is measured on).
            let showsLoops = ProcessInfo.processInfo.environment["CARET_SWIPE_LOOPS"] != nil
            var loops = [(doubles: Int, looped: Int, singles: Int, loopedSingles: Int)](repeating: (0, 0, 0, 0), count: writers.count)
            for (index, word) in chosen.enumerated() {
                let wanted = word.lowercased()
                if let path = old.path(for: word, using: &random) {
                    oldAccuracy.add(wanted, decoder.candidates(for: path.map(\.point), limit: 3).map { $0.word.lowercased() })
                }
                let writer = index % writers.count
                if let path = human.path(for: word, writer: writers[writer], using: &random) {
                    let points = path.map(\.point)
                    let times = usesTimes ? path.map(\.time) : nil
                    let read = decoder.candidates(for: points, times: times, guest: offsets[writer], limit: 3).map { $0.word.lowercased() }
                    if showsLoops, let seen = decoder.loopedLetters(of: offsets[writer].corrected(points), for: wanted) {
                        loops[writer] = (
                            loops[writer].doubles + seen.doubles, loops[writer].looped + seen.looped, loops[writer].singles + seen.singles,
                            loops[writer].loopedSingles + seen.loopedSingles
                        )
                    }
                    if learns { decoder.learn(&offsets[writer], keptWord: word, drawn: points, times: times) }
                    humanAccuracy.add(wanted, read)
                    if showsMisses, read.first != wanted { print("miss\t\(language)\t\(writer + 1)\t\(wanted)\t\(read.joined(separator: ","))") }
                    perWriter[writer].add(wanted, read)
                }
            }
            let ranked = perWriter.enumerated().sorted { $0.element.top1 * $1.element.words < $1.element.top1 * $0.element.words }
            let worst = ranked.first.map { "writer \($0.offset + 1): \($0.element.text)" } ?? ""
            let best = ranked.last.map { "writer \($0.offset + 1): \($0.element.text)" } ?? ""
            print("\(language)\t\(humanAccuracy.words)\t\(oldAccuracy.text)\t\(humanAccuracy.text)\t\(worst)\t\(best)")
            let writersTop1 = perWriter.map { String(format: "%.1f", 100 * Double($0.top1) / Double(max(1, $0.words))) }
            print("\(language) top-1 per writer\t" + writersTop1.joined(separator: "\t"))
            for (writer, seen) in loops.enumerated() where showsLoops {
                print(
                    "loops\t\(language)\twriter \(writer + 1)\t\(writers[writer].doubleLetter) at double letters\tlooped at \(seen.looped) of \(seen.doubles) double letters, \(seen.loopedSingles) of \(seen.singles) typed once"
                )
            }
        }
        for (index, writer) in writers.enumerated() { print("writer \(index + 1): \(writer)") }
    }

    /// Coefficients of the decoder's likelihood to try instead of its own, from
    /// $CARET_SWIPE_COEFFICIENTS ("shape=80,location=6"): what `Scripts/fit_swipe.py` prints.
    static var coefficients: [String: Double] {
        var named: [String: Double] = [:]
        for item in (ProcessInfo.processInfo.environment["CARET_SWIPE_COEFFICIENTS"] ?? "").split(whereSeparator: { $0 == "," || $0 == "\n" }) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = Double(parts[1]) { named[parts[0]] = value }
        }
        return named
    }

    /// The seed the measured words are chosen by.
    static let wordSeed: UInt64 = 72_200_001

    /// The 1,000 words measured: chosen by `random` from the list's 3,000 most frequent that pass two keys or more.
    static func chosenWords(list: [String], geometry: SwipeKeyboardGeometry, using random: inout SoakRandom) -> [String] {
        var seen = Set<String>()
        return Array(
            list.prefix(3_000).filter { (geometry.keyPoints(of: $0)?.count ?? 0) >= 2 && seen.insert($0.lowercased()).inserted }
                .shuffled(using: &random).prefix(1_000))
    }

    /// The words measured with the measurement's own seed.
    static func chosenWords(list: [String], geometry: SwipeKeyboardGeometry) -> [String] {
        var random = SoakRandom(seed: wordSeed)
        return chosenWords(list: list, geometry: geometry, using: &random)
    }

    /// The language's keyboard in an 800×480 window, as swipe typing sees its letters.
    static func geometry(language: String) throws -> SwipeKeyboardGeometry {
        let host = try HeadlessWindow(size: Size(width: 800, height: 480), fonts: .fixedAdvance(ratio: 0.5))
        let root = View()
        host.rootView = root
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        root.addSubview(field)
        host.window.keyboard.policy = .always
        host.window.keyboard.languages = [language]
        host.layout()
        field.becomeFirstResponder()
        host.settle()
        guard let geometry = host.window.keyboard.keyboardView?.swipeGeometry else {
            throw CaretError.backendUnavailable(subsystem: "keyboard", reason: "no swipe keyboard for \(language)")
        }
        return geometry
    }

    /// The language's bundled word list, most frequent first.
    static func words(language: String) throws -> [String] {
        let text = try String(contentsOfFile: try Assets.path(for: "Words/\(language).txt"), encoding: .utf8)
        return text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? $0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}
