// SPDX-License-Identifier: Apache-2.0
import Caret

extension PlatformEngine {
    /// The spoken mode's voice: espeak-ng (`EspeakSpeaker`) into the platform's audio output.
    /// Without it the spoken mode cannot start (the shortcut and headsets say so on standard error).
    public static var speech: PlatformEngine {
        var engine = PlatformEngine(name: "speech")
        engine.makeSynthesizer = { output throws(CaretError) in try EspeakSpeaker(output: output) }
        return engine
    }
}
