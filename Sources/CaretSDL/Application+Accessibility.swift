import CSDL2
import Caret
import CaretAccessibility
import Foundation

extension Application {
    /// Publishes the window on the AT-SPI2 bus when the session asks for accessibility (a screen
    /// reader runs, or `CARET_ACCESSIBILITY=1`); a bus that cannot be reached is reported and skipped.
    func startAccessibilityBridge(name: String, environment: [String: String]) {
        guard ATSPIBridge.sessionWantsAccessibility(environment: environment) else { return }
        do {
            accessibilityBridge = try ATSPIBridge(window: window, applicationName: name) { [weak self] in
                guard let self, let sdlWindow = self.sdlWindow else { return (.zero, 1) }
                var x: Int32 = 0, y: Int32 = 0
                SDL_GetWindowPosition(sdlWindow, &x, &y)
                return (Point(x: Double(x), y: Double(y)), self.unitsPerPoint)
            }
        } catch {
            FileHandle.standardError.write(Data("caret: accessibility bus left alone: \(error)\n".utf8))
        }
    }
}
