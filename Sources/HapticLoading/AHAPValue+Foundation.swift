import Foundation
import HapticPattern

extension AHAPValue {
    /// Converts a dictionary literal, a property list or `JSONSerialization` output into an ``AHAPValue``.
    ///
    /// Accepts what Apple's dictionary initializer accepts: `String`, numbers (`Int`, `Double`, `Float`, `NSNumber`,
    /// …), `Bool`, arrays, dictionaries keyed by `String`, `CHHapticPattern.Key` or any `RawRepresentable` with a
    /// `String` raw value, and `RawRepresentable` values such as `CHHapticEvent.EventType.hapticTransient`.
    /// Anything else (a `Date`, `Data`, an object) becomes `nil`, which the reader reports with its path.
    /// Nesting deeper than ``PatternLimits/maxNestingDepth`` of the default limits also gives `nil`; use
    /// ``converting(_:depth:maxDepth:)`` to tell the two apart.
    package init?(foundationValue value: Any) {
        guard let converted = try? AHAPValue.converting(value, maxDepth: PatternLimits.default.maxNestingDepth) else { return nil }
        self = converted
    }

    /// Converts a Foundation value as ``init(foundationValue:)`` does, refusing nesting deeper than `maxDepth`
    /// before descending further, so that a pathologically nested property list or dictionary cannot exhaust the
    /// stack (the conversion recurses once per level), and more than `maxValues` values in all, so that a value
    /// reached from many places (a binary property list's shared object, an array repeated by reference) cannot
    /// expand without bound.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - depth: The nesting depth of the container holding `value` (0 for a top-level value).
    ///   - maxDepth: The deepest nesting of arrays and dictionaries accepted.
    ///   - maxValues: The most values (arrays, dictionaries and scalars; one reached from several places counts each
    ///     time).
    /// - Returns: The value, or `nil` for a type AHAP has no form for.
    /// - Throws: ``PatternError`` with ``HapticErrorCode/invalidPatternData`` when the nesting is deeper than `maxDepth`
    ///   or the values are more than `maxValues`.
    package static func converting(
        _ value: Any, depth: Int = 0, maxDepth: Int, maxValues: Int = PatternLimits.default.maxValues
    ) throws(PatternError) -> AHAPValue? {
        var budget = ValueBudget(limit: maxValues, source: "the value")
        return try converting(value, depth: depth, maxDepth: maxDepth, path: "", refusingOthers: false, budget: &budget)
    }

    /// Converts a property list into an ``AHAPValue``, refusing what AHAP has no form for (a date, data) with the
    /// path of the value and what it is, instead of turning it into `null` (which would be reported as "not null"
    /// wherever a number belongs). Values inside `Metadata`, which is free-form, still become `null`.
    ///
    /// Every value is counted each time it is reached: a binary property list may refer to one object from many
    /// places (Apple's writer shares repeated strings and numbers), and nested, a few hundred bytes of references
    /// stand for billions of values. The count stops at ``PatternLimits/maxValues``, the JSON reader's cap, before
    /// the value past it is converted.
    ///
    /// - Throws: ``PatternError`` — `invalidPatternDictionary` naming the path and the value's type, or
    ///   `invalidPatternData` for nesting deeper than ``PatternLimits/maxNestingDepth`` or more values than
    ///   ``PatternLimits/maxValues`` (with the path of the value past the cap).
    package static func converting(propertyList value: Any, limits: PatternLimits) throws(PatternError) -> AHAPValue? {
        var budget = ValueBudget(limit: limits.maxValues, source: "the property list")
        return try converting(value, depth: 0, maxDepth: limits.maxNestingDepth, path: "", refusingOthers: true, budget: &budget)
    }

    /// The values a conversion has made against its cap, and the work's cancellation (``WorkCancellation``), checked
    /// every 4 096 values.
    private struct ValueBudget {
        let limit: Int
        let source: String
        var count = 0
        let cancellation = WorkCancellation.current

        init(limit: Int, source: String) {
            self.limit = limit
            self.source = source
        }

        /// Counts one value at `path`.
        mutating func take(at path: String) throws(PatternError) {
            count += 1
            guard count <= limit else {
                throw PatternError(
                    .invalidPatternData,
                    "\(source) holds more than \(limit) values (PatternLimits.maxValues), counting each shared object every time it is referred to",
                    path: path)
            }
            if count & 0xFFF == 0 { try cancellation?.check() }
        }
    }

    private static func converting(
        _ value: Any, depth: Int, maxDepth: Int, path: String, refusingOthers: Bool, budget: inout ValueBudget
    ) throws(PatternError) -> AHAPValue? {
        try budget.take(at: path)
        switch value {
        case let string as String: return .string(string)
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        // Native Swift numbers first: a `Float` cast through `NSNumber` would turn 0.1 into 0.10000000149011612.
        case let double as Double where type(of: value) == Double.self: return .number(double)
        case let float as Float where type(of: value) == Float.self: return .number(AHAPValue.double(from: float))
        case let int as Int where type(of: value) == Int.self: return .number(Double(int))
        case let number as NSNumber: return .number(number.doubleValue)
        case let array as [Any]:
            guard depth < maxDepth else { throw tooDeep(maxDepth) }
            var items: [AHAPValue] = []
            items.reserveCapacity(Swift.min(array.count, budget.limit - budget.count))
            for (index, item) in array.enumerated() {
                items.append(
                    try converting(
                        item, depth: depth + 1, maxDepth: maxDepth, path: "\(path)[\(index)]", refusingOthers: refusingOthers,
                        budget: &budget)
                        ?? .null)
            }
            return .array(items)
        case let dictionary as [AnyHashable: Any]:
            guard depth < maxDepth else { throw tooDeep(maxDepth) }
            var pairs: [(key: String, value: AHAPValue)] = []
            pairs.reserveCapacity(Swift.min(dictionary.count, budget.limit - budget.count))
            for (key, item) in dictionary {
                guard let name = AHAPValue.keyString(key.base) else { continue }
                let child = path.isEmpty ? name : "\(path).\(name)"
                let refuses = refusingOthers && !(path.isEmpty && name == "Metadata")
                pairs.append(
                    (
                        name,
                        try converting(item, depth: depth + 1, maxDepth: maxDepth, path: child, refusingOthers: refuses, budget: &budget)
                            ?? .null
                    ))
            }
            pairs.sort { $0.key < $1.key }  // dictionaries have no order; make messages deterministic
            return .object(pairs)
        case let raw as any RawRepresentable:
            guard let string = raw.rawValue as? String else { return nil }
            return .string(string)
        default:
            guard refusingOthers else { return nil }
            let kind: String
            switch value {
            case is Date: kind = "a date"
            case is Data: kind = "data (bytes)"
            default: kind = "a value of type \(type(of: value))"
            }
            throw PatternError(
                .invalidPatternDictionary,
                "\(kind), which AHAP has no form for (only strings, numbers, booleans, arrays and dictionaries)", path: path)
        }
    }

    private static func tooDeep(_ maxDepth: Int) -> PatternError {
        PatternError(.invalidPatternData, "nesting deeper than \(maxDepth) levels (PatternLimits.maxNestingDepth)")
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
