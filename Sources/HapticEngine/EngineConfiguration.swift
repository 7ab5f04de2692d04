import HapticDevices
import HapticRender

/// The fixed settings of an ``EngineRuntime``: rates, block size, pool sizes and timeouts.
///
///     var configuration = EngineConfiguration()
///     configuration.blockFrames = 48          // 1 ms at 48 kHz
///     configuration.idleTimeout = 0.5         // auto-shutdown after half a second (tests)
///
/// Every pool is sized from these values when the engine starts; nothing grows on the render thread.
public struct EngineConfiguration: Sendable, Hashable {
    /// Frames per second of the haptic and audio buses. Default 48 000.
    public var sampleRate: Double
    /// Frames rendered and handed to the device per block. Default 48 (1 ms at 48 kHz).
    public var blockFrames: Int
    /// Concurrent player runs (each start of a player uses one slot until it has finished). Default 256. A start
    /// beyond it does not fail: it steals the oldest run (stops it with a short fade), as audio engines steal
    /// voices; the mixer keeps as many slots again for runs that are fading out.
    public var playerCapacity: Int
    /// Concurrently sounding events across all players. Default 1 024.
    public var voiceCapacity: Int
    /// Commands that may wait for their time (control → render queue). Default 4 096.
    public var commandCapacity: Int
    /// Seconds without playing players after which an engine with auto-shutdown stops. Default 120, as Core
    /// Haptics documents ("about two minutes").
    public var idleTimeout: Double
    /// How often, in seconds, a real-time engine's service looks for work on a timer while commands the render
    /// queue refused wait to be sent again. Finished players and device faults wake the service at once (the render
    /// thread signals it), so this is not their latency; where the system has no `eventfd` the service also runs
    /// at this pace while players play. Default 0.004.
    public var serviceInterval: Double
    /// How often, in seconds, a real-time engine's service looks for work on a timer while nothing needs the fast
    /// pace: device faults and finished runs wake it at once, the idle timeout is noticed within this time. Default
    /// 0.05. A test that asks whether something woke the service sets it beyond the test's length, so that only the
    /// wake can have run the service.
    package var idleServiceInterval: Double = EngineRuntime.idleServiceInterval

    /// Creates a configuration; see each property for its meaning and default.
    public init(
        sampleRate: Double = 48_000, blockFrames: Int = 48, playerCapacity: Int = 256, voiceCapacity: Int = 1_024,
        commandCapacity: Int = 4_096, idleTimeout: Double = 120, serviceInterval: Double = 0.004
    ) {
        self.sampleRate = sampleRate
        self.blockFrames = blockFrames
        self.playerCapacity = playerCapacity
        self.voiceCapacity = voiceCapacity
        self.commandCapacity = commandCapacity
        self.idleTimeout = idleTimeout
        self.serviceInterval = serviceInterval
    }

    /// The mixer configuration these settings imply.
    var mixerConfiguration: MixerConfiguration {
        MixerConfiguration(
            sampleRate: sampleRate, maxBlockFrames: blockFrames, playerCapacity: 2 * playerCapacity,
            voiceCapacity: voiceCapacity, commandCapacity: commandCapacity,
            notificationCapacity: Swift.max(8 * playerCapacity + commandCapacity, 1_024))
    }

    /// The configuration `CHHapticEngine()` uses for `device`: the default (48 kHz, 1 ms blocks) for devices that
    /// play audio or a sampled haptic signal, and 1 kHz with 4 ms blocks for evdev force feedback. Evdev motors take
    /// one level (the block's peak) per update, on an 8 ms grid or at once on a rise from silence, so finer blocks
    /// buy little there, while a 1 kHz render thread costs a slow CPU (a phone, an emulator) enough to delay the
    /// device's own I/O thread: in the QEMU check, 4 ms blocks gave steadier updates and lower latency.
    ///
    /// - Parameter device: the output's description.
    /// - Returns: A configuration with the default pools and timeouts.
    public static func recommended(for device: DeviceInfo) -> EngineConfiguration {
        switch device.kind {
        case .evdev: return EngineConfiguration(sampleRate: 1_000, blockFrames: 4)
        default: return EngineConfiguration()
        }
    }
}
