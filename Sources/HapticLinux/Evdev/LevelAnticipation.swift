#if os(Linux)
import HapticSystem
import CHapticSupport
import HapticDevices
import Synchronization

/// What the engine tells an ``EvdevDevice`` ahead of need, shared with its writers: the motor levels the next onset
/// from silence is expected to have (a slot is armed with them), and an intensity scale an app just sent that its own
/// thread could not write as a gain (``EvdevFastPath``): the writer sends the scaled level at once, before the render
/// thread has rendered it.
package final class LevelAnticipation: Sendable {
    /// The expected onset levels (`MotorLevels.packed`: one atomic word).
    private let packed = Atomic<UInt32>(0)
    private let scaleBits = Atomic<UInt32>(0)
    /// The running writer's wake event, lent to the callers that signal it.
    private let wake = DescriptorGate()

    /// Nothing anticipated yet.
    package init() {}

    /// The expected onset levels, `MotorLevels.silent` when unknown.
    package var onsetLevels: MotorLevels {
        get { MotorLevels(packed: packed.load(ordering: .relaxed)) }
        set { packed.store(newValue.packed, ordering: .relaxed) }
    }

    /// Records new expected onset levels and, when they changed, wakes the running writer's I/O thread so it arms
    /// them now (it may be dozing), through `system`.
    package func anticipateOnset(_ levels: MotorLevels, system: any EvdevSystemCalls) {
        guard packed.exchange(levels.packed, ordering: .relaxed) != levels.packed else { return }
        signalWriter(system)
    }

    /// Records an intensity scale and wakes the running writer's I/O thread (one non-blocking `write` to its
    /// `eventfd`), through `system`.
    package func anticipateScale(_ factor: Float, system: any EvdevSystemCalls) {
        guard addScale(factor) else { return }
        signalWriter(system)
    }

    /// Records an intensity scale without telling anyone (no system call): it multiplies the scale not yet taken, so
    /// that scales recorded by concurrent callers are each taken once, in any order. `false` for a factor that is
    /// not a finite number ≥ 0 (nothing recorded).
    @discardableResult
    package func addScale(_ factor: Float) -> Bool {
        guard factor.isFinite, factor >= 0 else { return false }
        var current = scaleBits.load(ordering: .relaxed)
        while true {
            let pending = current == 0 ? 1 : Float(bitPattern: current)
            // 0 means "none": a scale to silence is kept as the least positive one.
            let product = Swift.max(pending * factor, .leastNonzeroMagnitude)
            let (exchanged, original) = scaleBits.compareExchange(
                expected: current, desired: product.bitPattern, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
    }

    private func signalWriter(_ system: any EvdevSystemCalls) {
        _ = wake.quickWrite { system.signalWake($0) }
    }

    /// Takes the pending scale, if any (the I/O thread, or the caller that sends prepared scales).
    package func takeScale() -> Float? {
        let bits = scaleBits.exchange(0, ordering: .acquiringAndReleasing)
        return bits == 0 ? nil : Float(bitPattern: bits)
    }

    /// Lets callers wake `fd` (a writer that has opened).
    package func setWakeEvent(_ fd: Int32) { wake.lend(fd) }

    /// Withdraws `fd` (if it is still the one set) and waits until no caller is signalling it any more (a writer about
    /// to close it).
    package func withdrawWakeEvent(_ fd: Int32) { wake.withdraw(fd) }
}
#endif
