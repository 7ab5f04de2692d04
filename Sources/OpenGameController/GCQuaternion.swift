/// An attitude as a quaternion, `x·i + y·j + z·k + w` — the GameController framework's `GCQuaternion`, as
/// ``GCMotion/attitude`` gives it. On Linux no controller's attitude is computed yet (``GCMotion/hasAttitude`` is
/// `false`), so it is the identity, (0, 0, 0, 1), as Apple gives for controllers without attitude.
public struct GCQuaternion: Sendable, Hashable {
    /// The `i` component.
    public var x: Double
    /// The `j` component.
    public var y: Double
    /// The `k` component.
    public var z: Double
    /// The real component.
    public var w: Double

    /// All four components 0.
    public init() { self.init(x: 0, y: 0, z: 0, w: 0) }

    /// The quaternion `x·i + y·j + z·k + w`.
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }
}
