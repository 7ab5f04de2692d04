/// Which actuators of a device one engine drives: the translation step that lets several engines — one per
/// game-controller locality — share one device.
///
/// The mixer shapes its haptic bus for the device's profile (the two-motor split of sharpness, transient bursts, the
/// PCM carrier); a route then decides which actuator channels carry it:
///
/// | Route | strong / left coil | weak / right coil | triggers | Used for (`GCHapticsLocality`) |
/// |---|---|---|---|---|
/// | ``all`` | the profile's | the profile's | the whole level | `all`; `CHHapticEngine()` |
/// | ``handles`` | the profile's | the profile's | 0 | `handles`, `default` |
/// | ``strong`` | the whole signal | 0 | 0 | `leftHandle` (the low-frequency motor, the left coil) |
/// | ``weak`` | 0 | the whole signal | 0 | `rightHandle` (the high-frequency motor, the right coil) |
/// | ``triggers`` | 0 | 0 | the whole level on both | `triggers` |
/// | ``leftTrigger``, ``rightTrigger`` | 0 | 0 | the whole level on one | `leftTrigger`, `rightTrigger` |
///
/// On a motor device the "whole signal" is the profile's drive envelope (each transient a ``MotorBurst`` of its whole
/// level: an overdrive kick, then the motor's minimum on-time), so a routed engine's taps are as strong on one motor
/// as they would be split over two; sharpness is then
/// carried only by which motor plays. On a PCM device (voice coils) it is the drive waveform, so sharpness stays a
/// frequency on each coil; trigger levels follow the amplitude. The amplitude, sharpness and audio buses are left
/// alone; routes to triggers silence the handles' drive signal too.
public enum MotorRoute: String, Sendable, Hashable, CaseIterable {
    /// Every actuator: the handles as the profile shapes them, and the level on both triggers.
    case all
    /// Both handles as the profile shapes them; triggers silent.
    case handles
    /// The strong (low-frequency, left-handle) motor or the left coil only.
    case strong
    /// The weak (high-frequency, right-handle) motor or the right coil only.
    case weak
    /// Both trigger motors.
    case triggers
    /// The left trigger motor.
    case leftTrigger
    /// The right trigger motor.
    case rightTrigger

    /// Whether the route changes what the profile shaped (every route but ``handles``).
    public var rewritesBus: Bool { self != .handles }

    /// Rewrites the actuator channels of `bus` for this route, frames `0 ..< frameCount`.
    ///
    /// - Parameters:
    ///   - bus: the bus the mixer shaped.
    ///   - frameCount: the frames to rewrite.
    ///   - pcm: whether the profile is a PCM one (the handles carry waveforms, not levels).
    ///
    /// Real-time safety: no locks, no allocation.
    @_noLocks @_noAllocation
    public func apply(to bus: HapticBusBuffers, frameCount: Int, pcm: Bool) {
        for i in 0..<frameCount {
            // A motor's level is the held drive envelope; a coil's signal is the drive waveform.
            let level = pcm ? Swift.min(Swift.max(bus.amplitude[i], 0), 1) : Swift.min(Swift.max(bus.drive[i], 0), 1)
            let signal = pcm ? bus.drive[i] : level
            switch self {
            case .all:
                bus.leftTrigger[i] = level
                bus.rightTrigger[i] = level
            case .handles:
                break
            case .strong:
                bus.strong[i] = signal
                bus.weak[i] = 0
            case .weak:
                bus.strong[i] = 0
                bus.weak[i] = signal
            case .triggers, .leftTrigger, .rightTrigger:
                bus.strong[i] = 0
                bus.weak[i] = 0
                bus.drive[i] = 0
                bus.leftTrigger[i] = self == .rightTrigger ? 0 : level
                bus.rightTrigger[i] = self == .leftTrigger ? 0 : level
            }
        }
    }
}
