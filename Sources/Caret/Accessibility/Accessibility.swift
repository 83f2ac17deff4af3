// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Assistive technology's side of the app (UIKit's `UIAccessibility` functions and notifications):
/// apps post what changed; screen-reader bridges, the spoken mode and tests observe it.
@preconcurrency @MainActor
public enum Accessibility {
    /// A notification an app posts for assistive technology (UIKit's `UIAccessibility.Notification`).
    public struct Notification: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Speak the argument (a `String`, or an `NSAttributedString` with `accessibilitySpeechLanguage`) now.
        public static let announcement = Notification(rawValue: "announcement")
        /// A new screen appeared; the argument is the element to move to, or nil for the first.
        public static let screenChanged = Notification(rawValue: "screenChanged")
        /// Part of the screen changed; the argument is the element to move to, or nil.
        public static let layoutChanged = Notification(rawValue: "layoutChanged")
        /// A scroll finished; the argument is a `String` saying where ("Page 2 of 5").
        public static let pageScrolled = Notification(rawValue: "pageScrolled")
    }

    /// Posted (on `NotificationCenter.default`) when a screen reader starts or stops.
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("CaretVoiceOverStatusDidChange")
    /// Posted when switch access starts or stops.
    public static let switchControlStatusDidChangeNotification = Foundation.Notification.Name("CaretSwitchControlStatusDidChange")
    /// Posted when a window's reduced-motion setting changes (the object is the window).
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("CaretReduceMotionStatusDidChange")

    /// Whether a screen reader runs: the built-in spoken mode or one on the accessibility bus.
    public static var isVoiceOverRunning: Bool { screenReaders.contains { $0.object != nil } }
    /// Whether switch access scans in any window.
    public static var isSwitchControlRunning: Bool { switchScanners.contains { $0.object != nil } }

    /// Tells assistive technology what changed: to every window with observers, or to the
    /// argument's window when the argument is a view or element.
    public static func post(notification: Notification, argument: Any?) {
        let target = (argument as? AccessibilityNode)?.accessibilityWindow
        for window in windows.compactMap(\.window) where target == nil || window === target {
            window.postAccessibility(.notification(notification, argument: argument))
        }
    }

    // MARK: Bookkeeping

    private final class WeakWindow {
        weak var window: Window?
        init(_ window: Window) { self.window = window }
    }
    private static var windows: [WeakWindow] = []
    private final class WeakObject {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    private static var screenReaders: [WeakObject] = []  // weak: one that went with its window stops counting
    private static var switchScanners: [WeakObject] = []

    private static func set(_ object: AnyObject, running: Bool, in list: inout [WeakObject]) {
        list.removeAll { $0.object == nil || $0.object === object }
        if running { list.append(WeakObject(object)) }
    }

    static func windowGainedObservers(_ window: Window) {
        windows.removeAll { $0.window == nil || $0.window === window }
        windows.append(WeakWindow(window))
    }

    static func windowLostObservers(_ window: Window) { windows.removeAll { $0.window == nil || $0.window === window } }

    /// A screen reader (spoken mode, a bridge's client) starts or stops; the status notification
    /// is posted when the answer of `isVoiceOverRunning` changes.
    public static func setScreenReader(_ reader: AnyObject, running: Bool) {
        let before = isVoiceOverRunning
        set(reader, running: running, in: &screenReaders)
        if before != isVoiceOverRunning { NotificationCenter.default.post(name: voiceOverStatusDidChangeNotification, object: nil) }
    }

    static func setSwitchScanner(_ scanner: AnyObject, running: Bool) {
        let before = isSwitchControlRunning
        set(scanner, running: running, in: &switchScanners)
        if before != isSwitchControlRunning { NotificationCenter.default.post(name: switchControlStatusDidChangeNotification, object: nil) }
    }
}

/// What assistive technology hears from a window: focus, text, caret, state and children
/// changes, and the notifications the app posts.
@preconcurrency @MainActor
public enum AccessibilityEvent {
    /// The focused element changed (nil: nothing has focus).
    case focusChanged(AccessibilityNode?)
    /// An element's text changed: the UTF-16 `range` of the text as it was, which held `removed`,
    /// now holds `replacement` (offsets and texts as `accessibilityText` reads: bullets when secure).
    case textChanged(AccessibilityNode, range: Range<Int>, replacement: String, removed: String)
    /// An element's caret or selection moved (UTF-16 range in its text).
    case selectionChanged(AccessibilityNode, Range<Int>)
    /// An element's state changed (enabled, selected, value, label).
    case stateChanged(AccessibilityNode)
    /// An element gained or lost children.
    case childrenChanged(AccessibilityNode)
    /// A change the user asked for was refused (by the delegate, `maximumLength`,
    /// `allowedCharacters` or a formatter).
    case changeRefused(AccessibilityNode)
    /// The app posted a notification.
    case notification(Accessibility.Notification, argument: Any?)
}

/// Text units a screen reader reads by.
public enum AccessibilityTextGranularity: Sendable {
    /// One grapheme cluster.
    case character
    /// A word and the spaces after it (UAX #29 words).
    case word
    /// A sentence and the spaces after it.
    case sentence
    /// A line as laid out on screen (wrapped lines count apart).
    case line
    /// A paragraph and its line break.
    case paragraph
}

/// Hears a window's accessibility events: the AT-SPI bridge, the spoken mode, tests.
@preconcurrency @MainActor
public protocol AccessibilityObserver: AnyObject {
    /// Something assistive technology follows happened in the window.
    func window(_ window: Window, accessibilityEvent event: AccessibilityEvent)
}

/// A node with editable or readable text (fields and text views): what the AT-SPI Text and
/// EditableText interfaces read and change. Offsets are UTF-16 in the text as it reads (bullets
/// when secure); nothing but `accessibilityText` copies the whole text, so a screen reader
/// following the caret in a long text costs the same as in a short one.
@preconcurrency @MainActor
public protocol AccessibilityTextNode: AccessibilityNode {
    /// The text as assistive technology may read it: a secure field gives one bullet per character.
    var accessibilityText: String { get }
    /// The UTF-16 length of `accessibilityText`.
    var accessibilityTextLength: Int { get }
    /// The part of `accessibilityText` in a UTF-16 range (clamped).
    func accessibilityText(in range: Range<Int>) -> String
    /// The code-point offset (what AT-SPI counts) of a UTF-16 offset.
    func accessibilityCharacterOffset(ofUTF16 offset: Int) -> Int
    /// The UTF-16 offset of a code-point offset (clamped).
    func accessibilityUTF16Offset(ofCharacter offset: Int) -> Int
    /// The character, word, sentence, line (as laid out) or paragraph around an offset.
    func accessibilityTextRange(enclosing offset: Int, granularity: AccessibilityTextGranularity) -> Range<Int>
    /// The selection (a caret when empty).
    var accessibilitySelectedRange: Range<Int> { get }
    /// Whether the text is one line.
    var accessibilityIsSingleLine: Bool { get }
    /// Whether the text can be changed.
    var accessibilityIsEditable: Bool { get }
    /// Moves the caret or selection.
    func accessibilitySetSelectedRange(_ range: Range<Int>)
    /// The frame of the characters in `range`, in window coordinates.
    func accessibilityFrame(forRange range: Range<Int>) -> Rect
    /// The offset of the character at a point in window coordinates.
    func accessibilityOffset(at point: Point) -> Int
    /// Replaces text as the user would (the delegate is asked); false if refused.
    func accessibilityReplace(_ range: Range<Int>, with text: String) -> Bool
}
