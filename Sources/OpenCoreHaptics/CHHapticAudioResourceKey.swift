/// The type of the option keys accepted when an audio resource is registered.
///
///     let options: [CHHapticAudioResourceKey: Any] = [CHHapticAudioResourceKeyLoopEnabled: true]
///
/// - Note: Core Haptics declares this as `NSString`; on Linux there is no bridging between `NSString` and `String`,
///   so OpenCoreHaptics uses `String`. Code that uses the constants below, or `String` keys, compiles on both.
public typealias CHHapticAudioResourceKey = String

/// Registration option: whether the audio resource fades in and out to avoid clicks (a `Bool`, default `true`).
///
/// The AHAP equivalent is ``CHHapticPattern/Key/eventWaveformUseVolumeEnvelope``.
///
///     let options = [CHHapticAudioResourceKeyUseVolumeEnvelope: false]
public let CHHapticAudioResourceKeyUseVolumeEnvelope: CHHapticAudioResourceKey = "CHHapticAudioResourceKeyUseVolumeEnvelope"

/// Registration option: whether the audio resource loops for the event's duration (a `Bool`, default `false`).
///
/// The AHAP equivalent is ``CHHapticPattern/Key/eventWaveformLoopEnabled``. A looping resource needs an event
/// duration greater than 0.
///
///     let options = [CHHapticAudioResourceKeyLoopEnabled: true]
public let CHHapticAudioResourceKeyLoopEnabled: CHHapticAudioResourceKey = "CHHapticAudioResourceKeyLoopEnabled"
