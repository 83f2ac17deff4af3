// SPDX-License-Identifier: Apache-2.0
import Caret

extension PlatformEngine {
    /// Spelling and autocorrection with Hunspell and Debian's dictionaries (`HunspellDictionaries`):
    /// the window's `spellingDictionaries`, unless the app sets its own.
    public static var spelling: PlatformEngine {
        var engine = PlatformEngine(name: "spelling")
        engine.makeSpellingDictionaries = { HunspellDictionaries() }
        return engine
    }
}
