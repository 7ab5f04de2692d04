/// The identifier of an audio file registered with an engine, for ``CHHapticEvent/init(audioResourceID:parameters:relativeTime:)``.
///
///     let id: CHHapticAudioResourceID = try engine.registerAudioResource(url)
///     let event = CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0)
public typealias CHHapticAudioResourceID = Int
