/// A device that can prepare an onset from silence ahead of need and apply an intensity scale before it is rendered:
/// a device whose level changes cost a round trip to the kernel (evdev force feedback). The engine asks
/// `device as? any OnsetAnticipating` and tells such a device what is coming; other devices play what is rendered.
///
///     if let device = device as? any OnsetAnticipating {
///         device.anticipateOnset(MotorLevels.onset(intensity: 1, sharpness: 0.5, profile: profile, route: .all))
///     }
///
/// Every guess is corrected by the rendered levels within a block: a wrong one costs at most a block of the wrong
/// level, never a missed event.
///
/// - Thread safety: every requirement may be called from any thread, also while the render thread writes.
/// - Real-time safety: none is called on the render thread; ``startAnticipatedOnset(_:)`` and
///   ``sendPreparedScale()`` never block (at most one quick `write` to the device); ``prepareScale(_:)`` makes none.
public protocol OnsetAnticipating: HapticDevice {
    /// Tells the device the motor levels the next onset from silence is likely to have — the first transient of a
    /// player just made — so it can prepare them ahead of need (evdev arms an effect slot, and then starts it with a
    /// single `write` from the render thread instead of an upload). May be ignored.
    ///
    /// - Parameter levels: the onset's levels (``MotorLevels/onset(intensity:sharpness:profile:route:)``).
    func anticipateOnset(_ levels: MotorLevels)

    /// Starts the anticipated onset now, from the caller's thread, if the device can (evdev: one play write of the
    /// armed slot, when it holds these levels and the motor is idle). The engine calls it when an app starts, for
    /// "now", a player whose first event is a transient of these levels; the rendered onset follows as usual.
    ///
    /// - Parameter levels: the onset's levels, as given to ``anticipateOnset(_:)``.
    /// - Returns: whether it started.
    func startAnticipatedOnset(_ levels: MotorLevels) -> Bool

    /// Records that an app has just scaled the haptic intensity of what plays by `factor` (an intensity control sent
    /// for "now"), for ``sendPreparedScale()`` to send before the render thread has rendered it. Never touches the
    /// device: the engine calls it under its lock, in the order it queues the commands, and sends after unlocking.
    /// Scales prepared and not yet sent multiply; each is sent once, by whichever comes first — the caller's
    /// ``sendPreparedScale()`` or the device's own thread when the command's block reaches it — so the order in
    /// which concurrent callers send does not matter.
    ///
    /// - Parameter factor: the new intensity over the old one (≥ 0).
    func prepareScale(_ factor: Float)

    /// Sends the scales prepared so far at once (evdev: one `FF_GAIN` write from the caller's thread, or the device's
    /// I/O thread is woken to send them); the rendered level follows within a block and corrects a guess that other
    /// sounds made wrong. Does nothing when nothing is prepared.
    func sendPreparedScale()
}
