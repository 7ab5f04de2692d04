import HapticPattern

/// A command from a control thread to the render thread: trivially copyable, timestamped on the mixer clock.
///
/// Frames are absolute positions on the mixer's clock (``Mixer/currentFrame``). A command whose frame has already
/// passed takes effect at the first frame of the next block; one in the future waits, and the block is split so it
/// happens on exactly that frame.
///
/// ## Who owns programs and curves
/// The render thread reads ``PatternProgram`` and ``CurveProgram`` objects through `Unmanaged` references and never
/// retains or releases them (that could free memory on the render thread). The control side passes a *retained*
/// reference (`Unmanaged.passRetained(program)`) in ``start(_:program:atFrame:offset:)`` or
/// ``scheduleCurve(_:curve:atFrame:)``. When the mixer no longer uses it (the player finished, was restarted or
/// cancelled, the command was ignored, or a curve was replaced) it posts ``MixerNotification/programReleased(_:)`` or
/// ``MixerNotification/curveReleased(_:)``, and the control side balances the retain with `release()`. If
/// ``Mixer/enqueue(_:)`` returns `false`, the command was not taken and the caller releases at once. What the mixer
/// still holds when it is dropped (after its render side has stopped) is released then.
///
/// ``MixerControl`` is that control side: every driver of a mixer (an engine, the offline renderer, the offline
/// feedback output) sends through it, so the rule lives in one place.
///
///     let control = MixerControl(mixer: mixer)
///     if !control.start(handle, program: program, atFrame: mixer.currentFrame, offset: 0) {
///         // queue full: nothing was taken, nothing stays retained
///     }
public enum MixerCommand: @unchecked Sendable {
    // @unchecked: Unmanaged is a plain pointer; the ownership protocol above makes the hand-over safe.

    /// Starts (or restarts) the player at `atFrame`, from `offset` seconds into the pattern. Resets the player's
    /// controls; keeps its rate and loop settings when the handle is the same.
    case start(PlayerHandle, program: Unmanaged<PatternProgram>, atFrame: Int, offset: Double)
    /// Stops at `atFrame`: no new events; sounding voices fade out over ``MixerConfiguration/stopFadeDuration``,
    /// then ``MixerNotification/playerFinished(_:atFrame:stopped:)`` is posted with `stopped == true`.
    case stop(PlayerHandle, atFrame: Int)
    /// Stops at once, like ``stop(_:atFrame:)`` at the next frame.
    case cancel(PlayerHandle)
    /// Freezes the player (time and voices) at `atFrame`.
    case pause(PlayerHandle, atFrame: Int)
    /// Continues a paused player at `atFrame`.
    case resume(PlayerHandle, atFrame: Int)
    /// Jumps to `offset` seconds into the pattern at `atFrame` (sounding voices fade out; sticky parameters and
    /// curves before `offset` are re-applied; events at or after `offset` will play).
    case seek(PlayerHandle, offset: Double, atFrame: Int)
    /// Sets the playback rate (pattern seconds per second) at `atFrame`; values ≤ 0 or not finite are ignored, as
    /// Core Haptics does.
    case setRate(PlayerHandle, rate: Float, atFrame: Int)
    /// Turns looping on or off; `loopEnd` in pattern seconds, 0 meaning ``PatternProgram/lastEventEnd``.
    case setLoop(PlayerHandle, enabled: Bool, loopEnd: Double)
    /// Mutes or unmutes the player (ramped like a parameter); a muted player keeps running.
    case setMuted(PlayerHandle, muted: Bool)
    /// Sets a dynamic parameter (sticky, ramped over ``MixerConfiguration/parameterRampDuration``) at `atFrame`.
    case sendParameter(PlayerHandle, id: DynamicParameterID, value: Float, atFrame: Int)
    /// Starts following a curve at `atFrame` (point times are relative to that frame, in pattern seconds).
    case scheduleCurve(PlayerHandle, curve: Unmanaged<CurveProgram>, atFrame: Int)

    /// The player the command addresses.
    public var handle: PlayerHandle {
        @_noLocks @_noAllocation get {
            switch self {
            case .start(let h, _, _, _), .stop(let h, _), .cancel(let h), .pause(let h, _), .resume(let h, _),
                .seek(let h, _, _), .setRate(let h, _, _), .setLoop(let h, _, _), .setMuted(let h, _),
                .sendParameter(let h, _, _, _), .scheduleCurve(let h, _, _):
                return h
            }
        }
    }

    /// The frame the command takes effect (`Int.min` for the immediate ones).
    public var frame: Int {
        @_noLocks @_noAllocation get {
            switch self {
            case .start(_, _, let f, _), .stop(_, let f), .pause(_, let f), .resume(_, let f), .seek(_, _, let f),
                .setRate(_, _, let f), .sendParameter(_, _, _, let f), .scheduleCurve(_, _, let f):
                return f
            case .cancel, .setLoop, .setMuted:
                return Int.min
            }
        }
    }
}
