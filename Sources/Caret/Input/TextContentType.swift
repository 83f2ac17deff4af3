// SPDX-License-Identifier: Apache-2.0

/// What the text is, for suggestions and autofill (UIKit's `UITextContentType`).
public struct TextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// Creates a content type.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A person's name.
    public static let name = TextContentType(rawValue: "name")
    /// An e-mail address.
    public static let emailAddress = TextContentType(rawValue: "emailAddress")
    /// A telephone number.
    public static let telephoneNumber = TextContentType(rawValue: "telephoneNumber")
    /// A web address.
    public static let URL = TextContentType(rawValue: "URL")
    /// A password.
    public static let password = TextContentType(rawValue: "password")
    /// A new password.
    public static let newPassword = TextContentType(rawValue: "newPassword")
    /// A one-time code.
    public static let oneTimeCode = TextContentType(rawValue: "oneTimeCode")
}
