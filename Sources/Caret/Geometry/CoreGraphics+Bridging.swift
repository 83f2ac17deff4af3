// SPDX-License-Identifier: Apache-2.0
import Foundation

// UIKit code reads geometry out of a userInfo dictionary with a cast: `info[key] as? CGRect`,
// `info[key] as! CGRect` or `(info[key] as? NSValue)?.cgRectValue` (docs/behaviour/keyboard-notifications.md).
// On Apple platforms NSValue bridges to CGRect, CGPoint and CGSize; Foundation on Linux does not,
// so `as? CGRect` on an NSValue is nil there. The runtime's casts honour `_ObjectiveCBridgeable`
// on Linux as they do for NSNumber and Int, so these conformances make every form work: an
// NSValue casts to the geometry it holds (and only that: a point's value is no rectangle), and
// the geometry casts to an NSValue.

#if !canImport(Darwin)
    /// What a value holds, read with `read`, when it holds the same kind of geometry as `sample`.
    private func geometry<T>(in value: NSValue?, like sample: NSValue, _ read: (NSValue) -> T) -> T? {
        guard let value, strcmp(value.objCType, sample.objCType) == 0 else { return nil }
        return read(value)
    }

    extension CGRect: @retroactive _ObjectiveCBridgeable {
        /// The rectangle as an NSValue.
        public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }
        /// The rectangle an NSValue holds (`as!`).
        public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
            precondition(_conditionallyBridgeFromObjectiveC(source, result: &result), "the NSValue holds no CGRect")
        }
        /// The rectangle an NSValue holds, if it holds one (`as?`).
        public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
            result = geometry(in: source, like: NSValue(rect: .zero), \.rectValue)
            return result != nil
        }
        /// The rectangle an NSValue holds, or zero.
        public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
            geometry(in: source, like: NSValue(rect: .zero), \.rectValue) ?? .zero
        }
    }

    extension CGPoint: @retroactive _ObjectiveCBridgeable {
        /// The point as an NSValue.
        public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }
        /// The point an NSValue holds (`as!`).
        public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
            precondition(_conditionallyBridgeFromObjectiveC(source, result: &result), "the NSValue holds no CGPoint")
        }
        /// The point an NSValue holds, if it holds one (`as?`).
        public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
            result = geometry(in: source, like: NSValue(point: .zero), \.pointValue)
            return result != nil
        }
        /// The point an NSValue holds, or zero.
        public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
            geometry(in: source, like: NSValue(point: .zero), \.pointValue) ?? .zero
        }
    }

    extension CGSize: @retroactive _ObjectiveCBridgeable {
        /// The size as an NSValue.
        public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }
        /// The size an NSValue holds (`as!`).
        public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
            precondition(_conditionallyBridgeFromObjectiveC(source, result: &result), "the NSValue holds no CGSize")
        }
        /// The size an NSValue holds, if it holds one (`as?`).
        public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
            result = geometry(in: source, like: NSValue(size: .zero), \.sizeValue)
            return result != nil
        }
        /// The size an NSValue holds, or zero.
        public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
            geometry(in: source, like: NSValue(size: .zero), \.sizeValue) ?? .zero
        }
    }
#endif
