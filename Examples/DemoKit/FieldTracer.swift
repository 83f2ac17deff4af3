// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

/// The demo's text-field delegate: lets everything through and records every delegate call and
/// notification as it happens, for the live panel and `--trace`. Secure fields' text is never recorded.
@MainActor
public final class FieldTracer: TextFieldDelegate, TextViewDelegate {
    /// One recorded event.
    public struct Event: Sendable {
        /// What happened ("shouldBeginEditing", "textDidChange", ...).
        public var name: String
        /// Which field.
        public var field: String
        /// Details (range, replacement, reason); never a secure field's text.
        public var details: [String: String]

        /// The event as one JSON object on one line.
        public var jsonLine: String {
            var object: [String: String] = ["event": name, "field": field]
            for (key, value) in details { object[key] = value }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Called for every event.
    public var onEvent: ((Event) -> Void)?
    /// Called when a link is tapped in a traced text view (after the event is recorded).
    public var onLink: ((URL) -> Void)?
    /// The most recent events, newest last.
    public private(set) var recent: [Event] = []
    private var observers: [NSObjectProtocol] = []
    private var names: [ObjectIdentifier: String] = [:]
    private var secure: Set<ObjectIdentifier> = []

    /// Creates a tracer.
    public init() {}

    /// Traces a field under a name: becomes its delegate and observes its notifications.
    public func trace(_ field: TextField, as name: String) {
        field.delegate = self
        if field.isSecureTextEntry { secure.insert(ObjectIdentifier(field)) }
        observe(
            field, as: name,
            [
                (TextField.textDidBeginEditingNotification, "textDidBeginEditing"),
                (TextField.textDidChangeNotification, "textDidChange"),
                (TextField.textDidEndEditingNotification, "textDidEndEditing"),
            ])
    }

    /// Traces a text view under a name: becomes its delegate and observes its notifications.
    public func trace(_ textView: TextView, as name: String) {
        textView.delegate = self
        observe(
            textView, as: name,
            [
                (TextView.textDidBeginEditingNotification, "textDidBeginEditing"),
                (TextView.textDidChangeNotification, "textDidChange"),
                (TextView.textDidEndEditingNotification, "textDidEndEditing"),
            ])
    }

    /// Records the keyboard's notifications (will/did show, hide and change frame, with their
    /// begin and end frames) next to the delegate calls, under the name "keyboard".
    public func traceKeyboard() {
        let id = ObjectIdentifier(Self.self)
        names[id] = "keyboard"
        let notifications: [(Notification.Name, String)] = [
            (Responder.keyboardWillChangeFrameNotification, "keyboardWillChangeFrame"),
            (Responder.keyboardWillShowNotification, "keyboardWillShow"),
            (Responder.keyboardWillHideNotification, "keyboardWillHide"),
            (Responder.keyboardDidChangeFrameNotification, "keyboardDidChangeFrame"),
            (Responder.keyboardDidShowNotification, "keyboardDidShow"),
            (Responder.keyboardDidHideNotification, "keyboardDidHide"),
        ]
        for (notification, label) in notifications {
            observers.append(
                NotificationCenter.default.addObserver(forName: notification, object: nil, queue: nil) { [weak self] note in
                    func describe(_ rect: Rect?) -> String {
                        rect.map { "\(Int($0.minX)),\(Int($0.minY)),\(Int($0.width)),\(Int($0.height))" } ?? "?"
                    }
                    let details = ["begin": describe(note.keyboardFrameBegin), "end": describe(note.keyboardFrameEnd)]
                    MainActor.assumeIsolated { self?.record(label, id, details) }
                })
        }
    }

    /// Stops recording: every notification observer is removed (a form made again in another
    /// language replaces the one this traced).
    func stop() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        observers.removeAll()
        onEvent = nil
    }

    private func observe(_ object: View, as name: String, _ notifications: [(Notification.Name, String)]) {
        let id = ObjectIdentifier(object)
        names[id] = name
        for (notification, label) in notifications {
            observers.append(
                NotificationCenter.default.addObserver(forName: notification, object: object, queue: nil) { [weak self, weak object] note in
                    let reason = (note.userInfo?[TextField.didEndEditingReasonUserInfoKey] as? Int).flatMap(
                        TextField.DidEndEditingReason.init(rawValue:))
                    MainActor.assumeIsolated {
                        guard let self else { return }
                        var details = reason.map { ["reason": "\($0)"] } ?? [:]
                        // What the field holds after a change (a secure field's never leaves it).
                        if label == "textDidChange", !self.secure.contains(id) {
                            details["text"] = (object as? TextField)?.text ?? (object as? TextView)?.text
                        }
                        self.record(label, id, details)
                    }
                })
        }
    }

    /// The longest detail recorded, in characters: a pasted megabyte shows as its start and its size.
    public static let maximumDetailLength = 80

    /// A detail as recorded: whole when short, else its start and how much more there was.
    public static func shortened(_ value: String) -> String {
        guard let cut = value.index(value.startIndex, offsetBy: maximumDetailLength, limitedBy: value.endIndex),
            cut < value.endIndex
        else { return value }
        return String(value[..<cut]) + "… (\(value.utf16.count) UTF-16 units)"
    }

    private func record(_ name: String, _ id: ObjectIdentifier, _ details: [String: String] = [:]) {
        let event = Event(name: name, field: names[id] ?? "?", details: details.mapValues(Self.shortened))
        recent.append(event)
        if recent.count > 9 { recent.removeFirst(recent.count - 9) }
        onEvent?(event)
    }

    private func record(_ name: String, _ view: View, _ details: [String: String] = [:]) {
        record(name, ObjectIdentifier(view), details)
    }

    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        record("shouldBeginEditing", textField); return true
    }
    public func textFieldDidBeginEditing(_ textField: TextField) { record("didBeginEditing", textField) }
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { record("shouldEndEditing", textField); return true }
    public func textFieldDidEndEditing(_ textField: TextField, reason: TextField.DidEndEditingReason) {
        record("didEndEditing", textField, ["reason": "\(reason)"])
    }
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        let text = secure.contains(ObjectIdentifier(textField)) ? "•" : string
        record("shouldChangeCharacters", textField, ["range": "\(range.location),\(range.length)", "replacement": text])
        return true
    }
    public func textFieldShouldClear(_ textField: TextField) -> Bool { record("shouldClear", textField); return true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { record("shouldReturn", textField); return true }
    public func textFieldDidChangeSelection(_ textField: TextField) {
        record("didChangeSelection", textField, ["location": "\(textField.selectedRange.location)"])
    }

    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { record("shouldBeginEditing", textView); return true }
    public func textViewDidBeginEditing(_ textView: TextView) { record("didBeginEditing", textView) }
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { record("shouldEndEditing", textView); return true }
    public func textViewDidEndEditing(_ textView: TextView) { record("didEndEditing", textView) }
    public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        record("shouldChangeText", textView, ["range": "\(range.location),\(range.length)", "replacement": text])
        return true
    }
    public func textViewDidChange(_ textView: TextView) { record("didChange", textView) }
    public func textViewDidChangeSelection(_ textView: TextView) {
        record("didChangeSelection", textView, ["location": "\(textView.selectedRange.location)"])
    }
    public func textView(
        _ textView: TextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: TextItemInteraction
    ) -> Bool {
        record(
            "shouldInteractWith", textView,
            ["url": URL.absoluteString, "range": "\(characterRange.location),\(characterRange.length)"])
        onLink?(URL)
        return true  // allowed; the demo sets no openURL, so nothing opens
    }
}
