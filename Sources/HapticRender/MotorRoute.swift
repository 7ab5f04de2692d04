/// Which motor channels of a device one engine drives: the translation step that lets several engines — one per
/// game-controller locality — share one device.
///
/// The mixer shapes its haptic bus for the device's profile (the two-motor split of sharpness, transient bursts);
/// a route then decides which channels carry it:
///
/// | Route | strong | weak | Used for |
/// |---|---|---|---|
/// | ``all`` | the profile's split | the profile's split | an engine for the whole device (`CHHapticEngine()`, `GCHapticsLocality.handles`) |
/// | ``strong`` | the whole haptic level | 0 | the low-frequency motor alone (`leftHandle` on a pad) |
/// | ``weak`` | 0 | the whole haptic level | the high-frequency motor alone (`rightHandle` on a pad) |
///
/// The "whole haptic level" is the profile's drive envelope (transients held for the motor's minimum burst), so a
/// routed engine's taps are as strong on one motor as they would be split over two. The amplitude, sharpness and
/// audio buses are left alone; a PCM device (a voice coil) has no motor channels and plays the drive signal
/// whatever the route.
public enum MotorRoute: String, Sendable, Hashable, CaseIterable {
    /// Every channel, as the profile shapes them.
    case all
    /// The strong (low-frequency, left-handle) motor only.
    case strong
    /// The weak (high-frequency, right-handle) motor only.
    case weak

    /// Rewrites the motor channels of `bus` for this route, frames `0 ..< frameCount` (for a motor device: PCM
    /// devices have no motor channels to route).
    ///
    /// Real-time safety: no locks, no allocation.
    @_noLocks @_noAllocation
    public func apply(to bus: HapticBusBuffers, frameCount: Int) {
        guard self != .all else { return }
        for i in 0..<frameCount {
            let level = Swift.min(Swift.max(bus.drive[i], 0), 1)
            switch self {
            case .strong:
                bus.strong[i] = level
                bus.weak[i] = 0
            case .weak:
                bus.strong[i] = 0
                bus.weak[i] = level
            case .all:
                break
            }
        }
    }
}
