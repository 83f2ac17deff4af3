// SPDX-License-Identifier: Apache-2.0
/// `import Caret` brings Foundation with it, as `import UIKit` does: `NSRange`, `NotificationCenter`,
/// `NSValue` and `CGFloat` need no import of their own in ported code (docs/behaviour/porting.md).
@_exported import Foundation
