/// A rate of rotation about three axes, in radians per second — the GameController framework's `GCRotationRate`, as
/// ``GCMotion/rotationRate`` gives it. Each sign follows the right-hand rule: with the right thumb along the positive
/// axis, positive rotation turns the way the fingers curl.
public struct GCRotationRate: Sendable, Hashable {
    /// The rotation rate about the x axis, in radians per second.
    public var x: Double
    /// The rotation rate about the y axis, in radians per second.
    public var y: Double
    /// The rotation rate about the z axis, in radians per second.
    public var z: Double

    /// No rotation: (0, 0, 0).
    public init() { self.init(x: 0, y: 0, z: 0) }

    /// A rotation rate of `x`, `y` and `z`, in radians per second.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}
