/// How an ``EngineRuntime`` keeps time.
///
///     let live = EngineRuntime(device: SimulatedDevice())                                  // real time
///     let test = EngineRuntime(device: RecordingDevice(capacityFrames: 48_000), clock: .manual)
///     try test.start()
///     test.advance(bySeconds: 0.25)                                                        // renders 12 000 frames
public enum EngineClockMode: Sendable, Hashable {
    /// A render thread renders block after block and the device paces it; ``EngineRuntime/currentTime`` is the
    /// system's monotonic clock in seconds.
    case realTime
    /// No thread: time moves only when ``EngineRuntime/advance(frames:)`` is called, which renders synchronously
    /// on the caller's thread and delivers callbacks before it returns. ``EngineRuntime/currentTime`` is the
    /// number of frames advanced divided by the sample rate, so a run is exact and repeatable.
    case manual
}
