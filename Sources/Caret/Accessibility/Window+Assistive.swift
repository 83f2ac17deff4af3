// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A window's assistive settings: the spoken mode, switch access, larger text and reduced motion.
struct AssistiveSettings {
    var spokenMode: SpokenMode?
    var switchControl: SwitchControl?
    var prefersReducedMotion = false
    var contentSizeCategory = ContentSizeCategory.large
}

extension Window {
    /// VoiceOver's way of using the screen for kiosks with no desktop screen reader: touching
    /// speaks, a double tap activates, lifting a finger off a key types it (nil: off).
    public var spokenMode: SpokenMode? {
        get { assistive.spokenMode }
        set {
            guard newValue !== assistive.spokenMode else { return }
            assistive.spokenMode?.detach()
            assistive.spokenMode = newValue
            newValue?.attach(to: self)
        }
    }

    /// Switch access: one or two switches scan the keyboard's rows and keys and the focusable
    /// controls (nil: off).
    public var switchControl: SwitchControl? {
        get { assistive.switchControl }
        set {
            guard newValue !== assistive.switchControl else { return }
            assistive.switchControl?.detach()
            assistive.switchControl = newValue
            newValue?.attach(to: self)
        }
    }

    /// Reduced motion: the keyboard and keyboard avoidance move at once, without animating.
    public var prefersReducedMotion: Bool {
        get { assistive.prefersReducedMotion }
        set {
            guard newValue != assistive.prefersReducedMotion else { return }
            assistive.prefersReducedMotion = newValue
            NotificationCenter.default.post(name: Accessibility.reduceMotionStatusDidChangeNotification, object: self)
        }
    }

    /// How large text is: fonts of labels, buttons, fields and text views that adjust for it
    /// (`adjustsFontForContentSizeCategory`, on by default) and the keyboard's keys grow with it.
    public var preferredContentSizeCategory: ContentSizeCategory {
        get { assistive.contentSizeCategory }
        set {
            guard newValue != assistive.contentSizeCategory else { return }
            assistive.contentSizeCategory = newValue
            applyContentSizeScale(newValue.scale)
            updateTraitsInSubtree()
            keyboard.presence.relayout()
            NotificationCenter.default.post(name: ContentSizeCategory.didChangeNotification, object: self)
        }
    }

    /// Spoken mode and switch access see input first; true when one of them used the event.
    func assistiveInputTakes(_ event: InputEvent) -> Bool {
        if accessibilityShortcut.isPassingCancels { return false }
        // Spoken mode's gestures are double taps and slides: held-back or ignored touches would
        // make them impossible, so the accommodations stand aside while it runs.
        if assistive.spokenMode == nil, touchFilter.takes(event) { return true }
        if accessibilityShortcut.takes(event) { return true }
        if let switchControl = assistive.switchControl, switchControl.handle(event) { return true }
        if let spokenMode = assistive.spokenMode, spokenMode.handle(event) { return true }
        return false
    }
}

extension Window: SpokenModeHost, TouchAccommodationHost {
    /// How touches and the on-screen keyboard's Delete and space bar respond (docs/behaviour/accessibility.md).
    public var touchAccommodations: TouchAccommodations {
        get { touchFilter.settings }
        set { touchFilter.settings = newValue }
    }
}
