// SPDX-License-Identifier: Apache-2.0
import CCaretAccessibility
@_spi(Backend) import Caret
import Foundation

/// Publishes a window's accessibility tree on the AT-SPI2 bus (Orca, accerciser, pyatspi) through
/// ATK and at-spi2-atk's bridge, as Chromium and Firefox do without GTK: at-spi2-atk already
/// speaks the whole D-Bus protocol (registration, caching, every interface and event), so Caret
/// only answers ATK's questions from its own tree. It observes the window (the core's
/// `AccessibilityObserver`); without it nothing in the core computes accessibility events.
///
/// Offsets on the bus are characters (code points); Caret's are UTF-16: they are converted here.
@preconcurrency @MainActor
public final class ATSPIBridge: AccessibilityObserver {
    /// The window published.
    public private(set) weak var window: Window?
    /// The name the application is listed under on the bus (and its window's name).
    public let applicationName: String
    /// Where the window is on the screen (pixels) and pixels per point, asked when extents are read.
    public var screenGeometry: () -> (origin: Point, scale: Double)

    private var ids: [ObjectIdentifier: Int64] = [:]
    private var nodes: [Int64: WeakNode] = [:]
    private var nextID: Int64 = 2
    private var focusedID: Int64?
    /// Whether the window has the keyboard focus (its frame's ACTIVE state, as a GTK window's).
    private var windowIsActive = false
    private var childrenDirty = false
    /// Groups on the bus whose children changed since the last turn (besides the window's).
    private var dirtyGroups: Set<Int64> = []
    private static var current: ATSPIBridge?
    /// Whether a bridge publishes a window in this process now.
    public static var isRunning: Bool { current != nil }
    /// The bridge's thread asks the tree through this, answered in `pump()`.
    nonisolated let hop: MainThreadHop
    private let wakes: Bool

    /// Whether the app's loop is woken when a client calls (else it must pump often).
    public var wakesLoop: Bool { wakes }
    /// What offering keys to the screen reader cost so far (ATSPIBridge+Keys.swift).
    public internal(set) var keyStatistics = ATSPIKeyStatistics()
    /// Told of each key offered: the key, whether it was consumed and the wait in seconds.
    public var keyTrace: ((ATSPIKeyEvent, Bool, Double) -> Void)?
    /// How many of the bridge's ATK objects were still alive when it stopped (nil while it runs).
    public private(set) var objectsLeftAtStop: Int?

    private final class WeakNode {
        weak var node: AccessibilityNode?
        init(_ node: AccessibilityNode) { self.node = node }
    }

    /// Whether the session asks for accessibility: `CARET_ACCESSIBILITY=1` or `0` decides; otherwise
    /// the accessibility bus's `IsEnabled` or `ScreenReaderEnabled` (as Qt decides). No session bus,
    /// or no accessibility bus running, is a no (and costs one environment check).
    public static func sessionWantsAccessibility(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch environment["CARET_ACCESSIBILITY"] {
        case "1": return true
        case "0": return false
        default: return caret_atk_bus_wants_accessibility() == 1
        }
    }

    /// Starts publishing a window; throws when the accessibility bus cannot be reached. One
    /// bridge runs per process (ATK has one root). ATK and the bus run on a thread of the bridge's
    /// own; its questions are answered on the main thread in `pump()`. `wake`, called from that
    /// thread when a question waits, lets a loop that sleeps elsewhere pump at once.
    public init(
        window: Window, applicationName: String, wake: (@Sendable () -> Void)? = nil,
        screenGeometry: @escaping () -> (origin: Point, scale: Double)
    ) throws(CaretError) {
        self.window = window
        self.applicationName = applicationName
        self.screenGeometry = screenGeometry
        self.hop = MainThreadHop(wake: wake)
        self.wakes = wake != nil
        guard ATSPIBridge.current == nil else {
            throw CaretError.backendUnavailable(subsystem: "AT-SPI accessibility bus", reason: "a bridge already runs in this process")
        }
        var callbacks = ATSPIBridge.callbacks
        callbacks.context = Unmanaged.passUnretained(self).toOpaque()
        var message: UnsafeMutablePointer<CChar>?
        func failure() -> CaretError {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            free(message)
            return CaretError.backendUnavailable(subsystem: "AT-SPI accessibility bus", reason: text)
        }
        guard caret_atk_start(&callbacks, applicationName, &message) == 0 else { throw failure() }
        ATSPIBridge.current = self
        // Registration asks the tree (the root, its name): answer until the bridge is up.
        var state: Int32 = 0
        while state == 0 {
            hop.serve()
            state = caret_atk_start_status(1, &message)
        }
        guard state == 1 else {
            hop.stop()
            ATSPIBridge.current = nil
            throw failure()
        }
        window.addAccessibilityObserver(self)
    }

