import HapticDevices
import HapticRender

/// How an ``EvdevDevice`` drives its force-feedback effect.
///
///     var configuration = EvdevConfiguration()
///     configuration.updatePeriod = 0.005   // 5 ms grid
///
/// Every upload carries ``replayLength``, so a process that stalls or dies stops the motor within that time even
/// if the kernel never sees a stop; the writer refreshes an unchanged level every ``refreshInterval``.
public struct EvdevConfiguration: Sendable, Hashable {
    /// The grid on which level changes reach the device, seconds (at most 10 ms). Default 8 ms.
    public var updatePeriod: Double
    /// The `replay.length` of every upload, seconds (at most 100 ms, at least three update periods). Default 50 ms.
    public var replayLength: Double
    /// A system call on the I/O thread that has not returned after this long makes ``EvdevDevice/write(_:)`` report
    /// `ETIMEDOUT` (uinput devices answer uploads from user space and can hang), seconds. Default 0.5 s.
    public var ioTimeout: Double
    /// The device gain written with `FF_GAIN` at start when the device supports it, 0 … 1. Default 1.
    public var gain: Float
    /// How the haptic bus becomes motor levels: two-motor (strong/weak buses) or amplitude (the drive envelope on
    /// both motors). Default `ActuatorProfile.twoMotorPad`.
    public var profile: ActuatorProfile

    /// Creates a configuration; values are clamped to the documented bounds.
    public init(
        updatePeriod: Double = 0.008, replayLength: Double = 0.050, ioTimeout: Double = 0.5, gain: Float = 1,
        profile: ActuatorProfile = .twoMotorPad
    ) {
        self.updatePeriod = Swift.min(Swift.max(updatePeriod, 0.001), 0.010)
        self.replayLength = Swift.min(Swift.max(replayLength, 3 * self.updatePeriod), 0.100)
        self.ioTimeout = Swift.max(ioTimeout, 0.01)
        self.gain = Swift.min(Swift.max(gain, 0), 1)
        self.profile = profile
    }

    /// An unchanged, non-zero level is uploaded again after this long (half the replay length), so the motor never
    /// runs out while the level holds.
    public var refreshInterval: Double { replayLength / 2 }

    /// ``replayLength`` in whole milliseconds, as the kernel takes it.
    public var replayLengthMilliseconds: UInt16 { UInt16((replayLength * 1000).rounded()) }
}
