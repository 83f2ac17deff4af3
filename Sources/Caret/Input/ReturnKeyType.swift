// SPDX-License-Identifier: Apache-2.0

/// The word on the return key (UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: Int, Hashable, Sendable, CaseIterable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`

    /// The label the keyboard shows.
    public var title: String {
        switch self {
        case .default: return "return"
        case .go: return "Go"
        case .google: return "Google"
        case .join: return "Join"
        case .next: return "Next"
        case .route: return "Route"
        case .search: return "Search"
        case .send: return "Send"
        case .yahoo: return "Yahoo"
        case .done: return "Done"
        case .emergencyCall: return "Emergency Call"
        case .continue: return "Continue"
        }
    }
}
