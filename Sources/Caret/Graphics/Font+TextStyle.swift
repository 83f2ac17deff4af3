// SPDX-License-Identifier: Apache-2.0
extension Font {
    /// UIKit's text styles, at the sizes UIKit gives them at the default content size.
    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        /// 34 points.
        case largeTitle
        /// 28 points.
        case title1
        /// 22 points.
        case title2
        /// 20 points.
        case title3
        /// 17 points, bold (UIKit's semibold; the bundled fonts have regular and bold).
        case headline
        /// 15 points.
        case subheadline
        /// 17 points.
        case body
        /// 16 points.
        case callout
        /// 13 points.
        case footnote
        /// 12 points.
        case caption1
        /// 11 points.
        case caption2

        /// The point size.
        public var pointSize: Double {
            switch self {
            case .largeTitle: return 34
            case .title1: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline, .body: return 17
            case .subheadline: return 15
            case .callout: return 16
            case .footnote: return 13
            case .caption1: return 12
            case .caption2: return 11
            }
        }
    }

    /// The system font for a text style (UIKit's `preferredFont(forTextStyle:)`).
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        systemFont(ofSize: style.pointSize, weight: style == .headline ? .bold : .regular)
    }
}
