/// The physics of `haptic bounce`: a ball (a point) in a 2 m × 1 m box under gravity of 9.81 m/s², which the arrow
/// keys point left, right, up or down. Walls return 78 % of the normal speed (the restitution of
/// `Examples/HapticBounce`).
///
/// A collision is the *beginning* of a contact, as UIKit's `collisionBehavior(_:beganContactFor:…)` reports it in
/// Apple's sample: the ball reaches a wall moving into it faster than ``restingSpeed``. Slower arrivals settle the ball
/// on the wall (it rests or rolls) without a collision, so a ball lying on the floor is quiet. The collision's speed is
/// the ball's speed (velocity magnitude) on arrival, as in the sample.
internal struct BounceWorld: Sendable {
    /// A two-dimensional vector, metres or metres per second.
    internal struct Vector: Sendable, Equatable {
        internal var x: Double
        internal var y: Double
    }

    /// Box width, m.
    internal static let width = 2.0
    /// Box height, m.
    internal static let height = 1.0
    /// Gravity, m/s².
    internal static let gravityMagnitude = 9.81
    /// The share of the normal speed a wall returns.
    internal static let restitution = 0.78
    /// Arrivals slower than this (m/s, normal to the wall) settle instead of bouncing.
    internal static let restingSpeed = 0.35

    /// Where the ball is (0 … width, 0 … height; y up).
    internal var position = Vector(x: 0.3, y: 0.8)
    /// How fast it moves.
    internal var velocity = Vector(x: 2.5, y: 0)
    /// Gravity (starts pointing down).
    internal var gravity = Vector(x: 0, y: -gravityMagnitude)

    /// A world with the ball in its starting place, thrown to the right.
    internal init() {}

    /// Points gravity along a direction: (−1, 0) left, (1, 0) right, (0, 1) up, (0, −1) down.
    internal mutating func tilt(x: Double, y: Double) {
        gravity = Vector(x: x * Self.gravityMagnitude, y: y * Self.gravityMagnitude)
    }

    /// Advances by `dt` seconds (semi-implicit Euler).
    ///
    /// - Returns: the speed of the collision that began in this step (the fastest, when the ball hit a corner), or
    ///   `nil`.
    internal mutating func step(_ dt: Double) -> Double? {
        velocity.x += gravity.x * dt
        velocity.y += gravity.y * dt
        position.x += velocity.x * dt
        position.y += velocity.y * dt
        let arrival = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        var hit = false
        hit = Self.bounce(&position.x, &velocity.x, &velocity.y, limit: Self.width) || hit
        hit = Self.bounce(&position.y, &velocity.y, &velocity.x, limit: Self.height) || hit
        return hit ? arrival : nil
    }

    /// Keeps one coordinate inside 0 … `limit`; returns whether the ball bounced (rather than settled).
    private static func bounce(_ p: inout Double, _ v: inout Double, _ tangential: inout Double, limit: Double) -> Bool {
        let outside: Bool
        if p < 0 {
            outside = v < 0
            p = outside ? -p : 0
        } else if p > limit {
            outside = v > 0
            p = outside ? 2 * limit - p : limit
        } else {
            return false
        }
        p = Swift.min(Swift.max(p, 0), limit)
        guard outside else { return false }
        if abs(v) < restingSpeed {
            // Settles: rests against the wall and rolls along it, slowing a little.
            p = p < limit / 2 ? 0 : limit
            v = 0
            tangential *= 0.995
            return false
        }
        v = -v * restitution
        return true
    }
}
