// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One attribute of a view or layout guide, to make constraints from (UIKit's `NSLayoutAnchor`):
/// x-axis anchors relate only to x-axis anchors, y to y, dimensions to dimensions.
@preconcurrency @MainActor
public class NSLayoutAnchor<AnchorType: AnyObject> {
    /// The view or guide.
    weak var item: AnyObject?
    /// Its attribute.
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>, _ constant: Double) -> NSLayoutConstraint {
        guard let item, let other = anchor.item else { preconditionFailure("an anchor outlived its view or guide") }
        return NSLayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other, attribute: anchor.attribute, multiplier: 1, constant: constant)
    }

    /// This anchor equals another.
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, 0) }
    /// This anchor equals another plus a constant.
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: Double) -> NSLayoutConstraint { make(.equal, anchor, c) }
    /// This anchor is at least another.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.greaterThanOrEqual, anchor, 0) }
    /// This anchor is at least another plus a constant.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: Double) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, c)
    }
    /// This anchor is at most another.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor, 0) }
    /// This anchor is at most another plus a constant.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: Double) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, c)
    }
}

/// UIKit's standard spacing between siblings, which the system-spacing anchors multiply.
let systemSpacing = 8.0

/// A horizontal edge or centre (leading, trailing, left, right, centerX).
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// This anchor is the system spacing (8 points) times `multiplier` after another.
    public func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: Double) -> NSLayoutConstraint {
        make(.equal, anchor, systemSpacing * multiplier)
    }
    /// This anchor is at least the system spacing times `multiplier` after another.
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: Double) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, systemSpacing * multiplier)
    }
    /// This anchor is at most the system spacing times `multiplier` after another.
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: Double) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, systemSpacing * multiplier)
    }
}

/// A vertical edge, centre or baseline (top, bottom, centerY, firstBaseline, lastBaseline).
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// This anchor is the system spacing (8 points) times `multiplier` below another.
    public func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: Double) -> NSLayoutConstraint {
        make(.equal, anchor, systemSpacing * multiplier)
    }
    /// This anchor is at least the system spacing times `multiplier` below another.
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: Double) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, systemSpacing * multiplier)
    }
    /// This anchor is at most the system spacing times `multiplier` below another.
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: Double) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, systemSpacing * multiplier)
    }
}

/// A width or height, which can also equal a constant or a multiple of another dimension.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    private func make(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutDimension?, _ multiplier: Double, _ constant: Double)
        -> NSLayoutConstraint
    {
        guard let item else { preconditionFailure("an anchor outlived its view or guide") }
        return NSLayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item, attribute: anchor?.attribute ?? .notAnAttribute,
            multiplier: multiplier, constant: constant)
    }

    /// This dimension equals a constant.
    public func constraint(equalToConstant c: Double) -> NSLayoutConstraint { make(.equal, nil, 1, c) }
    /// This dimension is at least a constant.
    public func constraint(greaterThanOrEqualToConstant c: Double) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, 1, c) }
    /// This dimension is at most a constant.
    public func constraint(lessThanOrEqualToConstant c: Double) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, 1, c) }
    /// This dimension equals a multiple of another.
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: Double) -> NSLayoutConstraint { make(.equal, anchor, m, 0) }
    /// This dimension equals a multiple of another plus a constant.
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: Double, constant c: Double) -> NSLayoutConstraint {
        make(.equal, anchor, m, c)
    }
    /// This dimension is at least a multiple of another.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: Double) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, m, 0)
    }
    /// This dimension is at least a multiple of another plus a constant.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: Double, constant c: Double) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, m, c)
    }
    /// This dimension is at most a multiple of another.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: Double) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, m, 0)
    }
    /// This dimension is at most a multiple of another plus a constant.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: Double, constant c: Double) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, m, c)
    }
}

/// The anchors views and layout guides share.
@preconcurrency @MainActor
public protocol LayoutAnchorProviding: AnyObject {
    /// The leading edge (left in left-to-right layouts).
    var leadingAnchor: NSLayoutXAxisAnchor { get }
    /// The trailing edge.
    var trailingAnchor: NSLayoutXAxisAnchor { get }
    /// The left edge.
    var leftAnchor: NSLayoutXAxisAnchor { get }
    /// The right edge.
    var rightAnchor: NSLayoutXAxisAnchor { get }
    /// The top edge.
    var topAnchor: NSLayoutYAxisAnchor { get }
    /// The bottom edge.
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    /// The width.
    var widthAnchor: NSLayoutDimension { get }
    /// The height.
    var heightAnchor: NSLayoutDimension { get }
    /// The horizontal centre.
    var centerXAnchor: NSLayoutXAxisAnchor { get }
    /// The vertical centre.
    var centerYAnchor: NSLayoutYAxisAnchor { get }
}

extension LayoutAnchorProviding {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
}
