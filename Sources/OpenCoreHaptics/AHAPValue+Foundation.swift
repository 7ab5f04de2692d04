import Foundation
import HapticPattern

extension AHAPValue {
    /// Converts a dictionary literal, a property list or `JSONSerialization` output into an ``AHAPValue``.
    ///
    /// Accepts what Apple's dictionary initializer accepts: `String`, numbers (`Int`, `Double`, `Float`, `NSNumber`,
    /// …), `Bool`, arrays, dictionaries keyed by `String`, `CHHapticPattern.Key` or any `RawRepresentable` with a
    /// `String` raw value, and `RawRepresentable` values such as `CHHapticEvent.EventType.hapticTransient`.
    /// Anything else (a `Date`, `Data`, an object) becomes `nil`, which the reader reports with its path.
    package init?(foundationValue value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        // Native Swift numbers first: a `Float` cast through `NSNumber` would turn 0.1 into 0.10000000149011612.
        case let double as Double where type(of: value) == Double.self: self = .number(double)
        case let float as Float where type(of: value) == Float.self: self = .number(AHAPValue.double(from: float))
        case let int as Int where type(of: value) == Int.self: self = .number(Double(int))
        case let number as NSNumber: self = .number(number.doubleValue)
        case let array as [Any]:
            var items: [AHAPValue] = []
            items.reserveCapacity(array.count)
            for item in array { items.append(AHAPValue(foundationValue: item) ?? .null) }
            self = .array(items)
        case let dictionary as [AnyHashable: Any]:
            var pairs: [(key: String, value: AHAPValue)] = []
            pairs.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                guard let name = AHAPValue.keyString(key.base) else { continue }
                pairs.append((name, AHAPValue(foundationValue: item) ?? .null))
            }
            pairs.sort { $0.key < $1.key }  // dictionaries have no order; make messages deterministic
            self = .object(pairs)
        case let raw as any RawRepresentable:
            guard let string = raw.rawValue as? String else { return nil }
            self = .string(string)
        default:
            return nil
        }
    }

    /// The `Foundation` form of this value: `[String: Any]`, `[Any]`, `String`, `Double`, `Bool` or `NSNull`.
    package var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n): return n
        case .string(let s): return s
        case .array(let items): return items.map(\.foundationValue)
        case .object(let pairs):
            var dictionary: [String: Any] = [:]
            for pair in pairs { dictionary[pair.key] = pair.value.foundationValue }
            return dictionary
        }
    }

    /// A `Float` as the `Double` with the same shortest decimal form (`Float(0.8)` → `0.8`, not `0.800000011920929`).
    static func double(from float: Float) -> Double { Double(float.description) ?? Double(float) }

    static func keyString(_ key: Any) -> String? {
        if let string = key as? String { return string }
        if let raw = key as? any RawRepresentable, let string = raw.rawValue as? String { return string }
        return nil
    }
}
