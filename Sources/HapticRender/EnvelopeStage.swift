/// Where a voice's envelope is: it rises, holds, falls, and is done (its voice goes back to the pool).
enum EnvelopeStage: UInt8 {
    /// Rising at the attack step.
    case attack
    /// Holding its level.
    case hold
    /// Falling to 0 (a release, or a forced fade).
    case release
    /// Silent; the voice is freed at the end of the block.
    case done

    /// Whether the envelope is done. (A switch, not `==`: the render path's checker refuses protocol calls.)
    var isDone: Bool {
        @_noLocks @_noAllocation get {
            switch self {
            case .done: return true
            case .attack, .hold, .release: return false
            }
        }
    }

    /// Whether the envelope is falling.
    var isRelease: Bool {
        @_noLocks @_noAllocation get {
            switch self {
            case .release: return true
            case .attack, .hold, .done: return false
            }
        }
    }

    /// The stage after this one (``done`` stays done).
    var next: EnvelopeStage {
        @_noLocks @_noAllocation get {
            switch self {
            case .attack: return .hold
            case .hold: return .release
            case .release, .done: return .done
            }
        }
    }
}
