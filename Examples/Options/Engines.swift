// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretAccessibility
import CaretCompose
import CaretHandwriting
import CaretIBus
import CaretSpeech
import CaretSpell

extension PlatformEngine {
    /// Every engine Caret has: the demo and the kiosk show them all.
    public static var all: [PlatformEngine] { [.composition, .handwriting, .spelling, .inputMethod, .accessibilityBus, .speech] }
}
