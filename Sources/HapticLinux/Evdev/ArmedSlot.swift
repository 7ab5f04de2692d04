#if os(Linux)
import HapticDevices

/// An effect slot uploaded ahead of need with the levels the next onset is expected to have, which any thread may
/// start with one play write (see ``EvdevFastPath``).
package struct ArmedSlot: Sendable, Hashable {
    /// The kernel's effect id.
    package var id: Int16
    /// The magnitudes the slot holds.
    package var levels: MotorLevels

    /// A slot `id` holding `levels`.
    package init(id: Int16, levels: MotorLevels) {
        self.id = id
        self.levels = levels
    }

    /// The slot as one atomic word: `1 << 48 | id << 32 | strong << 16 | weak` (never 0, which means "none").
    @inline(__always)
    package var packed: UInt64 { 1 << 48 | UInt64(UInt16(bitPattern: id)) << 32 | UInt64(levels.packed) }

    /// The slot an atomic held as ``packed``; `nil` for 0 (none).
    @inline(__always)
    package init?(packed: UInt64) {
        guard packed != 0 else { return nil }
        id = Int16(bitPattern: UInt16(truncatingIfNeeded: packed >> 32))
        levels = MotorLevels(packed: UInt32(truncatingIfNeeded: packed))
    }
}
#endif
