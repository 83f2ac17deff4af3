import Foundation

/// A width and a height, in points: Foundation's `CGSize`.
public typealias Size = CGSize
