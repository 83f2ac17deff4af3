// SPDX-License-Identifier: Apache-2.0
import Caret

extension PlatformEngine {
    /// Korean, Japanese and Chinese on the on-screen keyboard: libhangul, anthy and librime
    /// (`SystemTextComposers`). Without it those languages are left out, with the reason.
    public static var composition: PlatformEngine {
        var engine = PlatformEngine(name: "composition")
        engine.makeTextComposers = { SystemTextComposers() }
        engine.finishLibraryCalls = { SystemTextComposers.waitForLibraryCalls() }
        return engine
    }
}
