#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("unsupported platform")
#endif
import CHapticSupport
import Synchronization

// The render thread's side of the writer: levels handed over through atomics, an armed onset started with one write.
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
        let previous = latest.exchange(packed, ordering: .acquiringAndReleasing)
        // An onset the armed slot was prepared for: start it now, with a write that does not wait for the device.
        if previous == 0 && packed != 0 { startArmedSlot(for: packed) }
        defer {
            // A rise from silence or a fall to it, or a command's change: wake the I/O thread now rather than at its
            // next tick (after the peak is merged), so onsets, stops and parameter changes reach the motor at once.
            let transition = (previous == 0) != (packed == 0)
            let commanded = urgent && (packed != previous || end != packed)
            if commanded { urgentRequest.store(true, ordering: .releasing) }
            if (transition || commanded) && wakeFD >= 0 {
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

    /// Starts the armed slot when `levels` are what it holds (within 1/16 of full scale per motor): claims it, writes
    /// one `EV_FF` play event, and leaves it for the I/O thread to adopt.
    @inline(__always)
    private func startArmedSlot(for levels: UInt32) {
        let slot = armed.load(ordering: .acquiring)
        guard slot != 0, Self.close(UInt32(truncatingIfNeeded: slot), levels) else { return }
        guard armed.compareExchange(expected: slot, desired: 0, ordering: .acquiringAndReleasing).exchanged else { return }
        // The descriptor stays open while `renderWriting` is set (release() waits for it).
        renderWriting.store(true, ordering: .sequentiallyConsistent)
        let fd = renderFD.load(ordering: .sequentiallyConsistent)
        var started = false
        if fd >= 0 {
            let id = UInt16(truncatingIfNeeded: slot >> 32)
            started = system.writeEvent(fd, type: UInt16(EV_FF), code: id, value: 1) >= 0
        }
        renderWriting.store(false, ordering: .releasing)
        if started {
            fired.store(slot, ordering: .releasing)
            armedStarts.wrappingAdd(1, ordering: .relaxed)
            armedStartTimeBits.store(MonotonicClock.now().bitPattern, ordering: .relaxed)
        } else {
            _ = armed.compareExchange(expected: 0, desired: slot, ordering: .acquiringAndReleasing)
        }
    }

    /// Whether two packed level pairs are within 1/16 of full scale of each other on both motors.
    @inline(__always)
    private static func close(_ a: UInt32, _ b: UInt32) -> Bool {
        let tolerance: Int32 = 4096
        return abs(Int32(a >> 16) - Int32(b >> 16)) <= tolerance && abs(Int32(a & 0xFFFF) - Int32(b & 0xFFFF)) <= tolerance
    }

    /// A system call that has been running on the I/O thread for longer than `timeout` seconds, if any.
    @inline(__always)
    package func stalledCall(now: Double, timeout: Double) -> Bool {
        let bits = callStartBits.load(ordering: .relaxed)
        return bits != 0 && now - Double(bitPattern: bits) > timeout
    }
}
#endif
