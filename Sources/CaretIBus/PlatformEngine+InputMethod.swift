import Caret
import Foundation

extension PlatformEngine {
    /// Caret's own IBus client on X11 (`IBusInputMethod`), which hears the keys IBus gives back
    /// that SDL 2.26 drops. Without it, or where it does not apply, SDL talks to the input method.
    public static var inputMethod: PlatformEngine {
        var engine = PlatformEngine(name: "input method")
        engine.connectInputMethod = { environment in
            guard let address = IBusAddress.find(environment: environment) else { return nil }
            do {
                let client = try IBusInputMethod(address: address)
                if environment["CARET_IBUS_TRACE"] == "1" {
                    client.trace = { FileHandle.standardError.write(Data("caret: IBus: \($0)\n".utf8)) }
                }
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
