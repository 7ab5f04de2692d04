import HapticRender

/// An output the engine renders into: a force-feedback motor, an audio-driven actuator, a speaker, a simulation,
/// a file or a test recorder.
///
/// The engine's render thread calls ``write(_:)`` once per block, in order, and never concurrently. A *paced*
/// device returns when it is ready for the next block (a real device's blocking write, or a sleep until the
/// block's due time), which is what keeps the engine in real time; an unpaced device (a recorder, a file) returns
/// at once and lets the engine render as fast as it is driven.
///
/// Life cycle, on a control thread: ``start(format:)`` → any number of ``write(_:)`` on the render thread →
/// ``stop()``. A device may be started again after it was stopped.
///
/// - Thread safety: `start` and `stop` are called from one control thread at a time, never while `write` runs.
/// - Real-time safety: `write` must not lock, allocate or free; its only blocking is the device I/O or pacing.
public protocol HapticDevice: AnyObject, Sendable {
    /// What the device is and what it can play.
    var info: DeviceInfo { get }

    /// Opens the device (file descriptors, effect slots, buffers) for blocks in `format`.
    ///
    /// - Throws: ``DeviceError`` when the device cannot be used; the engine then reports it to the app.
    func start(format: DeviceFormat) throws(DeviceError)

    /// Consumes one rendered block. Called on the render thread only.
    ///
    /// - Returns: ``DeviceStatus/ok``, or why the device can no longer be written.
    func write(_ block: DeviceBlock) -> DeviceStatus

    /// Silences the actuator at once and releases what ``start(format:)`` acquired. Safe to call twice.
    func stop()

    /// Underruns (and other stream errors) the device recovered from since ``start(format:)``; read by the engine's
    /// service thread to log them. Devices without a stream clock report 0.
    var recoveredErrorCount: Int { get }

    /// Whether the device tolerates the render thread pausing while nothing plays (then catching up with silence):
    /// true for devices that pace themselves or keep their last state (evdev, simulated, files), false for a stream
    /// that underruns when it is not fed (ALSA).
    var toleratesIdlePauses: Bool { get }

    /// How long a sample the device was handed waits before it plays, as far as the device knows (an ALSA buffer,
    /// an evdev update period); `nil` when it does not know. Shown by `haptic latency`.
    var reportedLatency: Double? { get }
}

extension HapticDevice {
    /// 0: the device has no stream that can underrun.
    public var recoveredErrorCount: Int { 0 }

    /// True: most devices tolerate idle pauses.
    public var toleratesIdlePauses: Bool { true }

    /// `nil`: unknown.
    public var reportedLatency: Double? { nil }
}
