import Foundation

/// Plays one pattern on an engine: start and stop at engine times, change dynamic parameters and curves while it
/// plays, mute it.
///
///     let player = try engine.makePlayer(with: pattern)
///     try player.start(atTime: CHHapticTimeImmediate)
///     try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5,
///                                                         relativeTime: 0)], atTime: CHHapticTimeImmediate)
///
/// Times are on ``CHHapticEngine/currentTime``; ``CHHapticTimeImmediate`` (0) and times already past mean "as soon
/// as possible". A started player keeps playing after you drop your reference to it.
///
/// Thread safety: players may be used from any thread.
public protocol CHHapticPatternPlayer: NSObjectProtocol {
    /// Starts playing at `time`; a player that is already playing starts again from the beginning.
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime` (negative), `engineNotRunning` (engine stopped and auto-shutdown
    ///   off), `invalidPatternPlayer` (after a reset), `resourceNotAvailable`.
    func start(atTime time: TimeInterval) throws

    /// Stops playing at `time`.
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime`, `engineNotRunning`, `invalidPatternPlayer`.
    func stop(atTime time: TimeInterval) throws

    /// Sends dynamic parameters, each at `time` plus its `relativeTime`.
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime`, `invalidParameterType`, `badParameterEntry`,
    ///   `invalidPatternPlayer`.
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws

    /// Makes a control follow a curve that starts at `time` (the curve's own `relativeTime` is replaced by
    /// `time`; control points are relative to it).
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime`, `invalidParameterType`, `badParameterEntry`,
    ///   `invalidPatternPlayer`.
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws

    /// Drops every pending command and stops as soon as possible.
    ///
    /// - Throws: ``CHHapticError`` — `engineNotRunning`, `invalidPatternPlayer`.
    func cancel() throws

    /// Silences the player's haptic and audio output; it keeps playing.
    var isMuted: Bool { get set }
}
