// SPDX-License-Identifier: Apache-2.0
import Caret
import Foundation

extension PlatformEngine {
    /// Caret's own input-method client on X11: Fcitx 5's (`FcitxInputMethod`) when Fcitx is the
    /// one chosen (`SDL_IM_MODULE=fcitx` or `XMODIFIERS=@im=fcitx`), else IBus's
    /// (`IBusInputMethod`). Each hears the keys the input method gives back and sends it every key
    /// before the views see it, in order; SDL 2.26 drops IBus's given-back keys and delivers
    /// Fcitx's commits after later keys. Without it, or where it does not apply, SDL talks to the
    /// input method.
    public static var inputMethod: PlatformEngine {
        var engine = PlatformEngine(name: "input method")
        engine.connectInputMethod = { environment in
            let tracing = environment["CARET_IBUS_TRACE"] == "1"
            let module = environment["SDL_IM_MODULE"]
            if module == "fcitx" || (module == nil && environment["XMODIFIERS"]?.contains("@im=fcitx") == true) {
                do {
                    let client = try FcitxInputMethod()
                    if tracing {
                        client.trace = { FileHandle.standardError.write(Data("caret: Fcitx: \($0)\n".utf8)) }
                        client.trace?("input context made")
                    }
                    return client
                } catch {
                    FileHandle.standardError.write(Data("caret: Fcitx left to SDL: \(error)\n".utf8))
                    return nil
                }
            }
            guard let address = IBusAddress.find(environment: environment) else { return nil }
            do {
                let client = try IBusInputMethod(address: address)
                if tracing { client.trace = { FileHandle.standardError.write(Data("caret: IBus: \($0)\n".utf8)) } }
                return client
            } catch {
                FileHandle.standardError.write(Data("caret: IBus left to SDL: \(error)\n".utf8))
                return nil
            }
        }
        return engine
    }
}

extension IBusInputMethod: PlatformInputMethod {}
