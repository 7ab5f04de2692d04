import HapticPattern

/// The control side of a ``Mixer``: the one place that sends it commands, keeps the programs and curves it reads
/// alive, and takes them back when it is done with them.
///
/// It follows the ownership rule written on ``MixerCommand``: every ``start(_:program:atFrame:offset:)`` and
/// ``scheduleCurve(_:curve:atFrame:)`` passes a *retained* reference; a command the queue refuses is released at
/// once; a ``MixerNotification/programReleased(_:)`` or ``MixerNotification/curveReleased(_:)`` read by
/// ``collect(_:)`` balances its retain, here on the control side (so the render thread never frees a program); and
/// whatever the mixer still holds when the control goes away is released then. Slots whose return the command queue
/// refused are returned again at the next ``collect(_:)``.
///
///     let control = MixerControl(mixer: Mixer(configuration: MixerConfiguration(sampleRate: 48_000)))
///     let handle = control.allocatePlayer()!
///     _ = control.start(handle, program: program, atFrame: control.mixer.currentFrame, offset: 0)
///     control.mixer.render(frameCount: 256, haptic: storage.haptic, audio: storage.audio)   // render side
///     control.collect { note in
///         if case .playerFinished(let handle, _, _) = note { control.freePlayer(handle) }
///     }
///
/// Thread safety: one control thread at a time (serialize callers, as an engine's lock does); the render side
/// (``Mixer/render(frameCount:haptic:audio:)``) runs beside it on its own thread. Drop the control only after the
/// render side has stopped rendering its mixer: its `deinit` releases what the mixer still holds.
///
/// Real-time safety: none of these calls is for the render thread (they retain, release and allocate).
public final class MixerControl: @unchecked Sendable {
    // @unchecked: the mutable state below is touched by one control thread at a time (see "Thread safety").

    /// The mixer this control drives; its render side belongs to whoever renders it.
    public let mixer: Mixer
    /// Retains passed to the mixer and not yet given back, per object (``MixerCommand``'s rule): the first object
    /// here, the others in ``others``. An object is in one of the two, never both. Most of the time the mixer holds
    /// one program (a feedback output renders one at a time; an engine's players often share one), and then
    /// keeping count allocates nothing.
    private var first: (object: UnsafeMutableRawPointer, count: Int)?
    /// The other objects' retains (see ``first``).
    private var others: [UnsafeMutableRawPointer: Int] = [:]
    /// Slots whose return a full command queue refused; returned again by ``collect(_:)``.
    private var slotsToFree: [PlayerHandle] = []

    /// Creates the control side of `mixer`. Every program and curve command for the mixer must go through it.
    ///
    /// - Parameter mixer: a mixer no other control drives.
    public init(mixer: Mixer) { self.mixer = mixer }

    deinit {
        // The render side has let go of the mixer (see "Thread safety"): what it still held is released here.
        if let first { Self.release(first.object, times: first.count) }
        for (object, count) in others { Self.release(object, times: count) }
    }

    /// Distinct programs and curves the mixer holds now (retained and not yet given back).
    public var retainedObjectCount: Int { (first == nil ? 0 : 1) + others.count }

    /// Player slots waiting to be returned to the mixer because the command queue was full.
    public var pendingSlotCount: Int { slotsToFree.count }

    /// Reserves a player slot (``Mixer/allocatePlayer()``); `nil` when every slot is in use.
    public func allocatePlayer() -> PlayerHandle? { mixer.allocatePlayer() }

    /// Returns a slot and cancels whatever it plays (``Mixer/freePlayer(_:)``). When the command queue is full, the
    /// slot is returned by a later ``collect(_:)``.
    ///
    /// - Parameter handle: the slot; a stale handle is ignored.
    public func freePlayer(_ handle: PlayerHandle) {
        if !mixer.freePlayer(handle) { slotsToFree.append(handle) }
    }

