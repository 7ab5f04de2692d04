import HapticRender

/// Discards every block but keeps real time, so an engine with nothing to play on still behaves like one that has.
///
/// Selected with `HAPTIC_DEVICE=null`.
public final class NullDevice: HapticDevice {
    /// A null device.
    public let info = DeviceInfo(
        id: "null", name: "Null output", kind: .null, supportsHaptics: true, supportsAudio: true, isHardware: false,
        profile: .simulatedTapticLRA)
    // Touched by start/stop (control thread) and write (render thread), never at the same time (protocol contract).
    nonisolated(unsafe) private var renderPacer: RealTimePacer?

    /// Creates a null device.
    public init() {}

    /// Prepares pacing for `format`.
    public func start(format: DeviceFormat) throws(DeviceError) {
        renderPacer = RealTimePacer(format: format)
    }

    /// Waits for the block's due time and drops it.
    public func write(_ block: DeviceBlock) -> DeviceStatus {
        renderPacer?.wait(forBlockStartingAt: block.startFrame)
        return .ok
    }

    /// Nothing to silence.
    public func stop() { renderPacer = nil }
}
