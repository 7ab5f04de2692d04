/// A dynamic parameter entry: from `time` on, the control `id` takes `value` for all events of the player.
public struct DynamicParameter: Sendable, Hashable {
    /// Which control.
    public var id: DynamicParameterID
    /// The authored value (clamped to ``DynamicParameterID/range`` on use).
    public var value: Float
    /// Time in seconds from the pattern start.
    public var time: Double

    /// Creates a dynamic parameter.
    public init(id: DynamicParameterID, value: Float, time: Double) {
        self.id = id
        self.value = value
        self.time = time
    }
}
