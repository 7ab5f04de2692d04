/// A JSON-like value, used for AHAP `Metadata` (kept verbatim) and for dictionary-shaped input.
///
/// Objects keep their key order so that a pattern written back looks like the one read.
public enum AHAPValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([AHAPValue])
    /// An object, as ordered key/value pairs.
    case object([(key: String, value: AHAPValue)])

    /// The value for `key` when this is an object.
    public subscript(key: String) -> AHAPValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// Structural equality; objects compare their pairs in order.
    public static func == (lhs: AHAPValue, rhs: AHAPValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the value consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let pairs):
            hasher.combine(pairs.count)
            for pair in pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }

    /// The first nesting depth found above `limit` (checked without recursion), or nil when the value stays within it.
    public func depthExceeding(_ limit: Int) -> Int? {
        var stack: [(value: AHAPValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = stack.popLast() {
            switch value {
            case .array(let items):
                if depth + 1 > limit { return depth + 1 }
                for item in items { stack.append((item, depth + 1)) }
            case .object(let pairs):
                if depth + 1 > limit { return depth + 1 }
                for pair in pairs { stack.append((pair.value, depth + 1)) }
            default: break
            }
        }
        return nil
    }
}
