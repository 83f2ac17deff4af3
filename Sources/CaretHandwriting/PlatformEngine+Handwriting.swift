// SPDX-License-Identifier: Apache-2.0
import Caret

extension PlatformEngine {
    /// Handwriting: Japanese and Simplified Chinese with zinnia, Latin, Greek and Cyrillic with the
    /// core's recogniser (`SystemHandwritingRecognizers`). Without it only the core's models are offered.
    public static var handwriting: PlatformEngine {
        var engine = PlatformEngine(name: "handwriting")
        engine.makeHandwritingRecognizers = { SystemHandwritingRecognizers() }
        return engine
    }
}