    /// Stops publishing.
    public func stop() {
        guard ATSPIBridge.current === self else { return }
        window?.removeAccessibilityObserver(self)
        hop.stop()  // the bridge's thread stops waiting for answers, so it can be joined
        caret_atk_stop()
        ATSPIBridge.current = nil
        objectsLeftAtStop = Int(caret_atk_live_objects())
    }

    /// How many of the bridge's ATK objects are alive in the process (0 when none runs).
    public static var liveObjects: Int { Int(caret_atk_live_objects()) }

    /// Answers the question the bridge's thread waits on, and hands it the changes posted since
    /// the last turn (it sends them on the bus while this thread draws); never blocks.
    public func pump() {
        if childrenDirty {
            childrenDirty = false
            forgetGoneNodes()
            caret_atk_children_changed(1)
            for id in dirtyGroups where id != 1 && node(id) != nil { caret_atk_children_changed(id) }
            dirtyGroups.removeAll()
        }
        hop.serve()
        caret_atk_iterate()
    }

    // MARK: Ids

    func id(of node: AccessibilityNode) -> Int64 {
        if node === window { return 1 }
        let key = ObjectIdentifier(node)
        if let id = ids[key], nodes[id]?.node === node { return id }
        let id = nextID
        nextID += 1
        ids[key] = id
        nodes[id] = WeakNode(node)
        return id
    }

    func node(_ id: Int64) -> AccessibilityNode? { id == 1 ? window : nodes[id]?.node }

    private func forgetGoneNodes() {
        for (id, entry) in nodes where entry.node == nil || !(entry.node!.isAccessibilityVisible) {
            caret_atk_forget(id)
            nodes[id] = nil
        }
        ids = ids.filter { nodes[$0.value] != nil }
    }

    // MARK: The tree on the bus

    /// A node's children on the bus: elements, and groups that keep their own (the keyboard,
    /// a modal dialog, views that group their children); other containers are flattened.
    func children(of id: Int64) -> [AccessibilityNode] {
        if id == 0 { return window.map { [$0] } ?? [] }
        guard let node = node(id) else { return [] }
        return Self.flatten(node.accessibilityVisibleChildren)
    }

    private static func flatten(_ nodes: [AccessibilityNode]) -> [AccessibilityNode] {
        nodes.flatMap { child -> [AccessibilityNode] in
            if child.isAccessibilityElement || isGroup(child) { return [child] }
            return flatten(child.accessibilityVisibleChildren)
        }
    }

    static func isGroup(_ node: AccessibilityNode) -> Bool {
        if node is KeyboardView || node is TableView || node is TableViewCell { return true }
        guard let view = node as? View else { return false }
        return view.shouldGroupAccessibilityChildren || view.accessibilityViewIsModal
    }

    func parent(of id: Int64) -> Int64 {
        if id == 0 { return -1 }
        if id == 1 { return 0 }
        guard let node = node(id) else { return -1 }
        var parent = node.accessibilityParent
        while let current = parent {
            if current === window { return 1 }
            if current.isAccessibilityElement || Self.isGroup(current) { return self.id(of: current) }
            parent = current.accessibilityParent
        }
        return 1
    }

