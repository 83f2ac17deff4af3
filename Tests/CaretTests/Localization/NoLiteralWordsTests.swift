// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// No word Caret shows or says is a literal in the core's sources (docs/behaviour/localisation.md):
/// a string literal holding words where text goes on screen or into speech (returned, a case's
/// value, a label, hint, title, text, an announcement, drawn text), or any literal phrase of
/// words, is a finding unless it is a developer's message (errors, console, debugging) or a
/// name that is not a word (a font family, a path, a language tag), each listed below with why.
@Suite struct NoLiteralWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Caret")

    /// Files whose literals are for developers or are names, with why.
    static let developerFiles: [String: String] = [
        "Support/CaretError.swift": "errors for the app's developer, in English as Swift's own",
        "Support/JSONFileError.swift": "where a data file is wrong, for whoever edits it",
        "Support/Assets.swift": "folder paths",
        "Layout/NSLayoutConstraint.swift": "UIKit's console messages and descriptions, word for word",
        "Layout/Solver/LinearSolver.swift": "the solver's consistency report",
        "Graphics/Image.swift": "an image's size error",
        "Graphics/Image+Symbols.swift": "a console message",
        "Graphics/Color.swift": "a debug description",
        "Graphics/TraitCollection.swift": "a debug description",
        "Graphics/Font.swift": "font family names",
        "Text/TextChecker.swift": "a console message",
        "Table/TableUpdate.swift": "why a table update is invalid, for the app's developer on the console (UIKit's exception)",
        "Views/Window+Frames.swift": "the drawing check's report",
        "Controls/TextDisplay.swift": "the drawing check's report",
        "Table/TableView+Tiling.swift": "reuse identifiers",
        "Localization/CaretWords.swift": "the tables' keys",
        "Localization/Localization.swift": "language tags",
        "Localization/StringTable.swift": "language tags (English, every table's fallback)",
        "Localization/PluralRules.swift": "CLDR's rule syntax",
        "Keyboard/KeyboardModel.swift": "a language tag",
        "Keyboard/KeyboardKey.swift": "the dotted circle a lone combining mark is drawn on",
        "Input/KeyboardType.swift": "the types' names in the keyboard's layout files",
    ]

    /// Lines of developer messages, logs and names wherever they are.
    static let developerLine = try! NSRegularExpression(
        pattern:
            #"ConsoleLog|CaretError|fatalError|precondition|assert|throw |reason:|subsystem:|Notification\.Name|Assets\.path|identifier|debugDescription|description|problems\.append|report\(|hasPrefix|hasSuffix|environment|case "|forKey|name: "|DispatchQueue\(label: "|print\(|String\(format:|rawValue:|deprecated|internalError|==|!="#
    )
    static let literal = try! NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
    static let word = try! NSRegularExpression(pattern: #"[^\W\d_]{2,}"#)
    static let phrase = try! NSRegularExpression(pattern: #"[^\W\d_]{2,}\s+[^\W\d_]{2,}"#)
    /// What comes before a literal where text goes to the screen or to speech.
    static let sink = try! NSRegularExpression(
        pattern:
            #"(return|label:|hint:|title:|text\s*=|Label\s*=|Hint\s*=|Value\s*=|say\(|argument:|placeholder\s*=|shape\(|setTitle\(|\?|\bcase\s+\.\w+(\([^)]*\))?:|default:|append\()\s*$"#
    )

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The findings in one file's text.
    static func findings(in text: String, path: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || matches(developerLine, line) { continue }
            for match in literal.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                let content = (line as NSString).substring(with: match.range(at: 1))
                let words = content.replacingOccurrences(of: #"\\\([^)]*\)"#, with: "", options: .regularExpression)
                guard matches(word, words) else { continue }
                let before = (line as NSString).substring(to: match.range.location)
                if matches(phrase, words) || matches(sink, before) { found.append("\(path):\(number + 1): \"\(content)\"") }
            }
        }
        return found
    }

    @Test func noWordShownOrSpokenIsALiteral() throws {
        var findings: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        for case let path as String in enumerator where path.hasSuffix(".swift") && Self.developerFiles[path] == nil {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            findings += Self.findings(in: text, path: path)
        }
        #expect(findings.isEmpty, "words to put in Assets/Strings: \(findings)")
    }

    /// The check finds what it is for: words on a label, in speech, drawn, in a switch's case.
    @Test func aPlantedLiteralIsFound() {
        let planted = """
            label.text = "Hello there"
            spoken.say("Spoken mode off", language: nil)
            let run = context.shape("Write here", font: font)
            case .space: "space"
            return "delete"
            """
        #expect(Self.findings(in: planted, path: "Planted.swift").count == 5)
        let developer = """
            throw CaretError.assetUnreadable(path: path, reason: "cannot be read")
            ConsoleLog.write("Caret: the key is taken")
            let tag = "zh-Hant"
            """
        #expect(Self.findings(in: developer, path: "Planted.swift").isEmpty)
    }
}
