// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Switch access (docs/behaviour) for people who cannot tap small keys: one or two switches (any keys
/// or pointer buttons the app names) scan the on-screen keyboard's rows, then the keys of the row
/// chosen, and the focusable controls, with a visible highlight. With one switch the highlight
/// moves by itself every `scanInterval` seconds and the switch selects; with two, one moves it and
/// the other selects. Selecting a key types it; selecting a control activates it (a field starts
/// editing); selecting an adjustable element (a picker's wheel) offers its Increment and Decrement steps. Set `window.switchControl` to turn it on.
@preconcurrency @MainActor
public final class SwitchControl {
    /// A switch: a key or a pointer button.
    public enum Switch: Hashable, Sendable {
        /// A key of a hardware keyboard (a switch interface often sends Space or Return).
        case key(KeyboardHIDUsage)
        /// A mouse or pointer button.
        case button(PointerButton)
    }

    /// What is highlighted: a group (a keyboard row) or one element.
    public enum Item {
        /// Elements scanned one by one once the group is selected.
        case group([AccessibilityNode])
        /// One element, activated when selected.
        case element(AccessibilityNode)

        /// The elements it stands for.
        public var elements: [AccessibilityNode] {
            switch self {
            case let .group(nodes): return nodes
            case let .element(node): return [node]
            }
        }
        /// The frame around them, in window coordinates.
        @MainActor public var frame: Rect {
            let frames = elements.map(\.accessibilityFrame)
            return frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
        }
        /// Their labels, joined.
        @MainActor public var label: String { elements.compactMap(\.accessibilityLabel).joined(separator: " ") }
    }

    /// The switch that selects.
    public var selectSwitch: Switch
    /// The switch that moves the highlight; nil scans automatically (one switch).
    public var nextSwitch: Switch?
    /// Seconds each item stays highlighted when scanning automatically.
    public var scanInterval: Double { didSet { if isAttached { restartTimer() } } }
    /// Times a group is scanned through with no selection before scanning goes back up.
    public var loopsBeforeLeavingGroup = 2
    /// The highlight's colour: its middle band, between a dark or light band on each side that
    /// stands out from what is around (3:1 or more, WCAG's non-text contrast).
    public var highlightColor = Color(rgb: 0xFF9500) { didSet { highlightView.middleColor = highlightColor } }

    /// The items scanned now, and which is highlighted.
    public private(set) var items: [Item] = []
    /// The index of the highlighted item in `items`.
    public private(set) var index = 0
    /// Whether scanning is inside a group.
    public private(set) var isInGroup = false
    /// The highlighted item, if any.
    public var highlightedItem: Item? { items.indices.contains(index) ? items[index] : nil }

    private weak var window: Window?
    private var timer: Animator.Token?
    private var loops = 0
    private var switchKeyText = TakenKeyText()
    private var isAttached: Bool { window != nil }
    private let highlightView = FocusRingView(frame: .zero)

    /// Creates switch access with a select switch and, for two-switch scanning, a next switch.
    public init(select: Switch, next: Switch? = nil, scanInterval: Double = 1.2) {
        selectSwitch = select
        nextSwitch = next
        self.scanInterval = scanInterval
        // Three 2-point bands, 2 points clear of what is highlighted (the inner band then stands
        // out from the gap's colour, which the window knows, not from keys it does not).
        highlightView.bandWidth = 2
        highlightView.middleColor = highlightColor
        highlightView.ringRadius = 12
    }

    func attach(to window: Window) {
        self.window = window
        Accessibility.setSwitchScanner(self, running: true)
        window.topLayer.addSubview(highlightView)
        startTopLevel()
    }

    func detach() {
        if let timer { window?.animator.cancel(timer) }
        timer = nil
        highlightView.removeFromSuperview()
        Accessibility.setSwitchScanner(self, running: false)
        window = nil
    }

    // MARK: Switches

    func handle(_ event: InputEvent) -> Bool {
        if switchKeyText.takes(event) { return true }  // the text of a switch's key (Space types " ") is the switch's too
        switch event {
        case let .key(key, isDown, isRepeat):
            let used = press(.key(key.keyCode), isDown: isDown && !isRepeat, isUp: !isDown)
            if used && isDown { switchKeyText.keyWasTaken(key) }
            return used
        case let .mouseDown(button, _, _, _):
            return press(.button(button), isDown: true, isUp: false)
        case let .mouseUp(button, _, _):
            return press(.button(button), isDown: false, isUp: true)
        default:
            return false
        }
    }

    private func press(_ pressed: Switch, isDown: Bool, isUp: Bool) -> Bool {
        guard pressed == selectSwitch || pressed == nextSwitch else { return false }
        if isDown { pressed == selectSwitch ? select() : advance() }
        return true  // the switch's other half (its release, a repeat) is used up too
    }