    func role(of id: Int64) -> Int32 {
        guard let node = node(id) else { return Int32(CARET_ATK_ROLE_PANEL) }
        if id == 1 { return Int32(CARET_ATK_ROLE_FRAME) }
        let traits = node.accessibilityTraits
        let role: Int
        if node is KeyboardView {
            role = CARET_ATK_ROLE_KEYBOARD
        } else if node is TableView {
            role = CARET_ATK_ROLE_TABLE
        } else if node is TableViewCell {
            role = CARET_ATK_ROLE_TABLE_CELL
        } else if traits.contains(.keyboardKey) {
            role = CARET_ATK_ROLE_KEY
        } else if let text = node as? AccessibilityTextNode, traits.contains(.textEntry) {
            if (node as? TextField)?.isSecureTextEntry == true {
                role = CARET_ATK_ROLE_PASSWORD_TEXT
            } else {
                role = text.accessibilityIsSingleLine ? CARET_ATK_ROLE_ENTRY : CARET_ATK_ROLE_TEXT
            }
        } else if traits.contains(.toggleButton) {
            role = CARET_ATK_ROLE_TOGGLE_BUTTON
        } else if traits.contains(.button) {
            role = CARET_ATK_ROLE_PUSH_BUTTON
        } else if traits.contains(.link) {
            role = CARET_ATK_ROLE_LINK
        } else if traits.contains(.header) {
            role = CARET_ATK_ROLE_HEADING
        } else if traits.contains(.adjustable) {
            role = CARET_ATK_ROLE_SLIDER
        } else if traits.contains(.image) {
            role = CARET_ATK_ROLE_IMAGE
        } else if traits.contains(.staticText) || node is AccessibilityTextNode {
            role = node is AccessibilityTextNode ? CARET_ATK_ROLE_TEXT : CARET_ATK_ROLE_LABEL
        } else if (node as? View)?.accessibilityViewIsModal == true {
            role = CARET_ATK_ROLE_DIALOG
        } else {
            role = CARET_ATK_ROLE_PANEL
        }
        return Int32(role)
    }

    func states(of id: Int64) -> UInt64 {
        guard let node = node(id) else { return 0 }
        var bits = 0
        let traits = node.accessibilityTraits
        if !traits.contains(.notEnabled) { bits |= CARET_ATK_STATE_ENABLED | CARET_ATK_STATE_SENSITIVE }
        if id == 1 || node.isAccessibilityVisible { bits |= CARET_ATK_STATE_VISIBLE }
        if id == 1 || (node.isAccessibilityVisible && !Self.isScrolledOut(node)) { bits |= CARET_ATK_STATE_SHOWING }
        if Self.isSelectableRow(node) { bits |= CARET_ATK_STATE_SELECTABLE }
        if (node as? TableView)?.allowsMultipleSelection == true { bits |= CARET_ATK_STATE_MULTISELECTABLE }
        if id == 1 && windowIsActive { bits |= CARET_ATK_STATE_ACTIVE }
        if traits.contains(.selected) { bits |= CARET_ATK_STATE_SELECTED | CARET_ATK_STATE_CHECKED }
        if !traits.isDisjoint(with: [.button, .keyboardKey, .link, .textEntry, .adjustable]) || (node as? View)?.canBecomeFocused == true {
            bits |= CARET_ATK_STATE_FOCUSABLE
        }
        if focusedID == id { bits |= CARET_ATK_STATE_FOCUSED }
        if let text = node as? AccessibilityTextNode {
            bits |= CARET_ATK_STATE_SELECTABLE_TEXT
            if text.accessibilityIsEditable { bits |= CARET_ATK_STATE_EDITABLE }
            bits |= text.accessibilityIsSingleLine ? CARET_ATK_STATE_SINGLE_LINE : CARET_ATK_STATE_MULTI_LINE
        }
        if (node as? View)?.accessibilityViewIsModal == true { bits |= CARET_ATK_STATE_MODAL }
        return UInt64(bits)
    }

    /// A rectangle in window points as screen pixels.
    func screenRect(_ rect: Rect) -> (Int32, Int32, Int32, Int32) {
        let (origin, scale) = screenGeometry()
        return (
            Int32((origin.x + rect.minX * scale).rounded()), Int32((origin.y + rect.minY * scale).rounded()),
            Int32((rect.width * scale).rounded()), Int32((rect.height * scale).rounded())
        )
    }

