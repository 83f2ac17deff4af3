/// `import Caret` brings Foundation with it, as `import UIKit` does: `NSRange`, `NotificationCenter`,
/// `NSValue` and `CGFloat` need no import of their own in ported code (SPEC §11).
@_exported import Foundation
