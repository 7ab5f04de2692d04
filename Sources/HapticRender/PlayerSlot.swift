/// The render-side state of one player (trivially copyable; lives in the mixer's slot pool).
struct PlayerSlot {
    enum State: UInt8 {
        /// Nothing to do.
        case idle
        /// Following its program.
        case playing
        /// Stopped or cancelled: voices fade, then the player finishes.
        case stopping
    }

    var isIdle: Bool {
        @_noLocks @_noAllocation get {
            if case .idle = state { return true }
            return false
        }
    }

    var isPlaying: Bool {
        @_noLocks @_noAllocation get {
            if case .playing = state { return true }
            return false
        }
    }

    var generation: UInt32 = 0
    var state: State = .idle
    var isPaused = false
    var isMuted = false
    var program: Unmanaged<PatternProgram>? = nil
    var view: ProgramView = .empty
    /// Pattern time = timeOrigin + framesSinceOrigin · rate / sampleRate.
    var timeOrigin: Double = 0
    var framesSinceOrigin: Int = 0
    var rate: Double = 1
    var nextEvent = 0
    var nextParameter = 0
    var nextCurve = 0
    var isLooping = false
    /// 0 = the program's last event end.
    var loopEnd: Double = 0
    /// Head of this player's voice list (−1 = none).
    var firstVoice: Int32 = -1
    /// This block's commands for the player, in frame order (indices into the pending table, −1 = none).
    var commandHead: Int32 = -1
    var commandTail: Int32 = -1
    /// Whether a stop or cancel ended the current run (for the finished notification).
    var wasStopped = false
    /// A program whose release notification did not fit in the queue; retried every block.
    var pendingRelease: Unmanaged<PatternProgram>? = nil
    /// The end of the slot's last run, when its finished notification did not fit in the queue: retried every block
    /// until it does (a lost one is a completion never called, and a slot the control side never frees).
    var unpostedFinish: UnpostedFinish? = nil
    /// Events dropped this block for lack of voices.
    var droppedVoices = 0

    /// Nothing for a block to do here: no run, no command due, no notification to post again.
    var isQuiescent: Bool {
        @_noLocks @_noAllocation get {
            if !isIdle || commandHead >= 0 || hasUnpostedFinish { return false }
            if case .some = pendingRelease { return false }
            return true
        }
    }

    /// Whether a finished notification waits to be posted again (``unpostedFinish``).
    var hasUnpostedFinish: Bool {
        @_noLocks @_noAllocation get {
            if case .some = unpostedFinish { return true }
            return false
        }
    }
}

/// A run's end whose ``MixerNotification/playerFinished(_:atFrame:stopped:)`` waits for room in the queue.
struct UnpostedFinish {
    /// The run's handle: the slot may have a newer occupant by the time it is posted.
    var handle: PlayerHandle
    var frame: Int
    var stopped: Bool

    @_noLocks @_noAllocation
    init(handle: PlayerHandle, frame: Int, stopped: Bool) {
        self.handle = handle
        self.frame = frame
        self.stopped = stopped
    }
}

/// A command waiting for its frame, linked into its player's list for the current block.
struct PendingCommand {
    var command: MixerCommand
    var frame: Int
    var next: Int32

    @_noLocks @_noAllocation
    init(command: MixerCommand, frame: Int, next: Int32) {
        self.command = command
        self.frame = frame
        self.next = next
    }
}
