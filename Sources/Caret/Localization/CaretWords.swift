// SPDX-License-Identifier: Apache-2.0

/// A key of Caret's string tables (docs/behaviour/localisation.md): a stable identifier whose
/// text each language's table holds. Every word Caret shows or says is one of these.
protocol WordKey: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension WordKey {
    /// The text in a language, its plural form chosen by `count`, placeholders filled in.
    func text(_ language: String, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        Localization.text(rawValue, language: language, count: count, arguments)
    }
}

/// Every key, for the check that each table has each one.
let allWordKeys: [String] =
    EditWord.allCases.map(\.rawValue) + ReturnWord.allCases.map(\.rawValue) + BarItemWord.allCases.map(\.rawValue)
    + PickerWord.allCases.map(\.rawValue) + KeyWord.allCases.map(\.rawValue) + BarHintWord.allCases.map(\.rawValue)
    + RoleWord.allCases.map(\.rawValue) + SpeechWord.allCases.map(\.rawValue) + KioskWord.allCases.map(\.rawValue)

/// The edit menu's commands.
enum EditWord: String, WordKey {
    case cut = "edit.cut", copy = "edit.copy", paste = "edit.paste", delete = "edit.delete"
    case select = "edit.select", selectAll = "edit.selectAll"
    case learn = "edit.learnSpelling", ignore = "edit.ignoreSpelling"
    case bold = "edit.bold", italic = "edit.italic", underline = "edit.underline"
    /// The paging arrows' names, ‹ and ›.
    case previousPage = "edit.previousPage", nextPage = "edit.nextPage"
}

/// The return key's labels, one per `ReturnKeyType`.
enum ReturnWord: String, WordKey {
    case `default` = "return.default", go = "return.go", google = "return.google", join = "return.join"
    case next = "return.next", route = "return.route", search = "return.search", send = "return.send"
    case yahoo = "return.yahoo", done = "return.done", emergencyCall = "return.emergencyCall", `continue` = "return.continue"
}

/// The system bar button items' titles.
enum BarItemWord: String, WordKey {
    case done = "bar.done", cancel = "bar.cancel", save = "bar.save", edit = "bar.edit", add = "bar.add"
    /// A navigation bar's back button when the controller below has no title.
    case back = "bar.back"
    /// The names of the system items drawn as symbols.
    case compose = "bar.compose", share = "bar.share", reply = "bar.reply", refresh = "bar.refresh", camera = "bar.camera"
    case bookmarks = "bar.bookmarks", undo = "bar.undo", redo = "bar.redo", stop = "bar.stop", close = "bar.close"
    case play = "bar.play", pause = "bar.pause", rewind = "bar.rewind", fastForward = "bar.fastForward"
}

/// Pickers' wheels as assistive technology names them.
enum PickerWord: String, WordKey {
    case year = "picker.year", month = "picker.month", day = "picker.day", hour = "picker.hour", minute = "picker.minute"
    case amPM = "picker.amPM"
    /// "{position} of {total}".
    case place = "picker.place"
    /// "Increment" and "Decrement": switch access's steps of an adjustable element.
    case increment = "picker.increment", decrement = "picker.decrement"
}

/// The keyboard's keys and writing pad as shown and as assistive technology names them.
enum KeyWord: String, WordKey {
    case shift = "key.shift", shiftOn = "key.shiftOn", shiftOff = "key.shiftOff", capsLock = "key.capsLock"
    case capsLockOn = "key.capsLockOn", on = "key.on", delete = "key.delete", space = "key.space"
    case `return` = "key.return", nextKeyboard = "key.nextKeyboard", hideKeyboard = "key.hideKeyboard"
    case numbers = "key.numbers", letters = "key.letters", symbols = "key.symbols", phonePad = "key.phonePad"
    case confirm = "key.confirm", key = "key.key", rowOfKeys = "key.rowOfKeys"
    case writingArea = "key.writingArea", writingAreaHint = "key.writingAreaHint", writeHere = "key.writeHere"
    case handwritingUnavailable = "key.handwritingUnavailable"
    case trackpad = "key.trackpad"
    case emoji = "key.emoji", emojiSearch = "key.emojiSearch", emojiRecent = "key.emojiRecent"
}

/// The suggestion and candidate bars' words and hints.
enum BarHintWord: String, WordKey {
    case candidate = "bar.candidate", asTyped = "bar.asTyped", correction = "bar.correction"
    case suggestion = "bar.suggestion", prediction = "bar.prediction", swiped = "bar.swiped"
    case alternative = "bar.alternative", moreCandidates = "bar.moreCandidates", fewerCandidates = "bar.fewerCandidates"
    case previousCandidates = "bar.previousCandidates", nextCandidates = "bar.nextCandidates"
    case previousClause = "bar.previousClause", nextClause = "bar.nextClause"
    case shorterClause = "bar.shorterClause", longerClause = "bar.longerClause", swipeHint = "bar.swipeHint"
}

/// What a screen reader says for an element's kind and state.
enum RoleWord: String, WordKey {
    case selected = "role.selected", button = "role.button", link = "role.link", heading = "role.heading"
    case searchField = "role.searchField", image = "role.image", adjustable = "role.adjustable"
    case toggle = "role.toggle", dimmed = "role.dimmed", textField = "role.textField"
    /// A switch's value.
    case on = "role.on", off = "role.off"
    case secureTextField = "role.secureTextField", `private` = "role.private"
    /// "{count} characters", by plural form.
    case characters = "role.characters"
    case plugInHeadset = "role.plugInHeadset"
}

/// Spoken mode's own sentences.
enum SpeechWord: String, WordKey {
    case on = "speech.on", off = "speech.off", headsetConnected = "speech.headsetConnected"
    case headsetDisconnected = "speech.headsetDisconnected", notAllowed = "speech.notAllowed"
    case volume = "speech.volume", speed = "speech.speed", adjusting = "speech.adjusting"
    case deleted = "speech.deleted", dots = "speech.dots", space = "speech.space", newLine = "speech.newLine"
    case tab = "speech.tab", end = "speech.end", start = "speech.start"
}

/// The kiosk's idle warning.
enum KioskWord: String, WordKey {
    case idleMessage = "kiosk.idleMessage", idleCountdown = "kiosk.idleCountdown", moreTime = "kiosk.moreTime"
}
