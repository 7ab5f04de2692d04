/// An acceleration along three axes, in multiples of the Earth's gravitational acceleration (g) — the
/// GameController framework's `GCAcceleration`, as ``GCMotion`` gives ``GCMotion/acceleration``,
/// ``GCMotion/gravity`` and ``GCMotion/userAcceleration``.
///
/// As in Apple's header, gravity is the direction it pulls: a controller at rest with its z axis pointing up feels
/// (0, 0, −1).
public struct GCAcceleration: Sendable, Hashable {
    /// The acceleration along the x axis, in g.
    public var x: Double
    /// The acceleration along the y axis, in g.
    public var y: Double
    /// The acceleration along the z axis, in g.
    public var z: Double

    /// No acceleration: (0, 0, 0).
    public init() { self.init(x: 0, y: 0, z: 0) }

    /// An acceleration of `x`, `y` and `z`, in g.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}
