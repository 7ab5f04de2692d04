/// The address of a player slot in a ``Mixer``: a slot index plus a generation, so that commands meant for an
/// earlier occupant of a reused slot are ignored.
///
///     guard let handle = mixer.allocatePlayer() else { return }   // control side
///     _ = mixer.enqueue(.start(handle, program: .passRetained(program), atFrame: 0, offset: 0))
public struct PlayerHandle: Sendable, Hashable, BitwiseCopyable, CustomStringConvertible {
    /// The slot index, `0 ..< playerCapacity`.
    public var index: Int32
    /// Bumped every time the slot is handed out again.
    public var generation: UInt32

    /// Creates a handle (normally obtained from ``Mixer/allocatePlayer()``).
    @_noLocks @_noAllocation
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// `player#index.generation`.
    public var description: String { "player#\(index).\(generation)" }
}