    /// Sends a start (``MixerCommand/start(_:program:atFrame:offset:)``), retaining `program` until the mixer gives
    /// it back.
    ///
    /// - Parameters:
    ///   - handle: the player slot.
    ///   - program: what to play.
    ///   - frame: the mixer frame to start at.
    ///   - offset: seconds into the pattern.
    /// - Returns: `false` when the command queue is full (nothing was taken, nothing stays retained).
    public func start(_ handle: PlayerHandle, program: PatternProgram, atFrame frame: Int, offset: Double) -> Bool {
        send(program) { .start(handle, program: $0, atFrame: frame, offset: offset) }
    }

    /// Sends a curve (``MixerCommand/scheduleCurve(_:curve:atFrame:)``), retaining `curve` until the mixer gives it
    /// back.
    ///
    /// - Parameters:
    ///   - handle: the player slot.
    ///   - curve: the curve to follow.
    ///   - frame: the mixer frame the curve starts at.
    /// - Returns: `false` when the command queue is full (nothing was taken, nothing stays retained).
    public func scheduleCurve(_ handle: PlayerHandle, curve: CurveProgram, atFrame frame: Int) -> Bool {
        send(curve) { .scheduleCurve(handle, curve: $0, atFrame: frame) }
    }

    /// Sends a command that carries no program or curve (stop, cancel, pause, resume, seek, rate, loop, mute,
    /// parameter); use ``start(_:program:atFrame:offset:)`` and ``scheduleCurve(_:curve:atFrame:)`` for the others.
    ///
    /// - Parameter command: the command.
    /// - Returns: `false` when the command queue is full.
    public func send(_ command: MixerCommand) -> Bool {
        switch command {
        case .start, .scheduleCurve:
            preconditionFailure("MixerControl.send: a start or curve goes through start(_:program:…) or scheduleCurve(_:curve:…)")
        case .stop, .cancel, .pause, .resume, .seek, .setRate, .setLoop, .setMuted, .sendParameter:
            return mixer.enqueue(command)
        }
    }

    /// Reads every waiting notification, oldest first: balances the retain of every program and curve the mixer
    /// gave back, hands `body` the others (``MixerNotification/playerFinished(_:atFrame:stopped:)``,
    /// ``MixerNotification/voicesDropped(_:count:)``), then returns the slots a full queue refused earlier.
    ///
    /// - Parameter body: called for each player notification; it may call ``freePlayer(_:)``.
    public func collect(_ body: (MixerNotification) -> Void) {
        while let note = mixer.notifications.pop() {
            switch note {
            case .programReleased(let program): giveBack(program)
            case .curveReleased(let curve): giveBack(curve)
            case .playerFinished, .voicesDropped: body(note)
            }
        }
        if !slotsToFree.isEmpty { slotsToFree = slotsToFree.filter { !mixer.freePlayer($0) } }
    }

    /// Retains `object`, sends the command made with it, and undoes the retain when the queue refuses it.
    private func send<Object: AnyObject>(_ object: Object, _ command: (Unmanaged<Object>) -> MixerCommand) -> Bool {
        let retained = Unmanaged.passRetained(object)
        guard mixer.enqueue(command(retained)) else {
            retained.release()
            return false
        }
        let key = retained.toOpaque()
        if let entry = first, entry.object == key {
            first = (key, entry.count + 1)
        } else if first == nil, others.isEmpty || others[key] == nil {
            first = (key, 1)
        } else {
            others[key, default: 0] += 1
        }
        return true
    }

    /// Balances one retain the mixer gave back.
    private func giveBack<Object: AnyObject>(_ object: Unmanaged<Object>) {
        let key = object.toOpaque()
        if let entry = first, entry.object == key {
            first = entry.count > 1 ? (key, entry.count - 1) : nil
        } else if let count = others[key] {
            others[key] = count > 1 ? count - 1 : nil
        } else {
            preconditionFailure("MixerControl: the mixer gave back an object this control never sent")
        }
        object.release()
    }

    /// Releases `object` `count` times (what the mixer still held when the control went away).
    private static func release(_ object: UnsafeMutableRawPointer, times count: Int) {
        for _ in 0..<count { Unmanaged<AnyObject>.fromOpaque(object).release() }
    }
}