    /// Moves the highlight to the next item (the next switch, or the timer).
    public func advance() {
        guard !items.isEmpty else { return startTopLevel() }
        if !isInGroup {
            // The screen may have changed (the keyboard came or went): scanning starts over on it.
            let fresh = topLevelItems()
            if fresh.map(\.label) != items.map(\.label) || fresh.map(\.frame) != items.map(\.frame) { return startTopLevel() }
        }
        index += 1
        if index >= items.count {
            index = 0
            loops += 1
            if isInGroup && loops >= loopsBeforeLeavingGroup { return startTopLevel() }
        }
        showHighlight()
    }

    /// Selects the highlighted item: enters a group, or activates an element and starts over.
    public func select() {
        guard let item = highlightedItem else { return startTopLevel() }
        switch item {
        case let .group(nodes):
            items = nodes.map { .element($0) }
            index = 0
            loops = 0
            isInGroup = true
            showHighlight()
            restartTimer()
        case let .element(node):
            if let step = node as? AdjustmentElement {
                // Adjusting: the value moves a step and the two steps stay, for the next one.
                _ = step.accessibilityActivate()
                window?.layoutIfNeeded()
                loops = 0
                showHighlight()
                return restartTimer()
            }
            if node.accessibilityTraits.contains(.adjustable), let window {
                // An adjustable element (a picker's wheel) offers its two steps, as iOS's menu does.
                items = AdjustmentElement.steps(for: node, in: window).map { .element($0) }
                index = 0
                loops = 0
                isInGroup = true
                showHighlight()
                return restartTimer()
            }
            _ = node.accessibilityActivate()
            window?.layoutIfNeeded()
            startTopLevel()
        }
    }

    // MARK: Scanning

    /// The top level: the keyboard's rows (when it shows), then the focusable controls.
    func topLevelItems() -> [Item] {
        guard let window else { return [] }
        let leaves = window.accessibilityElementsInOrder
        var rows: [[AccessibilityNode]] = []
        for key in leaves where key.accessibilityTraits.contains(.keyboardKey) && !key.accessibilityTraits.contains(.notEnabled) {
            if let last = rows.last?.last, last.accessibilityFrame.minY == key.accessibilityFrame.minY {
                rows[rows.count - 1].append(key)
            } else {
                rows.append([key])
            }
        }
        let controls = leaves.filter {
            let traits = $0.accessibilityTraits
            return !traits.contains(.keyboardKey) && !traits.contains(.notEnabled)
                && !traits.isDisjoint(with: [.button, .textEntry, .link, .adjustable, .toggleButton])
                && $0.accessibilityFrame.intersects(window.bounds)
        }
        return rows.map { .group($0) } + controls.map { .element($0) }
    }

    private func startTopLevel() {
        items = topLevelItems()
        index = 0
        loops = 0
        isInGroup = false
        showHighlight()
        restartTimer()
    }

    private func restartTimer() {
        guard let window else { return }
        if let timer { window.animator.cancel(timer) }
        timer = nil
        guard nextSwitch == nil else { return }
        timer = window.animator.schedule(after: scanInterval, repeating: scanInterval) { [weak self] in self?.advance() }
    }

    private func showHighlight() {
        guard let window, let item = highlightedItem else {
            highlightView.isHidden = true
            return
        }
        highlightView.isHidden = false
        let outset = highlightView.ringWidth + 2
        highlightView.frame = window.topLayer.convert(item.frame, from: nil).insetBy(dx: -outset, dy: -outset)
        window.topLayer.bringSubviewToFront(highlightView)
        if let spoken = window.spokenMode { spoken.say(spoken.description(of: item.elements), language: item.elements.first?.accessibilityLanguage) }
    }
}

/// A step of an adjustable element that switch access offers once the element is selected:
/// "Increment" over its lower half (where a wheel's next row is), "Decrement" over its upper half.
@MainActor
final class AdjustmentElement: AccessibilityElement {
    static func steps(for node: AccessibilityNode, in window: Window) -> [AdjustmentElement] {
        let frame = node.accessibilityFrame
        let upper = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height / 2)
        let lower = Rect(x: frame.minX, y: frame.midY, width: frame.width, height: frame.height / 2)
        let language = Localization.language(of: window)
        return [(true, PickerWord.increment.text(language), lower), (false, PickerWord.decrement.text(language), upper)].map { up, label, part in
            let step = AdjustmentElement(accessibilityContainer: window)
            step.accessibilityLabel = label
            step.accessibilityTraits = .button
            step.accessibilityFrameInContainerSpace = part
            step.onActivate = { [weak node] in
                guard let node else { return false }
                if up { node.accessibilityIncrement() } else { node.accessibilityDecrement() }
                return true
            }
            return step
        }
    }
}