    func actions(of id: Int64) -> [(name: String, run: () -> Bool)] {
        guard let node = node(id), id > 1 else { return [] }
        var actions: [(String, () -> Bool)] = []
        let traits = node.accessibilityTraits
        if node is AccessibilityTextNode {
            actions.append(("activate", { node.accessibilityActivate() }))
        } else if !traits.isDisjoint(with: [.button, .keyboardKey, .link, .toggleButton]) || Self.isSelectableRow(node) {
            actions.append(("click", { node.accessibilityActivate() }))
        }
        if traits.contains(.adjustable) {
            actions.append(
                (
                    "increment",
                    {
                        node.accessibilityIncrement(); return true
                    }
                ))
            actions.append(
                (
                    "decrement",
                    {
                        node.accessibilityDecrement(); return true
                    }
                ))
        }
        for action in node.accessibilityCustomActions ?? [] { actions.append((action.name, { action.actionHandler() })) }
        return actions
    }

    // MARK: Text

    func textNode(_ id: Int64) -> AccessibilityTextNode? { node(id) as? AccessibilityTextNode }

    // MARK: Events

    /// The window got (or lost) the keyboard focus: AtkWindow's activate (deactivate), then, when
    /// it got it, its focused element again: Orca presents the window, then where the focus is,
    /// as for a GTK window (and learns of an app that joined the bus after it started).
    public func windowActivated(_ active: Bool) {
        windowIsActive = active
        caret_atk_window_activated(active ? 1 : 0)
        guard active, let node = (window?.firstResponder as? View)?.accessibilityElementAncestor else { return }
        let id = id(of: node)
        if let old = focusedID, old != id { caret_atk_focus(old, 0) }
        focusedID = id
        caret_atk_focus(id, 1)
    }

    public func window(_ window: Window, accessibilityEvent event: AccessibilityEvent) {
        switch event {
        case let .focusChanged(node):
            if let old = focusedID { caret_atk_focus(old, 0) }
            focusedID = node.map { id(of: $0) }
            if let new = focusedID { caret_atk_focus(new, 1) }
        case let .textChanged(node, range, replacement, removed):
            // The text before the change's start is as it was: its offset is read from the text now
            // (in O(log n)), and the event carries what went, so nothing copies the whole text.
            guard let text = node as? AccessibilityTextNode else { return }
            let id = id(of: node)
            let start = text.characters(range.lowerBound)
            if !removed.isEmpty { caret_atk_text_removed(id, start, Int32(removed.unicodeScalars.count), removed) }
            if !replacement.isEmpty { caret_atk_text_inserted(id, start, Int32(replacement.unicodeScalars.count), replacement) }
        case let .selectionChanged(node, range):
            guard let text = node as? AccessibilityTextNode else { return }
            let id = id(of: node)
            caret_atk_caret_moved(id, text.characters(range.upperBound))
            caret_atk_selection_changed(id)
        case let .stateChanged(node):
            let id = id(of: node)
            caret_atk_name_changed(id)
            caret_atk_state_changed(id, 0, node.accessibilityTraits.contains(.notEnabled) ? 0 : 1)
            caret_atk_state_changed(id, 1, node.accessibilityTraits.contains(.selected) ? 1 : 0)
            caret_atk_state_changed(id, 2, node.accessibilityTraits.contains(.selected) ? 1 : 0)  // checked, as states(of:) says
        case .changeRefused:
            return  // the text did not change; a screen reader hears nothing new
        case let .childrenChanged(node):
            childrenDirty = true
            // The group on the bus that holds them hears it too (a table whose rows scrolled).
            if node.isAccessibilityElement || Self.isGroup(node) { dirtyGroups.insert(id(of: node)) }
        case let .notification(notification, argument):
            switch notification {
            case .announcement, .pageScrolled:
                if let text = Accessibility.spokenText(of: argument)?.text { caret_atk_announce(1, text) }
            default:  // a screen or layout change: the tree is read again
                childrenDirty = true
            }
        }
    }
}
