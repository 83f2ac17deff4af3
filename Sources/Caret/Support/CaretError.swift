// SPDX-License-Identifier: Apache-2.0
/// Errors Caret reports instead of crashing: each names the cause and what was tried.
public enum CaretError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// No font file matched; `searched` lists every place that was looked in.
    case fontNotFound(name: String, searched: [String])
    /// A font file exists but could not be opened as a font.
    case invalidFont(path: String, reason: String)
    /// An asset (image, layout file, ...) could not be read or decoded.
    case assetUnreadable(path: String, reason: String)
    /// A named asset was found in none of the asset directories.
    case assetNotFound(name: String, searched: [String])
    /// The backend (SDL or one of its subsystems) failed to start.
    case backendUnavailable(subsystem: String, reason: String)
    /// Pixels that do not form a valid image.
    case invalidImage(String)
    /// Text that is not valid UTF-8.
    case invalidUTF8(context: String)
    /// A setting or command-line option that cannot be used, with what is wrong.
    case invalidOption(String)
    /// Something the app uses needs an engine it did not add: names the engine's product and the line that adds it.
    case engineNotAdded(needing: String, engine: String, product: String)

    /// The same sentence as `description` (what `localizedDescription` shows).
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .fontNotFound(name, searched):
            return "font '\(name)' not found; looked in: \(searched.joined(separator: ", "))"
        case let .invalidFont(path, reason):
            return "cannot open font file \(path): \(reason)"
        case let .assetUnreadable(path, reason):
            return "cannot read asset \(path): \(reason)"
        case let .assetNotFound(name, searched):
            return "asset '\(name)' not found; looked in: \(searched.joined(separator: ", "))"
        case let .backendUnavailable(subsystem, reason):
            return "\(subsystem) failed to start: \(reason)"
        case let .invalidImage(reason):
            return "invalid image: \(reason)"
        case let .invalidUTF8(context):
            return "invalid UTF-8 in \(context)"
        case let .invalidOption(message):
            return message
        case let .engineNotAdded(needing, engine, product):
            return "\(needing) needs the \(engine) engine: add the \(product) product to the app's target and "
                + "`.\(engine)` to Application.Configuration.engines (engines: [.\(engine)])"
        }
    }
}
