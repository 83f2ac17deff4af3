import Caret
import Foundation

/// The demo's text-field delegate: lets everything through and records every delegate call and
/// notification as it happens, for the live panel and `--trace`. Secure fields' text is never recorded.
@MainActor
public final class FieldTracer: TextFieldDelegate {
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
        names[ObjectIdentifier(field)] = name
        if field.isSecureTextEntry { secure.insert(ObjectIdentifier(field)) }
        let id = ObjectIdentifier(field)
        for (notification, label) in [
            (TextField.textDidBeginEditingNotification, "textDidBeginEditing"),
            (TextField.textDidChangeNotification, "textDidChange"),
            (TextField.textDidEndEditingNotification, "textDidEndEditing"),
        ] {
            observers.append(
                NotificationCenter.default.addObserver(forName: notification, object: field, queue: nil) { [weak self] note in
                    let reason = note.userInfo?[TextField.didEndEditingReasonUserInfoKey] as? TextField.DidEndEditingReason
                    MainActor.assumeIsolated {
                        guard let self else { return }
                        self.record(label, id, reason.map { ["reason": "\($0)"] } ?? [:])
                    }
                })
        }
    }

    private func record(_ name: String, _ id: ObjectIdentifier, _ details: [String: String] = [:]) {
        let event = Event(name: name, field: names[id] ?? "?", details: details)
        recent.append(event)
        if recent.count > 9 { recent.removeFirst(recent.count - 9) }
        onEvent?(event)
    }

    private func record(_ name: String, _ field: TextField, _ details: [String: String] = [:]) {
        record(name, ObjectIdentifier(field), details)
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
}
