/// An event duration that means "until stopped", for continuous events on a game controller's engine: one
/// continuous event per motor, whose intensity `sendParameters` then drives (SDL's rumble on Apple platforms works
/// this way).
///
///     let rumble = CHHapticEvent(eventType: .hapticContinuous, parameters: [intensity],
///                                relativeTime: 0, duration: TimeInterval(GCHapticDurationInfinite))
///
/// Its value is Apple's (10⁶ s). Engines made by ``GCDeviceHaptics/createEngine(withLocality:)`` play continuous
/// events up to this long; other engines cut continuous events at 30 s, as Core Haptics does.
public let GCHapticDurationInfinite: Float = 1_000_000
