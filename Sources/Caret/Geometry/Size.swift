// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A width and a height, in points: Foundation's `CGSize`.
public typealias Size = CGSize
