// SPDX-License-Identifier: Apache-2.0
/// Caret's release version, as CHANGELOG.md and the release's tag name it.
public enum CaretVersion {
    /// The version as "major.minor.patch" (semantic versioning).
    public static let string = "0.1.0"
}
