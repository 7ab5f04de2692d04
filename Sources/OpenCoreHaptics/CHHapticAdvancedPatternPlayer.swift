import Foundation

/// A pattern player that can also pause, resume, seek, loop, change its rate and report when it finishes.
///
///     let player = try engine.makeAdvancedPlayer(with: pattern)
///     player.loopEnabled = true
///     player.playbackRate = 2
///     player.completionHandler = { error in print("finished", error as Any) }
///     try player.start(atTime: CHHapticTimeImmediate)
///     try player.pause(atTime: engine.currentTime + 1)
public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
    /// Pauses at `time` (at once for ``CHHapticTimeImmediate``). Pausing a paused player does nothing.
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime`, `engineNotRunning`, `invalidPatternPlayer`.
    func pause(atTime time: TimeInterval) throws

    /// Resumes at `time` from the offset where it paused (or where a seek moved it).
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime`, `engineNotRunning`, `invalidPatternPlayer`.
    func resume(atTime time: TimeInterval) throws

    /// Moves playback to `offsetTime` seconds into the pattern. At or past the end it finishes, unless looping,
    /// when it goes back to the start of the loop. On a player that is not playing, or paused, the offset is
    /// used by the next start or resume.
    ///
    /// - Throws: ``CHHapticError`` — `invalidTime` (negative), `invalidPatternPlayer`.
    func seek(toOffset offsetTime: TimeInterval) throws

    /// Whether playback jumps back to the beginning at ``loopEnd``.
    var loopEnabled: Bool { get set }

    /// Where the loop ends, in seconds into the pattern; 0 means the end of the last event. Negative values are
    /// ignored. Until one is set it reads as the end of the last event (the pattern's length when it ends with an
    /// event), as on Apple's platforms; after setting 0 it reads that way again.
    var loopEnd: TimeInterval { get set }

    /// Playback speed: event times, durations, parameters and curves scale; pitch does not. Values ≤ 0 are ignored.
    ///
    /// - Note: Values above 1 000 (a 30-second pattern over in 30 ms) are ignored too, keeping the old rate; Core
    ///   Haptics documents no upper bound.
    var playbackRate: Float { get set }

    /// Silences the player's output; it keeps playing.
    var isMuted: Bool { get set }

    /// Called once when a run of the player ends (played out, stopped, cancelled, or the engine stopped), on a
    /// background queue. Its argument is `nil`, or why playback ended early.
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler { get set }
}
