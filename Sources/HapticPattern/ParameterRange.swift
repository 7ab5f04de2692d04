/// The range and default of a parameter, as Core Haptics documents it.
public struct ParameterRange: Sendable, Hashable {
    /// The smallest accepted value; smaller values are clamped to it.
    public var minValue: Float
    /// The largest accepted value; larger values are clamped to it.
    public var maxValue: Float
    /// The value used when the parameter is absent.
    public var defaultValue: Float

    /// Creates a range.
    public init(minValue: Float, maxValue: Float, defaultValue: Float) {
        self.minValue = minValue
        self.maxValue = maxValue
        self.defaultValue = defaultValue
    }

    /// Clamps `value` into the range (Core Haptics clamps, it does not reject). NaN becomes the default.
    @inlinable
    public func clamp(_ value: Float) -> Float {
        if value.isNaN { return defaultValue }
        return Swift.min(Swift.max(value, minValue), maxValue)
    }

    /// Whether `value` lies inside the range.
    public func contains(_ value: Float) -> Bool { value >= minValue && value <= maxValue }
}
