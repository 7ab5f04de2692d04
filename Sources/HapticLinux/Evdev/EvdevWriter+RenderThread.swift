#if os(Linux)
import HapticSystem
import CHapticSupport
import HapticDevices
import Synchronization

// The render thread's side of the writer: levels handed over through atomics, an armed onset started with one write
// (EvdevFastPath).
extension EvdevWriter {
    /// Hands the latest levels (0 … 65535) to the I/O thread: the block's peak (`strong`, `weak`; the per-motor
    /// peak since the I/O thread's last tick is kept too, so a transient shorter than the update period still reaches
    /// the motor) and its last frame's (`end`), which an urgent tick sends.
    ///
    /// - Parameters:
    ///   - strong: the block's peak strong level.
    ///   - weak: the block's peak weak level.
    ///   - end: the block's last-frame levels (`strong << 16 | weak`); `nil`: the same as the peak.
    ///   - urgent: whether the block carries an app's command (a start, stop or parameter change): a change of the
    ///     levels is then sent at once, not on the grid.
    @inline(__always)
    package func publish(strong: UInt16, weak: UInt16, end: UInt32? = nil, urgent: Bool = false) {
        let packed = UInt32(strong) << 16 | UInt32(weak)
        let end = end ?? packed
        latestEnd.store(end, ordering: .relaxed)
        let previous = latest.exchange(packed, ordering: .sequentiallyConsistent)
        fastPath.noteRendered(silent: packed == 0)
        // An onset the armed slot was prepared for: start it now, with a write that does not wait for the device.
        if previous == 0 && packed != 0 { _ = fastPath.startArmedOnset(matching: MotorLevels(packed: packed), system: system) }
        defer {
            // A rise from silence or a fall to it, or a command's change: wake the I/O thread now rather than at its
            // next tick (after the peak is merged), so onsets, stops and parameter changes reach the motor at once.
            let transition = (previous == 0) != (packed == 0)
            let commanded = urgent && (packed != previous || end != packed)
            if commanded { urgentRequest.store(true, ordering: .releasing) }
            // A dozing I/O thread (the levels held still) is woken by any change.
            let moved = packed != previous && dozing.load(ordering: .sequentiallyConsistent)
            if (transition || commanded || moved) && wakeFD >= 0 {
                _ = system.signalWake(wakeFD)
                wakes.wrappingAdd(1, ordering: .relaxed)
            }
        }
        var current = peak.load(ordering: .relaxed)
        while true {
            let merged = Swift.max(current >> 16, UInt32(strong)) << 16 | Swift.max(current & 0xFFFF, UInt32(weak))
            if merged == current { return }
            let (exchanged, original) = peak.compareExchange(
                expected: current, desired: merged, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    /// A system call that has been running on the I/O thread for longer than `timeout` seconds, if any.
    @inline(__always)
    package func stalledCall(now: Double, timeout: Double) -> Bool {
        let bits = callStartBits.load(ordering: .relaxed)
        return bits != 0 && now - Double(bitPattern: bits) > timeout
    }
}
#endif
