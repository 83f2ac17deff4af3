// SPDX-License-Identifier: Apache-2.0

/// Which way an operation goes.
public enum TextDirection: Hashable, Sendable {
    /// Towards the start.
    case backward
    /// Towards the end.
    case forward
}
