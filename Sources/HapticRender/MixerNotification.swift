/// A message from the render thread to the control side, read with ``Mixer/drainNotifications(_:)``.
///
///     mixer.drainNotifications { note in
///         switch note {
///         case .programReleased(let program): program.release()
///         case .curveReleased(let curve): curve.release()
///         case .playerFinished(let handle, let frame, let stopped): print(handle, frame, stopped)
///         case .voicesDropped(let handle, let count): print("\(count) events of \(handle) found no free voice")
///         }
///     }
public enum MixerNotification: @unchecked Sendable {
    // @unchecked: see the ownership protocol on ``MixerCommand``.

    /// The player reached its end (`stopped == false`) or finished fading after a stop or cancel
    /// (`stopped == true`) at `atFrame` on the mixer clock.
    case playerFinished(PlayerHandle, atFrame: Int, stopped: Bool)
    /// The mixer no longer reads this program: balance the retain made when it was sent.
    case programReleased(Unmanaged<PatternProgram>)
    /// The mixer no longer reads this curve: balance the retain made when it was sent.
    case curveReleased(Unmanaged<CurveProgram>)
    /// `count` events of the player could not start because the voice pool was full (at most one per block).
    case voicesDropped(PlayerHandle, count: Int)
}
